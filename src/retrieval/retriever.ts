/**
 * ExRAP's retriever (section 3.3): every document of an index (a TEKG quadruple) is scored by its highest
 * similarity to any of the task directives (instruction, query and execution texts), and k documents are drawn
 * without replacement from the softmax of those scores (k = 12, Table A.4). `mode: 'top'` takes the k best instead.
 */

import { registerCache } from '../util/caches.js';
import { getOrCreate } from '../util/collections.js';
import type { Rng } from '../util/rng.js';
import { SoftmaxSampler, topK } from './sampling.js';
import type { ScoreTable, TextIndex } from './text-index.js';

/** Quadruples retrieved per directive set (ExRAP Table A.4). */
export const DEFAULT_RETRIEVAL_K = 12;
/**
 * Softmax temperature over unit-scale similarities. The paper gives none for the retriever (its 0.33 is the LLM's).
 * Among 10,000 facts nearly all score low; at 0.05 a fact scoring 0.4 above the background is e^8 ~ 3000 times as
 * likely as a background one, so draws stay on the relevant facts while varying among them (docs/memory.md).
 */
export const DEFAULT_RETRIEVAL_TEMPERATURE = 0.05;

export type RetrievalMode = 'softmax' | 'top';

export interface RetrieveOptions {
  /** How many documents (default 12). */
  readonly k?: number;
  /** `softmax` (default): sample; `top`: the k best. */
  readonly mode?: RetrievalMode;
  /** Softmax temperature (default `DEFAULT_RETRIEVAL_TEMPERATURE`). */
  readonly temperature?: number;
  /** The seeded generator of the draws (needed in softmax mode). */
  readonly rng?: Rng;
}

export interface Retrieved {
  readonly key: string;
  /** The document's highest similarity to any directive. */
  readonly score: number;
}

/**
 * Samplers prepared for a score table, by temperature: a table drawn from many times (ExRAP's ten retrievals per
 * query) builds its softmax weights once. Tables are immutable once returned by an index.
 */
let samplers = new WeakMap<ScoreTable, Map<number, SoftmaxSampler>>();
registerCache('retrieval: samplers of score tables', () => {
  samplers = new WeakMap();
});

function samplerFor(table: ScoreTable, temperature: number): SoftmaxSampler {
  const byTemperature = getOrCreate(samplers, table, () => new Map<number, SoftmaxSampler>());
  return getOrCreate(byTemperature, temperature, () => new SoftmaxSampler(table.scores, temperature));
}

/** The retrieval step on scores already computed. */
export function selectDocuments(table: ScoreTable, options: RetrieveOptions = {}): Retrieved[] {
  const k = options.k ?? DEFAULT_RETRIEVAL_K;
  const { scores } = table;
  let chosen: number[];
  if ((options.mode ?? 'softmax') === 'top') {
    chosen = topK(scores, k);
  } else {
    if (!options.rng) throw new Error('softmax retrieval needs a seeded Rng (options.rng)');
    chosen = samplerFor(table, options.temperature ?? DEFAULT_RETRIEVAL_TEMPERATURE).draw(k, options.rng);
  }
  return chosen.map((i) => ({ key: table.keys[i], score: scores[i] }));
}

/** A retriever bound to one index, with default options that each call may override. */
export class DirectiveRetriever {
  constructor(
    readonly index: TextIndex,
    readonly defaults: RetrieveOptions = {},
  ) {}

  async retrieve(directives: readonly string[], options: RetrieveOptions = {}): Promise<Retrieved[]> {
    return selectDocuments(await this.index.scores(directives), { ...this.defaults, ...options });
  }

  retrieveSync(directives: readonly string[], options: RetrieveOptions = {}): Retrieved[] {
    return selectDocuments(this.index.scoresSync(directives), { ...this.defaults, ...options });
  }
}
