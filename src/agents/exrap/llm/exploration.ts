/**
 * `LlmExplorationPlanner`, the exploration planner of the ExRAP-LLM ablation (paper 000, section 4.4 and appendix
 * D.2): instead of the information-based value of eq. 10-11, the model is prompted to explore the home ("Explore the
 * home", prompt `prompts/exrap/exploration.txt`, with the standing instructions, the rooms and when each was last
 * visited, and the retrieved memory), and the value of each candidate skill is its probability as the next step.
 */
import type { LanguageModel, ScoreOptionsOptions } from '../../../llm/language-model.js';
import type { Skill } from '../../../sim/skill.js';
import { numberedLines } from '../../demonstrations/render.js';
import { PromptSet } from '../../prompting/templates.js';
import type { ExplorationPlanner, ExrapStep, QueryEvaluation } from '../roles.js';
import { requestSeed } from './seeds.js';
import { PAPER_BUDGET, type PlannerBudget, scoreSkills, withShrinkingContext } from './skill-scores.js';
import { memoryLines } from './text.js';

export const EXPLORATION_PROMPTS = { exploration: 'exrap/exploration' };

export interface LlmExplorationOptions {
  readonly llm: LanguageModel;
  readonly seed?: number;
  readonly memory?: number;
  readonly method?: ScoreOptionsOptions['method'];
}

export class LlmExplorationPlanner implements ExplorationPlanner {
  readonly name = 'llm';
  readonly prompts = new PromptSet(EXPLORATION_PROMPTS);
  readonly stats = { calls: 0 };
  private readonly llm: LanguageModel;
  private readonly seed: number;
  private readonly budget: PlannerBudget;
  private readonly method: ScoreOptionsOptions['method'];

  constructor(options: LlmExplorationOptions) {
    this.llm = options.llm;
    this.seed = options.seed ?? 0;
    this.budget = { demonstrations: 0, memory: options.memory ?? PAPER_BUDGET.memory };
    this.method = options.method ?? 'auto';
  }

  async values(
    step: ExrapStep,
    evaluations: readonly QueryEvaluation[],
    candidates: readonly Skill[],
  ): Promise<Float64Array> {
    if (candidates.length === 0) return new Float64Array(0);
    const scored = await withShrinkingContext(this.budget, async (budget) => {
      this.stats.calls++;
      return scoreSkills(this.llm, this.prompt(step, evaluations, budget), step, candidates, {
        seed: requestSeed(this.seed, 'exploration', step.t),
        method: this.method,
      });
    });
    return scored.values;
  }

  prompt(step: ExrapStep, evaluations: readonly QueryEvaluation[], budget: PlannerBudget): string {
    const memory = step.memory;
    const instructions = [...new Set(evaluations.map((e) => e.query.instructionText))];
    const rooms = [...memory.rooms()].sort().map((room) => {
      const visit = memory.lastVisit(room);
      return `${room}: ${visit === undefined ? 'never visited' : `last there at step ${visit}`}`;
    });
    const retrieved =
      budget.memory > 0 ? memory.sample(memory.scores(instructions), step.rng).slice(0, budget.memory) : [];
    return this.prompts.render('exploration', {
      instructions: instructions.length > 0 ? numberedLines(instructions) : '(none)',
      rooms: rooms.length > 0 ? rooms.join('\n') : '(none known yet)',
      memory: memoryLines(retrieved),
      room: memory.entityOf(step.feedback.observation.roomId) ?? `room.${step.feedback.observation.roomId}`,
      t: String(step.t),
    });
  }
}
