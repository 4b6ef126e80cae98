/**
 * Max-Staleness-First (ExRAP E.4): the instruction whose information is oldest comes first. MSF picks the
 * instruction with the greatest staleness, the steps since it was last known to be in order (`ageOf`; ties: the
 * earlier instruction), as its target. If the belief says the target's execution does not hold, it follows a plan
 * until it does; otherwise it walks to the room of the target's least recently checked node to look (patrolling when
 * that node's place is unknown), and releases the target once that node has been checked, or executes it if it
 * turned out to need the agent. A target whose node cannot be placed is released once every room has been seen.
 * No instruction starves, at the price of walks that find nothing to do.
 */
import type { Skill } from '../../sim/skill.js';
import { BeliefAgent, type InstructionStatus } from './belief-agent.js';

export class MaxStalenessFirstAgent extends BeliefAgent {
  protected readonly kind = 'max-staleness-first';
  private target: { id: string; node: number | undefined; since: number } | undefined;
  /**
   * Per instruction: when a search for its stalest node ended without finding it (every room seen since the target
   * was taken). Counts as a check for the age, so that an object nobody can find does not hold the target for ever.
   */
  private searchedAt = new Map<string, number>();
  /** Per instruction: the last step the belief said its execution held. */
  private fineAt = new Map<string, number>();

  protected override onReset(): void {
    this.target = undefined;
    this.searchedAt = new Map();
    this.fineAt = new Map();
  }

  /**
   * The staleness used to choose a target: how long since the instruction was last known to be in order. For one
   * believed in order, the age of that belief (steps since its least recently checked node was checked; a finished
   * search counts as a check); for one believed undone, the steps since it was last believed in order, which keep
   * growing however often the agent sees it undone, so a known chore is not put off for ever by fresh sightings.
   */
  private ageOf(status: InstructionStatus): number {
    const fine = this.fineAt.get(status.meaning.id);
    const age = status.done ? status.age : Math.max(status.age, fine === undefined ? this.t + 1 : this.t - fine);
    const searched = this.searchedAt.get(status.meaning.id);
    return searched === undefined ? age : Math.min(age, this.t - searched);
  }

  /** The target's node has been checked since it was taken (one of a class not seen then: the class has been seen). */
  private targetChecked(status: InstructionStatus): boolean {
    const { node, since } = this.target!;
    return node === undefined ? !status.unseenClass : (this.belief.checkedAt(node) ?? -1) > since;
  }

  /** The room the belief places the node in (none for no node). */
  private placeOf(node: number | undefined): number | undefined {
    return node === undefined ? undefined : this.belief.roomOf(node);
  }

  /** Every room has been in view since the step. */
  private allRoomsSeenSince(step: number): boolean {
    return this.belief.graph.rooms().every((room) => (this.belief.roomSeen(room) ?? -1) > step);
  }

  protected decide(): Skill | undefined {
    const statuses = this.statuses();
    for (const status of statuses) if (status.done) this.fineAt.set(status.meaning.id, this.t);
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
      const checked = status && this.targetChecked(status);
      const unfound =
        status && !checked && this.placeOf(this.target.node) === undefined && this.allRoomsSeenSince(this.target.since);
      if (unfound) this.searchedAt.set(this.target.id, this.t);
      else if (status && !(checked && status.done)) return status;
      this.target = undefined;
    }
    let best: InstructionStatus | undefined;
    for (const status of statuses) if (!best || this.ageOf(status) > this.ageOf(best)) best = status;
    // The node to look at: the least recently checked one (for a chore known undone, it is served, not looked at).
    if (best) this.target = { id: best.meaning.id, node: best.stalest, since: this.t - 1 };
    return best;
  }

  /** Executes a target that needs it, or walks to look at it; undefined when neither is possible now. */
  private serve(status: InstructionStatus): Skill | undefined {
    if (status.known && !status.done) return this.planFor(status)?.[0];
    const node = this.target!.node;
    if (this.targetChecked(status)) return undefined;
    const room = this.placeOf(node);
    if (room === undefined) return this.patrol();
    if (room === this.room) return undefined;
    return this.walkTowards(room);
  }
}
