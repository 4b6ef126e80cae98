/**
 * Document slots shared by the indexes: each document gets an integer slot for typed-array scoring. A removed
 * document leaves a dead slot (its postings stay until compaction, and score into a slot nobody reads), so removal
 * costs only the document's own terms; `compact` renumbers the live slots once dead ones outnumber them.
 */
export class SlotTable {
  private readonly slotKeys: (string | undefined)[] = [];
  private readonly slotOf = new Map<string, number>();
  private deadCount = 0;
  private liveCache: { keys: string[]; slots: Int32Array } | undefined;

  /** Live documents. */
  get size(): number {
    return this.slotOf.size;
  }

  /** Slots in use, dead ones included: the length of a per-slot score array. */
  get capacity(): number {
    return this.slotKeys.length;
  }

  has(key: string): boolean {
    return this.slotOf.has(key);
  }

  slot(key: string): number | undefined {
    return this.slotOf.get(key);
  }

  keyAt(slot: number): string | undefined {
    return this.slotKeys[slot];
  }

  /** A new slot for a key that has none. */
  add(key: string): number {
    if (this.slotOf.has(key)) throw new Error(`document '${key}' is already in the index`);
    const slot = this.slotKeys.length;
    this.slotKeys.push(key);
    this.slotOf.set(key, slot);
    this.liveCache = undefined;
    return slot;
  }

  /** Frees the key's slot and returns it (undefined when the key has none). */
  remove(key: string): number | undefined {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return undefined;
    this.slotOf.delete(key);
    this.slotKeys[slot] = undefined;
    this.deadCount++;
    this.liveCache = undefined;
    return slot;
  }

  /** Live keys and their slots, in slot order (which is insertion order). */
  live(): { readonly keys: readonly string[]; readonly slots: Int32Array } {
    if (!this.liveCache) {
      const keys: string[] = [];
      const slots = new Int32Array(this.slotOf.size);
      for (let s = 0; s < this.slotKeys.length; s++) {
        const key = this.slotKeys[s];
        if (key !== undefined) {
          slots[keys.length] = s;
          keys.push(key);
        }
      }
      this.liveCache = { keys, slots };
    }
    return this.liveCache;
  }

  /** Whether dead slots are many enough that renumbering pays. */
  get wasteful(): boolean {
    return this.deadCount > 64 && this.deadCount > this.slotOf.size;
  }

  /** Renumbers live slots 0..size-1 keeping their order; returns each old slot's new number (-1 for dead ones). */
  compact(): Int32Array {
    const renumber = new Int32Array(this.slotKeys.length).fill(-1);
    const keys: string[] = [];
    for (let s = 0; s < this.slotKeys.length; s++) {
      const key = this.slotKeys[s];
      if (key === undefined) continue;
      renumber[s] = keys.length;
      this.slotOf.set(key, keys.length);
      keys.push(key);
    }
    this.slotKeys.length = keys.length;
    for (let s = 0; s < keys.length; s++) this.slotKeys[s] = keys[s];
    this.deadCount = 0;
    this.liveCache = undefined;
    return renumber;
  }

  /** Copies per-slot scores into an array over the live documents, in `live()` order. */
  gather(perSlot: Float64Array): Float64Array {
    const { slots } = this.live();
    const out = new Float64Array(slots.length);
    for (let i = 0; i < slots.length; i++) out[i] = perSlot[slots[i]];
    return out;
  }
}
