/**
 * Plans for the model-free agents: the household planner (`src/planning/household`) turns a goal over a graph (the
 * true one for the Oracle, a belief for the heuristics) into VirtualHome skills, which the episode's skill set then
 * renames (ALFRED's goto, pickup, toggle, put). A plan is checked by running it on a copy of the graph with the
 * skill set's own rules, so an agent never commits to a plan the world would refuse for a reason it can know.
 */

import { planDelivery } from '../../planning/city/delivery.js';
import {
  executionFailure,
  type HouseholdPlanRequest,
  type HouseholdSkillSet,
  householdDomainInfo,
  householdProblemFor,
  planForGoal,
} from '../../planning/household/index.js';
import type { Problem } from '../../planning/pddl/ast.js';
import { type Condition, holds } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Skill } from '../../sim/skill.js';
import { executeSkill, type RoomPairs, type SkillSet } from '../../sim/skill-sets.js';
import { memoKey, SharedMemo } from '../../util/shared-memo.js';

export interface PlanOptions {
  /** Node ids the planner must not use (a belief's placeless nodes). */
  readonly exclude?: readonly number[];
  /**
   * Try an optimal search (A* with LM-cut, at most OPTIMAL_STATE_LIMIT states) before the quick one. The episodic
   * Oracle uses it for L*; the continual agents do not (goals of several instructions cost seconds per search).
   */
  readonly optimal?: boolean;
  /** The acting character (default: the graph's first). */
  readonly characterId?: number;
}

/**
 * States an optimal search may store before settling for the quick search. A count, not a time limit, so that the
 * same episode always gets the same plan, on any machine.
 */
export const OPTIMAL_STATE_LIMIT = 20_000;

/**
 * Searches already made, by the problem they solved: the pruned PDDL problem (objects, initial facts, goal), keyed by
 * a digest of it. The planner is a pure function of that problem, so a repeated problem (a heuristic retrying an
 * instruction on a belief that has not changed where it matters, the Oracle facing a state it has seen, another
 * episode in the same home) gets the same answer without grounding and searching again. A cached plan is still
 * checked on the request's own graph before it is returned, so the cache never changes what an agent does, only how
 * fast. Shared by the worker threads of a run (`SharedMemo`): with one thread per core, each thread meets a fraction
 * of a sweep's problems. Bounded: cleared when full.
 */
const SEARCHES = new SharedMemo<readonly Skill[] | null>('household-searches', 4096, { parse: parseStoredPlan });

/** The household planner's skill names: what a stored plan may name (the `virtualhome` and `alfred` sets plan with B.1's). */
let plannerSkills: ReadonlySet<string> | undefined;
const PLAN_STEPS_READ = 1000;

/**
 * A plan read back from the memo store (untrusted: `memo-store.ts`): null (no plan), or at most PLAN_STEPS_READ steps
 * of the planner's own skills over node ids; anything else is not a stored plan. A plan read is still run in the
 * simulator on the request's graph before it is used (`planSkills`).
 */
function parseStoredPlan(value: unknown): readonly Skill[] | null | undefined {
  if (value === null) return null;
  if (!Array.isArray(value) || value.length > PLAN_STEPS_READ) return undefined;
  plannerSkills ??= new Set([...householdDomainInfo('virtualhome').actions.values()].map((a) => a.skill));
  const plan: Skill[] = [];
  for (const step of value) {
    if (typeof step !== 'object' || step === null) return undefined;
    const { action, objects } = step as { action?: unknown; objects?: unknown };
    if (typeof action !== 'string' || !plannerSkills.has(action)) return undefined;
    if (!Array.isArray(objects) || objects.length > 4) return undefined;
    if (!objects.every((id) => Number.isSafeInteger(id) && id >= 0)) return undefined;
    plan.push({ action, objects: [...objects] as number[] });
  }
  return plan;
}

/** Counters of `planSkills` (for the benchmarks). */
export const planningCounters = { searches: 0, cached: 0 };

/**
 * The household planner's model of an episode's skill set: ALFRED's skills are planned under their own restrictions
 * (one hand, a put whose relation the receptacle decides), any other skill set as VirtualHome's B.1 skills, which
 * `fromVirtualHome` renames. Planned as B.1, an ALFRED agent was sent to pick up a second plate with one in hand and
 * repeated the refused skill for the rest of the episode.
 */
