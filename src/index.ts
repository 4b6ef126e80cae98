/** hearth's public API: the layers a researcher builds on. */

export * from './memory/observation-facts.js';
export * from './memory/quadruple.js';
export * from './memory/tekg.js';
export * from './retrieval/bm25.js';
export * from './retrieval/embedder.js';
export * from './retrieval/embedding-index.js';
export * from './retrieval/offline-embedder.js';
export * from './retrieval/retriever.js';
export * from './retrieval/sampling.js';
export * from './retrieval/text-index.js';
export * from './retrieval/tokenize.js';
export * from './sim/diff.js';
export * from './sim/graph.js';
export * from './sim/graph-io.js';
export * from './sim/observation.js';
export * from './sim/summary.js';
export * from './sim/vocabulary.js';
export { InputError } from './util/errors.js';
export { Rng } from './util/rng.js';
