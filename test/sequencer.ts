/**
 * The order vitest starts test files in: the known-heavy files first, heaviest first, then the rest in vitest's own
 * order. Two workers take files from one queue; a heavy file started last keeps one worker busy long after the other
 * has finished. Vitest orders by the durations it cached from the last run, but a fresh clone (CI) has no cache, and
 * then it starts the largest files first, which are not the slowest. HEAVIEST is measured: refresh it from a full
 * run's per-file durations (`npx vitest run --reporter=json --outputFile=...`) when the suite's weights change.
 */
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Test files taking more than about 4 s in a full run on a quiet 2-core machine, heaviest first (2026-11-29, 01:33). */
export const HEAVIEST: readonly string[] = [
  'test/cli/run.test.ts',
  'test/bench/episodic/every-method.test.ts',
  'test/bench/queue.test.ts',
  'test/server/dashboard.e2e.test.ts',
  'test/bench/runner.test.ts',
  'test/cli/own-agents.test.ts',
  'test/bench/episodic/semgro.test.ts',
  'test/cli/semgro.test.ts',
  'test/cli/queue-llm.test.ts',
  'test/agents/external/program-agent.test.ts',
  'test/bench/episodic/tasks.test.ts',
  'test/server/cross-method.e2e.test.ts',
  'test/bench/episodic/people.test.ts',
  'test/bench/episodes-per-thread.test.ts',
  'test/bench/episodic/progprompt.test.ts',
  'test/bench/llm-sweep.test.ts',
  'test/cli/methods.test.ts',
  'test/agents/exrap/tiny-model.test.ts',
  'test/planning/household/conformance.test.ts',
  'test/agents/baselines/tiny-model.test.ts',
  'test/agents/heuristics/heuristics.test.ts',
];

export class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const index = HEAVIEST.indexOf(relative(root, spec.moduleId).split('\\').join('/'));
      return index === -1 ? HEAVIEST.length : index;
    };
    // Projects stay grouped as vitest groups them; within one, the known-heavy files lead (a stable sort keeps
    // vitest's order among the others).
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((spec) => spec.project))];
    const group = (spec: TestSpecification) => projects.indexOf(spec.project);
    return [...sorted].sort((a, b) => group(a) - group(b) || rank(a) - rank(b));
  }
}
