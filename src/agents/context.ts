/**
 * What an agent is built from: the episode's seed, the skill set of its domain, the language model when the run has
 * one, and (only for agents whose registry entry holds the privilege) read access to the true world or a check of
 * one skill's affordance. The registry (`registry.ts`) maps names to factories
 * taking this context.
 */
import type { LanguageModel } from '../llm/language-model.js';
import type { DerivedStates } from '../sim/derived-states.js';
import type { EnvGraph } from '../sim/graph.js';
import type { Skill } from '../sim/skill.js';
import type { SkillSet } from '../sim/skill-sets.js';
import type { DemonstrationLibrary } from './demonstrations/library.js';
import type { SkillDatabase } from './semgro/database/database.js';

/**
 * What a task family gives the agents that run it besides the instruction: SemGro's family its skill database learnt
 * in the training home, and in-context examples drawn from that database for the LLM baselines.
 */
export interface TaskResources {
  readonly skillDatabase?: SkillDatabase;
  readonly demonstrations?: DemonstrationLibrary;
}

export interface AgentContext {
  /** The episode's seed; an agent derives its random streams from it (`new Rng(seed).fork('agent:<name>')`). */
  readonly seed: number;
  /** The skills of the episode's domain (VirtualHome or ALFRED-like). */
  readonly skills: SkillSet;
  /**
   * The true world, live: given only to agents with the `true-state` privilege (the Oracle). Agents must treat it as
   * read-only (simulate on `graph.clone()`).
   */
  readonly world?: { readonly graph: EnvGraph; readonly derived?: DerivedStates };
  /** The protocol the agent is built for ('continual' when absent); lets one registry entry serve both. */
  readonly protocol?: string;
  /**
   * The episode's language model (already wrapped with the agent's accounting): present when the run was given
   * one (`--llm ...`). Agents whose registry entry says `needsLlm` are never created without it.
   */
  readonly llm?: LanguageModel;
  /**
   * Whether the simulator would accept a skill now (tried on the true world and undone): given only to agents with
   * the `affordance` privilege (SayCan's oracle affordance).
   */
  readonly affordance?: (skill: Skill) => boolean;
  /**
   * A memory file the agent learns into across runs (HELPER's `--helper-memory`), and the pass this run learns in:
   * the agent reads what earlier passes learned and stores what this episode confirms (`src/memory/program-memory.ts`).
   */
  readonly learning?: { readonly file: string; readonly pass: number };
  /** The episode's identity (home, task, seed), for what the agent learns in it. */
  readonly episode?: string;
  /** What the task's family gives its agents (`TaskResources`), when it gives anything. */
  readonly resources?: TaskResources;
}
