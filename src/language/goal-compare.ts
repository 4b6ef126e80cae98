/**
 * Comparing goals as the reader's checks do: two readings are the same goal when they hold the same subgoals and the
 * same action goals, whatever the order of the conjuncts (and of the classes in a patient or destination list); a
 * reading over-satisfies a definition when each of the definition's subgoals is implied by one of the reading's (the
 * same predicate on a superset of its patients, `all` of them where it asks for some). Used by the tests that measure
 * the reader on rewordings and on every family's usual texts, and by `hearth read --compare`.
 */
import type { ActionGoal } from '../sim/action-goals.js';
import type { SubgoalSpec } from '../sim/subgoals.js';

export interface GoalLike {
  readonly subgoals: readonly SubgoalSpec[];
  readonly actionGoals?: readonly ActionGoal[];
}

const sorted = (list: readonly string[] | undefined) => (list ? [...list].sort() : undefined);

/** A subgoal as a canonical string: keys sorted, `count: 1` written out, class lists sorted. */
export function subgoalKey(spec: SubgoalSpec, options: { readonly dropUsing?: boolean } = {}): string {
  const full: Record<string, unknown> = {
    ...spec,
    count: spec.count ?? 1,
    patient: sorted(spec.patient),
    ...(spec.destination && { destination: sorted(spec.destination) }),
    ...(spec.qualifiers && { qualifiers: sorted(spec.qualifiers) }),
    ...(spec.destinationQualifiers && { destinationQualifiers: sorted(spec.destinationQualifiers) }),
    ...(spec.startOn && { startOn: sorted(spec.startOn) }),
    ...(spec.using && { using: sorted(spec.using) }),
  };
  if (options.dropUsing) delete full.using;
  for (const key of Object.keys(full)) if (full[key] === undefined) delete full[key];
  return JSON.stringify(Object.fromEntries(Object.entries(full).sort(([a], [b]) => a.localeCompare(b))));
}

/** A goal as a canonical string: its subgoal keys and action goals, each sorted (conjunct order ignored). */
export function goalKey(goal: GoalLike): string {
  const subgoals = [...new Set(goal.subgoals.map((s) => subgoalKey(s)))].sort();
  const actions = (goal.actionGoals ?? []).map((g) =>
    JSON.stringify(g.anyOf.map((a) => ({ action: a.action, classes: sorted(a.classes) }))),
  );
  return JSON.stringify({ subgoals, actions: actions.sort() });
}

export const sameGoal = (a: GoalLike, b: GoalLike): boolean => goalKey(a) === goalKey(b);

/**
 * Whether subgoal `a` implies subgoal `b`: the same predicate, destination and conditions, no instrument b rules out
 * (cooked in the toaster implies cooked), and as many of b's patients: every instance of a superset of b's classes,
 * or at least as many instances of a subset of them (one of any food does not imply one of the warm foods).
 */
function implies(a: SubgoalSpec, b: SubgoalSpec): boolean {
  const { patient: pa, count: ca, using: ua, ...restA } = a;
  const { patient: pb, count: cb, using: ub, ...restB } = b;
  if (subgoalKey({ ...restA, patient: [] }) !== subgoalKey({ ...restB, patient: [] })) return false;
  if (ub && !(ua ?? []).every((c) => ub.includes(c))) return false;
  if (ub && !ua) return false;
  const want = cb ?? 1;
  const have = ca ?? 1;
  if (have === 'all') return pb.every((c) => pa.includes(c));
  return want !== 'all' && have >= want && pa.every((c) => pb.includes(c));
}

/**
 * Whether a reading takes an action goal of a definition: it asks for it as written, or each alternative is switching
 * on a class that one of the reading's subgoals switches on or cooks with. In the benchmark what an action goal
 * switches on starts off (`bindTask`), so reaching the state is taking the action (docs/reader.md, "use X").
 */
function takes(reading: GoalLike, goal: ActionGoal): boolean {
  const written = JSON.stringify(goal.anyOf.map((a) => ({ action: a.action, classes: sorted(a.classes) })));
  const read = (reading.actionGoals ?? []).map((g) =>
    JSON.stringify(g.anyOf.map((a) => ({ action: a.action, classes: sorted(a.classes) }))),
  );
  if (read.includes(written)) return true;
  const switchedOn = new Set(
    reading.subgoals.flatMap((s) => (s.predicate === 'isToggledOn' ? s.patient : (s.using ?? []))),
  );
  return goal.anyOf.some((a) => a.action === 'switchon' && (a.classes ?? []).some((c) => switchedOn.has(c)));
}

/**
 * How a reading stands to a task's definition: `same` goal (conjunct order ignored), `over` when every scored
 * subgoal of the definition is implied by one the reading asks for (the reading asks for as much or more) and every
 * action goal of the definition is taken (`takes`), else `different`. Means (subgoals not scored) are compared as
 * written.
 */
export function compareToDefinition(reading: GoalLike, definition: GoalLike): 'same' | 'over' | 'different' {
  if (sameGoal(reading, definition)) return 'same';
  const scored = definition.subgoals.filter((s) => !s.means);
  const covered = scored.every((want) => reading.subgoals.some((have) => implies(have, want)));
  const acted = (definition.actionGoals ?? []).every((goal) => takes(reading, goal));
  return covered && acted ? 'over' : 'different';
}

/** A reading as the rewording check sees it: a goal, or refused. */
export type ReadOutcome =
  | { readonly ok: true; readonly goal: GoalLike }
  | { readonly ok: false; readonly reason: string };

/**
 * How a rewording reads against its usual form: the `same` goal, a `different` one, `refused` (a failed reading with
 * its reason), or `usual-unread` when the usual form itself does not read (the pair measures nothing).
 */
export function classifyRewording(
  usual: ReadOutcome,
  reworded: ReadOutcome,
): 'same' | 'different' | 'refused' | 'usual-unread' {
  if (!usual.ok) return 'usual-unread';
  if (!reworded.ok) return 'refused';
  return sameGoal(usual.goal, reworded.goal) ? 'same' : 'different';
}
