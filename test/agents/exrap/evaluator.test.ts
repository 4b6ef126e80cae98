import { describe, expect, it } from 'vitest';
import { binaryEntropy } from '../../../src/agents/exrap/entropy.js';
import {
  BayesianQueryEvaluator,
  queryDirectives,
  temporallyConsistentPrior,
} from '../../../src/agents/exrap/evaluator.js';
import type { ExrapMemory } from '../../../src/agents/exrap/memory.js';
import type { QueryEvaluation } from '../../../src/agents/exrap/roles.js';
import { newMemory, see, stepOf, tvInterpretation } from './helpers.js';

/** Runs the evaluator through steps 0..last: the agent sees the TV off at step 0, then stays in the kitchen. */
function leaveTheTv(evaluator: BayesianQueryEvaluator, last: number, memory: ExrapMemory = newMemory()) {
  const interpretation = tvInterpretation();
  evaluator.reset(interpretation);
  const out: QueryEvaluation[] = [];
  for (let t = 0; t <= last; t++) {
    const step = stepOf(memory, interpretation, t);
    evaluator.refine(step);
    memory.ingest(
      t === 0
        ? see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3'])
        : see(t, 'kitchen.2', ['fridge.20 is closed', 'fridge.20 inside kitchen.2']),
    );
    out.push(evaluator.evaluate(step)[0]);
  }
  return out;
}

describe('BayesianQueryEvaluator', () => {
  it('is sure right after seeing, and its entropy grows with the age of the evidence', () => {
    const series = leaveTheTv(new BayesianQueryEvaluator(), 40);
    expect(series[0].p).toBe(1);
    expect(series[0].entropy).toBe(0);
    for (let t = 1; t <= 40; t++) {
      expect(series[t].entropy).toBeGreaterThan(series[t - 1].entropy);
      expect(series[t].p).toBeGreaterThan(0.5); // decays toward 1/2 from above, never crosses
    }
  });

  it("eq. 5's shortcut: unchanged evidence reuses the refined prior without re-evaluation", () => {
    const series = leaveTheTv(new BayesianQueryEvaluator(), 6);
    expect(series[0].reused).toBe(false);
    for (const e of series.slice(1)) {
      expect(e.reused).toBe(true);
      expect(e.p).toBe(e.prior);
    }
  });

  it('a new observation overrides the prior', () => {
    const memory = newMemory();
    const evaluator = new BayesianQueryEvaluator();
    leaveTheTv(evaluator, 10, memory);
    const step = stepOf(memory, tvInterpretation(), 11);
    evaluator.refine(step);
    memory.ingest(see(11, 'livingroom.3', ['tv.10 is on', 'tv.10 inside livingroom.3']));
    const [e] = evaluator.evaluate(step);
    expect(e.reused).toBe(false);
    expect(e.p).toBe(0);
    expect(e.prior).toBeGreaterThan(0.5);
  });

  it('without temporal consistency (ExRAP-TC) the answer does not decay on unchanged evidence', () => {
    const series = leaveTheTv(new BayesianQueryEvaluator({ temporalConsistency: false }), 20);
    for (const e of series) expect(e.p).toBe(1);
  });

  it('retrieves the query with the instruction, fact-sentence phrases and, for unknown classes, the catalog rooms', () => {
    const memory = newMemory();
    memory.ingest(see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
    const interpretation = tvInterpretation();
    const [query] = interpretation.queries;
    expect(queryDirectives(query, interpretation.executions[0].goal, memory)).toEqual([
      'If the tv is off, turn it on.',
      'tv is off',
      'tv is on',
    ]);
    const fresh = newMemory();
    fresh.ingest(see(0, 'kitchen.2', []));
    expect(queryDirectives(query, interpretation.executions[0].goal, fresh)).toContain('tv bedroom livingroom');
  });
});

describe('temporal consistency (eq. 6-7)', () => {
  it('keeps the responses at least as uncertain as the previous answer and averages them', () => {
    // previous 0.9 (H = 0.469 bits): 0.95 and 0.92 are more confident, discarded; 0.85, 0.1 (H = 0.469) and 0.5 stay
    expect(temporallyConsistentPrior(0.9, [0.95, 0.85, 0.92, 0.5, 0.1])).toBeCloseTo((0.85 + 0.5 + 0.1) / 3, 12);
    expect(binaryEntropy(0.1)).toBeCloseTo(binaryEntropy(0.9), 12);
  });

  it('keeps the previous answer when every response is more confident', () => {
    expect(temporallyConsistentPrior(0.6, [0.9, 0.99, 0.05])).toBe(0.6);
  });
});
