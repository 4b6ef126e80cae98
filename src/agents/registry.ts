/**
 * The agent registry: every agent hearth can run, by name, with what it is given beyond the public feedback and
 * whether it needs a language model. `hearth run --agents` is checked against it, and the benchmark builds agents
 * through it. A method's agents join with a line below; a user's own agents (a module or a program named in
 * `--agents`, `src/agents/external/`) with `registerAgent` in the process that runs them.
 */
import { requireLanguageModel } from '../llm/errors.js';
import { Registry } from '../util/registry.js';
import type { Agent, AgentPrivilege } from './agent.js';
import { BASELINE_DEFINITIONS } from './baselines/definitions.js';
import type { AgentContext } from './context.js';
import {
  DANLI_DEFAULT,
  DANLI_VARIANTS,
  DanliAgent,
  structuredGoalPredictor,
  TextGoalPredictor,
} from './danli/index.js';
import { LlmSubgoalPredictor } from './danli/llm-predictor.js';
import { type AgentDefinition, type AgentProtocol, protocolsOf } from './definition.js';
import { createExrapAgent } from './exrap/agent.js';
import { withExrapLlmRoles } from './exrap/llm/definitions.js';
import { HELPER_DEFINITIONS } from './helper/index.js';
import type { MeaningSource } from './heuristics/common.js';
import { EpisodicOracleAgent } from './heuristics/episodic-oracle.js';
import {
  GreedyAgent,
  MaxStalenessFirstAgent,
  MultiInstructionFirstAgent,
  OracleAgent,
  RandomAgent,
} from './heuristics/index.js';
import { INNER_MONOLOGUE_DEFINITIONS } from './inner-monologue/index.js';
import { createLlmStateAgent, LLM_STATE_VARIANTS } from './llm-state/index.js';
import { SEMGRO_DEFINITIONS } from './semgro/definitions.js';

/** ExRAP E.4's heuristics: what each does, and how it is built from the context and where it learns the meanings. */
const HEURISTICS: readonly {
  kind: string;
  description: string;
  create: (context: AgentContext, source: MeaningSource) => Agent;
}[] = [
  {
    kind: 'greedy',
    description: 'ExRAP E.4: serves one instruction at a time, the one with the shortest plan on its belief',
    create: (context, source) => new GreedyAgent(context, source),
  },
  {
    kind: 'multi-instruction-first',
    description: "ExRAP E.4: takes the skill that the most instructions' plans begin with; explores where they gather",
    create: (context, source) => new MultiInstructionFirstAgent(context, source),
  },
  {
    kind: 'max-staleness-first',
    description: 'ExRAP E.4: serves the instruction whose information is oldest, looking before acting',
    create: (context, source) => new MaxStalenessFirstAgent(context, source),
  },
];

/**
 * The heuristics given the benchmark's structured meanings (privilege `meanings`), or reading the texts with the
 * offline grammar as ExRAP does (`<name>-text`: no privilege). The `-text` ones are among the default agents of the
 * continual protocol: they are ExRAP's fair comparison (the same texts, read by the same grammar), where the
 * meanings versions are privileged references.
 */
function heuristicDefinitions(source: MeaningSource): AgentDefinition[] {
  const texts = source === 'texts';
  return HEURISTICS.map(({ kind, description, create }) => ({
    name: texts ? `${kind}-text` : kind,
    description: texts
      ? `${description}; reads the texts with the offline grammar instead of being given the meanings`
      : description,
    privileges: texts ? [] : ['meanings'],
    needsLlm: false,
    create: (c) => create(c, source),
  }));
}

const BUILT_IN: readonly AgentDefinition[] = [
  {
    name: 'oracle',
    description: 'sees the true state, plans for every execution at once with the household planner (upper bound)',
    privileges: ['meanings', 'true-state'],
    needsLlm: false,
    protocols: ['continual', 'episodic'],
    create: (context) =>
      context.protocol === 'episodic' ? new EpisodicOracleAgent(context) : new OracleAgent(context),
  },
  ...heuristicDefinitions('meanings'),
  {
    name: 'exrap',
    description: 'ExRAP (offline roles): TEKG memory, query evaluation with temporal consistency, eq. 12 planning',
    privileges: [],
    needsLlm: false,
    create: (context) => createExrapAgent(context, 'exrap'),
  },
  {
    name: 'exrap-tc',
    description: 'ExRAP ablation: query evaluation without the temporal-consistency refinement (eq. 6-7)',
    privileges: [],
    needsLlm: false,
    create: (context) => createExrapAgent(context, 'exrap-tc'),
  },
  {
    name: 'exrap-exp',
    description: 'ExRAP ablation: exploitation only, with "Find {query}" commands instead of the exploration planner',
    privileges: [],
    needsLlm: false,
    create: (context) => createExrapAgent(context, 'exrap-exp'),
  },
  ...heuristicDefinitions('texts'),
  {
    name: 'random',
    description: 'a skill drawn uniformly from the allowed ones at every step (lower bound)',
    privileges: [],
    needsLlm: false,
    protocols: ['continual', 'episodic'],
    create: (context) => new RandomAgent(context),
  },
  ...BASELINE_DEFINITIONS,
];

