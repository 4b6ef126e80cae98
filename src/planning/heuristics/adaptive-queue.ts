/**
 * The priority queue of the relaxed exploration, after Fast Downward's AdaptiveQueue: integer keys go to buckets
 * (each popped last-in first-out) until a key reaches 100 and exceeds the number of pushes since the last clear;
 * from then on, and for fractional keys from the start, a binary heap is used.
 */
export class AdaptiveQueue {
  private buckets: number[][] = [];
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
    this.heapKeys = new Float64Array(Math.max(16, capacity));
    this.heapValues = new Int32Array(Math.max(16, capacity));
  }

  get size(): number {
    return this.count;
  }

  clear(): void {
    for (let k = this.current; k <= this.highest; k++) if (this.buckets[k]) this.buckets[k].length = 0;
    this.current = 0;
    this.highest = -1;
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
    while (this.buckets.length <= key) this.buckets.push([]);
    this.buckets[key].push(value);
    if (key < this.current) this.current = key;
    if (key > this.highest) this.highest = key;
  }

  pop(): number {
    this.count--;
    if (this.useHeap) return this.heapPop();
    while (this.buckets[this.current].length === 0) this.current++;
    this.poppedKey = this.current;
    return this.buckets[this.current].pop()!;
  }

  private switchToHeap(): void {
    // Bucket contents in key order (and insertion order within a key): already a valid heap array.
    for (let k = this.current; k <= this.highest; k++) {
      const bucket = this.buckets[k];
      if (!bucket) continue;
      for (const v of bucket) this.heapPush(k, v);
      bucket.length = 0;
    }
    this.current = 0;
    this.highest = -1;
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
