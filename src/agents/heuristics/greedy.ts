/**
 * Greedy (ExRAP E.4): one instruction at a time. Among the instructions whose execution the belief says does not
 * hold (and whose objects it knows), it takes the one with the shortest plan, follows that plan until the belief says
 * the execution holds (re-planning on the way when the plan stops working), then chooses again. With nothing to do
 * it patrols: it walks towards the room it has not seen for longest.
 */
import type { Skill } from '../../sim/skill.js';
import { BeliefAgent } from './belief-agent.js';

export class GreedyAgent extends BeliefAgent {
  protected readonly kind = 'greedy';
  private focus: string | undefined;

  protected override onReset(): void {
    this.focus = undefined;
  }

  protected decide(): Skill | undefined {
    const pending = this.statuses().filter((s) => s.known && !s.done);
    const current = pending.find((s) => s.meaning.id === this.focus);
    if (current) {
      const plan = this.planFor(current);
      if (plan) return plan[0];
    }
    this.focus = undefined;
    let best: { id: string; plan: Skill[] } | undefined;
    for (const status of pending) {
      const plan = this.planFor(status);
      if (plan && (!best || plan.length < best.plan.length)) best = { id: status.meaning.id, plan };
    }
    if (best) {
      this.focus = best.id;
      return best.plan[0];
    }
    return this.patrol();
  }
}
