/**
 * Shared pieces of the household-planner tests: grounding a state's problem over every node, reading a compiled
 * operator back as a skill, the facts a state gives in the domain's predicate scheme, running skills in the
 * simulator, and sampling states by random successful skills.
 */

import { ALFRED_SKILLS, EpisodeWorld, roomPairs, VIRTUALHOME_SKILLS } from '../../../src/bench/environment.js';
import {
  type HouseholdSkillSet,
  householdDomainInfo,
  householdProblemFor,
  idOfObjectName,
  scriptActionOf,
} from '../../../src/planning/household/index.js';
import { buildHouseholdProblem } from '../../../src/planning/household/problem.js';
import {
  applyOperator,
  describeState,
  type GroundTask,
  groundTask,
  holds,
  type Operator,
} from '../../../src/planning/index.js';
import { ACTION_ARITY, type ActionName, type ExecutableAction } from '../../../src/sim/actions/names.js';
import { type Condition, edge } from '../../../src/sim/conditions.js';
import { executeStep } from '../../../src/sim/executor.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { observe } from '../../../src/sim/observe.js';
import type { Skill } from '../../../src/sim/skill.js';
import { Rng } from '../../../src/util/rng.js';

/** A goal that mentions only the character (so that the problem keeps every node with prune: false). */
export const trivialGoal = (graph: EnvGraph): Condition => edge(graph.characterId(), 'INSIDE', graph.rooms()[0]);

/** The ground task of a state over all of its nodes. */
export function groundState(graph: EnvGraph, skills: HouseholdSkillSet): { task: GroundTask; ids: number[] } {
  const { problem, ids } = householdProblemFor({ state: graph, goal: trivialGoal(graph), skills, prune: false });
  return { task: groundTask(householdDomainInfo(skills).domain, problem), ids };
}

/** The skill a ground operator stands for. */
export function skillOf(skills: HouseholdSkillSet, op: Operator): Skill {
  const action = householdDomainInfo(skills).actions.get(op.action.toLowerCase());
  if (!action) throw new Error(`no compiled action ${op.action}`);
  const params = action.params.map((p) => p.name);
  return { action: action.skill, objects: action.skillObjects.map((o) => idOfObjectName(op.args[params.indexOf(o)])) };
}

export const skillKey = (skill: Skill): string => `${skill.action}(${skill.objects.join(',')})`;

/** The operators applicable in the task's initial state. */
export function applicableOperators(task: GroundTask): Operator[] {
  return task.operators.filter((op) => holds(op.pre, task.init));
}

/** The facts (as `(pred a b)` text) a graph gives over the given node ids, in the skill set's scheme. */
export function factsOf(graph: EnvGraph, ids: readonly number[], skills: HouseholdSkillSet): Set<string> {
  const problem = buildHouseholdProblem(householdDomainInfo(skills), {
    graph,
    characterId: graph.characterId(),
    ids,
    goal: trivialGoal(graph),
  });
  return new Set(problem.init.map((a) => `(${[a.predicate, ...a.args].join(' ')})`));
}

/** The facts that change from `before` to `after`, each prefixed `+` or `-`, sorted. */
export function factDelta(before: ReadonlySet<string>, after: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const f of after) if (!before.has(f)) out.push(`+${f}`);
  for (const f of before) if (!after.has(f)) out.push(`-${f}`);
  return out.sort();
}

/** What a ground operator changes in the task's initial state, in the same form as `factDelta`. */
export function operatorDelta(task: GroundTask, op: Operator): string[] {
  const next = new Uint32Array(task.init.length);
  applyOperator(task, op, task.init, next);
  return factDelta(new Set(describeState(task, task.init)), new Set(describeState(task, next)));
}

/** Runs one skill in place; the simulator's error, or undefined when it ran. */
export function runSkill(graph: EnvGraph, skill: Skill): string | undefined {
  const step = executeStep(graph, {
    action: scriptActionOf(skill.action) as ActionName,
    objects: skill.objects.map((id) => ({ name: graph.get(id).className, id })),
    agent: graph.characters().indexOf(graph.characterId()),
  });
  return step.ok ? undefined : (step.error ?? 'failed');
}

