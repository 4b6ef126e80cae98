/** Grouping report rows by some of their fields, groups in the order they first appear (the CLI's own grouping). */
import { groupByFields } from '../../src/bench/groups.js';
import type { JsonValue } from '../../src/bench/json.js';

export type Fields = Record<string, unknown>;

export interface Group<T> {
  values: unknown[];
  items: T[];
}

export function groupBy<T extends Fields>(items: readonly T[], fields: readonly string[]): Group<T>[] {
  return groupByFields(fields, items, (item) => item as { readonly [field: string]: JsonValue });
}

/** "nonstationarity medium, home cottage": the fields of a group as the CLI names them. */
export function describe(fields: readonly string[], values: readonly unknown[]): string {
  return fields.map((field, i) => `${field} ${text(values[i])}`).join(', ');
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
