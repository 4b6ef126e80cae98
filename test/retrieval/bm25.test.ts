import MiniSearch from 'minisearch';
import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../../src/retrieval/bm25.js';
import { tokenize } from '../../src/retrieval/tokenize.js';

const CORPUS: [string, string][] = [
  ['tv-off', 'tv is off'],
  ['tv-on', 'tv is on'],
  ['mug-table', 'mug on coffeetable'],
  ['book-shelf', 'book inside bookshelf'],
  ['remote-sofa', 'remotecontrol on sofa'],
  ['agent-kitchen', 'character inside kitchen'],
  ['plate-dirty', 'plate is dirty'],
  ['plate-sink', 'plate inside sink'],
];

function index(corpus: [string, string][] = CORPUS): Bm25Index {
  const bm25 = new Bm25Index();
  for (const [key, text] of corpus) bm25.add(key, text);
  return bm25;
}

function ranked(bm25: Bm25Index, queries: string[]): [string, number][] {
  const { keys, scores } = bm25.scoresSync(queries);
  return keys.map((k, i): [string, number] => [k, scores[i]]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

describe('tokenize', () => {
  it('lower-cases and splits on spaces and punctuation', () => {
    expect(tokenize('If no one is watching the TV, turn it on.')).toEqual([
      'if',
      'no',
      'one',
      'is',
      'watching',
      'the',
      'tv',
      'turn',
      'it',
      'on',
    ]);
    expect(tokenize('(tv.142, is, plugged_in, 27)')).toEqual(['tv', '142', 'is', 'plugged', 'in', '27']);
  });
});

describe('BM25 index', () => {
  it('ranks documents sharing rare query words first, the best at 1, unmatched at 0', () => {
    const top = ranked(index(), ['turn on the tv']);
    expect(top[0]).toEqual(['tv-on', 1]);
    expect(top[1][0]).toBe('tv-off');
    expect(top[1][1]).toBeGreaterThan(top[2][1]);
    expect(top[1][1]).toBeLessThan(1);
    expect(Object.fromEntries(top)['book-shelf']).toBe(0);
    expect(ranked(index(), ['is the plate dirty'])[0][0]).toBe('plate-dirty');
    expect(ranked(index(), ['put the book in the bookshelf'])[0][0]).toBe('book-shelf');
  });

  it('scores each document by its best query, each query scaled to its best document', () => {
    const both = Object.fromEntries(ranked(index(), ['where is the mug', 'is the plate dirty']));
    expect(both['mug-table']).toBe(1);
    expect(both['plate-dirty']).toBe(1);
    expect(both['tv-off']).toBeGreaterThan(0);
    expect(both['tv-off']).toBeLessThan(1);
  });

  // minisearch measures a document's length in distinct terms (an empty text counting 1), this index in tokens (as
  // BM25 defines it): the two agree on documents that do not repeat a word, as fact sentences do not.
  it('gives the same scores as minisearch BM25+ (without its count-of-matched-terms factor)', () => {
    const corpus: [string, string][] = [
      ...CORPUS,
      ['long', 'a very long document about the tv stand and its remote'],
      ['plate-table', 'plate on table'],
    ];
    const bm25 = new Bm25Index({ normalize: false });
    const reference = new MiniSearch<{ id: string; text: string }>({ fields: ['text'] });
    for (const [id, text] of corpus) {
      bm25.add(id, text);
      reference.add({ id, text });
    }
    // Removals must update document frequencies and average length on both sides.
    for (const id of ['tv-on', 'agent-kitchen']) {
      bm25.remove(id);
      reference.remove({ id, text: corpus.find(([k]) => k === id)![1] });
    }
    for (const query of ['turn on the tv', 'plate is dirty', 'plate plate', 'remote on sofa', 'nothing matches']) {
      const { keys, scores } = bm25.scoresSync([query]);
      const ours = new Map(keys.map((k, i) => [k, scores[i]]));
      const theirs = reference.search(query);
      for (const hit of theirs) expect(ours.get(hit.id)).toBeCloseTo(hit.score / hit.queryTerms.length, 10);
      const matched = new Set(theirs.map((h) => h.id));
      for (const [key, score] of ours) if (!matched.has(key)) expect(score).toBe(0);
    }
  });

  it('replaces a document added twice, forgets removed ones, and stays right after compaction', () => {
    const bm25 = new Bm25Index();
    for (let i = 0; i < 300; i++) bm25.add(`d${i}`, i % 3 === 0 ? `mug number ${i}` : `plate number ${i}`);
    for (let i = 0; i < 300; i++) if (i % 5 !== 0) bm25.remove(`d${i}`);
    bm25.add('d0', 'tv is on');
    expect(bm25.remove('d1')).toBe(false);
    expect(bm25.size).toBe(60);
    expect(bm25.has('d0')).toBe(true);

    const fresh = new Bm25Index();
    for (let i = 5; i < 300; i += 5) fresh.add(`d${i}`, i % 3 === 0 ? `mug number ${i}` : `plate number ${i}`);
    fresh.add('d0', 'tv is on');
    const got = bm25.scoresSync(['mug 45', 'tv']);
    const want = fresh.scoresSync(['mug 45', 'tv']);
    expect([...got.keys].sort()).toEqual([...want.keys].sort());
    const wanted = new Map(want.keys.map((k, i) => [k, want.scores[i]]));
    got.keys.forEach((k, i) => {
      expect(got.scores[i]).toBeCloseTo(wanted.get(k)!, 12);
    });
  });

  it('answers an empty index and an empty query set', async () => {
    expect(new Bm25Index().scoresSync(['tv'])).toEqual({ keys: [], scores: new Float64Array(0) });
    const table = await index().scores([]);
    expect(table.keys).toHaveLength(CORPUS.length);
    expect([...table.scores].every((s) => s === 0)).toBe(true);
  });
});
