/**
 * SemGro's variants as configuration (paper 003): the method, the fixed-level planners of Table 4 (the critic
 * bypassed: SG-L plans with level-1 skills, SG-M with levels 2-3, SG-H with level M), and the retrieval ablations
 * of Table 5 (k = 5, k = 15, random in-context examples, no observation in the similarity).
 */
import type { DetectorNoise } from './critic.js';
import { LEVELS } from './database/database.js';
import type { RetrievalSettings } from './retrieval.js';

export interface SemGroConfig {
  readonly retrieval: RetrievalSettings;
  /** The critic checks each chosen skill, and skills it rejects are decomposed (false: Table 4's fixed levels). */
  readonly critic: boolean;
  /** Critic verdicts per decision before the agent gives up and looks elsewhere (the paper gives no number). */
  readonly maxIterations: number;
  /** The detector's noise (default none: hearth's observations are exact). */
  readonly detectorNoise?: DetectorNoise;
}

export interface SemGroVariant {
  readonly name: string;
  readonly description: string;
  readonly config: SemGroConfig;
}

/** The paper's retriever: k = 10 over levels 2..M, the candidates one level down, the observation scored. */
export const PAPER_RETRIEVAL: RetrievalSettings = {
  k: 10,
  levels: [2, LEVELS],
  candidates: 'children',
  observation: true,
  examples: 'knn',
};

const SEMGRO: SemGroConfig = { retrieval: PAPER_RETRIEVAL, critic: true, maxIterations: 10 };

const fixedLevel = (levels: [number, number], candidates: 'children' | 'self'): SemGroConfig => ({
  ...SEMGRO,
  critic: false,
  retrieval: { ...PAPER_RETRIEVAL, levels, candidates },
});

export const SEMGRO_VARIANTS: readonly SemGroVariant[] = [
  {
    name: 'semgro',
    description: 'SemGro (Shin et al. 2024): kNN skill retrieval, generator, critic, downward decomposition',
    config: SEMGRO,
  },
  {
    name: 'semgro-low',
    description: 'SemGro ablation (Table 4, SG-L): plans with level-1 skills, critic bypassed',
    config: fixedLevel([2, 2], 'children'),
  },
  {
    name: 'semgro-mid',
    description: 'SemGro ablation (Table 4, SG-M): plans with skills of levels 2-3, critic bypassed',
    config: fixedLevel([3, LEVELS], 'children'),
  },
  {
    name: 'semgro-high',
    description: 'SemGro ablation (Table 4, SG-H): plans with the top level skills, critic bypassed',
    config: fixedLevel([LEVELS, LEVELS], 'self'),
  },
  {
    name: 'semgro-random-examples',
    description: 'SemGro ablation (Table 5, Random): 10 random in-context examples, candidates from the kNN entries',
    config: { ...SEMGRO, retrieval: { ...PAPER_RETRIEVAL, examples: 'random' } },
  },
  {
    name: 'semgro-k5',
    description: 'SemGro ablation (Table 5): k = 5 retrieved entries',
    config: { ...SEMGRO, retrieval: { ...PAPER_RETRIEVAL, k: 5 } },
  },
  {
    name: 'semgro-k15',
    description: 'SemGro ablation (Table 5): k = 15 retrieved entries',
    config: { ...SEMGRO, retrieval: { ...PAPER_RETRIEVAL, k: 15 } },
  },
  {
    name: 'semgro-no-observation',
    description: 'SemGro ablation (Table 5, k = 10 \\ O): the similarity of the instruction alone',
    config: { ...SEMGRO, retrieval: { ...PAPER_RETRIEVAL, observation: false } },
  },
];
