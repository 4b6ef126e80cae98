/**
 * Max-Staleness-First (ExRAP E.4): the instruction whose information is oldest comes first. MSF picks the
 * instruction with the greatest age of information (ties: the earlier instruction) as its target. If the belief
 * says the target's execution does not hold, it follows a plan until it does; otherwise it walks to the room of the
 * target's least recently checked node to look (patrolling when that node's place is unknown), and releases the
 * target once that node has been checked, or executes it if it turned out to need the agent. No instruction starves,
 * at the price of walks that find nothing to do.
 */
import type { Skill } from '../../sim/skill.js';
import { BeliefAgent, type InstructionStatus } from './belief-agent.js';

export class MaxStalenessFirstAgent extends BeliefAgent {
  readonly name = 'max-staleness-first';
  private target: { id: string; node: number; since: number } | undefined;

  protected override onReset(): void {
    this.target = undefined;
  }

  protected decide(): Skill | undefined {
    const statuses = this.statuses();
    for (let tries = 0; tries < statuses.length + 1; tries++) {
      const status = this.currentTarget(statuses);
      if (!status) return this.patrol();
      const skill = this.serve(status);
      if (skill) return skill;
      this.target = undefined;
      statuses.splice(statuses.indexOf(status), 1);
    }
    return this.patrol();
  }

  /** The target's status, choosing a new target (greatest age) when there is none or the old one is released. */
  private currentTarget(statuses: InstructionStatus[]): InstructionStatus | undefined {
    if (this.target) {
      const status = statuses.find((s) => s.meaning.id === this.target?.id);
      const checked = status && (this.belief.checkedAt(this.target.node) ?? -1) > this.target.since;
      if (status && !(checked && status.done)) return status;
      this.target = undefined;
    }
    let best: InstructionStatus | undefined;
    for (const status of statuses) if (!best || status.age > best.age) best = status;
    if (best) this.target = { id: best.meaning.id, node: best.stalest, since: this.t - 1 };
    return best;
  }

  /** Executes a target that needs it, or walks to look at it; undefined when neither is possible now. */
  private serve(status: InstructionStatus): Skill | undefined {
    if (status.known && !status.done) return this.planFor(status)?.[0];
    const node = this.target!.node;
    if ((this.belief.checkedAt(node) ?? -1) > this.target!.since) return undefined;
    const room = this.belief.roomOf(node);
    if (room === undefined) return this.patrol();
    if (room === this.room) return undefined;
    return this.walkTowards(room);
  }
}
