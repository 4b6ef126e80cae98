/**
 * The four LLM baselines as registry entries (`hearth run --agents zsp,saycan,progprompt,llm-planner`). Each needs
 * the episode's language model (`--llm ...`): hearth never stands a non-LLM in for an LLM agent, so a missing model
 * is an `LlmRequiredError` naming the flag. SayCan alone gets the `affordance` privilege (the papers' oracle
 * affordance: the simulator's verdict on one skill at a time).
 */
import { requireLanguageModel } from '../../llm/errors.js';
import type { AgentContext } from '../context.js';
import type { AgentDefinition } from '../definition.js';
import type { BaselineOptions } from './base.js';
import { LlmPlannerAgent } from './llm-planner.js';
import { ProgPromptAgent } from './progprompt/agent.js';
import { SayCanAgent } from './saycan.js';
import { ZspAgent } from './zsp.js';

/** The options every baseline is built from, out of the agent context. */
export function baselineOptions(context: AgentContext, who: string): BaselineOptions {
  return {
    seed: context.seed,
    skills: context.skills,
    llm: requireLanguageModel(context.llm, who),
    protocol: context.protocol === 'episodic' ? 'episodic' : 'continual',
    // A family's own in-context examples (SemGro's: its skill database's), else the shipped ones.
    ...(context.resources?.demonstrations && { demonstrations: context.resources.demonstrations }),
  };
}

export const BASELINE_DEFINITIONS: readonly AgentDefinition[] = [
  {
    name: 'zsp',
    description: 'ZSP (Huang et al. 2022): sampled free-text steps mapped to the nearest allowed skill',
    privileges: [],
    needsLlm: true,
    protocols: ['continual', 'episodic'],
    uses: ['demonstrations'],
    create: (context) => new ZspAgent(baselineOptions(context, 'zsp')),
  },
  {
    name: 'saycan',
    description: 'SayCan (Ahn et al. 2022): log-likelihood of each allowed skill x the oracle affordance',
    privileges: ['affordance'],
    needsLlm: true,
    protocols: ['continual', 'episodic'],
    uses: ['demonstrations'],
    create: (context) => {
      const options = baselineOptions(context, 'saycan');
      if (!context.affordance) throw new Error('saycan needs the affordance check (privilege affordance)');
      return new SayCanAgent({ ...options, affordance: context.affordance });
    },
  },
  {
    name: 'progprompt',
    description: 'ProgPrompt (Singh et al. 2023): a pythonic plan program, parsed by a grammar, assertions answered',
    privileges: [],
    needsLlm: true,
    protocols: ['continual', 'episodic'],
    uses: ['demonstrations'],
    create: (context) => new ProgPromptAgent(baselineOptions(context, 'progprompt')),
  },
  {
    name: 'llm-planner',
    description: 'LLM-Planner (Song et al. 2023): kNN in-context examples, re-planning with the objects seen',
    privileges: [],
    needsLlm: true,
    protocols: ['continual', 'episodic'],
    uses: ['demonstrations'],
    create: (context) => new LlmPlannerAgent(baselineOptions(context, 'llm-planner')),
  },
];
