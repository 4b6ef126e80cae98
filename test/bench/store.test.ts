import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import type { EpisodeRecord } from '../../src/bench/store.js';
import { ResultsStore, STORE_APPLICATION_ID, STORE_SCHEMA_VERSION } from '../../src/bench/store.js';
import { InputError } from '../../src/util/errors.js';
import { scratchDir } from '../helpers/scratch.js';

function tempPath(name = 'results.sqlite'): string {
  return join(scratchDir('store'), name);
}

function okEpisode(key: string, index: number, sr: number): EpisodeRecord {
  return {
    key,
    index,
    spec: { key, seed: index, agent: 'oracle' },
    status: 'ok',
    result: { metrics: { sr, ps: null }, details: { events: 4 } },
    timing: { wallMs: 12.5, worker: 1, protocol: { llmMs: 3 } },
  };
}

describe('results store', () => {
  it('creates its folder and file, marked with the application id and schema version', () => {
    const path = join(scratchDir('store'), 'nested', 'deeper', 'r.sqlite');
    ResultsStore.open(path).close();
    expect(existsSync(path)).toBe(true);
    const db = new Database(path, { readonly: true });
    expect(db.pragma('application_id', { simple: true })).toBe(STORE_APPLICATION_ID);
    expect(db.pragma('user_version', { simple: true })).toBe(STORE_SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('round-trips runs and episodes, timing kept apart from the result', () => {
    const path = tempPath();
    const store = ResultsStore.open(path);
    const config = { seeds: [0, 1], agents: ['oracle'] };
    const run = store.createRun({ protocol: 'toy', config, hearthVersion: '9.9.9', totalEpisodes: 2 });
    store.writeEpisode(run.id, okEpisode('b', 1, 0.25));
    store.writeEpisode(run.id, {
      key: 'a',
      index: 0,
      spec: { key: 'a', seed: 0 },
      status: 'failed',
      error: 'Error: boom\n    at somewhere',
      timing: { wallMs: 1, worker: null },
    });
    store.close();

    const reopened = ResultsStore.open(path, { readonly: true });
    expect(reopened.getRun(run.id)).toMatchObject({
      protocol: 'toy',
      config,
      hearthVersion: '9.9.9',
      totalEpisodes: 2,
    });
    const episodes = reopened.episodes(run.id);
    expect(episodes.map((e) => e.key)).toEqual(['a', 'b']); // spec order, not write order
    expect(episodes[0]).toMatchObject({ status: 'failed', error: 'Error: boom\n    at somewhere', attempts: 1 });
    expect(episodes[0].timing).toEqual({ wallMs: 1, worker: null });
    expect(episodes[1].result).toEqual({ metrics: { sr: 0.25, ps: null }, details: { events: 4 } });
    expect(episodes[1].timing).toEqual({ wallMs: 12.5, worker: 1, protocol: { llmMs: 3 } });
    expect(episodes[1].spec).toEqual({ key: 'b', seed: 1, agent: 'oracle' });
    expect(reopened.completedKeys(run.id)).toEqual(new Set(['b']));
    expect(reopened.counts(run.id)).toEqual({ ok: 1, failed: 1 });
    reopened.close();
  });

  it('keeps traces out of the plain listing and gives them on request', () => {
    const store = ResultsStore.open(tempPath());
    const run = store.createRun({ protocol: 'toy', config: {}, hearthVersion: '0', totalEpisodes: 1 });
    store.writeEpisode(run.id, { ...okEpisode('a', 0, 1), trace: [{ step: 0, skill: 'walk kitchen' }] });
    expect(store.episodes(run.id)[0].trace).toBeUndefined();
    expect(store.episodes(run.id, { traces: true })[0].trace).toEqual([{ step: 0, skill: 'walk kitchen' }]);
    store.close();
  });

  it('replaces a failed episode when it is run again, never a successful one', () => {
    const store = ResultsStore.open(tempPath());
    const run = store.createRun({ protocol: 'toy', config: {}, hearthVersion: '0', totalEpisodes: 1 });
    const failed: EpisodeRecord = { ...okEpisode('a', 0, 0), status: 'failed', result: undefined, error: 'x' };
    expect(store.writeEpisode(run.id, failed)).toBe(true);
    expect(store.writeEpisode(run.id, okEpisode('a', 0, 0.5))).toBe(true);
    expect(store.writeEpisode(run.id, okEpisode('a', 0, 0.9))).toBe(false);
    const [episode] = store.episodes(run.id);
    expect(episode).toMatchObject({ status: 'ok', attempts: 2, result: { metrics: { sr: 0.5 } } });
    store.close();
  });

  it('finds the latest run with an equal configuration, whatever the key order', () => {
    const store = ResultsStore.open(tempPath());
    const first = store.createRun({ protocol: 'toy', config: { a: 1, b: [2] }, hearthVersion: '0', totalEpisodes: 1 });
    const second = store.createRun({ protocol: 'toy', config: { b: [2], a: 1 }, hearthVersion: '0', totalEpisodes: 1 });
    store.createRun({ protocol: 'toy', config: { a: 2, b: [2] }, hearthVersion: '0', totalEpisodes: 1 });
    store.createRun({ protocol: 'other', config: { a: 1, b: [2] }, hearthVersion: '0', totalEpisodes: 1 });
    expect(second.id).toBeGreaterThan(first.id);
    expect(store.latestRun('toy', { a: 1, b: [2] })?.id).toBe(second.id);
    expect(store.latestRun('toy', { a: 3 })).toBeUndefined();
    expect(store.runs().map((r) => r.id)).toEqual([1, 2, 3, 4]);
    store.close();
  });

  it('refuses a file that is not an SQLite database, naming it', () => {
    const path = tempPath('notes.txt');
    writeFileSync(path, 'these are my notes, not a database\n');
    expect(() => ResultsStore.open(path)).toThrow(InputError);
    expect(() => ResultsStore.open(path)).toThrow(`${path}: not a hearth results store (not an SQLite database)`);
  });

  it('refuses an SQLite database of another application', () => {
    const path = tempPath();
    const db = new Database(path);
    db.exec('CREATE TABLE recipes (name TEXT)');
    db.close();
    expect(() => ResultsStore.open(path)).toThrow(
      /not a hearth results store \(an SQLite database of something else\)/,
    );
    const other = tempPath();
    const marked = new Database(other);
    marked.pragma('application_id = 1234');
    marked.close();
    expect(() => ResultsStore.open(other)).toThrow(/not a hearth results store \(SQLite application id 1234\)/);
  });

  it('refuses a store written by a newer hearth, naming both versions', () => {
    const path = tempPath();
    ResultsStore.open(path).close();
    const db = new Database(path);
    db.pragma(`user_version = ${STORE_SCHEMA_VERSION + 1}`);
    db.close();
    expect(() => ResultsStore.open(path)).toThrow(InputError);
    expect(() => ResultsStore.open(path)).toThrow(
      `results store has schema version ${STORE_SCHEMA_VERSION + 1}, newer than this hearth reads (${STORE_SCHEMA_VERSION})`,
    );
  });

  it('initialises an empty file; read-only opening of a missing file fails clearly', () => {
    const path = tempPath();
    writeFileSync(path, '');
    const store = ResultsStore.open(path);
    expect(store.runs()).toEqual([]);
    store.close();
    const missing = tempPath('missing.sqlite');
    expect(() => ResultsStore.open(missing, { readonly: true })).toThrow(`${missing}: no results store here`);
    expect(existsSync(missing)).toBe(false);
  });
});
