/**
 * Subgoals in DANLI's symbolic form (Patient, Predicate, Destination): the structured goal of an episodic task, the
 * unit an agent plans for, and the source of the goal conditions a task is scored on.
 *
 * A `SubgoalSpec` speaks of classes ("a breadslice that is cooked, placed to a plate"); `bindSubgoal` grounds it in a
 * graph (the true start state, or an agent's belief) as candidate patient and destination instances and the number
 * that must satisfy it. Graph predicates (toggled, open, held, placed, taken, clean) are written in the condition
 * language (`conditions.ts`); the predicates of TEACh's custom properties (cooked, filled, watered) read the
 * derived states (`derived-states.ts`). `recipeCondition` says, for one instance, what state the household planner
 * must reach to make the predicate true (e.g. cooked: INSIDE a toaster that is ON), since the planner's domain knows
 * only the simulator's rules.
 */
import { and, type Condition, edge, held, holds, isIn, not, or } from './conditions.js';
import {
  BOILING_VESSELS,
  COOLER_CLASSES,
  type DerivedState,
  type DerivedStates,
  KNIFE_CLASSES,
} from './derived-states.js';
import type { EnvGraph } from './graph.js';
import { alfredPutRelation } from './skill-sets.js';
import type { State } from './vocabulary.js';

export const PREDICATES = [
  'isToggledOn',
  'isToggledOff',
  'isOpen',
  'isClosed',
  'isPickedUp',
  'isPlacedTo',
  'isTakenFrom',
  'isClean',
  'isCooked',
  'isFilledWithWater',
  'isFilledWithCoffee',
  'isWatered',
  'isSliced',
  'isHeated',
  'isCooled',
  'isBoiled',
  'isExaminedUnder',
] as const;
export type Predicate = (typeof PREDICATES)[number];

/**
 * Predicates that take a destination: where the patient goes (isPlacedTo), what it leaves (isTakenFrom), the lamp it
 * is looked at under (isExaminedUnder: ALFRED's look_at_obj_in_light).
 */
export const DESTINATION_PREDICATES: readonly Predicate[] = ['isPlacedTo', 'isTakenFrom', 'isExaminedUnder'];

/** Predicates read from the derived states rather than the graph. */
const DERIVED: Partial<Record<Predicate, DerivedState>> = {
  isCooked: 'cooked',
  isFilledWithWater: 'filledWithWater',
  isFilledWithCoffee: 'filledWithCoffee',
  isWatered: 'watered',
  isSliced: 'sliced',
  isHeated: 'heated',
  isCooled: 'cooled',
  isBoiled: 'boiled',
};
const STATE_OF: Partial<Record<Predicate, State>> = {
  isToggledOn: 'ON',
  isToggledOff: 'OFF',
  isOpen: 'OPEN',
  isClosed: 'CLOSED',
  isClean: 'CLEAN',
};

/** Patient class written as `*` : any grabbable thing (with `startOn`, "whatever lies on the table"). */
export const ANY_THING = '*';

export interface SubgoalSpec {
  /** Patient classes (`*`: any grabbable). */
  readonly patient: readonly string[];
  readonly predicate: Predicate;
  /** Destination classes (isPlacedTo, isTakenFrom). */
  readonly destination?: readonly string[];
  /** Unary predicates the same patient must satisfy too (a cooked breadslice placed to a plate). */
  readonly qualifiers?: readonly Predicate[];
  /** Unary predicates a destination must satisfy (a clean plate). */
  readonly destinationQualifiers?: readonly Predicate[];
  /** How many patients must satisfy it (default 1); `all`: every candidate. */
  readonly count?: number | 'all';
  /** Only patients in a room of this class ("the light in the bedroom"). */
  readonly room?: string;
  /** Only patients lying ON/INSIDE a node of these classes when bound ("the things on the kitchen table"). */
  readonly startOn?: readonly string[];
  /**
   * A means, not an end: it must be achieved on the way but need not hold at the end, so it is not scored (the water
   * fetched to water a plant is spent by the watering).
   */
  readonly means?: boolean;
  /** Instrument classes the recipe must use ("make toast using the toaster": cook in a toaster only). */
  readonly using?: readonly string[];
  /** Only these patient nodes (a task with its own scene naming one node, as EAI's goals do). */
  readonly ids?: readonly number[];
  /** Only these destination nodes (likewise). */
  readonly destinationIds?: readonly number[];
  /**
   * isPlacedTo: how the patient must lie on or in the destination; default `placeRelation` of the destination (INSIDE
   * an openable container, ON the rest). `ON_OR_INSIDE` for a fact about named nodes (EAI's): VirtualHome's PUTBACK
   * leaves a plate ON a dishwasher, the episodic skill set's putin puts it INSIDE, and both mean it is in there.
   */
  readonly placeAs?: PlaceAs;
}