/** Runs skills in place, stopping at the first that fails; its error, or undefined when all ran. */
export function runSkills(graph: EnvGraph, skills: readonly Skill[]): string | undefined {
  for (const [i, skill] of skills.entries()) {
    const error = runSkill(graph, skill);
    if (error) return `step ${i + 1} ${skillKey(skill)}: ${error}`;
  }
  return undefined;
}

/**
 * States reached from `graph` (not changed) by `steps` random steps the simulator accepts: the benchmark's offered
 * VirtualHome skills, and (with `full`) any action of the 'full' skill set on an object of the current room, so
 * that the walk reaches held objects, open containers, sitting, plugged-out devices; with `oneHand`, no grab while
 * something is held (the states an ALFRED agent reaches). Returns a copy of every `every`-th state.
 */
export function sampleStates(
  graph: EnvGraph,
  seed: number,
  steps: number,
  every: number,
  full = false,
  oneHand = false,
): EnvGraph[] {
  const rng = new Rng(seed);
  const g = graph.clone();
  const out: EnvGraph[] = [];
  const fullActions = [...new Set([...householdDomainInfo('full').actions.values()].map((a) => a.skill))].sort();
  for (let t = 1; t <= steps; t++) {
    const character = g.characterId();
    const offered = VIRTUALHOME_SKILLS.candidates(observe(g, character), roomPairs(g));
    const holding = g.targets(character, 'HOLDS_RH').size + g.targets(character, 'HOLDS_LH').size > 0;
    const pool: Skill[] = offered.filter(
      (s) => !VIRTUALHOME_SKILLS.refusal(g, character, s, roomPairs(g)) && !(oneHand && holding && s.action === 'grab'),
    );
    if (full) {
      const here = [...g.sources(g.roomOf(character)!, 'INSIDE')].sort((a, b) => a - b).filter((id) => !g.isRoom(id));
      for (let k = 0; k < 20; k++) {
        const action = rng.pick(fullActions);
        const arity = ACTION_ARITY[scriptActionOf(action) as ExecutableAction];
        pool.push({ action, objects: rng.sample(here, arity) });
      }
    }
    // Walks are most of what is offered; favour the rest.
    const others = pool.filter((s) => s.action !== 'walk');
    for (let tries = 0; tries < 20; tries++) {
      const skill = rng.pick(others.length > 0 && rng.bool(0.7) ? others : pool);
      if (!runSkill(g, skill)) break;
    }
    if (t % every === 0) out.push(g.clone());
  }
  return out;
}

/**
 * Replays a plan's skills on a copy of the state, the 'virtualhome' ones through the benchmark's EpisodeWorld (its
 * restrictions, then the simulator), the 'alfred' ones renamed to ALFRED's skills through an EpisodeWorld with
 * ALFRED's skill set, the 'full' ones through the simulator; returns the copy after them, or the first failure.
 */
export function replay(
  state: EnvGraph,
  skills: readonly Skill[],
  skillSet: HouseholdSkillSet,
): { graph: EnvGraph; error?: string } {
  const graph = state.clone();
  if (skillSet === 'full') return { graph, error: runSkills(graph, skills) };
  const skillsOfWorld = skillSet === 'alfred' ? ALFRED_SKILLS : VIRTUALHOME_SKILLS;
  const world = new EpisodeWorld(graph, skillsOfWorld);
  for (const [i, planned] of skills.entries()) {
    const skill = skillsOfWorld.fromVirtualHome(planned);
    if (!skill) return { graph, error: `step ${i + 1} ${skillKey(planned)} is not a skill of ${skillsOfWorld.name}` };
    const offered = world.feedback(i).candidates.some((c) => skillKey(c) === skillKey(skill));
    if (!offered) return { graph, error: `step ${i + 1} ${skillKey(skill)} is not among the offered skills` };
    const outcome = world.step(skill);
    if (!outcome.success) return { graph, error: `step ${i + 1} ${skillKey(skill)}: ${outcome.error}` };
  }
  return { graph };
}
