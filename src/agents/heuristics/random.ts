/** Random: a skill drawn uniformly from the protocol's candidates at each step, with the episode's seed. */
import type { Skill } from '../../sim/skill.js';
import { Rng } from '../../util/rng.js';
import type { Agent, StepFeedback, TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';

export class RandomAgent implements Agent {
  readonly name = 'random';
  private rng: Rng;
  private feedback: StepFeedback | undefined;

  constructor(private readonly context: AgentContext) {
    this.rng = new Rng(context.seed).fork('agent:random');
  }

  reset(_task: TaskBrief, first: StepFeedback): void {
    this.rng = new Rng(this.context.seed).fork('agent:random');
    this.feedback = first;
  }

  observe(feedback: StepFeedback): void {
    this.feedback = feedback;
  }

  act(): Skill {
    const candidates = this.feedback!.candidates;
    return candidates[this.rng.int(candidates.length)];
  }
}
