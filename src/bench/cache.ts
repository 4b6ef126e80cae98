/**
 * The folder of what runs make once and share (SemGro's skill databases and shifted homes, `util/file-cache.ts`):
 * `.hearth/cache` under the working directory, beside the default results store, unless `HEARTH_CACHE_DIR` names
 * another (`hearth run --cache-dir` and `hearth worker --cache-dir` set it, so that worker threads inherit it). It is
 * created on first use; deleting it only costs the time to make its files again.
 */
export const DEFAULT_CACHE_DIR = '.hearth/cache';

export const cacheDir = (): string => process.env.HEARTH_CACHE_DIR || DEFAULT_CACHE_DIR;
