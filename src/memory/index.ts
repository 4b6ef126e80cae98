/** Agent memories: the temporal embodied knowledge graph (ExRAP). */
export * from './observation-facts.js';
export * from './quadruple.js';
export * from './tekg.js';