export interface BoundSubgoal {
  readonly spec: SubgoalSpec;
  /** Candidate patients, sorted. */
  readonly patients: readonly number[];
  /** Candidate destinations, sorted (empty when the predicate has none). */
  readonly destinations: readonly number[];
  /** How many patients must satisfy it. */
  readonly need: number;
}

/** What predicates are evaluated on: a graph and its derived states. */
export interface WorldView {
  readonly graph: EnvGraph;
  readonly derived: DerivedStates;
}

const sortedIds = (ids: Iterable<number>) => [...new Set(ids)].sort((a, b) => a - b);

function idsOf(graph: EnvGraph, classes: readonly string[]): number[] {
  if (classes.includes(ANY_THING)) {
    return sortedIds([...graph.nodes()].filter((n) => n.properties.has('GRABBABLE')).map((n) => n.id));
  }
  return sortedIds(classes.flatMap((c) => graph.idsOfClass(c)));
}

/** Grounds a spec in a graph. `need` is the spec's count, or the number of candidates for `all`. */
export function bindSubgoal(spec: SubgoalSpec, graph: EnvGraph): BoundSubgoal {
  let patients = idsOf(graph, spec.patient);
  if (spec.room !== undefined) {
    const rooms = new Set(graph.idsOfClass(spec.room));
    patients = patients.filter((id) => rooms.has(graph.roomOf(id) ?? -1));
  }
  if (spec.startOn) {
    const hosts = new Set(idsOf(graph, spec.startOn));
    patients = patients.filter((id) =>
      [...graph.targets(id, 'ON'), ...graph.targets(id, 'INSIDE')].some((h) => hosts.has(h)),
    );
  }
  if (spec.ids) {
    const ids = new Set(spec.ids);
    patients = patients.filter((id) => ids.has(id));
  }
  let destinations = spec.destination ? idsOf(graph, spec.destination) : [];
  if (spec.destinationIds) {
    const ids = new Set(spec.destinationIds);
    destinations = destinations.filter((id) => ids.has(id));
  }
  const need = spec.count === 'all' ? patients.length : (spec.count ?? 1);
  return { spec, patients, destinations, need };
}

export type PlaceAs = 'ON' | 'INSIDE' | 'ON_OR_INSIDE';

/** How a patient lies on or in a destination: INSIDE openable or surface-less containers, ON the rest. */
export const placeRelation = (graph: EnvGraph, destination: number) => alfredPutRelation(graph.get(destination));

/**
 * The predicate as a condition over the graph for one patient (undefined for derived predicates).
 * `destinations` are those the predicate may use (already filtered by destination qualifiers).
 */
export function instanceCondition(
  graph: EnvGraph,
  id: number,
  predicate: Predicate,
  destinations: readonly number[],
  placeAs?: PlaceAs,
): Condition | undefined {
  const state = STATE_OF[predicate];
  if (state) return isIn(id, state);
  switch (predicate) {
    case 'isPickedUp':
      return held(id);
    case 'isPlacedTo':
      return or(
        ...destinations
          .filter((d) => d !== id)
          .flatMap((d) =>
            placeAs === 'ON_OR_INSIDE'
              ? [edge(id, 'ON', d), edge(id, 'INSIDE', d)]
              : [edge(id, placeAs ?? placeRelation(graph, d), d)],
          ),
      );
    case 'isTakenFrom':
      return and(...destinations.flatMap((d) => [not(edge(id, 'ON', d)), not(edge(id, 'INSIDE', d))]));
    case 'isExaminedUnder':
      return examinedUnder(graph, id, destinations);
    default:
      return undefined;
  }
}

