/** A protocol whose episodes do nothing: what is measured around it is the machinery's own cost. */
import { z } from 'zod';
import { registerProtocol } from '../../src/bench/protocols.js';
import { specSchema } from '../../src/bench/spec-schema.js';

export const NOOP_MODULE = `data:text/javascript,${encodeURIComponent(
  'export function runEpisode(spec) { return { metrics: { value: spec.seed % 7 } }; }',
)}`;

export function registerNoopProtocol(): void {
  registerProtocol({
    name: 'noop',
    module: NOOP_MODULE,
    report: { groupBy: ['group'], metrics: [{ key: 'value', label: 'V' }] },
    spec: specSchema({ group: z.string() }),
  });
}

/** n no-op episode specs. */
export const noopSpecs = (n: number) =>
  Array.from({ length: n }, (_, seed) => ({ key: `seed=${seed}`, seed, group: `g${seed % 4}` }));
