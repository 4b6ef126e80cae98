/**
 * PDDL text as nested arrays (`['and', ['on', '?x', '?y'], ...]`) and a printer that breaks long forms over lines,
 * so that the compiled domain reads like a hand-written one.
 */

export type SX = string | readonly SX[];

/** The one-line form. */
export function flat(x: SX): string {
  return typeof x === 'string' ? x : `(${x.map(flat).join(' ')})`;
}

/** Multi-line form: a list whose one-line form would pass `width` puts each argument on its own line. */
export function pretty(x: SX, indent = 0, width = 110): string {
  const one = flat(x);
  if (typeof x === 'string' || indent + one.length <= width || x.length < 2) return one;
  const pad = ' '.repeat(indent + 2);
  // The head, and for quantifiers their variable list, stay on the first line.
  const headCount = x[0] === 'forall' || x[0] === 'exists' ? 2 : 1;
  const head = x.slice(0, headCount).map(flat).join(' ');
  const rest = x.slice(headCount).map((arg) => `${pad}${pretty(arg, indent + 2, width)}`);
  return `(${head}\n${rest.join('\n')})`;
}

/** `(and a b ...)` without the noise: empty is `(and)`, a single conjunct stands alone, nested ands are merged. */
export function sAnd(...parts: SX[]): SX {
  const out: SX[] = [];
  for (const p of parts) {
    if (Array.isArray(p) && p[0] === 'and') out.push(...(p as SX[]).slice(1));
    else out.push(p);
  }
  return out.length === 1 ? out[0] : ['and', ...out];
}

export function sOr(...parts: SX[]): SX {
  const out: SX[] = [];
  for (const p of parts) {
    if (Array.isArray(p) && p[0] === 'or') out.push(...(p as SX[]).slice(1));
    else out.push(p);
  }
  return out.length === 1 ? out[0] : ['or', ...out];
}

export function sNot(x: SX): SX {
  if (Array.isArray(x) && x[0] === 'not') return x[1];
  return ['not', x];
}