/**
 * ALFRED's look_at_obj_in_light: the character holds the thing while a lamp of the destination classes is ON in the
 * room the character is in (ALFRED: the lamp is on and in view; a hearth room is in view from anywhere in it).
 */
function examinedUnder(graph: EnvGraph, id: number, lamps: readonly number[]): Condition {
  const character = graph.characterId();
  const lit = lamps.flatMap((lamp) => {
    const room = graph.roomOf(lamp);
    return room === undefined ? [] : [and(isIn(lamp, 'ON'), edge(character, 'INSIDE', room))];
  });
  return and(held(id), or(...lit));
}

/** Whether one patient satisfies a unary or destination predicate now. */
export function predicateHolds(
  world: WorldView,
  id: number,
  predicate: Predicate,
  destinations: readonly number[] = [],
  placeAs?: PlaceAs,
): boolean {
  const derived = DERIVED[predicate];
  if (derived) return world.derived.has(id, derived);
  const condition = instanceCondition(world.graph, id, predicate, destinations, placeAs);
  return condition !== undefined && holds(condition, world.graph);
}

/** The destinations that satisfy the destination qualifiers now. */
export function qualifiedDestinations(world: WorldView, bound: BoundSubgoal): number[] {
  const qualifiers = bound.spec.destinationQualifiers ?? [];
  return bound.destinations.filter((d) => world.graph.has(d) && qualifiers.every((q) => predicateHolds(world, d, q)));
}

/** Whether the patient satisfies the subgoal (qualifiers and predicate). */
export function patientSatisfies(world: WorldView, bound: BoundSubgoal, id: number): boolean {
  if (!world.graph.has(id)) return false;
  if (!(bound.spec.qualifiers ?? []).every((q) => predicateHolds(world, id, q))) return false;
  return predicateHolds(world, id, bound.spec.predicate, qualifiedDestinations(world, bound), bound.spec.placeAs);
}

/** The candidates that satisfy the subgoal now, sorted. */
export function satisfyingPatients(world: WorldView, bound: BoundSubgoal): number[] {
  return bound.patients.filter((id) => patientSatisfies(world, bound, id));
}

export function subgoalDone(world: WorldView, bound: BoundSubgoal): boolean {
  return satisfyingPatients(world, bound).length >= bound.need;
}

/** Pairs (sink, faucet) of one room: where water runs into a sink. */
function sinkFaucets(graph: EnvGraph): [number, number][] {
  const pairs: [number, number][] = [];
  for (const sink of sortedIds(graph.idsOfClass('sink'))) {
    for (const faucet of sortedIds(graph.idsOfClass('faucet'))) {
      if (graph.roomOf(faucet) === graph.roomOf(sink)) pairs.push([sink, faucet]);
    }
  }
  return pairs;
}

/** The instrument groups each predicate's recipe needs, one class of each group (the derived-state rules' tools). */
const RECIPE_INSTRUMENTS: Partial<Record<Predicate, readonly (readonly string[])[]>> = {
  isCooked: [['toaster', 'microwave', 'stove']],
  isHeated: [['microwave', 'stove', 'toaster']],
  isCooled: [[...COOLER_CLASSES]],
  isSliced: [[...KNIFE_CLASSES]],
  isBoiled: [[...BOILING_VESSELS], ['stove', 'microwave'], ['sink'], ['faucet']],
  isClean: [['sink'], ['faucet']],
  isFilledWithWater: [['sink'], ['faucet']],
  isFilledWithCoffee: [['coffeemaker']],
  isWatered: [['waterglass', 'mug', 'dishbowl', 'cookingpot', 'wateringcan'], ['sink'], ['faucet']],
};

/**
 * The instruments a subgoal's recipe needs: one class of each group ("cooked": a toaster, a microwave or a stove;
 * "clean": a sink and a faucet), narrowed by the spec's `using` ("make toast using the toaster").
 */
