import { defineConfig } from 'vitest/config';
import { HeaviestFirst } from './test/sequencer.js';

/** Test files that replace modules (vi.mock): they need a module registry of their own. */
const ISOLATED = ['test/planning/household/rule-change.test.ts', 'test/bench/episodic/people-agents.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Points HEARTH_CACHE_DIR at the suite's cache folder; removes the scratch folders each test file made.
    setupFiles: ['test/setup.ts'],
    // One cache folder for the whole suite: content-keyed caches (SemGro's databases) are made once, not per file.
    globalSetup: ['test/global-setup.ts'],
    // The known-heavy files start first, so that the two workers finish together (test/sequencer.ts).
    sequence: { sequencer: HeaviestFirst },
    // The CI machine has 2 cores; more workers than that only thrash.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // The other files share each worker's modules: importing the simulator, the planner and the agents once per
        // worker instead of once per file takes the suite from about 250 s to 180 s on 2 cores. Tests must not rely
        // on module state other files leave (registries are read-only; stores and servers are per test).
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: ISOLATED, isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED, isolate: true } },
    ],
  },
});
