/** Grouping report rows by some of their fields, groups in the order they first appear (as the CLI's tables do). */
export type Fields = Record<string, unknown>;

export interface Group<T> {
  values: unknown[];
  items: T[];
}

export function groupBy<T extends Fields>(items: readonly T[], fields: readonly string[]): Group<T>[] {
  const groups = new Map<string, Group<T>>();
  for (const item of items) {
    const values = fields.map((field) => item[field] ?? null);
    const key = JSON.stringify(values);
    let group = groups.get(key);
    if (!group) {
      group = { values, items: [] };
      groups.set(key, group);
    }
    group.items.push(item);
  }
  return [...groups.values()];
}

/** "nonstationarity medium, home cottage": the fields of a group as the CLI names them. */
export function describe(fields: readonly string[], values: readonly unknown[]): string {
  return fields.map((field, i) => `${field} ${text(values[i])}`).join(', ');
}

export function text(value: unknown): string {
  if (value === null || value === undefined) return '-';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
