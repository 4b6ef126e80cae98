/**
 * LLM-State's variants as configuration (paper 002, Tables I and II): the full state, and the ablations that drop
 * the retrospective summary, the object entries, or the state altogether (the policy then sees the observation and
 * the history only, the paper's "w/o States", prompted like LLM-Planner).
 */
import type { LlmStateConfig } from './agent.js';

export interface LlmStateVariant {
  readonly name: string;
  readonly description: string;
  readonly config: LlmStateConfig;
}

export const LLM_STATE_VARIANTS: readonly LlmStateVariant[] = [
  {
    name: 'llm-state',
    description:
      'LLM-State (Chen et al. 2024): key-object attention, object attributes + retrospective summary, n-step policy',
    config: { state: { objects: true, summary: true } },
  },
  {
    name: 'llm-state-no-summary',
    description: 'LLM-State ablation (Table II): object entries only, no retrospective summary of failures',
    config: { state: { objects: true, summary: false } },
  },
  {
    name: 'llm-state-no-objects',
    description: 'LLM-State ablation (Table II): the retrospective summary only, no object entries',
    config: { state: { objects: false, summary: true } },
  },
  {
    name: 'llm-state-no-states',
    description: 'LLM-State ablation (Table I, "w/o States"): the policy sees the observation and the history only',
    config: { state: undefined },
  },
];