/**
 * DANLI and its ablations (episodic tasks: they read the text with the offline reader), and `danli-meanings`, the
 * reference given the structured goal (privilege `meanings`).
 */
const DANLI_AGENTS: readonly AgentDefinition[] = DANLI_VARIANTS.map((variant) => ({
  name: variant.name,
  description: variant.description,
  privileges: variant.meanings ? ['meanings'] : [],
  needsLlm: false,
  protocols: ['episodic'],
  ...(!variant.config.prune && { optIn: true }),
  create: (context: AgentContext) =>
    new DanliAgent(
      context,
      variant.config,
      variant.name,
      variant.meanings ? structuredGoalPredictor : new TextGoalPredictor(),
    ),
}));

/** DANLI with its subgoal predictor through the run's language model: reads the instruction, not the goal. */
const DANLI_LLM: AgentDefinition = {
  name: 'danli-llm',
  description: 'DANLI with an LLM subgoal predictor (instruction and first view -> subgoals, parsed by a grammar)',
  privileges: [],
  needsLlm: true,
  protocols: ['episodic'],
  create: (context: AgentContext) =>
    new DanliAgent(
      context,
      DANLI_DEFAULT,
      'danli-llm',
      new LlmSubgoalPredictor(requireLanguageModel(context.llm, "agent 'danli-llm'")),
    ),
};

/** LLM-State and its ablations (episodic tasks; they read the instruction text, no privilege; ablations opt-in). */
const LLM_STATE_AGENTS: readonly AgentDefinition[] = LLM_STATE_VARIANTS.map((variant) => ({
  name: variant.name,
  description: `${variant.description}; offline roles, the paper's LLM roles with --llm`,
  privileges: [],
  needsLlm: false,
  acceptsLlm: true,
  protocols: ['episodic'],
  ...(variant.name !== 'llm-state' && { optIn: true }),
  create: (context: AgentContext) => createLlmStateAgent(context, variant),
}));

/**
 * Agent names: lower-case letters, digits and dashes, a letter first, at most 64 characters. A job or a stored run
 * names an agent this way only (never by a path or a command), and the reading process looks the name up here.
 */
export const AGENT_NAME = /^[a-z][a-z0-9-]{0,63}$/;

const registry = new Registry<AgentDefinition>(
  {
    kind: 'agent',
    pattern: AGENT_NAME,
    patternWords: 'lower-case letters, digits and dashes, a letter first, at most 64 characters',
    unknownHint:
      "an agent of your own is named by its module's path (--agents ./my-agent.js) or its program " +
      '(--agents "exec:python3 my_agent.py") on the command line of the process that runs it (docs/agent-protocol.md)',
  },
  withExrapLlmRoles([
    ...BUILT_IN,
    ...DANLI_AGENTS,
    DANLI_LLM,
    ...LLM_STATE_AGENTS,
    ...INNER_MONOLOGUE_DEFINITIONS,
    ...HELPER_DEFINITIONS,
    ...SEMGRO_DEFINITIONS,
  ]),
);

/** The names hearth itself defines: an agent of a user's own may not take one of them. */
const BUILT_IN_NAMES: ReadonlySet<string> = new Set(registry.names());

export const isBuiltInAgent = (name: string): boolean => BUILT_IN_NAMES.has(name);

/** Adds an agent (or replaces the one of the same name). */
export function registerAgent(definition: AgentDefinition): void {
  registry.add(definition);
}

/**
 * Removes an agent added with `registerAgent`. Tests that add agents of their own take them away after their tests:
 * test files share one module registry per worker, and an agent left behind shows in the next file's agent lists.
 */
export function unregisterAgent(name: string): void {
  registry.remove(name);
}

/** The agent of that name; an InputError naming the nearest known one, listing them and saying how to add one. */
export function getAgent(name: string): AgentDefinition {
  return registry.get(name);
}

/** Whether an agent of that name is registered. */
export function hasAgent(name: string): boolean {
  return registry.has(name);
}

/** Every registered agent name, in registration order. */
export function agentNames(): string[] {
  return registry.names();
}

/** Whether the agent is given the run's language model (it needs one, or uses one when there is one). */
export function usesLlm(definition: AgentDefinition): boolean {
  return definition.needsLlm || definition.acceptsLlm === true;
}

/**
 * The agents that run without a language model, in registration order (the default of `hearth run`): those that
 * run the protocol, opt-in ones left out.
 */
export function agentsWithoutLlm(protocol: AgentProtocol = 'continual'): string[] {
  return registry
    .values()
    .filter((def) => !def.needsLlm && !def.optIn && protocolsOf(def).includes(protocol))
    .map((def) => def.name);
}

/**
 * The reference agents: those given something the others must find out (the Oracle's true state, the heuristics'
 * meanings, SayCan's affordance check), with what they are given. Reports mark them.
 */
export function referenceAgents(): Record<string, readonly AgentPrivilege[]> {
  const out: Record<string, readonly AgentPrivilege[]> = {};
  for (const definition of registry.values()) {
    if (definition.privileges.length > 0) out[definition.name] = definition.privileges;
  }
  return out;
}

export function agentDefinitions(): readonly AgentDefinition[] {
  return registry.values();
}
