import type { ResultsStore } from '../src/bench/store.js';

/** The runs a table script reads: those named (`--runs 3,4`), else every run of the protocol in the store. */
export function chosenRunIds(store: ResultsStore, named: string | undefined, protocol: string): number[] {
  if (named) return named.split(',').map(Number);
  return store
    .runs()
    .filter((r) => r.protocol === protocol)
    .map((r) => r.id);
}
