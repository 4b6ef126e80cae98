/**
 * The priority queue of the relaxed exploration, after Fast Downward's AdaptiveQueue: integer keys go to buckets
 * (each popped last-in first-out) until a key reaches 100 and exceeds the number of pushes since the last clear;
 * from then on, and for fractional keys from the start, a binary heap is used.
 */
export class AdaptiveQueue {
  // Buckets as linked stacks in typed arrays: head[key] is the newest entry with that key, next[] links entries.
  private head: Int32Array;
  private next: Int32Array;
  private values: Int32Array;
  private entries = 0;
  private current = 0;
  private highest = -1;
  private useHeap: boolean;
  private pushes = 0;
  private heapKeys: Float64Array;
  private heapValues: Int32Array;
  private heapSize = 0;
  private count = 0;
  /** Key of the entry the last `pop` returned. */
  poppedKey = 0;

  constructor(
    private readonly integral: boolean,
    capacity: number,
  ) {
    this.useHeap = !integral;
    const size = Math.max(16, capacity);
    this.head = new Int32Array(256).fill(-1);
    this.next = new Int32Array(size);
    this.values = new Int32Array(size);
    this.heapKeys = new Float64Array(size);
    this.heapValues = new Int32Array(size);
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    if (this.highest >= 0) this.head.fill(-1, 0, this.highest + 1);
    this.current = 0;
    this.highest = -1;
    this.entries = 0;
    this.heapSize = 0;
    this.count = 0;
    this.pushes = 0;
    this.useHeap = !this.integral;
  }

  push(key: number, value: number): void {
    this.count++;
    this.pushes++;
    if (!this.useHeap && key >= 100 && key > this.pushes) this.switchToHeap();
    if (this.useHeap) {
      this.heapPush(key, value);
      return;
    }
    if (key >= this.head.length) this.growBuckets(key);
    const e = this.entries++;
    if (e >= this.next.length) this.growEntries();
    this.values[e] = value;
    this.next[e] = this.head[key];
    this.head[key] = e;
    if (key < this.current) this.current = key;
    if (key > this.highest) this.highest = key;
  }

  pop(): number {
    this.count--;
    if (this.useHeap) return this.heapPop();
    const head = this.head;
    let k = this.current;
    while (head[k] < 0) k++;
    this.current = k;
    this.poppedKey = k;
    const e = head[k];
    head[k] = this.next[e];
    return this.values[e];
  }

  private growBuckets(key: number): void {
    let size = this.head.length;
    while (size <= key) size *= 2;
    const head = new Int32Array(size).fill(-1);
    head.set(this.head);
    this.head = head;
  }

  private growEntries(): void {
    const size = this.next.length * 2;
    const next = new Int32Array(size);
    next.set(this.next);
    this.next = next;
    const values = new Int32Array(size);
    values.set(this.values);
    this.values = values;
  }

  private switchToHeap(): void {
    // Bucket contents in key order: already a valid heap array once pushed in that order.
    for (let k = this.current; k <= this.highest; k++) {
      // Oldest entries first within a key, as they were pushed.
      const stack: number[] = [];
      for (let e = this.head[k]; e >= 0; e = this.next[e]) stack.push(this.values[e]);
      for (let i = stack.length - 1; i >= 0; i--) this.heapPush(k, stack[i]);
    }
    if (this.highest >= 0) this.head.fill(-1, 0, this.highest + 1);
    this.current = 0;
    this.highest = -1;
    this.entries = 0;
    this.useHeap = true;
  }

  private heapPush(key: number, value: number): void {
    let i = this.heapSize++;
    if (i >= this.heapKeys.length) {
      const keys = new Float64Array(this.heapKeys.length * 2);
      keys.set(this.heapKeys);
      this.heapKeys = keys;
      const values = new Int32Array(this.heapValues.length * 2);
      values.set(this.heapValues);
      this.heapValues = values;
    }
    const keys = this.heapKeys;
    const values = this.heapValues;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent] <= key) break;
      keys[i] = keys[parent];
      values[i] = values[parent];
      i = parent;
    }
    keys[i] = key;
    values[i] = value;
  }

  private heapPop(): number {
    const keys = this.heapKeys;
    const values = this.heapValues;
    const top = values[0];
    this.poppedKey = keys[0];
    const n = --this.heapSize;
    if (n > 0) {
      const key = keys[n];
      const value = values[n];
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= n) break;
        if (child + 1 < n && keys[child + 1] < keys[child]) child++;
        if (keys[child] >= key) break;
        keys[i] = keys[child];
        values[i] = values[child];
        i = child;
      }
      keys[i] = key;
      values[i] = value;
    }
    return top;
  }
}
