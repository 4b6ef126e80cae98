/**
 * Planning for a goal in a household state: prune, build the problem, ground and search on the cached domain, read
 * the plan back as skills, and check it in the simulator on a scratch copy of the state before returning it.
 */
import type { ActionName } from '../../sim/actions/names.js';
import { type Condition, holds } from '../../sim/conditions.js';
import { executeStep } from '../../sim/executor.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { ScriptLine } from '../../sim/script.js';
import { formatSkill, type Skill } from '../../sim/skill.js';
import type { Property, State } from '../../sim/vocabulary.js';
import { InputError } from '../../util/errors.js';
import type { Problem } from '../pddl/ast.js';
import { plan } from '../plan.js';
import { isOptimalSearch, type SearchConfig } from '../search/index.js';
import { householdDomainInfo } from './domain.js';
import { idOfObjectName } from './naming.js';
import { buildHouseholdProblem, missingGoalNodes } from './problem.js';
import { relevantObjects } from './prune.js';
import { type HouseholdSkillSet, scriptActionOf } from './skill-sets.js';

export type SearchName = SearchConfig;

/** An object the state does not have but a plan may assume (DANLI's dummy instance of an unseen class). */
export interface HypotheticalObject {
  readonly id: number;
  readonly className: string;
  /** VirtualHome category (default 'Props'). */
  readonly category?: string;
  readonly properties?: readonly Property[];
  readonly states?: readonly State[];
  /** The room it is assumed INSIDE. */
  readonly room?: number;
  /** A node it is assumed ON or INSIDE (and CLOSE to, both ways, as hearth's homes place objects). */
  readonly on?: number;
  readonly inside?: number;
}

export interface HouseholdPlanRequest {
  /** The state to plan from: the true graph (Oracle) or an agent's believed graph. Never changed. */
  readonly state: EnvGraph;
  readonly goal: Condition;
  /**
   * 'virtualhome' (default): ExRAP's B.1 skills with their restrictions; 'alfred': the same under ALFRED's one hand
   * and its put (B.2); 'full': every state-changing action.
   */
  readonly skills?: HouseholdSkillSet;
  /** Scene pruning (default true). */
  readonly prune?: boolean;
  /** Default 'lazy-gbfs-ff'; 'astar-hmax' or 'astar-blind' for plans with the fewest skills. */
  readonly search?: SearchName;
  readonly timeLimitMs?: number;
  /** Give up after storing this many states (default 200,000). */
  readonly maxStates?: number;
  /** Node ids no skill may name (DANLI's "exclude the instance and replan"). */
  readonly exclude?: readonly number[];
  /** Objects to add to (a copy of) the state before planning. */
  readonly extraObjects?: readonly HypotheticalObject[];
  /** Node ids pruning must keep besides its own choice. */
  readonly keep?: readonly number[];
  /** The acting character (default: the graph's first). */
  readonly characterId?: number;
  /** Execute the plan in the simulator on a scratch copy before returning it (default true). */
  readonly verify?: boolean;
}

export interface HouseholdPlan {
  solved: boolean;
  /** Ready for EpisodeWorld.step: action names as the skill set uses them, objects as node ids. */
  skills: Skill[];
  /** Number of skills (every skill costs 1). */
  cost: number;
  /** Why unsolved: unreachable goal, limits, objects the state lacks, a failed check. */
  reason?: string;
  stats: {
    objects: number;
    operators: number;
    /** Pruning and building the problem (the domain is compiled once per process). */
    compileMs: number;
    groundMs: number;
    searchMs: number;
    expanded: number;
  };
}

const DEFAULT_MAX_STATES = 200_000;

/** The problem a request plans on (after adding its hypothetical objects, on a copy), with the graph it describes. */
/** The problem a request plans on, with the graph it describes and the ids pruning kept (`householdProblemFor`). */
export interface HouseholdProblem {
  problem: Problem;
  graph: EnvGraph;
  ids: number[];
}

export function householdProblemFor(request: HouseholdPlanRequest): HouseholdProblem {
  const info = householdDomainInfo(request.skills ?? 'virtualhome');
  const graph = withExtraObjects(request.state, request.extraObjects ?? []);
  const characterId = request.characterId ?? graph.characterId();
  const missing = missingGoalNodes(request.goal, graph);
  if (missing.length > 0) throw new InputError(`the goal names node(s) ${missing.join(', ')}, which the state lacks`);
  const ids =
    (request.prune ?? true)
      ? relevantObjects(graph, characterId, request.goal, request.keep)
      : [...graph.nodes()].map((n) => n.id).sort((a, b) => a - b);
  const problem = buildHouseholdProblem(info, {
    graph,
    characterId,
    ids,
    goal: request.goal,
    exclude: new Set(request.exclude ?? []),
  });
  return { problem, graph, ids };
}

/**
 * `built`: the request's problem when the caller has made it already (`householdProblemFor` of this request, or of one
 * that differs only in how to search), so that it is not made twice.
 */
