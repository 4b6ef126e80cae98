/**
 * Jobs and stored specs mutated at random, as someone who can write to Redis or hand over a store would: every field
 * of valid jobs of both protocols (with and without a model, a recording) set to a hostile value (paths out of the
 * folders, a link planted inside that leads out, numbers out of bounds, deep nesting, wrong types), deleted, or joined
 * by a field of its own. Each must be admitted or refused with one line, never a stack trace or another error; an
 * admitted one names only files inside the folders; and nothing is made outside them (a worker's copy of a recording
 * goes to its own folder, under its own name). `scripts/trust-fuzz.ts` runs the same on 1,000 jobs end to end.
 */
import { mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProtocol } from '../../src/bench/protocols.js';
import { WorkerRecordings } from '../../src/bench/queue/llm-calls.js';
import { admitJob, workerJobPolicy } from '../../src/bench/queue/worker.js';
import { admitHandedSpec, checkHandedSpec, type HandedSpecPolicy } from '../../src/bench/untrusted-spec.js';
import { saveGraph } from '../../src/sim/graph-io.js';
import { loadHome } from '../../src/sim/scenes/homes.js';
import { InputError } from '../../src/util/errors.js';
import { FileRoots } from '../../src/util/file-roots.js';
import { hostileJob, validJobs } from '../helpers/hostile-jobs.js';
import { hasStackTrace, propertyRuns } from '../helpers/property.js';
import { scratchDir } from '../helpers/scratch.js';

describe('jobs and stored specs, mutated', () => {
  let inside: string;
  let outside: string;
  let before: { inside: string[]; outside: string[] };
  let jobPolicy: HandedSpecPolicy;
  let storePolicy: HandedSpecPolicy;
  const listing = (dir: string) => readdirSync(dir, { recursive: true }).map(String).sort();

  beforeAll(() => {
    inside = scratchDir('property-inside');
    outside = scratchDir('property-outside');
    mkdirSync(join(inside, 'homes'));
    saveGraph(loadHome('gen:3:4').graph, join(inside, 'home.json'));
    writeFileSync(
      join(inside, 'dialogues.jsonl'),
      `${JSON.stringify({ id: 'open', dialogue: '<Commander> open the fridge', goal: ['fridge isOpen'] })}\n`,
    );
    writeFileSync(join(outside, 'home.json'), '{"nodes": [], "edges": []}');
    symlinkSync(join(outside, 'home.json'), join(inside, 'homes', 'link.json'));
    before = { inside: listing(inside), outside: listing(outside) };
    jobPolicy = { ...workerJobPolicy({ baseUrl: 'http://127.0.0.1:9/v1' }), files: rootsOf(inside) };
    storePolicy = { ...jobPolicy, recordings: 'replay' };
  });

  afterAll(() => {
    // Nothing was made in either folder.
    expect(listing(inside)).toEqual(before.inside);
    expect(listing(outside)).toEqual(before.outside);
  });

  /** The folders a worker given `--files inside` may read (not the working directory: nothing is read there). */
  const rootsOf = (dir: string) => FileRoots.of([dir], { hint: 'start the worker with --files DIR' });

  /** A refusal: an InputError of one line, no stack trace, not too long. */
  const refusal = (error: unknown) => {
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    expect(hasStackTrace(message)).toBe(false);
    expect(message.length).toBeLessThan(2000);
  };

  /** The files an admitted spec names are inside the folders, checked again. */
  const filesInside = (protocol: string, spec: unknown) => {
    expect(() => checkHandedSpec(getProtocol(protocol), spec, jobPolicy.files)).not.toThrow();
  };

  it('a worker admits a job or refuses it in one line; a recording it copies goes to its own folder', async () => {
    // A Redis that holds no recorded call: enough for a worker to make its copy of a recording.
    const redis = { hscan: async () => ['0', []], hset: async () => 0, expire: async () => 0 };
    const recordings = new WorkerRecordings(redis as never);
    try {
      await fc.assert(
        fc.asyncProperty(hostileJob({ inside, outside }), async (job) => {
          try {
            const admitted = await admitJob(job, jobPolicy);
            filesInside(admitted.protocol, { ...admitted.spec, llm: undefined });
            await recordings.prepare(admitted.spec, admitted.recording).catch(refusal);
          } catch (error) {
            refusal(error);
          }
        }),
        propertyRuns(200),
      );
    } finally {
      await recordings.close();
    }
  });

  it('the dashboard admits a stored spec or refuses it in one line', async () => {
    await fc.assert(
      fc.asyncProperty(hostileJob({ inside, outside }), async (job) => {
        const { protocol, spec } = job as { protocol: string; spec: unknown };
        try {
          await admitHandedSpec(protocol, spec, storePolicy);
        } catch (error) {
          refusal(error);
        }
      }),
      propertyRuns(100),
    );
  });

  it('admits every valid job unchanged but for its model server (nothing valid refused)', async () => {
    for (const job of validJobs({ inside })) {
      const admitted = await admitJob(job, jobPolicy);
      const { llm, ...rest } = admitted.spec as Record<string, unknown>;
      const { llm: given, ...expected } = job.spec as Record<string, unknown>;
      expect(rest).toEqual(expected);
      if (given) expect(llm).toMatchObject({ model: (given as { model: string }).model });
    }
  });
});
