/**
 * Replaces the shared offline reader with one that returns each registered text's gold (`globalThis.__goldReadings`,
 * a Map of text -> subgoals), as test/bench/episodic/people-agents.test.ts does with vi.mock:
 * `node --import tsx --import ./perf/support/gold-reader.mjs perf/x.ts`.
 */
import { register } from 'node:module';

register('./gold-reader-hooks.mjs', import.meta.url);
