/**
 * Plans for the model-free agents: the household planner (`src/planning/household`) turns a goal over a graph (the
 * true one for the Oracle, a belief for the heuristics) into VirtualHome skills, which the episode's skill set then
 * renames (ALFRED's goto, pickup, toggle, put). A plan is checked by running it on a copy of the graph with the
 * skill set's own rules, so an agent never commits to a plan the world would refuse for a reason it can know.
 */

import { planForGoal } from '../../planning/household/index.js';
import { type Condition, holds } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import { executeSkill, type RoomPairs, type SkillSet } from '../../sim/skill-sets.js';

export interface PlanOptions {
  /** Node ids the planner must not use (a belief's placeless nodes). */
  readonly exclude?: readonly number[];
  /** Search for a plan with the fewest skills (the Oracle) before settling for a quick one. */
  readonly optimal?: boolean;
  /** The acting character (default: the graph's first). */
  readonly characterId?: number;
}

/**
 * States an optimal search may store before the Oracle settles for the quick search. A count, not a time limit, so
 * that the same episode always gets the same plan, on any machine.
 */
export const OPTIMAL_STATE_LIMIT = 20_000;

/** A plan from the graph's state to the goal in the skill set's skills; undefined when none is found. */
export function planSkills(
  graph: EnvGraph,
  goal: Condition,
  skills: SkillSet,
  options: PlanOptions = {},
): Skill[] | undefined {
  const request = {
    state: graph,
    goal,
    skills: 'virtualhome' as const,
    ...(options.characterId !== undefined && { characterId: options.characterId }),
    ...(options.exclude && options.exclude.length > 0 && { exclude: [...options.exclude] }),
  };
  let result = options.optimal
    ? planForGoal({ ...request, search: 'astar-hmax', maxStates: OPTIMAL_STATE_LIMIT })
    : undefined;
  if (!result?.solved) result = planForGoal(request);
  if (!result.solved) return undefined;
  const out: Skill[] = [];
  for (const skill of result.skills) {
    const own = skills.fromVirtualHome(skill);
    if (!own) return undefined;
    out.push(own);
  }
  return out;
}

/**
 * Whether the plan runs on the graph (every skill succeeds under the skill set's rules) and reaches the goal. The
 * graph is left as it was (the run happens between a checkpoint and its rollback).
 */
export function planWorks(
  graph: EnvGraph,
  characterId: number,
  plan: readonly Skill[],
  goal: Condition,
  skills: SkillSet,
  adjacent: RoomPairs,
): boolean {
  return graph.tryChanges((g) => {
    for (const skill of plan) {
      if (!executeSkill(g, characterId, skill, skills, adjacent).success) return false;
    }
    return holds(goal, g);
  });
}

/** A stable text key of a skill, for votes and caches. */
export const skillKey = (skill: Skill): string => `${skill.action}:${skill.objects.join(',')}`;
