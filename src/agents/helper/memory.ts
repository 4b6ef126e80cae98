/**
 * HELPER's memory M (paper 001): the (language, program) pairs the planner and the corrector retrieve from, by the
 * cosine of the key's embedding and the input's (top k = 3). Its entries are hearth's seed examples (`seeds.ts`), the
 * user's personal routines, and, when the run learns (`--helper-memory FILE`), the programs of confirmed executions
 * from earlier passes over the file (`src/memory/program-memory.ts`: a run never reads what it is learning itself,
 * so that its results do not depend on episode order and a resumed run learns the same).
 *
 * The ablation without memory augmentation (`-no-memory`) plans from a fixed prompt: the first `FIXED_EXAMPLES` seed
 * examples, whatever the dialogue.
 */

import { ProgramMemoryFile } from '../../memory/program-memory.js';
import type { Embedder } from '../../retrieval/embedder.js';
import { cosine } from '../../retrieval/embedder.js';
import { OfflineHashEmbedder } from '../../retrieval/offline-embedder.js';
import type { MemoryEntry } from './roles.js';
import { CORRECTION_SEEDS, PERSONAL_ROUTINES, PLAN_SEEDS } from './seeds.js';

/** Examples retrieved per prompt (the paper's k for TEACh). */
export const RETRIEVED_EXAMPLES = 3;
/** The fixed prompt's examples of the ablation without memory augmentation. */
export const FIXED_EXAMPLES = 3;

/** Where a run's learning goes: the file, and the pass it learns in. */
export interface LearningMemory {
  readonly file: string;
  readonly pass: number;
}

export const SEED_ENTRIES: readonly MemoryEntry[] = [
  ...PLAN_SEEDS.map((s) => ({ kind: 'plan' as const, key: s.key, program: s.program, source: 'seed' as const })),
  ...PERSONAL_ROUTINES.map((s) => ({
    kind: 'plan' as const,
    key: s.key,
    program: s.program,
    source: 'personal' as const,
  })),
  ...CORRECTION_SEEDS.map((s) => ({
    kind: 'correction' as const,
    key: s.key,
    program: s.program,
    source: 'seed' as const,
  })),
];

const offlineEmbedder = new OfflineHashEmbedder();

/** Whether a memory key names a routine: every word of the name is in it ("the Gabe sandwich: ..."). */
export function namesRoutine(key: string, name: string): boolean {
  const text = key.toLowerCase();
  return name
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

export class HelperMemory {
  private readonly vectors = new Map<string, ArrayLike<number>>();

  private constructor(
    readonly entries: readonly MemoryEntry[],
    readonly learning: LearningMemory | undefined,
    private readonly embedder: Embedder,
  ) {}

  /** The seeds, and what the agent learned in earlier passes when the run learns. */
  static load(agent: string, learning: LearningMemory | undefined, embedder: Embedder = offlineEmbedder): HelperMemory {
    if (!learning) return new HelperMemory(SEED_ENTRIES, undefined, embedder);
    const file = ProgramMemoryFile.open(learning.file);
    try {
      const learned = file.learnedBefore(agent, learning.pass).map(
        (e): MemoryEntry => ({
          kind: e.kind === 'correction' ? 'correction' : 'plan',
          key: e.key,
          program: e.program,
          source: 'learned',
          pass: e.pass,
          episode: e.episode,
        }),
      );
      return new HelperMemory([...SEED_ENTRIES, ...learned], learning, embedder);
    } finally {
      file.close();
    }
  }

  /** Which memory ran, for the results: seeded only, or learning into a file (and the embeddings, when they say). */
  get mode(): string {
    const mode = this.learning ? `learning (${this.learning.file}, pass ${this.learning.pass})` : 'seeded';
    const embeddings = 'label' in this.embedder ? this.embedder.label : undefined;
    return typeof embeddings === 'string' ? `${mode}; ${embeddings}` : mode;
  }

  of(kind: MemoryEntry['kind']): MemoryEntry[] {
    return this.entries.filter((e) => e.kind === kind);
  }

  /** The k entries of the kind whose keys are nearest the text (cosine; ties: the earlier entry). */
  async retrieve(kind: MemoryEntry['kind'], text: string, k = RETRIEVED_EXAMPLES): Promise<MemoryEntry[]> {
    const candidates = this.of(kind);
    const missing = [...new Set([text, ...candidates.map((e) => e.key)])].filter((key) => !this.vectors.has(key));
    if (missing.length > 0) {
      const vectors = await this.embedder.embed(missing);
      for (const [i, key] of missing.entries()) this.vectors.set(key, vectors[i]);
    }
    const query = this.vectors.get(text)!;
    return candidates
      .map((entry, index) => ({ entry, index, score: cosine(query, this.vectors.get(entry.key)!) }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, k)
      .map((s) => s.entry);
  }

  /**
   * The k entries for a request: a routine the request names (looked up by its name, a key-value memory's lookup:
   * the similarity of the whole request may rank other routines of its kind first), then the nearest by cosine.
   */
  async retrieveFor(text: string, routine: string | undefined, k = RETRIEVED_EXAMPLES): Promise<MemoryEntry[]> {
    const nearest = await this.retrieve('plan', text, k);
    const named = routine === undefined ? undefined : this.of('plan').find((e) => namesRoutine(e.key, routine));
    if (!named || nearest.includes(named)) return nearest;
    return [named, ...nearest].slice(0, k);
  }

  /** The fixed prompt's examples (`-no-memory`). */
  fixed(): MemoryEntry[] {
    return this.of('plan')
      .filter((e) => e.source === 'seed')
      .slice(0, FIXED_EXAMPLES);
  }

  /** Stores a confirmed program (learning runs only; one per episode, see program-memory.ts). */
  learn(agent: string, episode: string, key: string, program: string): boolean {
    if (!this.learning) return false;
    const file = ProgramMemoryFile.open(this.learning.file);
    try {
      return file.learn({ agent, pass: this.learning.pass, episode, kind: 'plan', key, program });
    } finally {
      file.close();
    }
  }
}
