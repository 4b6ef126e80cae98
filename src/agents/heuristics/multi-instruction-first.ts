/**
 * Multiple-Instruction-First (ExRAP E.4): the skill that serves the most instructions. Every instruction whose
 * execution the belief says does not hold (objects known) proposes the first skill of its own plan; the skill
 * proposed by most instructions is taken (ties: the one whose shortest proposing plan is shortest, then the earlier
 * instruction). Nothing is committed to, so the vote can switch between instructions from one step to the next. With
 * nothing to do it explores where instructions gather: it walks towards the room with the highest
 * (1 + instructions with a node believed there) x (steps since the room was seen), counting an instruction with a
 * node it never saw (or a class it knows no instance of) for every room it never saw.
 */
import type { Skill } from '../../sim/skill.js';
import { BeliefAgent } from './belief-agent.js';
import { skillKey } from './plans.js';

export class MultiInstructionFirstAgent extends BeliefAgent {
  protected readonly kind = 'multi-instruction-first';

  protected decide(): Skill | undefined {
    const statuses = this.statuses();
    const votes = new Map<string, { skill: Skill; count: number; shortest: number; first: number }>();
    for (const status of statuses) {
      if (!status.known || status.done) continue;
      const plan = this.planFor(status);
      if (!plan) continue;
      const key = skillKey(plan[0]);
      const vote = votes.get(key);
      if (vote) {
        vote.count++;
        vote.shortest = Math.min(vote.shortest, plan.length);
      } else {
        votes.set(key, { skill: plan[0], count: 1, shortest: plan.length, first: status.index });
      }
    }
    let best: { skill: Skill; count: number; shortest: number; first: number } | undefined;
    for (const vote of votes.values()) {
      if (
        !best ||
        vote.count > best.count ||
        (vote.count === best.count &&
          (vote.shortest < best.shortest || (vote.shortest === best.shortest && vote.first < best.first)))
      ) {
        best = vote;
      }
    }
    if (best) return best.skill;

    const belief = this.belief;
    const neverSeen = (room: number) => belief.roomSeen(room) === undefined;
    const gathered = (room: number) =>
      statuses.filter(
        (s) =>
          (s.unseenClass && neverSeen(room)) ||
          s.nodes.some((id) => {
            const at = belief.roomOf(id);
            return at === undefined ? neverSeen(room) : at === room;
          }),
      ).length;
    return this.exploreBy((room, unseenFor) => (1 + gathered(room)) * unseenFor);
  }
}
