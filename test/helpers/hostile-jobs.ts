/**
 * Queue jobs (and the specs in them, which a store holds the same way) as an attacker would write them: valid jobs of
 * both protocols, then one to three of their fields set to a hostile value, deleted, or joined by a field of their
 * own. Used by `test/bench/spec-property.test.ts` (a few hundred, checked in process) and `scripts/trust-fuzz.ts`
 * (a thousand, through Redis to real workers and a dashboard).
 *
 * `inside` is a folder the reader may read, holding `home.json` (a graph file) and `dialogues.jsonl`; `outside` one
 * it may not, holding `home.json`; `inside/homes/link.json` is a link to the outside one.
 */
import { randomUUID } from 'node:crypto';
import { basename, join } from 'node:path';
import fc from 'fast-check';

export interface Folders {
  readonly inside: string;
  readonly outside?: string;
  /** A model server a hostile job names (a loopback server that records what reaches it). */
  readonly evil?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Job = { run: string; protocol: string; spec: Record<string, Json>; trace: boolean; recording?: Json };

const RUN = '0123456789abcdef';
export const CONTINUAL = {
  seed: 3,
  agent: 'oracle',
  home: 'cottage',
  nonstationarity: 'low',
  instructions: 2,
  steps: 6,
  domain: 'virtualhome',
  style: 'sentence',
};
export const EPISODIC = {
  seed: 0,
  agent: 'oracle',
  home: 'cottage',
  task: 'llm-state/open-fridge',
  family: 'llm-state-simple',
};
const MODEL = { provider: 'openai', model: 'm' };

/** Valid jobs: every field a coordinator writes, each at least once. */
export function validJobs(folders: Folders): Job[] {
  const job = (protocol: string, spec: Record<string, Json>, recording?: 'record' | 'replay'): Job => ({
    run: RUN,
    protocol,
    spec: { key: `k-${protocol}-${JSON.stringify(spec).length}`, ...spec },
    trace: false,
    ...(recording && { recording: { tag: randomUUID(), mode: recording } }),
  });
  return [
    job('continual', CONTINUAL),
    job('continual', { ...CONTINUAL, referents: 'all', style: 'ambiguous', home: 'gen:7:5' }),
    job('continual', { ...CONTINUAL, home: join(folders.inside, 'home.json') }),
    job('continual', { ...CONTINUAL, agent: 'llm-planner', llm: { ...MODEL, baseUrl: 'http://coordinator:8000/v1' } }),
    job(
      'continual',
      { ...CONTINUAL, agent: 'saycan', llm: { ...MODEL, cache: '/coordinator/cache.sqlite', concurrency: 8 } },
      'record',
    ),
    job(
      'continual',
      { ...CONTINUAL, agent: 'zsp', llm: { ...MODEL, replay: 'replay.sqlite', settings: { seed: 2 } } },
      'replay',
    ),
    job('episodic', EPISODIC),
    job('episodic', { ...EPISODIC, slip: 0.1, maxSteps: 30, semgroTrain: 'gen:5', agent: 'helper' }),
    job('episodic', {
      ...EPISODIC,
      task: 'dialogues/open',
      family: 'dialogues',
      dialogues: join(folders.inside, 'dialogues.jsonl'),
    }),
    job('episodic', { ...EPISODIC, agent: 'llm-planner', llm: { ...MODEL, timeoutMs: 1000, maxRetries: 0 } }),
  ];
}

/** Values a hostile writer tries in any field. */
function hostileValues(folders: Folders): fc.Arbitrary<Json> {
  const outside = folders.outside ?? '/tmp';
  const paths = [
    '../home.json',
    '../../../../../../etc/passwd',
    '/etc/passwd',
    join(outside, 'home.json'),
    join(folders.inside, 'homes', 'link.json'),
    join(folders.inside, '..', basename(outside), 'home.json'),
    'homes/../../../x.json',
    '%2e%2e/%2e%2e/x.json',
    'a\u0000b.json',
    'C:\\Windows\\x.json',
    `${'a/'.repeat(2500)}x.json`,
  ];
  let deep: Json = 'bottom';
  for (let i = 0; i < 150; i++) deep = [deep];
  return fc.oneof(
    fc.constantFrom<Json>(...paths),
    fc.constantFrom<Json>(-1, 0, 0.5, 1e12, 2 ** 53, 1e308, -1e308),
    fc.constantFrom<Json>(
      null,
      true,
      false,
      '',
      [],
      {},
      deep,
      'gen:1',
      'gen:99999999999',
      'cottage',
      '🏠',
      'x'.repeat(10_000),
    ),
    fc.constantFrom<Json>(
      folders.evil ?? 'http://evil.example/v1',
      'file:///etc/passwd',
      'javascript:alert(1)',
      '../../tag',
      'record',
    ),
    fc.string({ maxLength: 20 }),
    fc.integer(),
    fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>,
  );
}

const FIELDS = {
  job: ['run', 'protocol', 'spec', 'trace', 'recording'],
  spec: [
    ...['key', 'seed', 'agent', 'home', 'nonstationarity', 'instructions', 'steps', 'domain', 'style', 'referents'],
    ...['task', 'family', 'slip', 'maxSteps', 'semgroTrain', 'dialogues', 'learning', 'llm', 'agentDigest'],
  ],
  llm: [
    ...['provider', 'model', 'baseUrl', 'cache', 'replay', 'concurrency', 'threads', 'timeoutMs', 'maxRetries'],
    ...['contextSize', 'settings', 'slotGroup', 'apiKey', 'gpu', 'embeddingModel'],
  ],
  recording: ['tag', 'mode'],
} as const;

type Target = keyof typeof FIELDS;

interface Mutation {
  readonly target: Target;
  readonly op: 'set' | 'delete' | 'add';
  readonly field: string;
  readonly value: Json;
}

function mutation(folders: Folders): fc.Arbitrary<Mutation> {
  return fc.constantFrom<Target>('job', 'spec', 'spec', 'spec', 'llm', 'llm', 'recording').chain((target) =>
    fc.record({
      target: fc.constant(target),
      op: fc.constantFrom<Mutation['op']>('set', 'set', 'set', 'delete', 'add'),
      field: fc.oneof(fc.constantFrom(...FIELDS[target]), fc.constantFrom('__proto__', 'constructor', 'extra')),
      value: hostileValues(folders),
    }),
  );
}

function apply(job: Job, change: Mutation): Job {
  const copy = structuredClone(job) as Job & Record<string, Json>;
  const holder = (): Record<string, Json> | undefined => {
    if (change.target === 'job') return copy;
    const spec = copy.spec;
    if (spec === null || typeof spec !== 'object' || Array.isArray(spec)) return undefined;
    if (change.target === 'spec') return spec;
    if (change.target === 'llm') {
      spec.llm ??= { ...MODEL };
      return typeof spec.llm === 'object' && spec.llm !== null && !Array.isArray(spec.llm) ? spec.llm : undefined;
    }
    copy.recording ??= { tag: randomUUID(), mode: 'record' };
    const recording = copy.recording;
    return typeof recording === 'object' && recording !== null && !Array.isArray(recording) ? recording : undefined;
  };
  const object = holder();
  if (!object) return copy;
  const field = change.op === 'add' ? `${change.field}-${Object.keys(object).length}` : change.field;
  // Defined as an own property, as JSON.parse makes one (`__proto__` included).
  if (change.op === 'delete') delete object[field];
  else
    Object.defineProperty(object, field, { value: change.value, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** A valid job with one to three hostile changes, as plain JSON (what a worker reads from Redis). */
export function hostileJob(folders: Folders): fc.Arbitrary<unknown> {
  return fc
    .tuple(fc.constantFrom(...validJobs(folders)), fc.array(mutation(folders), { minLength: 1, maxLength: 3 }))
    .map(([job, changes]) => JSON.parse(JSON.stringify(changes.reduce(apply, job))) as unknown);
}
