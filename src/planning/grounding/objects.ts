/**
 * The objects of one problem (the domain's constants first, so that compiled schemas can refer to constants by
 * id) and, for each type set of the compiled domain, which objects belong to it.
 */
import type { Problem } from '../pddl/ast.js';
import type { CompiledDomain } from './schema.js';

export interface TypeSetMembers {
  /** Member object ids, ascending. */
  list: Int32Array;
  /** 1 where the object id is a member. */
  has: Uint8Array;
}

export class ObjectTable {
  readonly names: string[] = [];
  readonly keys: string[] = [];
  readonly types: string[][] = [];
  readonly idOf = new Map<string, number>();
  private readonly members: TypeSetMembers[] = [];

  constructor(
    private readonly cd: CompiledDomain,
    problem: Problem,
  ) {
    for (const c of cd.domain.constants) this.add(c.name, c.key, c.types);
    for (const o of problem.objects) this.add(o.name, o.key, o.types);
  }

  /** The objects of type set `ts` (an index into the compiled domain's type sets), computed on first use. */
  typeMembers(ts: number): TypeSetMembers {
    const cached = this.members[ts];
    if (cached) return cached;
    const set = this.cd.typeSets[ts];
    const hierarchy = this.cd.domain.types;
    const n = this.keys.length;
    const has = new Uint8Array(n);
    const list: number[] = [];
    for (let id = 0; id < n; id++) {
      if (this.types[id].some((t) => set.some((s) => hierarchy.isSubtype(t, s)))) {
        has[id] = 1;
        list.push(id);
      }
    }
    const members = { list: new Int32Array(list), has };
    this.members[ts] = members;
    return members;
  }

  get size(): number {
    return this.keys.length;
  }

  private add(name: string, key: string, types: string[]): void {
    const existing = this.idOf.get(key);
    if (existing !== undefined) {
      for (const t of types) if (!this.types[existing].includes(t)) this.types[existing].push(t);
      return;
    }
    this.idOf.set(key, this.keys.length);
    this.names.push(name);
    this.keys.push(key);
    this.types.push([...types]);
  }
}