export function recipeInstruments(spec: SubgoalSpec): string[][] {
  const groups: string[][] = [];
  for (const group of RECIPE_INSTRUMENTS[spec.predicate] ?? []) {
    const allowed = spec.using ? group.filter((c) => spec.using!.includes(c)) : [...group];
    if (allowed.length > 0) groups.push(allowed);
  }
  return groups;
}

/**
 * A state of the simulator's vocabulary from which the derived-state rules make the predicate true for the patient,
 * or the predicate's own condition for graph predicates; undefined when the graph offers no way (no toaster, no
 * filled vessel to water with). The household planner plans for it.
 */
export function recipeCondition(
  world: WorldView,
  id: number,
  predicate: Predicate,
  destinations: readonly number[] = [],
  using?: readonly string[],
  placeAs?: PlaceAs,
): Condition | undefined {
  const { graph } = world;
  const options: Condition[] = [];
  const instruments = (className: string) =>
    using === undefined || using.includes(className) ? sortedIds(graph.idsOfClass(className)) : [];
  switch (predicate) {
    case 'isCooked':
    case 'isHeated':
      // A toaster toasts food; anything else heats in the microwave or on the stove (ALFRED heats mugs and plates).
      if (predicate === 'isCooked' || isFoodNode(graph, id)) {
        for (const t of instruments('toaster')) options.push(and(edge(id, 'INSIDE', t), isIn(t, 'ON')));
      }
      for (const m of instruments('microwave')) {
        options.push(and(edge(id, 'INSIDE', m), isIn(m, 'ON'), isIn(m, 'CLOSED')));
      }
      for (const s of instruments('stove')) options.push(and(edge(id, 'ON', s), isIn(s, 'ON')));
      break;
    case 'isCooled': {
      // Closing the fridge with the thing inside, or standing at the closed fridge that holds it.
      const character = graph.characterId();
      for (const f of COOLER_CLASSES.flatMap((c) => instruments(c))) {
        options.push(and(edge(id, 'INSIDE', f), isIn(f, 'CLOSED'), edge(character, 'CLOSE', f)));
      }
      break;
    }
    case 'isSliced': {
      const character = graph.characterId();
      for (const k of KNIFE_CLASSES.flatMap((c) => instruments(c))) {
        if (graph.has(k)) options.push(and(held(k), edge(character, 'CLOSE', id)));
      }
      break;
    }
    case 'isBoiled':
      options.push(...boilingRecipe(world, id, instruments));
      break;
    case 'isClean':
    case 'isFilledWithWater':
      for (const [sink, faucet] of sinkFaucets(graph)) {
        options.push(and(edge(id, 'INSIDE', sink), isIn(faucet, 'ON')));
      }
      break;
    case 'isFilledWithCoffee':
      for (const c of sortedIds(graph.idsOfClass('coffeemaker'))) {
        options.push(and(edge(id, 'INSIDE', c), isIn(c, 'ON')));
      }
      break;
    case 'isWatered': {
      const character = graph.characterId();
      for (const vessel of world.derived.withState('filledWithWater')) {
        if (graph.has(vessel)) options.push(and(held(vessel), edge(character, 'CLOSE', id)));
      }
      // No water yet: fill a vessel first (a staged recipe: the next plan waters the plant).
      if (options.length === 0) options.push(...fillRecipe(graph, vesselsIn(graph)));
      break;
    }
    default:
      return instanceCondition(graph, id, predicate, destinations, placeAs);
  }
  return options.length === 0 ? undefined : or(...options);
}

const isFoodNode = (graph: EnvGraph, id: number) => {
  const props = graph.get(id).properties as ReadonlySet<string>;
  return props.has('EATABLE') || props.has('DRINKABLE');
};

/** The grabbable vessels of the graph (RECIPIENT and GRABBABLE), sorted. */
function vesselsIn(graph: EnvGraph): number[] {
  const out: number[] = [];
  for (const node of graph.nodes()) {
    if (node.properties.has('RECIPIENT') && node.properties.has('GRABBABLE')) out.push(node.id);
  }
  return out.sort((a, b) => a - b);
}

