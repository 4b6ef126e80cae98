/**
 * Every state the search has seen, stored once in one growing `Uint32Array` (a state is `words` consecutive
 * words) and found again through an open-addressing hash table of state ids.
 */

export class StateRegistry {
  private pool: Uint32Array;
  private hashes: Uint32Array;
  private table: Int32Array;
  private mask: number;
  private count = 0;

  constructor(readonly words: number) {
    this.pool = new Uint32Array(words * 1024);
    this.hashes = new Uint32Array(1024);
    this.table = new Int32Array(2048).fill(-1);
    this.mask = 2047;
  }

  get size(): number {
    return this.count;
  }

  /** A view of state `id` (valid until the next insert, which may move the pool). */
  get(id: number): Uint32Array {
    return this.pool.subarray(id * this.words, (id + 1) * this.words);
  }

  /** Copies state `id` into `out`. */
  copy(id: number, out: Uint32Array): void {
    const w = this.words;
    const pool = this.pool;
    const base = id * w;
    for (let i = 0; i < w; i++) out[i] = pool[base + i];
  }

  /** The id of `state`, inserting a copy if it is new. `isNew` tells `insert` callers which happened. */
  insert(state: Uint32Array): number {
    const h = hashState(state, this.words);
    const slot = this.slotOf(state, h);
    const found = this.table[slot];
    if (found >= 0) return found;
    const w = this.words;
    const id = this.count++;
    if (id * w + w > this.pool.length) this.grow();
    this.pool.set(state.subarray(0, w), id * w);
    this.hashes[id] = h;
    this.table[slot] = id;
    if (this.count * 2 > this.table.length) this.rehash();
    return id;
  }

  /** The id of `state`, or -1 if it was never inserted. */
  find(state: Uint32Array): number {
    return this.table[this.slotOf(state, hashState(state, this.words))];
  }

  /** The table slot holding `state`, or the empty slot where it would go. */
  private slotOf(state: Uint32Array, h: number): number {
    const w = this.words;
    const pool = this.pool;
    let slot = h & this.mask;
    for (;;) {
      const id = this.table[slot];
      if (id < 0) return slot;
      if (this.hashes[id] === h) {
        const base = id * w;
        let same = true;
        for (let i = 0; i < w; i++) {
          if (pool[base + i] !== state[i]) {
            same = false;
            break;
          }
        }
        if (same) return slot;
      }
      slot = (slot + 1) & this.mask;
    }
  }

  private grow(): void {
    const pool = new Uint32Array(this.pool.length * 2);
    pool.set(this.pool);
    this.pool = pool;
    const hashes = new Uint32Array(this.hashes.length * 2);
    hashes.set(this.hashes);
    this.hashes = hashes;
  }

  private rehash(): void {
    const size = this.table.length * 2;
    const table = new Int32Array(size).fill(-1);
    const mask = size - 1;
    for (let id = 0; id < this.count; id++) {
      let slot = this.hashes[id] & mask;
      while (table[slot] >= 0) slot = (slot + 1) & mask;
      table[slot] = id;
    }
    this.table = table;
    this.mask = mask;
  }
}

/** MurmurHash3-style 32-bit hash of the first `words` words. */
export function hashState(state: Uint32Array, words: number): number {
  let h = 0x9747b28c;
  for (let i = 0; i < words; i++) {
    let k = Math.imul(state[i], 0xcc9e2d51);
    k = (k << 15) | (k >>> 17);
    k = Math.imul(k, 0x1b873593);
    h ^= k;
    h = (h << 13) | (h >>> 19);
    h = (Math.imul(h, 5) + 0xe6546b64) | 0;
  }
  h ^= words;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
