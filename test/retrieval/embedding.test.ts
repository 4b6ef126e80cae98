import { describe, expect, it } from 'vitest';
import { cosine, type Embedder } from '../../src/retrieval/embedder.js';
import { EmbeddingIndex } from '../../src/retrieval/embedding-index.js';
import { OfflineHashEmbedder } from '../../src/retrieval/offline-embedder.js';

const embedder = new OfflineHashEmbedder();
const vec = (text: string) => embedder.embedSync([text])[0];
const sim = (a: string, b: string) => cosine(vec(a), vec(b));

describe('offline hashed embedder', () => {
  it('gives unit vectors of a fixed dimension, the same for the same text', () => {
    for (const text of ['tv', 'the mug is on the coffeetable', 'a much longer text about many things in a home']) {
      const v = vec(text);
      expect(v).toHaveLength(1024);
      expect(Math.hypot(...v)).toBeCloseTo(1, 6);
    }
    expect(new OfflineHashEmbedder({ dimension: 64 }).embedSync(['tv'])[0]).toHaveLength(64);
    expect([...new OfflineHashEmbedder().embedSync(['tv is off'])[0]]).toEqual([...vec('tv is off')]);
    expect(sim('turn on the TV', 'turn on the TV')).toBeCloseTo(1, 6);
    expect(sim('TV, is off!', 'tv is off')).toBeCloseTo(1, 6);
  });

  it('places related texts closer than unrelated ones', () => {
    expect(sim('If no one is watching the tv, turn it on.', 'tv is off')).toBeGreaterThan(
      sim('If no one is watching the tv, turn it on.', 'book inside bookshelf'),
    );
    expect(sim('the mug should be on the coffeetable', 'mug on kitchentable')).toBeGreaterThan(
      sim('the mug should be on the coffeetable', 'towel inside washingmachine'),
    );
    // Shared word parts count: compound class names.
    expect(sim('kitchentable', 'coffeetable')).toBeGreaterThan(sim('kitchentable', 'toothbrush'));
    expect(sim('put the plates in the dishwasher', 'plate is dirty')).toBeGreaterThan(
      sim('put the plates in the dishwasher', 'radio is on'),
    );
  });

  it('maps a text of function words only to the zero vector', async () => {
    expect([...vec('if it is the one')].every((x) => x === 0)).toBe(true);
    expect(cosine(vec('the'), vec('tv'))).toBe(0);
    expect(await embedder.embed(['tv'])).toEqual([vec('tv')]);
    expect(() => new OfflineHashEmbedder({ dimension: 0 })).toThrow(RangeError);
  });
});

/** A dense embedder behind a "server" (async only) that counts the texts it embeds. */
class FakeServerEmbedder implements Embedder {
  texts = 0;
  private readonly words = ['tv', 'mug', 'plate', 'on', 'off', 'dirty'];
  async embed(texts: readonly string[]): Promise<number[][]> {
    this.texts += texts.length;
    return texts.map((t) => this.words.map((w) => (t.split(' ').includes(w) ? 1 : 0) + 0.1));
  }
}

describe('embedding index', () => {
  const docs: [string, string][] = [
    ['a', 'tv is off'],
    ['b', 'mug on coffeetable'],
    ['c', 'plate is dirty'],
    ['d', 'tv is on'],
  ];

  it('scores by cosine similarity, the best over the queries (sparse offline embeddings)', () => {
    const index = new EmbeddingIndex(embedder);
    for (const [k, t] of docs) index.add(k, t);
    const queries = ['turn the tv off', 'is the plate dirty'];
    const { keys, scores } = index.scoresSync(queries);
    expect(keys).toEqual(['a', 'b', 'c', 'd']);
    keys.forEach((k, i) => {
      const text = docs.find(([key]) => key === k)![1];
      expect(scores[i]).toBeCloseTo(Math.max(...queries.map((q) => sim(q, text))), 6);
    });
  });

  it('works with an async-only dense embedder, embedding each document and query once', async () => {
    const server = new FakeServerEmbedder();
    const index = new EmbeddingIndex(server);
    for (const [k, t] of docs) index.add(k, t);
    expect(() => index.scoresSync(['tv'])).toThrow(/use scores\(\)/);
    const first = await index.scores(['tv off']);
    expect(first.keys[first.scores.indexOf(Math.max(...first.scores))]).toBe('a');
    const expected = cosine((await server.embed(['tv off']))[0], (await server.embed(['tv is off']))[0]);
    server.texts = 0;
    expect(first.scores[0]).toBeCloseTo(expected, 6);
    await index.scores(['tv off']);
    expect(server.texts).toBe(0);
    index.add('e', 'plate on');
    await index.scores(['tv off', 'plate']);
    expect(server.texts).toBe(2);
  });

  it('drops documents removed before or while they are embedded, and compacts', async () => {
    const index = new EmbeddingIndex(embedder);
    for (let i = 0; i < 200; i++) index.add(`d${i}`, i % 2 ? `mug ${i}` : `plate ${i}`);
    index.scoresSync(['mug']);
    for (let i = 0; i < 200; i++) if (i % 10 !== 0) index.remove(`d${i}`);
    index.add('new', 'tv is on');
    const pending = index.scores(['tv']);
    index.remove('d0');
    const { keys, scores } = await pending;
    expect(keys).toEqual([...Array.from({ length: 19 }, (_, j) => `d${(j + 1) * 10}`), 'new']);
    expect(scores[keys.indexOf('new')]).toBeCloseTo(sim('tv', 'tv is on'), 6);
    expect(index.size).toBe(20);
  });

  it('rejects vectors whose dimension changes', async () => {
    let dimension = 3;
    const shifty: Embedder = { embed: async (texts) => texts.map(() => new Array(dimension).fill(1)) };
    const index = new EmbeddingIndex(shifty);
    index.add('a', 'x');
    await index.scores(['q']);
    dimension = 4;
    await expect(index.scores(['other query'])).rejects.toThrow(/dimension 4, expected 3/);
  });
});