export function householdSkillsOf(skills: SkillSet): HouseholdSkillSet {
  return skills.name === 'alfred' ? 'alfred' : 'virtualhome';
}

function problemKey(problem: Problem): string {
  // In the problem's own order: the search may break ties by it, so only an identical problem is the same problem.
  const init = problem.init.map((atom) => `${atom.predicate}(${atom.args.join(',')})`);
  const objects = problem.objects.map((o) => `${o.key}:${o.types.join('/')}`);
  return [objects.join(' '), init.join(' '), JSON.stringify(problem.goal), JSON.stringify(problem.functionValues)].join(
    '|',
  );
}

/**
 * A plan from the graph's state to the goal in the skill set's skills, found by the household planner's quick search
 * (lazy greedy best-first with FF, redundant steps eliminated) unless `optimal`; undefined when none is found.
 */
export function planSkills(
  graph: EnvGraph,
  goal: Condition,
  skills: SkillSet,
  options: PlanOptions = {},
): Skill[] | undefined {
  const characterId = options.characterId ?? graph.characterId();
  // The city plans over its road graph (docs/city.md), not with the household domain.
  if (skills.name === 'city') return planDelivery({ graph, goal, skills, characterId, exclude: options.exclude });
  const request: HouseholdPlanRequest = {
    state: graph,
    goal,
    skills: householdSkillsOf(skills),
    characterId,
    ...(options.exclude && options.exclude.length > 0 && { exclude: [...options.exclude] }),
  };
  // The problem is made once: for the key, and for the search on a miss.
  const built = householdProblemFor(request);
  const key = memoKey(`${options.optimal ? 'optimal' : 'quick'}|${request.skills}|${problemKey(built.problem)}`);
  let found = SEARCHES.get(key);
  if (found !== undefined && found !== null && !runsOn(graph, characterId, found, goal)) {
    found = undefined; // the graph differs from the cached one outside the pruned problem: search afresh
  }
  if (found === undefined) {
    planningCounters.searches++;
    let result = options.optimal
      ? planForGoal({ ...request, search: 'astar-lmcut', maxStates: OPTIMAL_STATE_LIMIT }, built)
      : undefined;
    if (!result?.solved) result = planForGoal(request, built);
    found = result.solved ? result.skills : null;
    // A plan the simulator refused on this graph says nothing about another graph with the same pruned problem.
    if (result.solved || !result.reason?.includes('does not execute')) {
      SEARCHES.set(key, found);
    }
  } else {
    planningCounters.cached++;
  }
  if (found === null) return undefined;
  const out: Skill[] = [];
  for (const skill of found) {
    const own = skills.fromVirtualHome(skill);
    if (!own) return undefined;
    out.push(own);
  }
  return out;
}

/** Whether a memo's plan runs on the graph to the goal (one read from disk may name what the graph lacks: no). */
function runsOn(graph: EnvGraph, characterId: number, plan: readonly Skill[], goal: Condition): boolean {
  try {
    return executionFailure(graph, characterId, plan, goal) === undefined;
  } catch {
    return false;
  }
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

/** Where a plan is run: the graph, whose character, and the rules of the skill set and the room adjacency. */
export interface PlanSetting {
  readonly graph: EnvGraph;
  readonly characterId: number;
  readonly skills: SkillSet;
  readonly adjacent: RoomPairs;
}

/**
 * How many skills of a plan it takes until the goal holds for good: the number of skills after which it holds and
 * goes on holding to the plan's end (0 when it holds throughout; the plan's length when it only holds at the end, or
 * never). For a plan made for several goals at once, how soon it serves one of them. The graph is left as it was.
 */
export function stepsUntilHeld(plan: readonly Skill[], goal: Condition, setting: PlanSetting): number {
  const { graph, characterId, skills, adjacent } = setting;
  return graph.tryChanges((g) => {
    let since: number | undefined = holds(goal, g) ? 0 : undefined;
    for (const [i, skill] of plan.entries()) {
      if (!executeSkill(g, characterId, skill, skills, adjacent).success) return plan.length;
      if (!holds(goal, g)) since = undefined;
      else since ??= i + 1;
    }
    return since ?? plan.length;
  });
}

/** A stable text key of a skill, for votes and caches. */
export const skillKey = (skill: Skill): string => `${skill.action}:${skill.objects.join(',')}`;
