/**
 * Request seeds of the ExRAP LLM roles: a function of the episode's seed, the role, the step and the request's
 * index within the step, so that a recording replays exactly and no role's requests collide with another's.
 * Samples of one request use seed, seed + 1, ... (the LLM layer's convention): requests are 16 apart.
 */
const ROLE_OFFSETS = { interpreter: 0, evaluator: 1, exploitation: 2, exploration: 3 } as const;

export type LlmRoleName = keyof typeof ROLE_OFFSETS;

export function requestSeed(base: number, role: LlmRoleName, t: number, index = 0): number {
  const slot = ((t * 4 + ROLE_OFFSETS[role]) * 64 + (index % 64)) * 16;
  return (Math.abs(base | 0) + slot) % 0x7fffffff;
}
