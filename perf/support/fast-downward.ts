/**
 * Fast Downward run beside hearth in the benchmarks that compare with it live (never a dependency of the product):
 * `fast-downward.py` is found through --fd PATH or $HEARTH_FAST_DOWNWARD; without it those columns stay empty.
 * Each run gets its own temporary directory (FD writes output.sas and the plan file into its working directory).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** FD's configurations the benchmarks compare with, as its command line spells them. */
export const FD_SEARCHES = {
  /** Lazy greedy best-first search with h^FF and preferred operators (hearth's lazy-gbfs-ff). */
  lazyGreedyFF: ['--evaluator', 'h=ff()', '--search', 'lazy_greedy([h], preferred=[h])'],
  /** A* with LM-cut (hearth's astar-lmcut). */
  astarLmcut: ['--search', 'astar(lmcut())'],
} as const;

export interface FdRun {
  /** 'solved', 'unsolvable' (FD proved it), or 'unknown' (time-out, memory, error). */
  outcome: 'solved' | 'unsolvable' | 'unknown';
  cost?: number;
  length?: number;
  expanded?: number;
  /** The translator's wall-clock time (parse, ground, invariants), ms. */
  translateMs?: number;
  /** The search component's total time (its preprocessing and search), ms. */
  searchMs?: number;
  /** FD's "Planner time": the driver's whole run, Python start-up included, ms. */
  plannerMs?: number;
}

export function fastDownwardPath(flag: string | undefined): string | undefined {
  const path = flag ?? process.env.HEARTH_FAST_DOWNWARD;
  return path !== undefined && existsSync(path) ? path : undefined;
}

/** Runs FD on one problem with `search` (FD_SEARCHES), at most `timeLimitS` seconds overall. */
export function runFastDownward(
  fd: string,
  domainPath: string,
  problemPath: string,
  search: readonly string[],
  timeLimitS: number,
): FdRun {
  const cwd = mkdtempSync(join(tmpdir(), 'hearth-fd-'));
  try {
    const out = spawnSync(
      'python3',
      [fd, '--overall-time-limit', `${timeLimitS}s`, domainPath, problemPath, ...search],
      { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    const log = `${out.stdout ?? ''}\n${out.stderr ?? ''}`;
    const num = (re: RegExp): number | undefined => {
      const all = [...log.matchAll(new RegExp(re, 'g'))];
      return all.length === 0 ? undefined : Number(all[all.length - 1][1]);
    };
    const seconds = (re: RegExp) => {
      const s = num(re);
      return s === undefined ? undefined : s * 1000;
    };
    // Exit codes (FD's driver): 0 plan found, 11/12 unsolvable (proved / incomplete search: here proved for A*).
    const outcome = out.status === 0 ? 'solved' : out.status === 11 ? 'unsolvable' : 'unknown';
    return {
      outcome,
      cost: num(/Plan cost: (\d+(?:\.\d+)?)/),
      length: num(/Plan length: (\d+) step/),
      expanded: num(/Expanded (\d+) state\(s\)\./),
      translateMs: seconds(/Done! \[[\d.]+s CPU, ([\d.]+)s wall-clock\]/),
      searchMs: seconds(/\] Total time: ([\d.]+)s/),
      plannerMs: seconds(/Planner time: ([\d.]+)s/),
    };
  } finally {
    rmSync(cwd, { recursive: true, force: true });
  }
}
