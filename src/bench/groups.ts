/**
 * What the report and the paired comparison share: grouping episodes by the layout's group fields (in the order each
 * combination first appears), the start of a row (those fields), a metric read from a stored result, and the
 * rounding every reported number gets.
 */
import { canonicalJson, type JsonObject, type JsonValue } from './json.js';

/** Decimals kept in JSON and CSV numbers. */
const JSON_DECIMALS = 6;

/** A report row: the group fields, then counts and one summary per metric. */
export type ReportRow = { [field: string]: JsonValue };

/** Items grouped by the values of `fields` in their spec, groups in the order of their first item. */
export function groupByFields<T>(
  fields: readonly string[],
  items: Iterable<T>,
  specOf: (item: T) => { readonly [field: string]: JsonValue },
): Array<{ values: JsonValue[]; items: T[] }> {
  const groups = new Map<string, { values: JsonValue[]; items: T[] }>();
  for (const item of items) {
    const spec = specOf(item);
    const values = fields.map((field) => spec[field] ?? null);
    const key = canonicalJson(values);
    let group = groups.get(key);
    if (!group) {
      group = { values, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  // Map iteration is insertion order.
  return [...groups.values()];
}

/** A row holding the group fields, in the layout's order. */
export function rowOfFields(fields: readonly string[], values: readonly JsonValue[]): ReportRow {
  const row: ReportRow = {};
  fields.forEach((field, i) => {
    row[field] = values[i];
  });
  return row;
}

/** `result.metrics[key]` when it is a finite number, else null. */
export function metricValue(episode: { readonly result?: JsonObject }, key: string): number | null {
  const metrics = episode.result?.metrics;
  if (metrics === null || typeof metrics !== 'object' || Array.isArray(metrics)) return null;
  const value = metrics[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A number as reports give it: 6 decimals, no "-0", null when undefined (NaN). */
export function rounded(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const r = Number(value.toFixed(JSON_DECIMALS));
  return r === 0 ? 0 : r;
}
