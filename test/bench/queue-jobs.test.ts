/** The queue's pieces that need no Redis: the URL, job ids, and how a worker adapts a spec's model settings. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseQueueUrl } from '../../src/bench/queue/address.js';
import { jobId, runOfJob, runTag } from '../../src/bench/queue/jobs.js';
import { recordingOf, withRecordingFile } from '../../src/bench/queue/llm-calls.js';
import { admitJob, workerJobPolicy } from '../../src/bench/queue/worker.js';
import { InputError } from '../../src/util/errors.js';
import { continualSpec } from '../helpers/specs.js';

describe('the queue URL', () => {
  it('reads host, port, database, credentials and TLS, masking the password in messages', () => {
    expect(parseQueueUrl('redis://queue-host:6390/2')).toMatchObject({
      host: 'queue-host',
      port: 6390,
      db: 2,
      tls: false,
    });
    expect(parseQueueUrl('redis://127.0.0.1')).toMatchObject({ port: 6379, db: 0 });
    const secret = parseQueueUrl('rediss://user:p%40ss@h:7000');
    expect(secret).toMatchObject({ username: 'user', password: 'p@ss', tls: true });
    expect(secret.display).not.toContain('p%40ss');
    expect(secret.display).toContain(':***@');
    expect(parseQueueUrl('redis://[::1]:6379').host).toBe('::1');
  });

  it('refuses anything else in one line naming the flag and the value', () => {
    expect(() => parseQueueUrl('localhost:6379')).toThrow(InputError);
    expect(() => parseQueueUrl('http://h:1')).toThrow(
      "--queue: expected a Redis URL redis://HOST:PORT[/DB], got 'http://h:1'",
    );
    expect(() => parseQueueUrl('redis://h:1/x', 'queue status')).toThrow(/^queue status: the database of/);
  });
});

describe('job ids', () => {
  const spec = { key: 'agent=a seed=1', seed: 1, agent: 'a' };
  it('come from the configuration and the spec alone, whatever the key order', () => {
    const tag = runTag('continual', { agents: ['a'], steps: 5 }, false);
    expect(runTag('continual', { steps: 5, agents: ['a'] }, false)).toBe(tag);
    expect(jobId(tag, spec)).toBe(jobId(tag, { agent: 'a', seed: 1, key: 'agent=a seed=1' }));
    expect(runOfJob(jobId(tag, spec))).toBe(tag);
    expect(jobId(tag, spec)).not.toContain(':');
  });

  it('differ with anything that changes results: configuration, protocol, traces, seed', () => {
    const tag = runTag('continual', { steps: 5 }, false);
    expect(runTag('continual', { steps: 6 }, false)).not.toBe(tag);
    expect(runTag('episodic', { steps: 5 }, false)).not.toBe(tag);
    expect(runTag('continual', { steps: 5 }, true)).not.toBe(tag);
    expect(jobId(tag, { ...spec, seed: 2 })).not.toBe(jobId(tag, spec));
  });
});

describe("a worker's view of a job's model", () => {
  const llm = {
    provider: 'openai',
    model: 'm',
    baseUrl: 'http://coordinator-view:8000/v1',
    cache: '/coord/cache.sqlite',
  };
  const spec = continualSpec({ agent: 'saycan', llm });
  const job = {
    run: '0123456789abcdef',
    protocol: 'continual',
    spec,
    trace: false,
    recording: { tag: randomUUID(), mode: 'record' },
  };

  it("sends the calls to its own server, never the job's, counted against the run's slots", async () => {
    const admitted = await admitJob(job, workerJobPolicy({ baseUrl: 'http://gpu:8000/v1' }));
    expect(admitted.spec.llm).toEqual({ ...llm, baseUrl: 'http://gpu:8000/v1', slotGroup: job.run });
    // A worker that named no server refuses a job that names one (its key would go there).
    await expect(admitJob(job, workerJobPolicy({}))).rejects.toThrow(
      /^the model server "http:\/\/coordinator-view:8000\/v1" is named by the spec, not by this machine/,
    );
    const { llm: _llm, ...offlineSpec } = spec;
    const offline = { run: job.run, protocol: job.protocol, trace: false, spec: { ...offlineSpec, agent: 'oracle' } };
    expect((await admitJob(offline, workerJobPolicy({}))).spec).toEqual({ ...offlineSpec, agent: 'oracle' });
  });

  it('reads the recording from its local copy', () => {
    expect(recordingOf(spec)).toEqual({ file: '/coord/cache.sqlite', mode: 'record' });
    expect(recordingOf({ key: 'k', seed: 0, llm: { provider: 'openai', model: 'm', replay: '/r.sqlite' } })).toEqual({
      file: '/r.sqlite',
      mode: 'replay',
    });
    expect(recordingOf({ key: 'k', seed: 0 })).toBeUndefined();
    expect(withRecordingFile(spec, '/tmp/local.sqlite').llm).toEqual({ ...llm, cache: '/tmp/local.sqlite' });
  });
});
