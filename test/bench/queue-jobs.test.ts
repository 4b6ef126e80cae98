/** The queue's pieces that need no Redis: the URL, job ids, and how a worker adapts a spec's model settings. */
import { describe, expect, it } from 'vitest';
import { parseQueueUrl } from '../../src/bench/queue/address.js';
import { jobId, runOfJob, runTag } from '../../src/bench/queue/jobs.js';
import { recordingOf, withRecordingFile } from '../../src/bench/queue/llm-calls.js';
import { localLlmSpec } from '../../src/bench/queue/worker.js';
import { InputError } from '../../src/util/errors.js';

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

describe("a worker's view of a spec's model", () => {
  const llm = {
    provider: 'openai',
    model: 'm',
    baseUrl: 'http://coordinator-view:8000/v1',
    cache: '/coord/cache.sqlite',
  };
  const spec = { key: 'k', seed: 0, llm };

  it('takes its own server address (its call limit is its slots, not the spec)', () => {
    const options = { url: 'redis://h', concurrency: 4 };
    expect(localLlmSpec(spec, options)).toBe(spec);
    expect(localLlmSpec(spec, { ...options, llmConcurrency: 10 })).toBe(spec);
    expect(localLlmSpec(spec, { ...options, baseUrl: 'http://gpu:8000/v1', llmConcurrency: 10 }).llm).toEqual({
      ...llm,
      baseUrl: 'http://gpu:8000/v1',
    });
    const offline = { key: 'k', seed: 0 };
    expect(localLlmSpec(offline, { ...options, baseUrl: 'http://gpu:8000/v1' })).toBe(offline);
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