/** Conditions that fill one of the vessels with water: in a sink whose room's faucet runs. */
function fillRecipe(graph: EnvGraph, vessels: readonly number[]): Condition[] {
  const options: Condition[] = [];
  for (const vessel of vessels) {
    for (const [sink, faucet] of sinkFaucets(graph))
      options.push(and(edge(vessel, 'INSIDE', sink), isIn(faucet, 'ON')));
  }
  return options;
}

/**
 * Boiling, in two stages as TEACh's players do it: with a boiling vessel already filled with water, the thing in it
 * while a stove heats it (the vessel on the stove, switched on) or a microwave does (inside, on and closed); without
 * one, filling a boiling vessel at a sink first (the next plan boils).
 */
function boilingRecipe(world: WorldView, id: number, instruments: (className: string) => number[]): Condition[] {
  const { graph } = world;
  const vessels = BOILING_VESSELS.flatMap((c) => instruments(c)).filter((v) => v !== id);
  const filled = vessels.filter((v) => world.derived.has(v, 'filledWithWater'));
  if (filled.length === 0) return fillRecipe(graph, vessels);
  const options: Condition[] = [];
  for (const vessel of filled) {
    for (const s of instruments('stove')) {
      options.push(and(edge(id, 'INSIDE', vessel), edge(vessel, 'ON', s), isIn(s, 'ON')));
    }
    for (const m of instruments('microwave')) {
      options.push(and(edge(id, 'INSIDE', vessel), edge(vessel, 'INSIDE', m), isIn(m, 'ON'), isIn(m, 'CLOSED')));
    }
  }
  return options;
}

/**
 * What to plan for to bring a subgoal one patient closer: for the first unsatisfied candidates (in id order) whose
 * qualifiers hold, the recipe of its predicate (an `or` over them); undefined when none has a recipe. `exclude`
 * leaves patients out (DANLI's "exclude the instance and replan").
 */
export function nextPatientGoal(
  world: WorldView,
  bound: BoundSubgoal,
  exclude: ReadonlySet<number> = new Set(),
): Condition | undefined {
  const destinations = qualifiedDestinations(world, bound);
  const options: Condition[] = [];
  for (const id of bound.patients) {
    if (exclude.has(id) || !world.graph.has(id) || patientSatisfies(world, bound, id)) continue;
    if (!(bound.spec.qualifiers ?? []).every((q) => predicateHolds(world, id, q))) continue;
    const recipe = recipeCondition(world, id, bound.spec.predicate, destinations, bound.spec.using, bound.spec.placeAs);
    if (recipe) options.push(recipe);
  }
  if (options.length === 0) return undefined;
  return options.length === 1 ? options[0] : or(...options);
}

/**
 * Conditions that keep what is achieved while planning the next step: for every satisfied patient of the subgoals
 * given, its graph predicate (derived predicates cannot be undone, so they need no keeping).
 */
export function keepAchieved(world: WorldView, bounds: readonly BoundSubgoal[]): Condition[] {
  const keep: Condition[] = [];
  for (const bound of bounds) {
    // Holding is spent by the next step's hands; the derived predicates cannot be undone.
    if (bound.spec.predicate === 'isPickedUp' || bound.spec.predicate === 'isExaminedUnder') continue;
    const destinations = qualifiedDestinations(world, bound);
    for (const id of satisfyingPatients(world, bound).slice(0, bound.need)) {
      const condition = instanceCondition(world.graph, id, bound.spec.predicate, destinations, bound.spec.placeAs);
      if (condition) keep.push(condition);
    }
  }
  return keep;
}

/**
 * The planner's goal for subgoal `index` of an ordered list: one more patient of it (`nextPatientGoal`) while what the
 * subgoals before it and its own satisfied patients achieved stays achieved (means are not kept: they are spent).
 * Undefined when the subgoal offers nothing to plan for.
 */
export function planningGoal(
  world: WorldView,
  bounds: readonly BoundSubgoal[],
  index: number,
  exclude: ReadonlySet<number> = new Set(),
): Condition | undefined {
  const next = nextPatientGoal(world, bounds[index], exclude);
  if (!next) return undefined;
  const keep = keepAchieved(
    world,
    bounds.slice(0, index + 1).filter((b) => !b.spec.means),
  );
  return keep.length === 0 ? next : and(...keep, next);
}
