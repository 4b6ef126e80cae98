/**
 * The thread's registry of pure caches (`src/util/caches.ts`), which `perf/first-episodes.ts` empties to tell cold
 * caches from V8's warm-up: the caches the protocols fill register when their modules load, and emptying them makes
 * the next use compute again (and never changes what it computes).
 */
import { describe, expect, it } from 'vitest';
import { homeGraph } from '../../src/bench/continual/episode.js';
import { cacheNames, clearCaches, registerCache } from '../../src/util/caches.js';

describe('the cache registry', () => {
  it('knows the caches of the modules loaded, and empties them all or by name', () => {
    expect(cacheNames()).toEqual(
      expect.arrayContaining([
        'homes: loaded graphs',
        'shared memo: household-searches',
        'grounding: compiled domains',
      ]),
    );
    const home = homeGraph('gen:45');
    expect(homeGraph('gen:45')).toBe(home);
    clearCaches(['homes: loaded graphs']);
    const again = homeGraph('gen:45');
    expect(again).not.toBe(home);
    expect(JSON.stringify([...again.nodes()].map((n) => n.id))).toBe(
      JSON.stringify([...home.nodes()].map((n) => n.id)),
    );
    clearCaches();
    expect(homeGraph('gen:45')).not.toBe(again);
  });

  it('refuses a name twice and an unknown name', () => {
    let cleared = 0;
    registerCache('test: counter', () => cleared++);
    expect(() => registerCache('test: counter', () => undefined)).toThrow(/registered already/);
    clearCaches(['test: counter']);
    expect(cleared).toBe(1);
    expect(() => clearCaches(['test: nothing'])).toThrow(/no cache named 'test: nothing'/);
  });
});
