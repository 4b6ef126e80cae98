import type { Rng } from '../../util/rng.js';

/**
 * The request seeds of one LLM role in one episode, counted by call: the episode's seed (through `rng`), the role's
 * place among its agent's roles (`offset`, below 4, so that roles never share a seed) and the call's number. For
 * roles called a varying number of times per step (HELPER's and SemGro's); roles called once per step derive their
 * seed from the step instead.
 */
export class CountedRequestSeeds {
  private readonly base: number;
  private calls = 0;

  constructor(
    rng: Rng,
    private readonly offset: number,
  ) {
    this.base = rng.nextUint32() & 0x3fffffff;
  }

  next(): number {
    return (this.base + this.calls++ * 4 + this.offset) % 0x7fffffff;
  }
}
