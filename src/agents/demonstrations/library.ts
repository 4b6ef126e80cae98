/**
 * Retrieval of demonstrations for a prompt: the in-context examples of ZSP, LLM-Planner, ProgPrompt and SayCan,
 * and of ExRAP's exploitation planner. ExRAP retrieved examples with a dense retriever plus BM25 (Table A.3:
 * dpr-ctx_encoder-single-nq-base + BM25); hearth combines BM25 with an embedding index (the offline hashing
 * embedder by default, so retrieval runs without a model; any `Embedder`, e.g. an LLM's, can replace it).
 *
 * A query is the current situation: the standing instructions (each compared with a demonstration's instruction)
 * and what the agent sees (compared with what the expert saw at the start). The score of demonstration d for
 * instruction i is `w * instruction(i, d) + (1 - w) * situation(d)` with `instruction = (bm25 + cosine) / 2` and
 * w = 0.75. With several instructions, picks go round-robin over the instructions (each one's best demonstration
 * not taken yet), so that k examples cover k instructions rather than one instruction k times. Ties keep file order.
 */
import { entityClass } from '../../memory/quadruple.js';
import { Bm25Index } from '../../retrieval/bm25.js';
import type { Embedder } from '../../retrieval/embedder.js';
import { EmbeddingIndex } from '../../retrieval/embedding-index.js';
import { OfflineHashEmbedder } from '../../retrieval/offline-embedder.js';
import type { ScoreTable } from '../../retrieval/text-index.js';
import { defaultDemonstrationsPath, readDemonstrations } from './io.js';
import type { Demonstration } from './types.js';

export interface DemonstrationQuery {
  /** One text per standing instruction. */
  readonly instructions: readonly string[];
  /** What the agent sees now: entity names or classes (`mug.31`, `fridge`). */
  readonly visible?: readonly string[];
  /** Demonstrations of these instructions are left out (an episodic task's own: never show its solution). */
  readonly excludeInstructions?: readonly string[];
}

export interface DemonstrationLibraryOptions {
  /** Embedder of the dense half (default: `OfflineHashEmbedder`). */
  readonly embedder?: Embedder;
  /** Weight of the instruction match against the situation match (default 0.75). */
  readonly instructionWeight?: number;
}

/** Instruction texts whose matches a library keeps (a home's instructions number a few dozen at most). */
const MATCHES_KEPT = 256;

const normalizeText = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Words a situation is compared by: the classes of the visible objects, once each, sorted. */
export function situationWords(visible: readonly string[]): string {
  return [...new Set(visible.map((name) => entityClass(name)))].sort().join(' ');
}

export class DemonstrationLibrary {
  readonly demonstrations: readonly Demonstration[];
  private readonly lexical = new Bm25Index();
  private readonly dense: EmbeddingIndex;
  private readonly situation = new Bm25Index();
  private readonly position = new Map<string, number>();
  private readonly instructionWeight: number;
  /**
   * Per instruction text, each demonstration's BM25 plus cosine score against it (file order): the part of a
   * ranking that does not change from step to step (an agent asks with the same standing instructions every step).
   * Kept up to `MATCHES_KEPT` texts, then started again; the embedder's vector of a text is taken to depend on the
   * text only.
   */
  private readonly matches = new Map<string, Float64Array>();

  constructor(demonstrations: readonly Demonstration[], options: DemonstrationLibraryOptions = {}) {
    this.demonstrations = demonstrations;
    this.dense = new EmbeddingIndex(options.embedder ?? new OfflineHashEmbedder());
    this.instructionWeight = options.instructionWeight ?? 0.75;
    demonstrations.forEach((demo, i) => {
      const text = demo.instructions.join(' ');
      this.lexical.add(demo.id, text);
      this.dense.add(demo.id, text);
      this.situation.add(demo.id, situationWords(demo.visible));
      this.position.set(demo.id, i);
    });
  }

  /** The shipped demonstrations of a domain, or those of `file`. */
  static load(domain: string, file?: string, options: DemonstrationLibraryOptions = {}): DemonstrationLibrary {
    const read = readDemonstrations(file ?? defaultDemonstrationsPath(domain));
    return new DemonstrationLibrary(read.demonstrations, options);
  }

  get size(): number {
    return this.demonstrations.length;
  }

  /** The k demonstrations closest to the situation (fewer when the library is smaller). */
  async retrieve(query: DemonstrationQuery, k: number): Promise<Demonstration[]> {
    if (k <= 0 || this.size === 0 || query.instructions.length === 0) return [];
    const matches = await Promise.all(
      query.instructions.map(
        async (text) => this.matches.get(text) ?? this.keepMatch(text, await this.dense.scores([text])),
      ),
    );
    return this.pick(query, k, matches);
  }

  /** `retrieve` without waiting (the embedder must have `embedSync`, as the offline one does). */
  retrieveSync(query: DemonstrationQuery, k: number): Demonstration[] {
    if (k <= 0 || this.size === 0 || query.instructions.length === 0) return [];
    return this.pick(
      query,
      k,
      query.instructions.map((text) => this.matches.get(text) ?? this.keepMatch(text, this.dense.scoresSync([text]))),
    );
  }

  /** An instruction's match with each demonstration (BM25 plus cosine, `dense` its cosine table), kept for next time. */
  private keepMatch(text: string, dense: ScoreTable): Float64Array {
    const lexical = this.scoresByDemo(this.lexical.scoresSync([text]));
    const cosine = this.scoresByDemo(dense);
    const match = new Float64Array(this.size);
    for (let d = 0; d < match.length; d++) match[d] = lexical[d] + cosine[d];
    if (this.matches.size >= MATCHES_KEPT) this.matches.clear();
    this.matches.set(text, match);
    return match;
  }

  private pick(query: DemonstrationQuery, k: number, matches: readonly Float64Array[]): Demonstration[] {
    const n = this.size;
    const situation = this.scoresByDemo(
      query.visible && query.visible.length > 0
        ? this.situation.scoresSync([situationWords(query.visible)])
        : undefined,
    );
    const w = this.instructionWeight;
    const rankings = matches.map((match) => {
      const score = new Float64Array(n);
      for (let d = 0; d < n; d++) score[d] = (w * match[d]) / 2 + (1 - w) * situation[d];
      return [...score.keys()].sort((a, b) => score[b] - score[a] || a - b);
    });
    const taken = new Set<number>();
    const excluded = new Set((query.excludeInstructions ?? []).map(normalizeText));
    if (excluded.size > 0) {
      this.demonstrations.forEach((demo, d) => {
        if (demo.instructions.some((text) => excluded.has(normalizeText(text)))) taken.add(d);
      });
    }
    const available = n - taken.size;
    const cursor = rankings.map(() => 0);
    const out: Demonstration[] = [];
    while (out.length < Math.min(k, available)) {
      for (let i = 0; i < rankings.length && out.length < Math.min(k, available); i++) {
        const ranking = rankings[i];
        while (cursor[i] < n && taken.has(ranking[cursor[i]])) cursor[i]++;
        if (cursor[i] >= n) continue;
        taken.add(ranking[cursor[i]]);
        out.push(this.demonstrations[ranking[cursor[i]]]);
      }
    }
    return out;
  }

  /** A score table in file order (0 where a document is missing or no table is given). */
  private scoresByDemo(table: ScoreTable | undefined): Float64Array {
    const out = new Float64Array(this.size);
    if (!table) return out;
    table.keys.forEach((key, i) => {
      const at = this.position.get(key);
      if (at !== undefined) out[at] = table.scores[i];
    });
    return out;
  }
}
