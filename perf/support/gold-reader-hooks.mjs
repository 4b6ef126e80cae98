/**
 * Module resolution hooks of gold-reader.mjs: `src/language/read-goal` resolves to gold-read-goal.ts (which wraps the
 * real module, imported with `?real`), so every agent that reads a text reads each registered task's gold.
 */
const REAL = new URL('../../src/language/read-goal.ts', import.meta.url).href;
const GOLD = new URL('./gold-read-goal.ts', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  if (resolved.url === REAL && context.parentURL !== GOLD) return { ...resolved, url: GOLD, shortCircuit: true };
  return resolved;
}
