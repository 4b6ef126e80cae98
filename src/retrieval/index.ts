/** Lexical and embedding indexes, and ExRAP's softmax retriever over them. */
export * from './bm25.js';
export * from './embedder.js';
export * from './embedding-index.js';
export * from './offline-embedder.js';
export * from './retriever.js';
export * from './sampling.js';
export * from './text-index.js';
export * from './tokenize.js';
