/** The benchmark machinery, independent of any protocol: grid flags, runner, results store, reports, statistics. */
export * from './grid.js';
export type { JsonObject, JsonScalar, JsonValue } from './json.js';
export { canonicalJson } from './json.js';
export type * from './protocol.js';
export * from './protocols.js';
export * from './report.js';
export * from './runner.js';
export * from './stats.js';
export * from './store.js';
export { hearthVersion } from './version.js';
