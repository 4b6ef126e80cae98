/** Per-state search bookkeeping shared by the search algorithms, and their common result type. */
import type { GroundTask } from '../task.js';

export type SearchStatus = 'solved' | 'unsolvable' | 'time-limit' | 'state-limit';

export interface SearchLimits {
  /** Wall-clock budget for the search in milliseconds (default: none). */
  timeLimitMs?: number;
  /** Most states to store before giving up (default 5,000,000): the memory limit. */
  maxStates?: number;
}

export interface SearchResult {
  status: SearchStatus;
  /** Operator ids of the plan, in order (empty unless solved). */
  plan: number[];
  cost: number;
  expanded: number;
  generated: number;
  evaluated: number;
  /** Heuristic value of the initial state. */
  initialH: number;
}

export const DEFAULT_MAX_STATES = 5_000_000;

export const NEW = 0;
export const OPEN = 1;
export const CLOSED = 2;
export const DEAD_END = 3;

/** Parent pointers, g values and status per state id, growing with the registry. */
export class SearchNodes {
  parent = new Int32Array(1024);
  op = new Int32Array(1024);
  g = new Float64Array(1024);
  h = new Float64Array(1024);
  status = new Uint8Array(1024);

  ensure(n: number): void {
    if (n <= this.parent.length) return;
    let size = this.parent.length;
    while (size < n) size *= 2;
    const grow = <T extends Int32Array | Float64Array | Uint8Array>(a: T, make: (n: number) => T): T => {
      const b = make(size);
      b.set(a);
      return b;
    };
    this.parent = grow(this.parent, (k) => new Int32Array(k));
    this.op = grow(this.op, (k) => new Int32Array(k));
    this.g = grow(this.g, (k) => new Float64Array(k));
    this.h = grow(this.h, (k) => new Float64Array(k));
    this.status = grow(this.status, (k) => new Uint8Array(k));
  }

  /** Operator ids from the initial state (whose parent is -1) to `id`. */
  plan(id: number): number[] {
    const ops: number[] = [];
    for (let s = id; this.parent[s] >= 0; s = this.parent[s]) ops.push(this.op[s]);
    return ops.reverse();
  }
}

/** Checks the time budget every few calls (reading the clock is not free). */
export class Budget {
  private readonly deadline: number;
  private calls = 0;
  readonly maxStates: number;

  constructor(limits: SearchLimits) {
    this.deadline =
      limits.timeLimitMs === undefined ? Number.POSITIVE_INFINITY : performance.now() + limits.timeLimitMs;
    this.maxStates = limits.maxStates ?? DEFAULT_MAX_STATES;
  }

  /** The status to stop with, or undefined to go on. */
  check(states: number): 'time-limit' | 'state-limit' | undefined {
    if (states > this.maxStates) return 'state-limit';
    if ((++this.calls & 63) === 0 && performance.now() > this.deadline) return 'time-limit';
    return undefined;
  }
}

export function planCost(task: GroundTask, plan: number[]): number {
  let c = 0;
  for (const o of plan) c += task.operators[o].cost;
  return c;
}

export function failure(status: SearchStatus, counts: Omit<SearchResult, 'status' | 'plan' | 'cost'>): SearchResult {
  return { status, plan: [], cost: 0, ...counts };
}
