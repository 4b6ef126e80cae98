/**
 * Open lists. Entries are pairs of integers (a state id and an operator id for lazy search, a state id and a g
 * value marker for eager search). Equal keys pop in insertion order (FIFO), as in Fast Downward.
 */

export interface OpenList {
  readonly size: number;
  push(key: number, tieBreak: number, a: number, b: number): void;
  /** Removes the best entry into `outA`/`outB`; false when empty. */
  pop(): boolean;
  outA: number;
  outB: number;
}

interface Bucket {
  data: number[];
  head: number;
}

/** One FIFO bucket per key value, keys in a min-heap: O(1) pushes for the few distinct heuristic values. */
export class BucketOpenList implements OpenList {
  private readonly buckets = new Map<number, Bucket>();
  private readonly keys: number[] = [];
  private count = 0;
  outA = 0;
  outB = 0;

  get size(): number {
    return this.count;
  }

  push(key: number, _tieBreak: number, a: number, b: number): void {
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = { data: [], head: 0 };
      this.buckets.set(key, bucket);
      heapPush(this.keys, key);
    }
    bucket.data.push(a, b);
    this.count++;
  }

  pop(): boolean {
    if (this.count === 0) return false;
    const key = this.keys[0];
    const bucket = this.buckets.get(key)!;
    this.outA = bucket.data[bucket.head];
    this.outB = bucket.data[bucket.head + 1];
    bucket.head += 2;
    this.count--;
    if (bucket.head === bucket.data.length) {
      this.buckets.delete(key);
      heapPop(this.keys);
    } else if (bucket.head > 4096 && bucket.head * 2 > bucket.data.length) {
      bucket.data = bucket.data.slice(bucket.head);
      bucket.head = 0;
    }
    return true;
  }
}

/** A binary heap ordered by (key, tieBreak, insertion order), for A* and weighted A*. */
export class HeapOpenList implements OpenList {
  private k1: number[] = [];
  private k2: number[] = [];
  private seq: number[] = [];
  private va: number[] = [];
  private vb: number[] = [];
  private counter = 0;
  outA = 0;
  outB = 0;

  get size(): number {
    return this.k1.length;
  }

  push(key: number, tieBreak: number, a: number, b: number): void {
    const s = this.counter++;
    let i = this.k1.length;
    this.k1.push(key);
    this.k2.push(tieBreak);
    this.seq.push(s);
    this.va.push(a);
    this.vb.push(b);
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.less(key, tieBreak, s, p)) break;
      this.move(p, i);
      i = p;
    }
    this.k1[i] = key;
    this.k2[i] = tieBreak;
    this.seq[i] = s;
    this.va[i] = a;
    this.vb[i] = b;
  }

  pop(): boolean {
    const n = this.k1.length;
    if (n === 0) return false;
    this.outA = this.va[0];
    this.outB = this.vb[0];
    const key = this.k1.pop()!;
    const tie = this.k2.pop()!;
    const s = this.seq.pop()!;
    const a = this.va.pop()!;
    const b = this.vb.pop()!;
    const m = n - 1;
    if (m === 0) return true;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= m) break;
      if (c + 1 < m && this.less(this.k1[c + 1], this.k2[c + 1], this.seq[c + 1], c)) c++;
      if (!this.less(this.k1[c], this.k2[c], this.seq[c], -1, key, tie, s)) break;
      this.move(c, i);
      i = c;
    }
    this.k1[i] = key;
    this.k2[i] = tie;
    this.seq[i] = s;
    this.va[i] = a;
    this.vb[i] = b;
    return true;
  }

  /** Whether (key, tie, s) orders before entry `j` (or before the explicit triple when j < 0). */
  private less(key: number, tie: number, s: number, j: number, jk = 0, jt = 0, js = 0): boolean {
    const k = j >= 0 ? this.k1[j] : jk;
    if (key !== k) return key < k;
    const t = j >= 0 ? this.k2[j] : jt;
    if (tie !== t) return tie < t;
    return s < (j >= 0 ? this.seq[j] : js);
  }

  private move(from: number, to: number): void {
    this.k1[to] = this.k1[from];
    this.k2[to] = this.k2[from];
    this.seq[to] = this.seq[from];
    this.va[to] = this.va[from];
    this.vb[to] = this.vb[from];
  }
}

/**
 * Alternates between sublists, always taking from the non-empty one that has been used least (priority counts);
 * `boost` lowers the priority of preferred-only lists after progress, so they are used that many times more.
 */
export class AlternationOpenList implements OpenList {
  private readonly priorities: number[];
  outA = 0;
  outB = 0;

  constructor(
    readonly lists: OpenList[],
    private readonly preferredOnly: boolean[],
  ) {
    this.priorities = lists.map(() => 0);
  }

  get size(): number {
    let n = 0;
    for (const l of this.lists) n += l.size;
    return n;
  }

  push(): void {
    throw new Error('push to the sublists of an alternation open list');
  }

  pop(): boolean {
    let best = -1;
    for (let i = 0; i < this.lists.length; i++) {
      if (this.lists[i].size > 0 && (best < 0 || this.priorities[i] < this.priorities[best])) best = i;
    }
    if (best < 0) return false;
    this.priorities[best]++;
    const list = this.lists[best];
    list.pop();
    this.outA = list.outA;
    this.outB = list.outB;
    return true;
  }

  boostPreferred(amount: number): void {
    for (let i = 0; i < this.lists.length; i++) if (this.preferredOnly[i]) this.priorities[i] -= amount;
  }
}

function heapPush(heap: number[], key: number): void {
  let i = heap.length;
  heap.push(key);
  while (i > 0) {
    const p = (i - 1) >> 1;
    if (heap[p] <= key) break;
    heap[i] = heap[p];
    i = p;
  }
  heap[i] = key;
}

function heapPop(heap: number[]): void {
  const last = heap.pop()!;
  const n = heap.length;
  if (n === 0) return;
  let i = 0;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && heap[c + 1] < heap[c]) c++;
    if (heap[c] >= last) break;
    heap[i] = heap[c];
    i = c;
  }
  heap[i] = last;
}
