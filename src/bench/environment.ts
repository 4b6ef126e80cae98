/**
 * The world side of an episode, shared by every protocol: it holds the true graph, runs an agent's skill through the
 * simulator (after the protocol's skill-set restrictions), and tells the agent what it sees. Agents never get this
 * object; they get `StepFeedback` only. The skill sets themselves live in `src/sim/skill-sets.ts`, where agents that
 * simulate their plans can reach them too.
 */
import type { StepFeedback } from '../agents/agent.js';
import type { EnvGraph } from '../sim/graph.js';
import type { Observation } from '../sim/observation.js';
import { observe } from '../sim/observe.js';
import type { Skill } from '../sim/skill.js';
import {
  executeSkill,
  type RoomPairs,
  roomPairs,
  type SkillOutcome,
  type SkillSet,
  skillWouldSucceed,
  VIRTUALHOME_SKILLS,
} from '../sim/skill-sets.js';
import { markDecisionStep } from '../util/decisions.js';

export {
  ALFRED_SKILLS,
  alfredPutRelation,
  executeSkill,
  neighbours,
  type RoomPairs,
  roomPairs,
  SKILL_SETS,
  type SkillOutcome,
  type SkillSet,
  VIRTUALHOME_SKILLS,
} from '../sim/skill-sets.js';

/** One episode's world: the true graph, the character, the skill set. */
export class EpisodeWorld {
  readonly characterId: number;
  readonly adjacent: RoomPairs;

  constructor(
    readonly graph: EnvGraph,
    readonly skills: SkillSet = VIRTUALHOME_SKILLS,
  ) {
    this.characterId = graph.characterId();
    this.adjacent = roomPairs(graph);
  }

  observe(): Observation {
    return observe(this.graph, this.characterId, this.skills.inSight?.(this.graph, this.characterId));
  }

  /** What the agent is told at step t, after `last` (absent at the start). */
  feedback(t: number, last?: { skill: Skill; outcome: SkillOutcome }): StepFeedback {
    // What the agent records from now on (its decision, its model calls) belongs to step t.
    markDecisionStep(t);
    const observation = this.observe();
    return {
      t,
      observation,
      adjacentRooms: this.adjacent,
      candidates: this.skills.candidates(observation, this.adjacent),
      ...(last && {
        lastSkill: last.skill,
        success: last.outcome.success,
        ...(last.outcome.error !== undefined && { error: last.outcome.error, errorKind: last.outcome.errorKind }),
      }),
    };
  }

  /** Runs a skill: the skill set's restrictions first, then the simulator's rules. */
  step(skill: Skill): SkillOutcome {
    return executeSkill(this.graph, this.characterId, skill, this.skills, this.adjacent);
  }

  /** Whether `step(skill)` would succeed now, changing nothing (SayCan's oracle affordance). */
  wouldSucceed(skill: Skill): boolean {
    return skillWouldSucceed(this.graph, this.characterId, skill, this.skills, this.adjacent);
  }
}
