/**
 * JSON values as the benchmark stores and reports them, and a canonical serialisation (object keys sorted at every
 * depth) so that two equal configurations or specs give the same bytes whatever order their keys were written in.
 */

export type JsonScalar = string | number | boolean | null;
export type JsonValue = JsonScalar | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

/** JSON text of a value with object keys sorted (code-unit order) at every depth; `undefined` members are dropped. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/**
 * The value as plain JSON data: what `JSON.parse(JSON.stringify(value))` gives, so that what a protocol returns and
 * what the store later reads back are the same thing. Throws on values JSON cannot carry faithfully (NaN, Infinity,
 * BigInt, functions), naming where they are.
 */
export function toJsonData(value: unknown, where = 'value'): JsonValue {
  assertJson(value, where);
  return JSON.parse(JSON.stringify(value)) as JsonValue;
}

function assertJson(value: unknown, where: string): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${where} is ${value}, which JSON cannot hold`);
      return;
    case 'object':
      if (value === null) return;
      if (Array.isArray(value)) {
        value.forEach((item, i) => {
          assertJson(item, `${where}[${i}]`);
        });
        return;
      }
      for (const key of Object.keys(value)) {
        const member = (value as Record<string, unknown>)[key];
        if (member !== undefined) assertJson(member, `${where}.${key}`);
      }
      return;
    default:
      throw new TypeError(`${where} is a ${typeof value}, which JSON cannot hold`);
  }
}
