/**
 * ExRAP's continual-instruction metrics (PROTOCOLS.md section 1). The world is measured after every step: for each
 * instruction, whether its query and its execution hold in the TRUE state. From those two boolean series:
 *
 * - an **event** of an instruction starts at the step t0 where its query becomes true (false before, or true at the
 *   start, t0 = 0) while no event of that instruction is open, and completes at the first step t1 > t0 where the
 *   execution holds;
 * - **SR** = completed events / events;
 * - **PS** = mean of t1 - t0 over events, where an event still open at the end counts T - t0 (neglect is punished,
 *   not hidden); **PS over completed events** is reported too;
 * - PS split by when the event began (hearth's diagnostic, not in the paper): **PS at start** over the events open at
 *   step 0 (the instructions the home starts out needing, served while the agent first learns the home) and **PS
 *   after changes** over the events that began later (what the resident undid, the continual part proper).
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
  /** Mean pending steps (open ones counted to T) over the events open at step 0; undefined when there are none. */
  readonly psAtStart?: number;
  /** The same over the events that began after step 0. */
  readonly psAfterChanges?: number;
}

/** Mean pending steps of events, an open event counted to the horizon; undefined for none. */
function meanPending(events: readonly ContinualEvent[], horizon: number): number | undefined {
  if (events.length === 0) return undefined;
  let total = 0;
  for (const event of events) total += (event.end ?? horizon) - event.start;
  return total / events.length;
}

/** Scores an episode of `horizon` steps (T) from its events. */
export function scoreEvents(events: readonly ContinualEvent[], horizon: number): ContinualScore {
  const done = events.filter((event) => event.end !== undefined);
  const n = events.length;
  return {
    events: n,
    completed: done.length,
    open: n - done.length,
    sr: n > 0 ? done.length / n : undefined,
    ps: meanPending(events, horizon),
    psCompleted: meanPending(done, horizon),
    psAtStart: meanPending(
      events.filter((event) => event.start === 0),
      horizon,
    ),
    psAfterChanges: meanPending(
      events.filter((event) => event.start > 0),
      horizon,
    ),
  };
}

export function scoreTraces(traces: readonly InstructionTrace[], horizon: number): ContinualScore {
  return scoreEvents(traces.flatMap(eventsOf), horizon);
}
