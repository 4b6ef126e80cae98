/**
 * Decision records: what an agent, or the language-model layer under it, wants kept about a step beyond the step
 * itself (ExRAP's query probabilities and skill values, DANLI's subgoals and plans, every prompt and response). They
 * go into the episode's trace when the run records one (`hearth run --trace`), for the dashboard's episode viewer.
 *
 * Why ambient rather than a callback in each agent's context: the records come from deep inside agents and from the
 * model wrapper, and both protocols build their agents and models in their own episode code; a collector installed
 * around the whole episode by the runner (`collectDecisions`) reaches all of them without threading a function
 * through every constructor. It is an AsyncLocalStorage, so episodes running concurrently in one thread never mix
 * their records, and outside a collector `recordDecision` is one lookup that builds nothing.
 *
 * Records never influence a decision: an agent builds them from what it has already decided.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/** One record: the step it belongs to, what kind of thing made it, and that thing's own fields. */
export interface DecisionRecord {
  readonly t: number;
  readonly kind: string;
  readonly [field: string]: unknown;
}

interface Collector {
  /** The step being decided: the last step whose feedback the agent was given. */
  step: number;
  readonly records: DecisionRecord[];
}

const collector = new AsyncLocalStorage<Collector>();

/** Runs `episode` with a collector installed; the records made under it, in the order they were made. */
export async function collectDecisions<T>(
  episode: () => Promise<T> | T,
): Promise<{ value: T; records: DecisionRecord[] }> {
  const state: Collector = { step: 0, records: [] };
  const value = await collector.run(state, episode);
  return { value, records: state.records };
}

/** Whether decision records are being collected (build costly records only then). */
export function collectingDecisions(): boolean {
  return collector.getStore() !== undefined;
}

/**
 * Adds a record of `kind` for the step being decided (or the record's own `t`), built by `make` only when a
 * collector is listening.
 */
export function recordDecision(kind: string, make: () => { readonly [field: string]: unknown }): void {
  const state = collector.getStore();
  if (!state) return;
  // A JSON copy: a snapshot the agent cannot change afterwards, and plain data whatever the agent built it from.
  const fields = JSON.parse(JSON.stringify(make())) as { readonly [field: string]: unknown };
  state.records.push({ t: state.step, ...fields, kind });
}

/** Marks the step the agent is about to decide (the world calls it when it gives the agent the feedback of step t). */
export function markDecisionStep(t: number): void {
  const state = collector.getStore();
  if (state) state.step = t;
}
