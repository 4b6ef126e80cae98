/**
 * SemGro's hierarchical skill database D (paper 003, eq. 1): entries e^(m,n) = (l, dn(e), p(e)) on levels m = 1..M:
 * the skill's text l, the names of the objects seen while it was made dn(e), and its one-step plan p(e), the ordered
 * entries of level m - 1 it chains. Level 1 holds the primitive behaviours applied to object classes
 * (`../primitives.ts`), whose plan is empty. A skill's chain of level-1 skills is its plan unfolded.
 */
import { InputError } from '../../../util/errors.js';
import { type Primitive, parsePrimitive } from '../primitives.js';

/** The paper's M. */
export const LEVELS = 4;

export interface SkillEntry {
  /** Unique in its database; entries are numbered level by level. */
  readonly id: number;
  readonly level: number;
  /** l: the skill's semantic ("put fruit in kitchencabinet"). */
  readonly text: string;
  /** dn(e): class names of what was seen while the skill was made, sorted. */
  readonly objects: readonly string[];
  /** p(e): ids of the level - 1 entries it chains, in order (empty on level 1). */
  readonly plan: readonly number[];
}

/** How a database was made, for the record (the first line of its file). */
export interface DatabaseHeader {
  readonly format: typeof DATABASE_FORMAT;
  readonly version: typeof DATABASE_VERSION;
  /** The training home (a home spec or a file). */
  readonly home: string;
  readonly seed: number;
  /** `offline` (the household planner and templates) or `llm:<model>` (the paper's chaining and summarising). */
  readonly builder: string;
  /** Entries per level, level 1 first. */
  readonly levels: readonly number[];
}

export const DATABASE_FORMAT = 'hearth-semgro-skills';
export const DATABASE_VERSION = 1;

export class SkillDatabase {
  readonly entries: readonly SkillEntry[];
  private readonly byId = new Map<number, SkillEntry>();
  private readonly chains = new Map<number, readonly Primitive[]>();

  constructor(
    readonly header: DatabaseHeader,
    entries: readonly SkillEntry[],
  ) {
    this.entries = entries;
    for (const entry of entries) this.byId.set(entry.id, entry);
  }

  get(id: number): SkillEntry {
    const entry = this.byId.get(id);
    if (!entry) throw new RangeError(`no skill ${id} in the database`);
    return entry;
  }

  has(id: number): boolean {
    return this.byId.has(id);
  }

  /** Entries of a level. */
  level(m: number): SkillEntry[] {
    return this.entries.filter((e) => e.level === m);
  }

  /** Entries per level, level 1 first. */
  levelSizes(): number[] {
    return Array.from({ length: LEVELS }, (_, i) => this.entries.filter((e) => e.level === i + 1).length);
  }

  /** p_l(e): the texts of the entry's one-step plan. */
  planTexts(id: number): string[] {
    return this.get(id).plan.map((child) => this.get(child).text);
  }

  /** The entry's chain of level-1 skills (its plan unfolded down to level 1). */
  chain(id: number): readonly Primitive[] {
    const cached = this.chains.get(id);
    if (cached) return cached;
    const entry = this.get(id);
    let chain: Primitive[];
    if (entry.level === 1) {
      const primitive = parsePrimitive(entry.text);
      if (!primitive) throw new InputError(`skill ${id} on level 1 is not a primitive: '${entry.text}'`);
      chain = [primitive];
    } else {
      chain = entry.plan.flatMap((child) => this.chain(child));
    }
    this.chains.set(id, chain);
    return chain;
  }
}
