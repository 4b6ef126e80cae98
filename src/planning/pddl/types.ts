/**
 * A PDDL type hierarchy. A type may have several parents (DANLI's `InteractiveObject SemanticClass - Thing` and
 * `... - Location` lines give InteractiveObject two), so the hierarchy is a DAG rooted at `object`.
 */

export const OBJECT_TYPE = 'object';

export class TypeHierarchy {
  private readonly parentsByType = new Map<string, string[]>();
  private readonly displayNames = new Map<string, string>();
  private ancestorCache = new Map<string, ReadonlySet<string>>();

  constructor() {
    this.parentsByType.set(OBJECT_TYPE, []);
    this.displayNames.set(OBJECT_TYPE, OBJECT_TYPE);
  }

  /** Declares `key` (if new) and adds `parent` (if given, and declared on the fly when new). */
  declare(key: string, display: string, parent?: string, parentDisplay?: string): void {
    this.ancestorCache = new Map();
    if (!this.parentsByType.has(key)) {
      this.parentsByType.set(key, []);
      this.displayNames.set(key, display);
    }
    // `t - t` (DANLI writes `Agent Location ... - Location`) says nothing: every type is its own subtype.
    if (parent === undefined || key === OBJECT_TYPE || parent === key) return;
    if (!this.parentsByType.has(parent)) {
      this.parentsByType.set(parent, []);
      this.displayNames.set(parent, parentDisplay ?? parent);
    }
    const parents = this.parentsByType.get(key)!;
    if (!parents.includes(parent)) parents.push(parent);
  }

  has(key: string): boolean {
    return this.parentsByType.has(key);
  }

  displayName(key: string): string {
    return this.displayNames.get(key) ?? key;
  }

  /** Every declared type key, in declaration order (`object` first). */
  keys(): string[] {
    return [...this.parentsByType.keys()];
  }

  /** Direct parents; a type declared without a parent has `object` as its parent. */
  parentsOf(key: string): string[] {
    const parents = this.parentsByType.get(key) ?? [];
    return parents.length === 0 && key !== OBJECT_TYPE ? [OBJECT_TYPE] : parents;
  }

  /** The type and all its ancestors. */
  ancestors(key: string): ReadonlySet<string> {
    const cached = this.ancestorCache.get(key);
    if (cached) return cached;
    const seen = new Set<string>();
    const stack = [key];
    while (stack.length > 0) {
      const t = stack.pop()!;
      if (seen.has(t)) continue;
      seen.add(t);
      for (const p of this.parentsOf(t)) stack.push(p);
    }
    this.ancestorCache.set(key, seen);
    return seen;
  }

  isSubtype(key: string, ancestor: string): boolean {
    return this.ancestors(key).has(ancestor);
  }

  /** Whether something of one of `types` can be of one of `declared` (a subtype or a supertype of one). */
  canMeet(types: readonly string[], declared: readonly string[]): boolean {
    return types.some((t) => declared.some((d) => this.isSubtype(t, d) || this.isSubtype(d, t)));
  }

  /** A cycle of declared types (as keys), or undefined when the hierarchy is a DAG. */
  findCycle(): string[] | undefined {
    const state = new Map<string, 1 | 2>();
    const path: string[] = [];
    const visit = (t: string): string[] | undefined => {
      const s = state.get(t);
      if (s === 2) return undefined;
      if (s === 1) return [...path.slice(path.indexOf(t)), t];
      state.set(t, 1);
      path.push(t);
      for (const p of this.parentsOf(t)) {
        const cycle = visit(p);
        if (cycle) return cycle;
      }
      path.pop();
      state.set(t, 2);
      return undefined;
    };
    for (const t of this.parentsByType.keys()) {
      const cycle = visit(t);
      if (cycle) return cycle;
    }
    return undefined;
  }
}
