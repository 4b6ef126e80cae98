/**
 * The episodic protocol as a runner module (`registerProtocol` entry `episodic`, see `protocols.ts`): a worker thread
 * imports it and calls `runEpisode` for each spec (agent, home, task, family, seed); the run's main process calls
 * `prepareRun` first, which makes the SemGro skill databases the episodes need (cached on disk: the workers read them).
 */
import type { JsonValue } from '../json.js';
import { episodeLlmOf } from '../llm.js';
import type { EpisodeContext, EpisodeResult, EpisodeSpec, RunPreparation } from '../protocol.js';
import { runEpisodicEpisode } from './episode.js';
import { checkSlip } from './noise.js';
import { semgroTrainingHomes } from './semgro/resources.js';
import { semgroTraining } from './semgro/training.js';
import { useDialogueFile } from './tasks/index.js';

export interface EpisodicSpec extends EpisodeSpec {
  readonly agent: string;
  readonly home: string;
  readonly task: string;
  readonly family: string;
}

/** A spec's learning memory (`--helper-memory`): `{file, pass}`. */
function learningOf(value: unknown): { file: string; pass: number } {
  const { file, pass } = (value ?? {}) as { file?: unknown; pass?: unknown };
  if (typeof file !== 'string' || typeof pass !== 'number') {
    throw new TypeError(`spec field learning must be {file, pass}, got ${JSON.stringify(value)}`);
  }
  return { file, pass };
}

export async function runEpisode(spec: EpisodicSpec, context: EpisodeContext): Promise<EpisodeResult> {
  // A task of a dialogue file (`--dialogues`): this thread reads the file before binding the task.
  if (typeof spec.dialogues === 'string') useDialogueFile(spec.dialogues);
  const outcome = await runEpisodicEpisode({
    agent: spec.agent,
    home: spec.home,
    task: spec.task,
    seed: context.seed,
    // The run's language model, on specs of agents that use one (`episodeLlm`).
    ...(spec.llm !== undefined && { llm: episodeLlmOf(spec.llm) }),
    // Execution noise (`--slip`): absent from the spec when 0, so that noise-free runs keep their keys and results.
    slip: checkSlip(spec.slip ?? 0, 'slip'),
    ...(spec.maxSteps !== undefined && { maxSteps: Number(spec.maxSteps) }),
    ...(spec.learning !== undefined && { learning: learningOf(spec.learning) }),
    ...(typeof spec.semgroTrain === 'string' && { semgroTrain: spec.semgroTrain }),
  });
  if (context.trace) {
    // The reading comes first (t = -1): what the agent made of the text before its first step. It has a kind, as
    // the decision records do, so that readers counting the step records (no kind) leave it out.
    if (outcome.reading) context.trace({ t: -1, kind: 'reading', reading: outcome.reading as unknown as JsonValue });
    for (const record of outcome.steps) context.trace(record as unknown as JsonValue);
  }
  // The count of goal conditions stays (TEACh's GC aggregates over every condition of every episode), the count met
  // is gc x conditions.
  const { conditions, conditionsMet: _met, ...score } = outcome.score;
  const metrics = { ...score, goalConditions: conditions };
  const timing = outcome.agentStats?.timing as EpisodeResult['timing'] | undefined;
  const { timing: _t, ...agentStats } = outcome.agentStats ?? {};
  return {
    metrics: {
      ...metrics,
      oracleSteps: outcome.oracleSteps,
      // 1 when the agent's reader made a goal of the text, 0 when it could not; null for agents given the meanings.
      read: outcome.reading ? (outcome.reading.read ? 1 : 0) : null,
      ...outcome.familyMetrics,
    },
    details: {
      stepLimit: outcome.stepLimit,
      // Only when the agent said it was done (`DONE`), so that other episodes keep the details they always had.
      ...(outcome.stopped && { stoppedByAgent: true }),
      conditions: outcome.conditions.map((c) => ({ label: c.label, met: c.met })),
      ...(Object.keys(agentStats).length > 0 && { agent: agentStats as JsonValue }),
      ...(outcome.reading && { reading: outcome.reading as unknown as JsonValue }),
    },
    ...(timing && { timing }),
  };
}

/**
 * Makes (or reads from the cache) every SemGro skill database the episodes need, once, before any starts: with
 * several workers, each then reads the file instead of spending seconds making the same database.
 */
export function prepareRun(specs: readonly EpisodicSpec[], context: RunPreparation): void {
  for (const { home, people } of semgroTrainingHomes(specs)) {
    const { report } = semgroTraining(home, undefined, { people });
    const how = report.made ? `made in ${(report.ms / 1000).toFixed(1)} s` : 'read';
    context.note(`SemGro's skill database of ${home} (${report.skills} skills) ${how}: ${report.folder}`);
  }
}
