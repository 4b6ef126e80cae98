/**
 * Comparing goals as the reader's checks do: two readings are the same goal when they hold the same subgoals and the
 * same action goals, whatever the order of the conjuncts (and of the classes in a patient or destination list); a
 * reading over-satisfies a definition when each of the definition's subgoals is implied by one of the reading's (the
 * same predicate on a superset of its patients, `all` of them where it asks for some). Used by the tests that measure
 * the reader on rewordings and on every family's usual texts, and by `hearth read --compare`.
 */
import type { ActionGoal } from '../sim/action-goals.js';
import { catalogClass } from '../sim/catalog/index.js';
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

/**
 * Whether a reading reads as a task's gold goal (`hearth read --family`, docs/alfred.md, "Read as their gold"): the
 * same conditions, each side implying the other, where a condition is
 *
 * - a state asked of some things (`2 tomato isSliced`), whether a subgoal asks it or a qualifier of one does
 *   (`2 tomato(isSliced) isPlacedTo plate` asks `2 tomato isSliced` too), the largest count kept per things and state;
 * - a relation (`isPlacedTo`, `isTakenFrom`, `isExaminedUnder`) with the states both sides carry.
 *
 * Two conditions match when the predicate and the count are the same, the states (qualifiers) the same set, and the
 * reading's classes lie within the gold's on both sides (the gold's `Cabinet` is any of three cabinet classes; a
 * reading that names the kitchen cabinet asks for one of them). What does not change the task is not compared: the
 * order, how a thing lies (`placeAs`: ALFRED's and TEACh's receptacles hold things on or in them alike), the
 * instrument (`using`), rooms and start hosts (they narrow the things, as a class within a list does), means. For
 * food, `isCooked` and `isHeated` are one state (every heater that heats food cooks it). Action goals must be the
 * same.
 */
export function readsAsGold(reading: GoalLike, gold: GoalLike): boolean {
  const r = conditionsOf(reading);
  const g = conditionsOf(gold);
  // The reading's classes lie within the gold's (none on both sides where the condition has no destination).
  const within = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.length === 0 ? true : a.length > 0 && a.every((c) => b.includes(c));
  const matches = (a: Condition, b: Condition) =>
    a.predicate === b.predicate &&
    a.count === b.count &&
    a.states === b.states &&
    a.destinationStates === b.destinationStates &&
    within(a.patient, b.patient) &&
    within(a.destination, b.destination);
  const actions = (goal: GoalLike) => goalKey({ subgoals: [], actionGoals: goal.actionGoals });
  return (
    actions(reading) === actions(gold) &&
    g.every((want) => r.some((have) => matches(have, want))) &&
    r.every((have) => g.some((w) => matches(have, w)))
  );
}

/** A condition of `readsAsGold`: states and destination states as sorted, joined strings. */
interface Condition {
  readonly patient: readonly string[];
  readonly predicate: string;
  readonly count: number | 'all';
  readonly states: string;
  readonly destination: readonly string[];
  readonly destinationStates: string;
}

const RELATIONS = new Set(['isPlacedTo', 'isTakenFrom', 'isExaminedUnder']);

/** For food, cooked and heated are one state (see `readsAsGold`). */
function sameState(predicate: string, classes: readonly string[]): string {
  if (predicate !== 'isCooked') return predicate;
  const food = classes.every((c) => {
    const properties = catalogClass(c)?.properties ?? [];
    return properties.includes('EATABLE') || properties.includes('DRINKABLE');
  });
  return food ? 'isHeated' : predicate;
}

const stateSet = (states: readonly string[] | undefined, classes: readonly string[]) =>
  [...new Set((states ?? []).map((s) => sameState(s, classes)))].sort().join(',');

const larger = (a: number | 'all', b: number | 'all') => (a === 'all' || b === 'all' ? 'all' : Math.max(a, b));

function conditionsOf(goal: GoalLike): Condition[] {
  const unary = new Map<string, Condition>();
  const relations: Condition[] = [];
  const addUnary = (patient: readonly string[], predicate: string, count: number | 'all') => {
    const classes = [...patient].sort();
    const state = sameState(predicate, classes);
    const key = `${classes.join('|')} ${state}`;
    const known = unary.get(key);
    unary.set(key, {
      patient: classes,
      predicate: state,
      count: known ? larger(known.count, count) : count,
      states: '',
      destination: [],
      destinationStates: '',
    });
  };
  for (const spec of goal.subgoals) {
    if (spec.means) continue;
    const count = spec.count ?? 1;
    for (const q of spec.qualifiers ?? []) addUnary(spec.patient, q, count);
    if (!RELATIONS.has(spec.predicate)) {
      addUnary(spec.patient, spec.predicate, count);
      continue;
    }
    relations.push({
      patient: [...spec.patient].sort(),
      predicate: spec.predicate,
      count,
      states: stateSet(spec.qualifiers, spec.patient),
      destination: [...(spec.destination ?? [])].sort(),
      destinationStates: stateSet(spec.destinationQualifiers, spec.destination ?? []),
    });
    for (const q of spec.destinationQualifiers ?? []) addUnary(spec.destination ?? [], q, 1);
  }
  return [...unary.values(), ...relations];
}
