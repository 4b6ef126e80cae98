/**
 * The thread's caches of pure work, by name: a parsed home, a compiled planning domain, a planner's searches, a
 * demonstration library's index, the Oracle's run of a bound task. Each module that keeps one registers it here with
 * a way to empty it, so that `perf/first-episodes.ts` can run an episode again with every cache empty (or one at a
 * time) and so tell what a worker's first episodes spend filling caches from what they spend while V8 compiles the
 * code. Emptying a cache never changes a result, only how long the next episode takes: only pure caches belong here.
 */

const CACHES = new Map<string, () => void>();

/** Registers a cache under a name unique in the thread (`module: what`); `clear` empties it. */
export function registerCache(name: string, clear: () => void): void {
  if (CACHES.has(name)) throw new Error(`a cache named '${name}' is registered already`);
  CACHES.set(name, clear);
}

/** The names of the caches registered so far (by the modules loaded), sorted. */
export function cacheNames(): string[] {
  return [...CACHES.keys()].sort();
}

/** Empties the caches named (default: every registered one); an unknown name is an error. */
export function clearCaches(names: Iterable<string> = CACHES.keys()): void {
  for (const name of [...names]) {
    const clear = CACHES.get(name);
    if (!clear) throw new Error(`no cache named '${name}' (known: ${cacheNames().join(', ')})`);
    clear();
  }
}
