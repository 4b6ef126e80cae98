/**
 * What an agent definition holds: its name, what it is given, whether it needs a language model, the protocols it
 * runs and how it is built. Each method's folder exports its definitions of this shape, and the registry
 * (registry.ts) gathers them: this module stands below both, so the registry imports the methods and never the
 * other way.
 */
import type { Agent, AgentPrivilege } from './agent.js';
import type { AgentContext, TaskResources } from './context.js';

export interface AgentDefinition {
  /** The name `--agents` takes (lower case, dashes). */
  readonly name: string;
  /** One line for listings and docs. */
  readonly description: string;
  /**
   * What the agent is given beyond the feedback every agent gets: `meanings` (the instructions' structured query
   * and execution, skipping language understanding), `true-state` (the true world), `affordance` (whether one skill
   * would succeed now).
   */
  readonly privileges: readonly AgentPrivilege[];
  /** Whether it calls a language model (runs without one are refused). */
  readonly needsLlm: boolean;
  /** Runs without a model, and uses one (its LLM roles) when the run has one (`--llm`): ExRAP. */
  readonly acceptsLlm?: boolean;
  /** Run only when named in --agents, not by default (the unpruned DANLI ablation takes seconds per plan). */
  readonly optIn?: boolean;
  /** Learns across runs into a memory file when the run gives one (HELPER's `--helper-memory`). */
  readonly learns?: boolean;
  /**
   * The task resources it uses (`TaskResources`), which the bench gives it where the run has them: SemGro's skill
   * database on every family, in-context examples drawn from it on the semgro families (`bench/episodic/semgro`).
   */
  readonly uses?: readonly (keyof TaskResources)[];
  /** The protocols it can run (default: continual only). */
  readonly protocols?: readonly AgentProtocol[];
  create(context: AgentContext): Agent;
}

export type AgentProtocol = 'continual' | 'episodic';

/** The protocols an agent runs. */
export const protocolsOf = (definition: AgentDefinition): readonly AgentProtocol[] =>
  definition.protocols ?? ['continual'];
