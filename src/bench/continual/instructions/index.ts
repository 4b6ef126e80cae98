/** The continual instructions: ExRAP's Tables A.1 and A.2 as structured definitions, binding, drawing and texts. */
export * from './bind.js';
export * from './tables.js';
export * from './text.js';
export * from './types.js';
