/**
 * The kNN retriever of SemGro's task planner (paper 003, eq. 4-5): the k entries of the database with the highest
 * score cos(i, l^(m,n)) + cos(dn(o_t), dn(e^(m,n))), the instruction against the entry's text and the detected object
 * names against the names seen while the entry was made, over the entries of level 2 and above. They give the
 * in-context examples x(i, o_t) (each entry with its one-step plan), the candidates c(i, o_t) (the plans' entries,
 * one level down) and lc(i, o_t) (the entries one level further down, for the task retriever).
 *
 * Both cosines use one text encoder (hearth's offline hashing embedder by default, on texts whose class names carry
 * their category words, `encoding.ts`; the paper's is a sentence transformer), names joined by spaces. hearth's
 * observation is a whole room where the paper's is a camera frame, so dn(o_t) is the close-up part of it (what the
 * character is close to or holds), as an entry's dn(e) is what was close while it was made. Ties keep database order. The variants of the ablations are settings:
 * fewer or more entries (k), no observation term, random examples (the candidates still from the kNN entries), and
 * the fixed-level planners (entries of one level, candidates from the level below, or the entries themselves).
 *
 * A finer instruction that starts with a remedy has the level-1 skills the remedy names among its candidates even
 * when no retrieved entry's plan holds them: "walk bread and grab bread" names `walk bread` (a chain learnt where the
 * bread lay in the fridge walks to the fridge, never to the bread), "find plate and ..." the openings of the
 * containers the catalog keeps plates in and the walks to the rooms it places them in (where a plate is looked for:
 * the generator's remedy for "find", `generator.ts`).
 */
import type { Embedder } from '../../retrieval/embedder.js';
import { EmbeddingIndex } from '../../retrieval/embedding-index.js';
import { OfflineHashEmbedder } from '../../retrieval/offline-embedder.js';
import { catalogClass } from '../../sim/catalog/index.js';
import type { Rng } from '../../util/rng.js';
import type { SkillDatabase, SkillEntry } from './database/database.js';
import { encodingText } from './encoding.js';
import type { Candidate, Example } from './roles.js';

export interface RetrievalSettings {
  /** Entries retrieved (the paper's k = 10). */
  readonly k: number;
  /** Lowest and highest level of the entries retrieved. */
  readonly levels: readonly [number, number];
  /** `children`: the candidates are the entries' plans (eq. 4); `self`: the entries (a planner at the top level). */
  readonly candidates: 'children' | 'self';
  /** Score the detected objects too (the paper's retriever); false: the instruction alone. */
  readonly observation: boolean;
  /** In-context examples: the kNN entries, or k entries of the same levels drawn at random. */
  readonly examples: 'knn' | 'random';
}

export interface RetrievalQuery {
  readonly instruction: string;
  /** dn(o_t). */
  readonly names: readonly string[];
  /** Retrieve entries of at most this level (a finer instruction decomposes the skill it replaces: downward only). */
  readonly ceiling?: number;
}

export interface Retrieved {
  readonly entries: readonly SkillEntry[];
  readonly examples: readonly Example[];
  readonly candidates: readonly Candidate[];
  /** lc(i, o_t). */
  readonly lower: readonly string[];
}

export class SkillRetriever {
  private readonly texts: EmbeddingIndex;
  private readonly objects: EmbeddingIndex;
  private readonly indexed: readonly SkillEntry[];
  private readonly position = new Map<string, number>();
  /** Level-1 entries by text. */
  private readonly primitives = new Map<string, SkillEntry>();

  constructor(
    readonly database: SkillDatabase,
    embedder: Embedder = new OfflineHashEmbedder(),
  ) {
    this.texts = new EmbeddingIndex(embedder);
    this.objects = new EmbeddingIndex(embedder);
    this.indexed = database.entries.filter((e) => e.level >= 2);
    for (const entry of database.entries) if (entry.level === 1) this.primitives.set(entry.text, entry);
    this.indexed.forEach((entry, i) => {
      const key = String(entry.id);
      this.texts.add(key, encodingText(entry.text));
      this.objects.add(key, entry.objects.join(' '));
      this.position.set(key, i);
    });
  }

  /** The scores of every indexed entry (database order). */
  private scores(query: RetrievalQuery, observation: boolean): Float64Array {
    const out = new Float64Array(this.indexed.length);
    const add = (table: { keys: readonly string[]; scores: Float64Array }) => {
      table.keys.forEach((key, i) => {
        out[this.position.get(key)!] += table.scores[i];
      });
    };
    add(this.texts.scoresSync([encodingText(query.instruction)]));
    if (observation && query.names.length > 0) add(this.objects.scoresSync([query.names.join(' ')]));
    return out;
  }

  retrieve(query: RetrievalQuery, settings: RetrievalSettings, rng: Rng): Retrieved {
    const [low, high] = settings.levels;
    const top = Math.min(high, query.ceiling ?? high);
    const eligible = (e: SkillEntry) => e.level >= low && e.level <= top;
    const scores = this.scores(query, settings.observation);
    const order = [...this.indexed.keys()]
      .filter((i) => eligible(this.indexed[i]))
      .sort((a, b) => scores[b] - scores[a] || a - b);
    const entries = order.slice(0, settings.k).map((i) => this.indexed[i]);
    const pool = order.map((i) => this.indexed[i]);
    const shown = settings.examples === 'random' ? rng.sample(pool, Math.min(settings.k, pool.length)) : entries;
    const db = this.database;
    const examples = shown.map((e) => ({ text: e.text, plan: db.planTexts(e.id), level: e.level }));
    const candidates = new Map<number, Candidate>();
    const lower = new Set<string>();
    for (const entry of entries) {
      const picks = settings.candidates === 'self' ? [entry] : entry.plan.map((id) => db.get(id));
      for (const pick of picks) {
        if (!candidates.has(pick.id)) candidates.set(pick.id, { id: pick.id, level: pick.level, text: pick.text });
        for (const text of db.planTexts(pick.id)) lower.add(text);
      }
    }
    if (settings.candidates === 'children') {
      for (const named of this.remedySkills(query.instruction)) {
        if (!candidates.has(named.id)) candidates.set(named.id, { id: named.id, level: 1, text: named.text });
      }
    }
    return { entries, examples, candidates: [...candidates.values()], lower: [...lower] };
  }

  /** The level-1 skills the remedy a finer instruction starts with names (see the module comment). */
  private remedySkills(instruction: string): SkillEntry[] {
    const and = instruction.indexOf(' and ');
    if (and < 0) return [];
    const clause = instruction.slice(0, and).trim().toLowerCase();
    const named = this.primitives.get(clause);
    if (named) return [named];
    const [verb, className, ...rest] = clause.split(/\s+/);
    if (verb !== 'find' || className === undefined || rest.length > 0) return [];
    const entry = catalogClass(className);
    const texts = [...(entry?.inside ?? []).map((c) => `open ${c}`), ...(entry?.rooms ?? []).map((r) => `walk ${r}`)];
    return texts.map((text) => this.primitives.get(text)).filter((e): e is SkillEntry => e !== undefined);
  }
}
