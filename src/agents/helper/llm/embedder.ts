/**
 * Retrieval with the model's embeddings (paper 001 encodes the memory's keys with an LLM's frozen language encoder):
 * an `Embedder` over `LanguageModel.embed` when the backend's probed capabilities include embeddings, else hearth's
 * offline hashing embedder. The choice is made once, at the first retrieval, and said by `label` (the agent's
 * memory mode shows it), so that vectors of two kinds are never compared.
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import type { Embedder } from '../../../retrieval/embedder.js';
import { OfflineHashEmbedder } from '../../../retrieval/offline-embedder.js';

export class LanguageModelEmbedder implements Embedder {
  private chosen: Promise<'model' | 'offline'> | undefined;
  private used: 'model' | 'offline' | undefined;

  constructor(
    private readonly llm: LanguageModel,
    private readonly offline: Embedder = new OfflineHashEmbedder(),
  ) {}

  async embed(texts: readonly string[]): Promise<readonly ArrayLike<number>[]> {
    this.chosen ??= this.llm.capabilities().then((caps) => (caps.embeddings ? 'model' : 'offline'));
    this.used = await this.chosen;
    if (this.used === 'offline') return this.offline.embed(texts);
    return (await this.llm.embed(texts)).vectors;
  }

  /** Which embeddings retrieval used (undefined before the first retrieval). */
  get label(): string | undefined {
    if (this.used === undefined) return undefined;
    return this.used === 'model'
      ? "retrieval by the model's embeddings"
      : 'retrieval by the offline embedder (the model has no embeddings)';
  }
}
