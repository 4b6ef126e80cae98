/**
 * One episode of the episodic protocol (PROTOCOLS.md section 2):
 *
 * 1. the task is bound in the home with the seed (`bindTask`: required objects, grounded subgoals, a start where
 *    nothing of the goal holds yet);
 * 2. the agent gets the instruction text, and, where its registry entry grants them, the structured goal
 *    (`meanings`) and the true world with the grounded subgoals (`true-state`);
 * 3. it acts one skill per step; after each successful skill the derived-state rules run (cooking, rinsing, ...);
 *    with execution noise (`slip` > 0, `noise.ts`) a manipulation skill may fail with no effect; the episode ends
 *    as soon as every goal condition holds, or at the task's step limit;
 * 4. it is scored (`metrics.ts`) against the Oracle's step count on the same bound task (PLW's L*).
 */
import { isDone, type TaskBrief, type TaskUnderstanding } from '../../agents/agent.js';
import type { TaskResources } from '../../agents/context.js';
import { getAgent, usesLlm } from '../../agents/registry.js';
import { requireLanguageModel } from '../../llm/errors.js';
import { withAccounting } from '../../llm/language-model.js';
import { applyPhysics, DerivedStates } from '../../sim/derived-states.js';
import { formatSkill, type Skill } from '../../sim/skill.js';
import { VIRTUALHOME_SKILLS } from '../../sim/skill-sets.js';
import type { WorldView } from '../../sim/subgoals.js';
import { Rng } from '../../util/rng.js';
import { memoKey, SharedMemo } from '../../util/shared-memo.js';
import { homeGraph } from '../continual/episode.js';
import { EpisodeWorld } from '../environment.js';
import { type EpisodeLlm, languageModelForEpisode } from '../llm.js';
import { bindEdhTask } from './edh.js';
import { type GoalConditionResult, goalConditionResults } from './goal.js';
import { type EpisodicScore, type StepOutcome, scoreEpisode, stepOutcome } from './metrics.js';
import { type SlipModel, seededSlips, stepWithSlips } from './noise.js';
import { agentResources } from './semgro/resources.js';
import { type BoundTask, bindTask } from './task.js';
import { taskById } from './tasks/index.js';
import { simulatedUser } from './user.js';

export interface EpisodicEpisode {
  readonly agent: string;
  readonly home: string;
  /** Task id (`llm-state/make-toast`, `teach/coffee`, ...). */
  readonly task: string;
  readonly seed: number;
  /** The run's language model (`--llm ...`), given to agents that use one; required by those that need one. */
  readonly llm?: EpisodeLlm;
  /** Execution noise: the probability that a manipulation skill slips (default 0, `noise.ts`). */
  readonly slip?: number;
  /** A cap on the task's step limit (`--steps`, for smoke runs; absent: the task's own limit). */
  readonly maxSteps?: number;
  /** A memory file learning agents learn into, and the run's pass over it (`--helper-memory`). */
  readonly learning?: { readonly file: string; readonly pass: number };
  /**
   * The training home of SemGro's skill database off the semgro families (`--semgro-train`; absent: the reserved
   * home, `semgro/resources.ts`).
   */
  readonly semgroTrain?: string;
}

/** One step as recorded with --trace. */
export interface EpisodicStepRecord {
  readonly t: number;
  readonly skill: string;
  readonly success: boolean;
  readonly errorKind?: string;
  /** Derived states gained after the step (`<id>:<state>`). */
  readonly derived?: readonly string[];
}

export interface EpisodicOutcome {
  readonly score: EpisodicScore;
  readonly conditions: readonly GoalConditionResult[];
  readonly steps: readonly EpisodicStepRecord[];
  /** The Oracle's steps on this bound task (null when the Oracle failed it, which the tests forbid). */
  readonly oracleSteps: number | null;
  readonly stepLimit: number;
  /** Agent-specific figures (planner calls and times, ...), when the agent reports them. */
  readonly agentStats?: Record<string, unknown>;
  /** The task family's own metrics (`TaskDefinition.metrics`: SemGro's Plan, Exec per skill, iterations). */
  readonly familyMetrics?: Readonly<Record<string, number | null>>;
  /** How the agent understood the task text, when it reads one (`Agent.reading`). */
  readonly reading?: TaskUnderstanding;
  /** The agent ended the task itself (`DONE`) before the goal held and before the step limit. */
  readonly stopped?: boolean;
}

/**
 * The bound task of an episode (the same for every agent with that home, task and seed). A task with its own scene
 * (ProgPrompt's) binds in it, under its own home name.
 */
export function bindEpisodeTask(home: string, task: string, seed: number): BoundTask {
  const definition = taskById(task);
  const scene = definition.scene;
  const rng = new Rng(seed).fork('task');
  if (definition.edh) return bindEdhTask(definition, homeGraph(home), rng, home);
  if (scene) return bindTask(definition, scene.graph, rng, scene.home);
  if (!definition.prepare) return bindTask(definition, homeGraph(home), rng, home);
  // A family's own home (SemGro's: the run's home shifted to the task's setting).
  return bindTask(definition, definition.prepare(homeGraph(home), home).graph, rng, home);
}

