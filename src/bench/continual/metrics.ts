/**
 * ExRAP's continual-instruction metrics (PROTOCOLS.md section 1). The world is measured after every step: for each
 * instruction, whether its query and its execution hold in the TRUE state. From those two boolean series:
 *
 * - an **event** of an instruction starts at the step t0 where its query becomes true (false before, or true at the
 *   start, t0 = 0) while no event of that instruction is open, and completes at the first step t1 > t0 where the
 *   execution holds;
 * - **SR** = completed events / events;
 * - **PS** = mean of t1 - t0 over events, where an event still open at the end counts T - t0 (neglect is punished,
 *   not hidden); **PS over completed events** is reported too.
 *
 * A query that flips back to false while its event is open does not close the event: only the execution does, as
 * the paper's "time to complete the task from the moment the condition was satisfied".
 */

/** Truth of one instruction's query and execution at steps 0..T (index = step). */
export interface InstructionTrace {
  readonly instruction: string;
  readonly query: readonly boolean[];
  readonly execution: readonly boolean[];
}

export interface ContinualEvent {
  readonly instruction: string;
  readonly start: number;
  /** The completing step, or undefined when the episode ended first. */
  readonly end?: number;
}

export function eventsOf(trace: InstructionTrace): ContinualEvent[] {
  const { query, execution } = trace;
  if (query.length !== execution.length) {
    throw new Error(`trace of ${trace.instruction}: ${query.length} query values but ${execution.length} executions`);
  }
  const events: ContinualEvent[] = [];
  let openSince: number | undefined;
  for (let t = 0; t < query.length; t++) {
    if (openSince !== undefined && t > openSince && execution[t]) {
      events.push({ instruction: trace.instruction, start: openSince, end: t });
      openSince = undefined;
    }
    const rising = query[t] && (t === 0 || !query[t - 1]);
    // A query that was already true when the last event closed starts a new event only after it has been false.
    if (openSince === undefined && rising) openSince = t;
  }
  if (openSince !== undefined) events.push({ instruction: trace.instruction, start: openSince });
  return events;
}

export interface ContinualScore {
  readonly events: number;
  readonly completed: number;
  /** Events still open at the end of the episode. */
  readonly open: number;
  /** Completed / events; undefined for an episode without events. */
  readonly sr?: number;
  /** Mean pending steps, open events counted as T - t0. */
  readonly ps?: number;
  /** Mean pending steps over completed events only. */
  readonly psCompleted?: number;
}

/** Scores an episode of `horizon` steps (T) from its events. */
export function scoreEvents(events: readonly ContinualEvent[], horizon: number): ContinualScore {
  let completed = 0;
  let pendingAll = 0;
  let pendingCompleted = 0;
  for (const event of events) {
    if (event.end !== undefined) {
      completed++;
      pendingAll += event.end - event.start;
      pendingCompleted += event.end - event.start;
    } else {
      pendingAll += horizon - event.start;
    }
  }
  const n = events.length;
  return {
    events: n,
    completed,
    open: n - completed,
    sr: n > 0 ? completed / n : undefined,
    ps: n > 0 ? pendingAll / n : undefined,
    psCompleted: completed > 0 ? pendingCompleted / completed : undefined,
  };
}

export function scoreTraces(traces: readonly InstructionTrace[], horizon: number): ContinualScore {
  return scoreEvents(traces.flatMap(eventsOf), horizon);
}
