/**
 * The cross-method table's agents (`hearth run --agents methods`, docs/leaderboard.md): for each method that runs
 * the episodic protocol, its main agent, and the references beside them. Which of them are contenders and which are
 * references is not written here but read from the registry at run time: an agent with no privilege and no need of
 * a model is a contender, one given something the others must find out (`AgentDefinition.privileges`) a reference,
 * listed after the contenders. A name the registry does not know (a variant not yet built) is left out, so that the
 * table follows the registry as methods gain or lose privileges.
 */
import { type AgentDefinition, protocolsOf } from './definition.js';
import { agentNames, getAgent } from './registry.js';

/** The word `--agents` expands into the agents below. */
export const METHODS_KEYWORD = 'methods';

/** A candidate agent of the table: its registry name and the method (or bound) it stands for. */
export interface MethodAgent {
  readonly agent: string;
  readonly method: string;
}

/**
 * The candidates, in the order the table lists them (contenders in this order, then references in this order).
 * ExRAP is not among them: it runs the continual protocol only (its table is `hearth run`'s default). The LLM
 * baselines (ZSP, SayCan, ProgPrompt, LLM-Planner, Inner Monologue) need a model; with `--llm` they can be named
 * besides `methods`.
 */
export const METHOD_AGENTS: readonly MethodAgent[] = [
  { agent: 'oracle', method: 'upper bound' },
  { agent: 'llm-state', method: 'LLM-State' },
  { agent: 'danli', method: 'DANLI' },
  { agent: 'helper-no-feedback', method: 'HELPER' },
  { agent: 'semgro', method: 'SemGro' },
  { agent: 'random', method: 'lower bound' },
  { agent: 'danli-meanings', method: 'DANLI' },
  { agent: 'helper', method: 'HELPER' },
];

const runsEpisodicOffline = (definition: AgentDefinition) =>
  protocolsOf(definition).includes('episodic') && !definition.needsLlm;

/**
 * The agents `methods` stands for: the candidates the registry knows that run episodic tasks without a model,
 * contenders (no privilege) first, then references (privileged), each group in `METHOD_AGENTS`' order.
 */
export function methodAgents(): string[] {
  const known = new Set(agentNames());
  const usable = METHOD_AGENTS.filter(({ agent }) => known.has(agent) && runsEpisodicOffline(getAgent(agent)));
  const privileged = (agent: string) => getAgent(agent).privileges.length > 0;
  return [
    ...usable.filter(({ agent }) => !privileged(agent)).map(({ agent }) => agent),
    ...usable.filter(({ agent }) => privileged(agent)).map(({ agent }) => agent),
  ];
}

/** The method an agent of the table stands for; undefined for an agent that is not a candidate. */
export function methodOf(agent: string): string | undefined {
  return METHOD_AGENTS.find((candidate) => candidate.agent === agent)?.method;
}

/**
 * `--agents` with `methods` expanded in place (`methods,danli-no-replanning`: the table's agents and that one),
 * without repeats; undefined when the list does not name `methods`.
 */
export function expandMethods(agents: readonly string[]): string[] | undefined {
  if (!agents.includes(METHODS_KEYWORD)) return undefined;
  const out: string[] = [];
  for (const agent of agents) {
    for (const name of agent === METHODS_KEYWORD ? methodAgents() : [agent]) if (!out.includes(name)) out.push(name);
  }
  return out;
}
