/** The named search configurations hearth offers, and one entry point to run any of them on a ground task. */
import { BlindHeuristic } from '../heuristics/blind.js';
import { FFHeuristic } from '../heuristics/ff.js';
import { AdditiveHeuristic, MaxHeuristic } from '../heuristics/hmax-hadd.js';
import { LandmarkCutHeuristic } from '../heuristics/lmcut.js';
import type { GroundTask } from '../task.js';
import { eagerSearch } from './eager.js';
import { lazyGreedySearch } from './lazy.js';
import type { SearchLimits, SearchResult } from './search-space.js';

export const SEARCH_CONFIGS = [
  'lazy-gbfs-ff',
  'gbfs-ff',
  'astar-lmcut',
  'astar-hmax',
  'astar-hadd',
  'astar-blind',
  'wastar-ff',
] as const;
export type SearchConfig = (typeof SEARCH_CONFIGS)[number];

/** What each configuration is, in Fast Downward terms (for help texts and docs). */
export const SEARCH_DESCRIPTIONS: Record<SearchConfig, string> = {
  'lazy-gbfs-ff':
    'lazy greedy best-first search, FF heuristic, preferred operators (lazy_greedy([ff()], preferred=[ff()]))',
  'gbfs-ff':
    'eager greedy best-first search, FF heuristic, preferred operators (eager_greedy([ff()], preferred=[ff()]))',
  'astar-lmcut': 'A* with the landmark-cut heuristic (optimal; far better informed than h^max)',
  'astar-hmax': 'A* with h^max (optimal)',
  'astar-hadd': 'A* with h^add (not optimal: h^add is inadmissible)',
  'astar-blind': 'A* with the blind heuristic (optimal, uninformed)',
  'wastar-ff': 'weighted A* with the FF heuristic (weight 5 unless set)',
};

/** The configurations that return optimal plans (A* with an admissible heuristic). */
export const OPTIMAL_SEARCHES: readonly SearchConfig[] = ['astar-lmcut', 'astar-hmax', 'astar-blind'];

export function isOptimalSearch(config: SearchConfig | undefined): boolean {
  return config !== undefined && OPTIMAL_SEARCHES.includes(config);
}

export function isSearchConfig(name: string): name is SearchConfig {
  return (SEARCH_CONFIGS as readonly string[]).includes(name);
}

export interface SearchOptions extends SearchLimits {
  /** Default 'lazy-gbfs-ff'. */
  search?: SearchConfig;
  /** Weight of h in weighted A* (default 5). */
  weight?: number;
}

export function search(task: GroundTask, options: SearchOptions = {}): SearchResult {
  const config = options.search ?? 'lazy-gbfs-ff';
  switch (config) {
    case 'lazy-gbfs-ff':
      return lazyGreedySearch(task, new FFHeuristic(task), { ...options, preferred: true });
    case 'gbfs-ff':
      return eagerSearch(task, new FFHeuristic(task), { ...options, kind: 'gbfs', preferred: true });
    case 'astar-lmcut':
      return eagerSearch(task, new LandmarkCutHeuristic(task), { ...options, kind: 'astar' });
    case 'astar-hmax':
      return eagerSearch(task, new MaxHeuristic(task), { ...options, kind: 'astar' });
    case 'astar-hadd':
      return eagerSearch(task, new AdditiveHeuristic(task), { ...options, kind: 'astar' });
    case 'astar-blind':
      return eagerSearch(task, new BlindHeuristic(task), { ...options, kind: 'astar' });
    case 'wastar-ff':
      return eagerSearch(task, new FFHeuristic(task), { ...options, kind: 'wastar', weight: options.weight ?? 5 });
  }
}