/**
 * Checks that the home can host the task as `bindEpisodeTask` would bind it, without what a family's preparation
 * costs (SemGro's database and shifts): an InputError when it cannot.
 */
export function checkEpisodeTask(home: string, task: string, seed: number): void {
  const definition = taskById(task);
  if (definition.check && !definition.scene && !definition.edh) definition.check(homeGraph(home), home);
  else bindEpisodeTask(home, task, seed);
}

interface RawRun {
  readonly done: boolean;
  readonly world: WorldView;
  readonly outcomes: StepOutcome[];
  readonly records: EpisodicStepRecord[];
  readonly agentStats?: Record<string, unknown>;
  /** How the agent understood the task text, when it reads one (`Agent.reading`). */
  readonly reading?: TaskUnderstanding;
  /** The agent ended the task itself (`DONE`) before the goal held and before the step limit. */
  readonly stopped?: boolean;
}

/** What an observer of a run sees of each step: the skill, whether it worked, the room it was taken in. */
export type StepObserver = (step: { skill: Skill; success: boolean; room: number }) => void;

interface RunOptions {
  readonly llm?: EpisodeLlm;
  readonly onStep?: StepObserver;
  readonly stepLimit?: number;
  /** A memory the agent learns into (HELPER's `--helper-memory`), and the episode's identity for what it learns. */
  readonly learning?: { readonly file: string; readonly pass: number };
  readonly episode?: string;
  /** What the bench gives the agent (`semgro/resources.ts`). */
  readonly resources?: TaskResources;
}

/** Runs an agent on a bound task (the world starts from a clone of its start state). */
async function runOn(
  agentName: string,
  bound: BoundTask,
  seed: number,
  slips: SlipModel,
  options: RunOptions = {},
): Promise<RawRun> {
  const { llm, onStep, learning, episode, resources } = options;
  const stepLimit = options.stepLimit ?? bound.definition.stepLimit;
  const graph = bound.start.clone();
  const derived = bound.derived?.clone() ?? new DerivedStates();
  const world: WorldView = { graph, derived };
  const env = new EpisodeWorld(graph, VIRTUALHOME_SKILLS);
  const definition = getAgent(agentName);
  const trueState = definition.privileges.includes('true-state');
  const accounted = llm !== undefined && usesLlm(definition) ? withAccounting(languageModelForEpisode(llm)) : undefined;
  if (definition.needsLlm) requireLanguageModel(accounted, `agent '${agentName}'`);
  const agent = definition.create({
    seed,
    ...(accounted && { llm: accounted.model }),
    skills: VIRTUALHOME_SKILLS,
    protocol: 'episodic',
    ...(trueState && { world: { graph, derived } }),
    // SayCan's oracle affordance: would the simulator accept the skill now (its checks, without its effects).
    ...(definition.privileges.includes('affordance') && {
      affordance: (skill: Skill) => env.wouldSucceed(skill),
    }),
    ...(learning && { learning }),
    ...(episode !== undefined && { episode }),
    ...(resources && { resources }),
  });
  const task: TaskBrief = {
    protocol: 'episodic',
    instructions: [{ id: bound.definition.id, text: bound.text ?? bound.definition.text }],
    ...(definition.privileges.includes('meanings') && {
      goal: {
        subgoals: bound.definition.subgoals,
        ...(bound.actionGoals.length > 0 && { actionGoals: bound.actionGoals }),
        ...(trueState && { bound: bound.subgoals }),
      },
    }),
    ...(definition.privileges.includes('user-feedback') && { user: simulatedUser(bound, world) }),
  };
  const outcomes: StepOutcome[] = [];
  const records: EpisodicStepRecord[] = [];
  const isGoalMet = () => goalConditionResults(bound, world, outcomes).every((c) => c.met);
  let done = isGoalMet();
  let stopped = false;
  let reading: TaskUnderstanding | undefined;
  try {
    let feedback = env.feedback(0);
    await agent.reset(task, feedback);
    reading = agent.reading?.();
    for (let t = 0; t < stepLimit && !done; t++) {
      const skill = await agent.act();
      // The agent ends the task itself (a program's `done`): no skill runs, the world is scored as it is.
      if (isDone(skill)) {
        stopped = true;
        break;
      }
      const room = graph.roomOf(env.characterId) ?? -1;
      const outcome = stepWithSlips(env, skill, t, slips);
      onStep?.({ skill, success: outcome.success, room });
      const change = outcome.success ? applyPhysics(graph, derived, env.characterId) : undefined;
      outcomes.push(stepOutcome(graph, skill, outcome));
      const gained = change?.added.map((a) => `${a.id}:${a.state}`) ?? [];
      records.push({
        t,
        skill: formatSkill(skill, (id) => graph.node(id)?.className),
        success: outcome.success,
        ...(outcome.errorKind !== undefined && { errorKind: outcome.errorKind }),
        ...(gained.length > 0 && { derived: gained }),
      });
      done = isGoalMet();
      if (!done && t + 1 < stepLimit) {
        feedback = env.feedback(t + 1, { skill, outcome });
        await agent.observe(feedback);
      }
    }
    // The user confirms the task when every goal condition holds (HELPER stores what it learned then).
    await agent.finish?.({ confirmed: done });
  } finally {
    await agent.close?.();
  }
  // An agent reports its own figures as a `stats()` method (DANLI, LLM-State) or a `stats` object (the baselines).
  const reported = (agent as { stats?: unknown }).stats;
  const own =
    typeof reported === 'function'
      ? (reported.call(agent) as Record<string, unknown>)
      : reported !== null && typeof reported === 'object'
        ? { ...(reported as Record<string, unknown>) }
        : undefined;
  const usage = accounted?.ledger.snapshot();
  const stats = usage
    ? {
        ...own,
        llm: { calls: usage.calls, promptTokens: usage.promptTokens, completionTokens: usage.completionTokens },
      }
    : own;
  return {
    done,
    world,
    outcomes,
    records,
    ...(stopped && { stopped }),
    ...(stats && { agentStats: stats }),
    ...(reading && { reading }),
  };
}

