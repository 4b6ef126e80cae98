/** The agents that need no model: the Oracle (upper bound), ExRAP's E.4 heuristics, and Random. */
export { BeliefAgent, type InstructionStatus } from './belief-agent.js';
export { GreedyAgent } from './greedy.js';
export { MaxStalenessFirstAgent } from './max-staleness-first.js';
export { MultiInstructionFirstAgent } from './multi-instruction-first.js';
export { OracleAgent } from './oracle.js';
export { planSkills, planWorks } from './plans.js';
export { RandomAgent } from './random.js';
