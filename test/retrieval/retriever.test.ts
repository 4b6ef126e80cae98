import { describe, expect, it } from 'vitest';
import type { TekgObservation } from '../../src/memory/quadruple.js';
import { factKey, isTekgRelation } from '../../src/memory/quadruple.js';
import { Tekg } from '../../src/memory/tekg.js';
import { Bm25Index } from '../../src/retrieval/bm25.js';
import { EmbeddingIndex } from '../../src/retrieval/embedding-index.js';
import { OfflineHashEmbedder } from '../../src/retrieval/offline-embedder.js';
import { DEFAULT_RETRIEVAL_K, DirectiveRetriever } from '../../src/retrieval/retriever.js';
import type { TextIndex } from '../../src/retrieval/text-index.js';
import { Rng } from '../../src/util/rng.js';

const CORPUS: [string, string][] = [
  ['tv-state', 'tv is on'],
  ['tv-place', 'tv on tvstand'],
  ['radio-state', 'radio is off'],
  ['radio-place', 'radio on shelf'],
  ['towel-state', 'towel is dirty'],
  ['towel-place', 'towel inside washingmachine'],
  ['lamp-state', 'lamp is on'],
  ['lamp-place', 'lamp on desk'],
  ['mug-state', 'mug is clean'],
  ['mug-place', 'mug on coffeetable'],
  ['book-place', 'book inside bookshelf'],
  ['plate-place', 'plate inside dishwasher'],
  ['apple-place', 'apple on kitchentable'],
  ['cup-place', 'cup inside cabinet'],
  ['pillow-place', 'pillow on sofa'],
];

function corpus(index: TextIndex): TextIndex {
  for (const [key, text] of CORPUS) index.add(key, text);
  return index;
}

describe.each([
  ['bm25', () => new Bm25Index()],
  ['offline embedding', () => new EmbeddingIndex(new OfflineHashEmbedder())],
])('directive retriever over %s', (_, makeIndex) => {
  it('in top mode takes the best documents of every directive', () => {
    const retriever = new DirectiveRetriever(corpus(makeIndex()), { mode: 'top', k: 4 });
    const retrieved = retriever.retrieveSync(['is the radio off', 'the towel is dirty']);
    expect(retrieved).toHaveLength(4);
    expect(
      retrieved
        .slice(0, 2)
        .map((r) => r.key)
        .sort(),
    ).toEqual(['radio-state', 'towel-state']);
    expect(
      retrieved
        .slice(2)
        .map((r) => r.key)
        .sort(),
    ).toEqual(['radio-place', 'towel-place']);
    expect(retrieved[0].score).toBeGreaterThanOrEqual(retrieved[3].score);
  });

  it('samples k = 12 by default, deterministically for a seed, async and sync alike', async () => {
    const retriever = new DirectiveRetriever(corpus(makeIndex()));
    const directives = ['If the lamp is on, turn it off.', 'the lamp is on', 'the lamp is off'];
    const a = retriever.retrieveSync(directives, { rng: new Rng(7) });
    expect(a).toHaveLength(DEFAULT_RETRIEVAL_K);
    expect(new Set(a.map((r) => r.key)).size).toBe(DEFAULT_RETRIEVAL_K);
    expect(await retriever.retrieve(directives, { rng: new Rng(7) })).toEqual(a);
    // The lamp's facts are drawn (nearly) always.
    for (let seed = 0; seed < 20; seed++) {
      const keys = retriever.retrieveSync(directives, { rng: new Rng(seed), k: 2 }).map((r) => r.key);
      expect(keys).toContain('lamp-state');
    }
    expect(() => retriever.retrieveSync(directives)).toThrow(/needs a seeded Rng/);
  });

  it('returns at most the whole corpus', () => {
    const index = makeIndex();
    index.add('only', 'tv is on');
    expect(new DirectiveRetriever(index).retrieveSync(['tv'], { rng: new Rng(1) })).toEqual([
      { key: 'only', score: expect.closeTo(index.scoresSync(['tv']).scores[0], 12) },
    ]);
  });
});

describe('retrieval from a TEKG kept in step with its index', () => {
  function see(t: number, facts: string[]): TekgObservation {
    return {
      t,
      agent: 'character.1',
      room: 'livingroom.2',
      rooms: ['livingroom.2'],
      facts: ['character.1 inside livingroom.2', ...facts].map((text) => {
        const [source, relation, target] = text.split(' ');
        if (!isTekgRelation(relation)) throw new Error(relation);
        return { source, relation, target };
      }),
    };
  }

  it('retrieves current facts only, with their latest step', () => {
    const tekg = new Tekg();
    const index = new Bm25Index();
    tekg.attach(index);
    const home = ['sofa.3 inside livingroom.2', 'lamp.4 inside livingroom.2', 'lamp.4 is off'];
    tekg.update(see(0, [...home, 'tv.5 inside livingroom.2', 'tv.5 is on']));
    tekg.update(see(4, [...home, 'tv.5 inside livingroom.2', 'tv.5 is off']));
    const retriever = new DirectiveRetriever(index, { mode: 'top', k: 3 });
    const got = retriever.retrieveSync(['If the tv is off, turn it on.']).map((r) => tekg.get(r.key)!);
    expect(got.map(factKey)).toEqual(['tv.5 is off', 'lamp.4 is off', 'tv.5 inside livingroom.2']);
    expect(got.map((q) => q.t)).toEqual([4, 4, 4]);
    expect(index.has('tv.5 is on')).toBe(false);
    expect(index.size).toBe(tekg.size);
  });
});