/**
 * The Oracle's steps per bound task (home, task, seed, slip); null: not reached. Every agent's episode of a bound task
 * needs them (L*), and they depend on nothing else: one thread of the run computes them and the others receive them
 * (`SharedMemo`), instead of each thread running the Oracle again for the tasks it meets.
 */
const ORACLE_RUNS = new SharedMemo<readonly EpisodicStepRecord[] | null>('episodic-oracle-runs', 4096);

/** The Oracle's steps on the bound task (under the same execution noise as the agent); null when it fails it. */
async function oracleRecords(
  home: string,
  task: string,
  seed: number,
  slip = 0,
): Promise<readonly EpisodicStepRecord[] | null> {
  const key = memoKey(`${home}\u0000${task}\u0000${seed}\u0000${slip}`);
  const known = ORACLE_RUNS.get(key);
  if (known !== undefined) return known;
  const run = await runOn('oracle', bindEpisodeTask(home, task, seed), seed, seededSlips(slip, seed));
  const records = run.done ? run.records : null;
  ORACLE_RUNS.set(key, records);
  return records;
}

/**
 * L*: the Oracle's steps on the bound task (under the same execution noise as the agent), or null when it does not
 * reach the goal within the limit.
 */
export async function oracleSteps(home: string, task: string, seed: number, slip = 0): Promise<number | null> {
  return (await oracleRecords(home, task, seed, slip))?.length ?? null;
}

/**
 * The Oracle's run on a bound task without noise, step by step (the expert demonstrations of the LLM baselines are
 * recorded from it); whether it reached the goal.
 */
export async function oracleRun(bound: BoundTask, seed: number, onStep: StepObserver): Promise<boolean> {
  const run = await runOn('oracle', bound, seed, seededSlips(0, seed), { onStep });
  return run.done;
}

/**
 * Runs one episode. `slipModel` replaces the seeded noise model (tests inject failures with it): it is called once
 * for the agent's run and once for the Oracle's, whose L* then does not come from the cache.
 */
export async function runEpisodicEpisode(
  episode: EpisodicEpisode,
  options: { slipModel?: () => SlipModel } = {},
): Promise<EpisodicOutcome> {
  const { home, task, seed } = episode;
  const bound = bindEpisodeTask(home, task, seed);
  const slips = options.slipModel?.() ?? seededSlips(episode.slip ?? 0, seed);
  const stepLimit = Math.min(bound.definition.stepLimit, episode.maxSteps ?? Number.POSITIVE_INFINITY);
  const resources = agentResources(episode.agent, bound.definition, home, episode.semgroTrain);
  const run = await runOn(episode.agent, bound, seed, slips, {
    ...(resources && { resources }),
    ...(episode.llm && { llm: episode.llm }),
    stepLimit,
    ...(episode.learning && { learning: episode.learning, episode: `${home}/${task}/${seed}` }),
  });
  const oracle = options.slipModel
    ? await runOn('oracle', bindEpisodeTask(home, task, seed), seed, options.slipModel()).then((r) =>
        r.done ? r.records : null,
      )
    : await oracleRecords(home, task, seed, episode.slip ?? 0);
  const reference = oracle?.length ?? null;
  const conditions = goalConditionResults(bound, run.world, run.outcomes);
  const family = bound.definition.metrics?.({
    home,
    bound,
    agent: run.records,
    oracle,
    ...(run.agentStats && { agentStats: run.agentStats }),
  });
  return {
    score: scoreEpisode(
      conditions.map((c) => c.met),
      run.outcomes,
      reference,
    ),
    conditions,
    steps: run.records,
    oracleSteps: reference,
    stepLimit,
    ...(run.agentStats && { agentStats: run.agentStats }),
    ...(family && { familyMetrics: family }),
    ...(run.reading && { reading: run.reading }),
    ...(run.stopped && { stopped: true }),
  };
}
