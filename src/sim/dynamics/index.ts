/** The world's own dynamics: edits from outside the agent, and the resident of the continual protocol. */
export * from './edits.js';
export * from './resident.js';
