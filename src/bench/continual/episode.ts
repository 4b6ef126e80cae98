/**
 * One episode of the continual-instruction protocol (PROTOCOLS.md section 1, ExRAP sections 3.1 and 4):
 *
 * 1. the home is loaded and n instructions of the domain's pool are drawn and bound with the seed;
 * 2. the agent gets the instructions' texts in the chosen style (and, if its registry entry grants it, their
 *    meanings, and the true world) and the first feedback;
 * 3. for t = 0 .. T-1: the agent chooses a skill, the world runs it (one skill, one step), the resident acts after
 *    every k-th step, the true state is measured (every instruction's query and execution), and the agent gets
 *    the outcome and its new observation;
 * 4. events, SR and PS are computed from the measured series (`metrics.ts`).
 *
 * Every random choice comes from the seed through named forks (`instructions`, `resident`, agents' own), so that
 * every agent meets the same home, instructions and resident for a seed.
 */
import { type InstructionBrief, type InstructionMeaning, isDone, type TaskBrief } from '../../agents/agent.js';
import { getAgent, usesLlm } from '../../agents/registry.js';
import { requireLanguageModel } from '../../llm/errors.js';
import { withAccounting } from '../../llm/language-model.js';
import type { LlmUsage } from '../../llm/middleware/accounting.js';
import { holds } from '../../sim/conditions.js';
import { skillSetFor } from '../../sim/domain-skills.js';
import { NONSTATIONARITY_PERIODS, Resident, type ResidentChange } from '../../sim/dynamics/resident.js';
import type { EnvGraph } from '../../sim/graph.js';
import { loadHome } from '../../sim/scenes/homes.js';
import { formatSkill, type Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { registerCache } from '../../util/caches.js';
import { Rng } from '../../util/rng.js';
import { EpisodeWorld } from '../environment.js';
import type { NonstationarityLevel } from '../grid.js';
import type { JsonObject, JsonValue } from '../json.js';
import { type EpisodeLlm, languageModelForEpisode, llmMetrics, llmUsageRecord } from '../llm.js';
import { type BoundInstruction, drawInstructions, roomQualifier } from './instructions/bind.js';
import { instructionPool } from './instructions/tables.js';
import { textsFor } from './instructions/text.js';
import type { Domain, Referents, TextStyle } from './instructions/types.js';
import { type ContinualEvent, eventsOf, type InstructionTrace, scoreEvents } from './metrics.js';

export interface ContinualEpisode {
  readonly agent: string;
  readonly home: string;
  readonly nonstationarity: NonstationarityLevel;
  readonly instructions: number;
  readonly steps: number;
  readonly seed: number;
  readonly domain?: Domain;
  readonly style?: TextStyle;
  /** How an instruction about one carried thing of several binds (`--referents`; default `one`). */
  readonly referents?: Referents;
  /** The run's language model (`--llm ...`), given to agents that need one; required by those. */
  readonly llm?: EpisodeLlm;
}

/** One step as recorded with --trace. */
export interface StepRecord {
  /** The step the skill was taken at (0-based). */
  readonly t: number;
  readonly skill: string;
  readonly success: boolean;
  readonly errorKind?: string;
  /** What the resident changed after the step. */
  readonly resident?: ResidentChange;
  /** Instructions whose event started / completed at step t + 1 (as measured after the step). */
  readonly started?: readonly string[];
  readonly completed?: readonly string[];
}

export interface ContinualOutcome {
  readonly metrics: {
    sr: number | null;
    ps: number | null;
    psCompleted: number | null;
    psAtStart: number | null;
    psAfterChanges: number | null;
    events: number;
    completed: number;
    open: number;
    invalidSteps: number;
    disturbances: number;
    /** LLM calls and tokens per decision step (null for an agent that made no call). */
    llmCallsPerStep: number | null;
    promptTokensPerStep: number | null;
    completionTokensPerStep: number | null;
  };
  /** The agent's LLM usage (absent for agents without a model). */
  readonly llmUsage?: LlmUsage;
  /** Counters the agent keeps about itself (`stats` of the LLM agents: invalid outputs, context shrinks). */
  readonly agentStats?: JsonObject;
  readonly instructions: readonly BoundInstruction[];
  readonly briefs: readonly InstructionBrief[];
  readonly events: readonly ContinualEvent[];
  readonly steps: readonly StepRecord[];
}

/** Pristine graphs of the homes loaded so far (a pure cache: each episode works on a clone). */
const HOMES = new Map<string, EnvGraph>();
registerCache('homes: loaded graphs', () => HOMES.clear());

export function homeGraph(spec: string): EnvGraph {
  let graph = HOMES.get(spec);
  if (!graph) {
    graph = loadHome(spec).graph;
    HOMES.set(spec, graph);
  }
  return graph;
}

/**
 * The instruction texts of a set in a style, for the home they are bound in (which names the rooms of things the home
 * has several of): one brief per sentence (summaries cover several instructions).
 */
export function briefsFor(
  instructions: readonly BoundInstruction[],
  style: TextStyle,
  graph: EnvGraph,
): InstructionBrief[] {
  const qualifiers = new Map(instructions.map((i) => [i.def.id, roomQualifier(graph, i)] as const));
  return textsFor(
    instructions.map((i) => i.def),
    style,
    qualifiers,
  ).map((part, index) => ({ id: style === 'summarized' ? `summary-${index + 1}` : part.covers[0], text: part.text }));
}

/** What an episode starts from: the world with its instructions drawn and bound, their texts, the seed's generator. */
export interface ContinualStart {
  readonly graph: EnvGraph;
  readonly world: EpisodeWorld;
  readonly skills: SkillSet;
  readonly instructions: readonly BoundInstruction[];
  readonly briefs: readonly InstructionBrief[];
  readonly rng: Rng;
}

/** The start of an episode, the same for every agent (and what a replay of its trace starts from). */
export function startContinualEpisode(
  episode: Pick<ContinualEpisode, 'home' | 'instructions' | 'seed' | 'domain' | 'style' | 'referents'>,
): ContinualStart {
  const domain = episode.domain ?? 'virtualhome';
  const home = homeGraph(episode.home);
  const skills = skillSetFor(domain, home);
  const graph = home.clone();
  const rng = new Rng(episode.seed);
  const instructions = drawInstructions(
    instructionPool(domain),
    graph,
    episode.instructions,
    rng.fork('instructions'),
    episode.home,
    episode.referents,
  );
  const briefs = briefsFor(instructions, episode.style ?? 'sentence', graph);
  return { graph, world: new EpisodeWorld(graph, skills), skills, instructions, briefs, rng };
}

export async function runContinualEpisode(episode: ContinualEpisode): Promise<ContinualOutcome> {
  const { graph, world, skills, instructions, briefs, rng } = startContinualEpisode(episode);
  const resident = new Resident(
    instructions.map((i) => ({ id: i.id, query: i.query, disturbance: i.disturbance })),
    NONSTATIONARITY_PERIODS[episode.nonstationarity],
    rng.fork('resident'),
  );
  const definition = getAgent(episode.agent);
  // Each agent gets its own ledger over the thread's model, so that its calls and tokens are its own.
  const accounted =
    episode.llm !== undefined && usesLlm(definition) ? withAccounting(languageModelForEpisode(episode.llm)) : undefined;
  if (definition.needsLlm) requireLanguageModel(accounted, `agent '${episode.agent}'`);
  const agent = definition.create({
    seed: episode.seed,
    skills,
    ...(accounted && { llm: accounted.model }),
    ...(definition.privileges.includes('true-state') && { world: { graph } }),
    ...(definition.privileges.includes('affordance') && {
      affordance: (skill: Skill) => world.wouldSucceed(skill),
    }),
  });
  const meanings: InstructionMeaning[] = instructions.map((i) => ({
    id: i.id,
    query: i.query,
    execution: i.execution,
  }));
  const task: TaskBrief = {
    protocol: 'continual',
    instructions: briefs,
    ...(definition.privileges.includes('meanings') && { meanings }),
  };

  const T = episode.steps;
  const query = instructions.map(() => [] as boolean[]);
  const execution = instructions.map(() => [] as boolean[]);
  const measure = () =>
    instructions.forEach((instruction, i) => {
      query[i].push(holds(instruction.query, graph));
      execution[i].push(holds(instruction.execution, graph));
    });
  measure();

  const steps: StepRecord[] = [];
  let invalidSteps = 0;
  let disturbances = 0;
  try {
    let feedback = world.feedback(0);
    await agent.reset(task, feedback);
    for (let t = 0; t < T; t++) {
      const skill = await agent.act();
      if (isDone(skill)) {
        throw new Error(
          `agent '${episode.agent}' answered done at step ${t}: the continual protocol has no end before its last ` +
            `step (${T}); an agent acts at every step`,
        );
      }
      const outcome = world.step(skill);
      if (!outcome.success) invalidSteps++;
      // Instructions whose query held before this step: if it is false now, the agent has just completed them, and
      // the resident leaves them alone this turn (otherwise the completion would be undone before it is measured).
      const spare = new Set(instructions.filter((_, i) => query[i][t]).map((instruction) => instruction.id));
      // No turn after the last step: no agent step follows it, so an event it started could never be completed.
      const change = t + 1 < T ? resident.afterStep(graph, t + 1, spare) : undefined;
      if (change) disturbances++;
      measure();
      steps.push({
        t,
        skill: formatSkill(skill, (id) => graph.node(id)?.className),
        success: outcome.success,
        ...(outcome.errorKind !== undefined && { errorKind: outcome.errorKind }),
        ...(change && { resident: change }),
      });
      if (t + 1 < T) {
        feedback = world.feedback(t + 1, { skill, outcome });
        await agent.observe(feedback);
      }
    }
    await agent.finish?.({ confirmed: false });
  } finally {
    await agent.close?.();
  }

  const traces: InstructionTrace[] = instructions.map((instruction, i) => ({
    instruction: instruction.id,
    query: query[i],
    execution: execution[i],
  }));
  const events = traces.flatMap(eventsOf);
  const score = scoreEvents(events, T);
  const llmUsage = accounted?.ledger.snapshot();
  const agentStats = statsOf(agent);
  return {
    metrics: {
      sr: score.sr ?? null,
      ps: score.ps ?? null,
      psCompleted: score.psCompleted ?? null,
      psAtStart: score.psAtStart ?? null,
      psAfterChanges: score.psAfterChanges ?? null,
      events: score.events,
      completed: score.completed,
      open: score.open,
      invalidSteps,
      disturbances,
      ...(llmMetrics(llmUsage, T) as { llmCallsPerStep: number | null }),
    } as ContinualOutcome['metrics'],
    ...(llmUsage && { llmUsage }),
    ...(agentStats && { agentStats }),
    instructions,
    briefs,
    events,
    steps: withEvents(steps, events),
  };
}

/**
 * What an agent keeps about itself: its `stats` counters (the LLM agents' invalid outputs, context shrinks), a `stats()`
 * method's numbers and texts (a program agent's standard error), when it has any.
 */
function statsOf(agent: object): JsonObject | undefined {
  const reported = (agent as { stats?: unknown }).stats;
  const stats = typeof reported === 'function' ? (reported.call(agent) as unknown) : reported;
  if (stats === null || typeof stats !== 'object') return undefined;
  const out: JsonObject = {};
  for (const key of Object.keys(stats).sort()) {
    const value = (stats as Record<string, unknown>)[key];
    if (typeof value === 'number' || typeof value === 'string') out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** The step records with the events that started and completed after each step. */
function withEvents(steps: readonly StepRecord[], events: readonly ContinualEvent[]): StepRecord[] {
  const started = new Map<number, string[]>();
  const completed = new Map<number, string[]>();
  const note = (map: Map<number, string[]>, step: number, id: string) => {
    const list = map.get(step);
    if (list) list.push(id);
    else map.set(step, [id]);
  };
  for (const event of events) {
    note(started, event.start, event.instruction);
    if (event.end !== undefined) note(completed, event.end, event.instruction);
  }
  return steps.map((record) => {
    const s = started.get(record.t + 1);
    const c = completed.get(record.t + 1);
    return { ...record, ...(s && { started: s.sort() }), ...(c && { completed: c.sort() }) };
  });
}

/** Details kept with each stored episode (deterministic). */
export function episodeDetails(outcome: ContinualOutcome): JsonValue {
  return {
    instructions: outcome.instructions.map((i) => i.id),
    briefs: outcome.briefs.map((b) => ({ id: b.id, text: b.text })),
    openEvents: outcome.events
      .filter((e) => e.end === undefined)
      .map((e) => ({ instruction: e.instruction, start: e.start })),
    eventsStartedAtZero: outcome.events.filter((e) => e.start === 0).length,
    ...(outcome.llmUsage && { llm: llmUsageRecord(outcome.llmUsage).details }),
    ...(outcome.agentStats && { agent: outcome.agentStats }),
  };
}

/** Run-dependent figures of an episode (LLM latency, cache hits), kept apart from its result. */
export function episodeTiming(outcome: ContinualOutcome): JsonObject | undefined {
  return outcome.llmUsage && llmUsageRecord(outcome.llmUsage).timing;
}
