/** Agent memories: the temporal embodied knowledge graph (ExRAP) and the believed state (heuristics, DANLI). */
export * from './belief.js';
export * from './observation-facts.js';
export * from './quadruple.js';
export * from './tekg.js';
