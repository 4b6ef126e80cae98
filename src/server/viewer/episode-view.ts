/**
 * Everything the episode viewer shows of one episode, in one response: the episode's spec and result, the floor plan,
 * one frame per step of the replayed trace, the step records, the timeline (instruction events or goal conditions,
 * the resident's changes) and the agent's decision records by step. An episode without a trace gets its start frame
 * only (`traced: false`): the viewer then offers to record one.
 */
import type { JsonObject, JsonValue } from '../../bench/json.js';
import { InputError } from '../../util/errors.js';
import { type Replay, replayEpisode, type StepRecord } from './replay.js';

export interface EpisodeSource {
  readonly protocol: string;
  /** Where it comes from: a run of the store, or a trace file. */
  readonly origin: {
    readonly run: number | null;
    readonly file: string | null;
    readonly hearthVersion: string;
    /** For a trace the dashboard recorded: whether running the episode again gave the stored result. */
    readonly reproduced?: boolean;
  };
  readonly key: string;
  readonly index: number;
  readonly spec: JsonObject;
  readonly status: 'ok' | 'failed';
  readonly result?: JsonObject;
  readonly error?: string;
  readonly trace?: readonly JsonValue[];
}

export interface EpisodeView extends Replay {
  readonly protocol: string;
  readonly origin: EpisodeSource['origin'];
  readonly key: string;
  readonly index: number;
  readonly spec: JsonObject;
  readonly status: 'ok' | 'failed';
  readonly metrics: JsonObject | null;
  readonly details: JsonValue | null;
  readonly error: string | null;
  readonly traced: boolean;
  readonly steps: readonly StepRecord[];
  /** Decision records by the step they were made at (src/util/decisions.ts). */
  readonly decisions: Readonly<Record<number, readonly JsonObject[]>>;
  /** How the agent read the task's text, when it reads one (the episodic trace's record at t = -1). */
  readonly reading: JsonValue | null;
}

export function episodeView(source: EpisodeSource): EpisodeView {
  const { steps, decisions, reading } = splitTrace(source.trace ?? []);
  const replay = replayEpisode(source.protocol, source.spec, steps);
  const result = source.result;
  return {
    protocol: source.protocol,
    origin: source.origin,
    key: source.key,
    index: source.index,
    spec: source.spec,
    status: source.status,
    metrics: (result?.metrics as JsonObject | undefined) ?? null,
    details: result?.details ?? null,
    error: source.error ?? null,
    traced: source.trace !== undefined,
    steps,
    decisions,
    reading,
    ...replay,
  };
}

/**
 * The protocol's step records (no `kind`), the decision records (with one) and the reading (`kind: 'reading'`, at
 * t = -1, before the first step), each checked for its shape.
 */
function splitTrace(trace: readonly JsonValue[]): {
  steps: StepRecord[];
  decisions: Record<number, JsonObject[]>;
  reading: JsonValue | null;
} {
  const steps: StepRecord[] = [];
  const decisions: Record<number, JsonObject[]> = {};
  let reading: JsonValue | null = null;
  trace.forEach((record, i) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new InputError(`corrupt trace: record ${i} is not an object`);
    }
    if (record.kind === 'reading' && record.t === -1) {
      reading = record.reading ?? null;
      return;
    }
    const t = record.t;
    if (typeof t !== 'number' || !Number.isInteger(t) || t < 0) {
      throw new InputError(`corrupt trace: record ${i} has no step number t`);
    }
    if (typeof record.kind === 'string') {
      const list = decisions[t] ?? [];
      list.push(record);
      decisions[t] = list;
      return;
    }
    if (typeof record.skill !== 'string' || typeof record.success !== 'boolean') {
      throw new InputError(`corrupt trace: step record ${i} needs a skill and whether it succeeded`);
    }
    steps.push(record as unknown as StepRecord);
  });
  return { steps, decisions, reading };
}