export function planForGoal(request: HouseholdPlanRequest, built?: HouseholdProblem): HouseholdPlan {
  const skillSet = request.skills ?? 'virtualhome';
  const stats = { objects: 0, operators: 0, compileMs: 0, groundMs: 0, searchMs: 0, expanded: 0 };
  const unsolved = (reason: string): HouseholdPlan => ({ solved: false, skills: [], cost: 0, reason, stats });

  const info = householdDomainInfo(skillSet);
  const t0 = performance.now();
  const missing = missingGoalNodes(request.goal, request.state);
  const hypothetical = new Set((request.extraObjects ?? []).map((o) => o.id));
  const absent = missing.filter((id) => !hypothetical.has(id));
  if (absent.length > 0) {
    return unsolved(
      `the goal names object(s) ${absent.join(', ')} that the state lacks (add them as extraObjects to assume them)`,
    );
  }
  const characterId = request.characterId ?? request.state.characterId();
  if (request.state.roomOf(characterId) === undefined) return unsolved(`the character ${characterId} is in no room`);
  const { problem, graph } = built ?? householdProblemFor(request);
  stats.objects = problem.objects.length;
  stats.compileMs = performance.now() - t0;

  const optimal = isOptimalSearch(request.search);
  const result = plan(info.domain, problem, {
    search: request.search ?? 'lazy-gbfs-ff',
    timeLimitMs: request.timeLimitMs,
    maxStates: request.maxStates ?? DEFAULT_MAX_STATES,
    eliminateRedundant: !optimal,
  });
  stats.operators = result.grounding.operators;
  stats.groundMs = result.timesMs.ground;
  stats.searchMs = result.timesMs.search;
  stats.expanded = result.expanded;
  if (!result.solved) {
    switch (result.status) {
      case 'time-limit':
        return unsolved(`the time limit (${request.timeLimitMs} ms) was reached`);
      case 'state-limit':
        return unsolved(`the state limit (${request.maxStates ?? DEFAULT_MAX_STATES}) was reached`);
      default: {
        const pruned =
          (request.prune ?? true) ? ` among the ${stats.objects} objects pruning kept (try prune: false)` : '';
        return unsolved(`no sequence of '${skillSet}' skills reaches the goal${pruned}`);
      }
    }
  }
  const skills = result.steps.map((step): Skill => {
    const action = info.actions.get(step.action.toLowerCase())!;
    const params = action.params.map((p) => p.name);
    return {
      action: action.skill,
      objects: action.skillObjects.map((o) => idOfObjectName(step.args[params.indexOf(o)])),
    };
  });
  if (request.verify ?? true) {
    const failure = executionFailure(graph, characterId, skills, request.goal);
    if (failure) return unsolved(`the plan does not execute in the simulator (${failure}); please report this`);
  }
  return { solved: true, skills, cost: skills.length, stats };
}

/**
 * Runs skills on a copy of the graph; returns why they fail or miss the goal, or undefined when they work. A copy,
 * not `tryChanges`: a rollback restores the graph's content but not the order of a node's states, which the graph's
 * JSON and observations show, and the request promises to leave the state as it was.
 */
export function executionFailure(
  graph: EnvGraph,
  characterId: number,
  skills: readonly Skill[],
  goal: Condition,
): string | undefined {
  const agent = graph.characters().indexOf(characterId);
  const g = graph.clone();
  for (const [i, skill] of skills.entries()) {
    const line: ScriptLine = {
      action: scriptActionOf(skill.action) as ActionName,
      objects: skill.objects.map((id) => ({ name: g.get(id).className, id })),
      agent,
    };
    const step = executeStep(g, line);
    if (!step.ok) return `step ${i + 1} ${formatSkill(skill, (id) => g.node(id)?.className)}: ${step.error}`;
  }
  return holds(goal, g) ? undefined : 'the goal does not hold after the last step';
}

/** A copy of the graph with the hypothetical objects added (the graph itself when there are none). */
export function withExtraObjects(graph: EnvGraph, extras: readonly HypotheticalObject[]): EnvGraph {
  if (extras.length === 0) return graph;
  const copy = graph.clone();
  const where = (id: number) => `extraObjects: object ${id}`;
  for (const extra of extras) {
    if (copy.has(extra.id)) throw new InputError(`${where(extra.id)} is already a node of the state`);
    copy.addNode({
      id: extra.id,
      className: extra.className,
      category: extra.category ?? 'Props',
      properties: extra.properties ?? [],
      states: extra.states ?? [],
    });
  }
  for (const extra of extras) {
    if (extra.room !== undefined) {
      if (!copy.isRoom(extra.room)) throw new InputError(`${where(extra.id)}: ${extra.room} is not a room`);
      copy.addEdge(extra.id, 'INSIDE', extra.room);
    }
    for (const [relation, host] of [
      ['ON', extra.on],
      ['INSIDE', extra.inside],
    ] as const) {
      if (host === undefined) continue;
      if (!copy.has(host)) throw new InputError(`${where(extra.id)}: no node ${host} to be ${relation} of`);
      copy.addEdge(extra.id, relation, host);
      copy.addEdge(extra.id, 'CLOSE', host);
      copy.addEdge(host, 'CLOSE', extra.id);
    }
  }
  return copy;
}
