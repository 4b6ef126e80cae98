/**
 * The level-2 goals of the offline bootstrap (`build.ts`): every single goal the simulator lets a character reach in
 * the training home, by kind, each with what it means (its name comes from `naming.ts`), the conditions the household
 * planner plans for, and the start states it is also planned from. The paper builds its database from the training
 * environment's skills bottom up (appendix B); these are the home's skills in general, not those of one task family:
 *
 * | kind   | goals                                                                                                   |
 * | ------ | ------------------------------------------------------------------------------------------------------- |
 * | place  | each grabbable class where the catalog keeps it (its hosts, the containers where things of its kind are |
 * |        | stored: `typical`), and on each other host with SURFACES (what the simulator's put accepts: a magazine  |
 * |        | on a bed, a slice of bread on a plate); into other containers only as their use (heat, clean, fill)     |
 * | heat   | each food or drink cooked by each heater: inside a microwave that is on and closed, inside a toaster     |
 * |        | that is on, on a stove that is on (the derived-state rules' recipes)                                    |
 * | switch | one thing of each switchable class (lights, lamps and faucets too) switched on, and one switched off     |
 * | clean  | each class that gets dirty in a sink of a room whose faucet runs                                        |
 * | fill   | each vessel (a grabbable recipient) in such a sink (water), or in a coffee maker that is on (coffee)    |
 * | water  | each plant reached holding each vessel just filled with water (two stages: fill, then carry)            |
 *
 * With `people` (the database of the families of ALFRED's and TEACh's words, issue 42; docs/alfred.md), also:
 *
 * | kind   | goals                                                                                                   |
 * | ------ | ------------------------------------------------------------------------------------------------------- |
 * | slice  | each sliceable food reached holding each knife class (the derived-state rule: the cut)                  |
 * | cool   | each food and each dish in a fridge that is closed, the character at it (ALFRED's cooling)             |
 * | heat   | each dish (a mug, a plate) in a microwave that is on and closed (ALFRED heats them)                     |
 * | boil   | each sliceable food in each boiling vessel filled with water, on a stove that is on (two stages)        |
 * | examine| each grabbable class held in the room of a lamp of each lamp class, the lamp on (look_at_obj_in_light)  |
 * | place  | each grabbable into each movable receptacle (a pot, a bowl, a cup, a mug, a box) and each of ALFRED's   |
 * |        | containers (bathtub, toilet, garbage can, drawer, safe, sink, microwave, fridge), opened first          |
 *
 * A state of the home that decides a plan is set each way as a variant (`Setup`): a typical placement in a container
 * with every container of the class open and with every one closed, a switch from the other position. Switching is
 * about one thing ("switch off light" switches off the light at hand): a goal over every light of the home is a walk
 * through every room, which no other home repeats, and an agent asked for all lights repeats the one-light skill
 * where it finds lights.
 *
 * Opening and closing are no skills of their own on level 2 (they are on level 1, and inside the placements into
 * containers): the offline encoder ranks a text as short as "close microwave" above "heat cupcake in microwave" for
 * "A warm meal from the microwave, please.", and with them SemGro heated food in 25 % of a sample of its own family's
 * episodes where it did in 100 % (docs/semgro.md). "Open the fridge." is served by the placements that open it.
 */
import { CATALOG, catalogClass, placementsOf } from '../../../sim/catalog/index.js';
import { and, type Condition, edge, exists, held, holds, isIn, type NodeRef, or, v } from '../../../sim/conditions.js';
import {
  BOILING_VESSELS,
  COOLER_CLASSES,
  HEATER_CLASSES,
  KNIFE_CLASSES,
  PLANT_CLASSES,
  waterRuns,
} from '../../../sim/derived-states.js';
import { moveObject, type Place } from '../../../sim/dynamics/edits.js';
import type { EnvGraph } from '../../../sim/graph.js';
import { OPPOSITE_STATE } from '../../../sim/vocabulary.js';
import type { SkillMeaning } from './naming.js';

/** A change of the start state a goal is also planned from (applied inside `tryChanges`). */
export type Setup = (graph: EnvGraph) => void;

/** A goal, or one made from the home as the stages before left it (undefined: nothing to plan for). */
export type Stage = Condition | ((graph: EnvGraph) => Condition | undefined);

/** A level-2 goal: what it means, the conditions the planner plans for, and the start states it is planned from. */
export interface SingleGoal {
  readonly meaning: SkillMeaning;
  /**
   * Planned one after the other, each from where the chain of the one before left the home (most goals: one); a
   * later stage may be made from that home (the vessel that was filled, not any vessel).
   */
  readonly stages: readonly [Condition, ...Stage[]];
  /** Changes of the start state to plan from besides the start state itself (`undefined`: the start state only). */
  readonly variants?: readonly Setup[];
  /** Plan from the variants only (a goal that already holds in the start state). */
  readonly variantsOnly?: boolean;
  /**
   * The class the chain ends close to, named by its last walk (`build.ts`, `approached`): the food a slicing reaches,
   * which the planner reaches by walking to the fridge that holds it in the training home.
   */
  readonly approach?: string;
}

/** Puts every node of the class in `state` (from its opposite); switching on closes what is open first. */
export function setClassState(graph: EnvGraph, className: string, state: 'OPEN' | 'CLOSED' | 'ON' | 'OFF'): void {
  const opposite = OPPOSITE_STATE[state]!;
  for (const id of graph.idsOfClass(className)) {
    if (!graph.hasState(id, opposite)) continue;
    graph.removeState(id, opposite);
    graph.addState(id, state);
    if (state === 'ON' && graph.removeState(id, 'OPEN')) graph.addState(id, 'CLOSED');
  }
}

/** What the goals are made from: the home's classes and what the catalog says of them. */
interface Home {
  readonly graph: EnvGraph;
  /** Class names present, sorted. */
  readonly classes: readonly string[];
  present(name: string): boolean;
  /** Whether a node of the class has the property (in the home or in the catalog). */
  has(name: string, property: string): boolean;
}

function homeOf(graph: EnvGraph): Home {
  const properties = new Map<string, Set<string>>();
  for (const node of graph.nodes()) {
    const known = properties.get(node.className) ?? new Set(catalogClass(node.className)?.properties ?? []);
    for (const property of node.properties) known.add(property);
    properties.set(node.className, known);
  }
  return {
    graph,
    classes: [...properties.keys()].sort(),
    present: (name) => properties.has(name),
    has: (name, property) => properties.get(name)?.has(property) ?? false,
  };
}

/** Classes nothing is done to: rooms, the building, the character. */
const inert = (name: string) => {
  const kind = catalogClass(name)?.kind;
  return kind === undefined || kind === 'room' || kind === 'agent';
};

/** A class of the building (doors, windows, walls); lights are the one kind of it a goal is about. */
const structure = (name: string) => catalogClass(name)?.kind === 'structure';

/** Grabbable classes of the home that the catalog knows. */
const grabbables = (home: Home) => home.classes.filter((name) => !inert(name) && home.has(name, 'GRABBABLE'));

/** A container's two positions: every one of its class open, every one closed (a home may have both at the start). */
function positions(home: Home, host: string): Setup[] {
  const ids = home.graph.idsOfClass(host);
  if (!ids.some((id) => home.graph.hasState(id, 'OPEN') || home.graph.hasState(id, 'CLOSED'))) return [];
  return [(g) => setClassState(g, host, 'OPEN'), (g) => setClassState(g, host, 'CLOSED')];
}

/** Another typical place of a class than `host`, at the first node of its host class (undefined: none). */
function otherPlace(
  home: Home,
  places: ReadonlyMap<string, ReadonlyMap<'ON' | 'INSIDE', boolean>>,
  host: string,
): Place | undefined {
  for (const [other, relations] of [...places].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    if (other === host) continue;
    for (const [relation, typical] of relations) {
      const [first] = [...home.graph.idsOfClass(other)].sort((a, b) => a - b);
      if (typical && first !== undefined) return { relation, host: first };
    }
  }
  return undefined;
}

/** Placements: each grabbable class on or in every host the simulator accepts (see the module comment). */
function placeGoals(home: Home): SingleGoal[] {
  // Where things of each kind are stored (the containers the catalog puts any of them in).
  const storage = new Map<string, Set<string>>();
  for (const entry of CATALOG) {
    if (!entry.properties.includes('GRABBABLE')) continue;
    if (!storage.has(entry.kind)) storage.set(entry.kind, new Set());
    for (const host of entry.inside) storage.get(entry.kind)!.add(host);
  }
  const hosts = home.classes.filter((name) => !inert(name) && !structure(name) && home.has(name, 'SURFACES'));
  const out: SingleGoal[] = [];
  for (const name of grabbables(home)) {
    const entry = catalogClass(name)!;
    // host -> relation -> typical
    const places = new Map<string, Map<'ON' | 'INSIDE', boolean>>();
    const add = (host: string, relation: 'ON' | 'INSIDE', typical: boolean) => {
      if (host === name || !home.present(host)) return;
      const relations = places.get(host) ?? new Map<'ON' | 'INSIDE', boolean>();
      relations.set(relation, typical || (relations.get(relation) ?? false));
      places.set(host, relations);
    };
    for (const place of placementsOf(entry)) add(place.host, place.relation, true);
    for (const host of storage.get(entry.kind) ?? []) {
      if (!places.get(host)?.size) add(host, 'INSIDE', true);
    }
    // Any other surface: on top of it (what goes into an appliance or a container is its use, a skill of its own).
    for (const host of hosts) if (!places.has(host)) add(host, 'ON', false);
    for (const host of [...places.keys()].sort()) {
      for (const [relation, typical] of [...places.get(host)!].sort()) {
        // A thing of the class that is not there yet (one toothbrush in the cabinet: the skill puts the other);
        // with every one there, planned from a start where they lie at another place of theirs.
        const there = (id: number) => home.graph.idsOfClass(host).some((h) => home.graph.hasEdge(id, relation, h));
        const ids = home.graph.idsOfClass(name);
        const away = ids.filter((id) => !there(id));
        const elsewhere = away.length > 0 ? undefined : otherPlace(home, places, host);
        if (away.length === 0 && !elsewhere) continue;
        const goal: Condition = {
          kind: 'exists',
          var: 'x',
          classes: [name],
          only: away.length > 0 ? away : [...ids],
          condition: exists('y', [host], edge(v('x'), relation, v('y'))),
        };
        // Both positions of a container for the placements the catalog makes; the others are planned from the
        // start state only (they are most of the placements, and a plan costs milliseconds).
        const states = relation === 'INSIDE' && typical ? positions(home, host) : [];
        const moveOut: Setup | undefined =
          elsewhere &&
          ((g) => {
            for (const id of ids) moveObject(g, id, elsewhere);
          });
        out.push({
          meaning: { kind: 'place', patients: [name], relation, host, typical },
          stages: [goal],
          ...(moveOut
            ? {
                variants:
                  states.length > 0
                    ? states.map((position) => (g: EnvGraph) => {
                        moveOut(g);
                        position(g);
                      })
                    : [moveOut],
                variantsOnly: true,
              }
            : { variants: states }),
        });
      }
    }
  }
  return out;
}

/** How each heater cooks what is in it or on it (the derived-state rules, `src/sim/derived-states.ts`). */
const HEATING: Readonly<Record<(typeof HEATER_CLASSES)[number], (x: NodeRef, h: NodeRef) => Condition>> = {
  microwave: (x, h) => and(edge(x, 'INSIDE', h), isIn(h, 'ON'), isIn(h, 'CLOSED')),
  toaster: (x, h) => and(edge(x, 'INSIDE', h), isIn(h, 'ON')),
  stove: (x, h) => and(edge(x, 'ON', h), isIn(h, 'ON')),
};

/** Each food or drink cooked by each heater the home has. */
function heatGoals(home: Home, people: boolean): SingleGoal[] {
  const out: SingleGoal[] = [];
  const foods = grabbables(home).filter((name) => home.has(name, 'EATABLE') || home.has(name, 'DRINKABLE'));
  for (const name of foods) {
    for (const heater of HEATER_CLASSES) {
      if (!home.present(heater)) continue;
      const goal = exists('x', [name], exists('h', [heater], HEATING[heater](v('x'), v('h'))));
      out.push({ meaning: { kind: 'heat', patients: [name], appliance: heater }, stages: [goal] });
    }
  }
  // ALFRED heats dishes too, in the microwave.
  if (people && home.present('microwave')) {
    for (const name of dishes(home)) {
      const goal = exists('x', [name], exists('h', ['microwave'], HEATING.microwave(v('x'), v('h'))));
      out.push({ meaning: { kind: 'heat', patients: [name], appliance: 'microwave' }, stages: [goal] });
    }
  }
  return out;
}

/** The containers ALFRED's receptacles are that hold a thing inside (the others are surfaces: placed on above). */
const ALFRED_CONTAINERS = ['bathtub', 'toilet', 'garbagecan', 'drawer', 'safe', 'sink', 'microwave', 'fridge'];

/** Grabbable dishes and cookware of the home (what ALFRED heats and cools besides food). */
const dishes = (home: Home) => grabbables(home).filter((name) => catalogClass(name)?.kind === 'kitchenware');

/** Foods a knife slices (EATABLE and CUTTABLE). */
const sliceable = (home: Home) =>
  grabbables(home).filter((name) => home.has(name, 'EATABLE') && home.has(name, 'CUTTABLE'));

/**
 * ALFRED's and TEACh's states (see the module comment): slicing, cooling, boiling, examining under a lamp, and
 * placing into a movable receptacle.
 */
function peopleGoals(home: Home): SingleGoal[] {
  const out: SingleGoal[] = [];
  const character = home.graph.characterId();
  for (const tool of KNIFE_CLASSES) {
    if (!home.present(tool)) continue;
    for (const name of sliceable(home)) {
      const goal = and(exists('k', [tool], held(v('k'))), exists('x', [name], edge(character, 'CLOSE', v('x'))));
      out.push({ meaning: { kind: 'slice', patients: [name], tool }, stages: [goal], approach: name });
    }
  }
  for (const cooler of COOLER_CLASSES) {
    if (!home.present(cooler)) continue;
    for (const name of [...sliceable(home), ...dishes(home)]) {
      const goal = exists(
        'x',
        [name],
        exists(
          'f',
          [cooler],
          and(edge(v('x'), 'INSIDE', v('f')), isIn(v('f'), 'CLOSED'), edge(character, 'CLOSE', v('f'))),
        ),
      );
      out.push({ meaning: { kind: 'cool', patients: [name], appliance: cooler }, stages: [goal] });
    }
  }
  const pairs = sinkFaucets(home.graph);
  if (home.present('stove') && pairs.length > 0) {
    for (const vessel of BOILING_VESSELS) {
      if (!home.present(vessel)) continue;
      const fill = or(...pairs.map(([sink, faucet]) => and(edge(v('p'), 'INSIDE', sink), isIn(faucet, 'ON'))));
      const filled: Condition = exists('p', [vessel], fill);
      for (const name of sliceable(home)) {
        // The vessel that was filled, on the stove with the food in it.
        const cook: Stage = (g) => {
          const ids = g
            .idsOfClass(vessel)
            .filter((id) => [...g.targets(id, 'INSIDE')].some((s) => waterRunsInto(g, s)));
          if (ids.length === 0) return undefined;
          const onStove: Condition = {
            kind: 'exists',
            var: 'p',
            classes: [vessel],
            only: ids,
            condition: and(
              exists('x', [name], edge(v('x'), 'INSIDE', v('p'))),
              exists('s', ['stove'], and(edge(v('p'), 'ON', v('s')), isIn(v('s'), 'ON'))),
            ),
          };
          return onStove;
        };
        out.push({ meaning: { kind: 'boil', patients: [name], vessel }, stages: [filled, cook] });
      }
    }
  }
  for (const lamp of ['tablelamp', 'floorlamp']) {
    const lamps = home.graph.idsOfClass(lamp);
    if (lamps.length === 0) continue;
    for (const name of grabbables(home)) {
      const lit = or(
        ...lamps.flatMap((l) => {
          const room = home.graph.roomOf(l);
          return room === undefined ? [] : [and(isIn(l, 'ON'), edge(character, 'INSIDE', room))];
        }),
      );
      const goal = and(exists('x', [name], held(v('x'))), lit);
      out.push({ meaning: { kind: 'examine', patients: [name], lamp }, stages: [goal] });
    }
  }
  // Into a movable receptacle (ALFRED's pot, bowl, cup, mug, box) and into the containers ALFRED puts anything in
  // (a spray bottle in the toilet, a rag in the bathtub, a credit card in the safe): each grabbable thing.
  const receptacles = grabbables(home).filter((name) => home.has(name, 'CONTAINERS'));
  const containers = ALFRED_CONTAINERS.filter((name) => home.present(name));
  for (const host of [...receptacles, ...containers]) {
    for (const name of grabbables(home)) {
      if (name === host || receptacles.includes(name)) continue;
      if (catalogClass(name)?.inside.includes(host)) continue; // a typical placement: made above
      // A knife is carried to cut, not to be put away in a toilet: its skills would draw the slicing astray.
      if ((KNIFE_CLASSES as readonly string[]).includes(name)) continue;
      const goal = exists('x', [name], exists('y', [host], edge(v('x'), 'INSIDE', v('y'))));
      out.push({
        meaning: { kind: 'place', patients: [name], relation: 'INSIDE', host, typical: false },
        stages: [goal],
      });
    }
  }
  return out;
}

/** One thing of a class switched, planned from the class all the other way (and from the start state). */
function oneIn(home: Home, name: string, state: 'ON' | 'OFF', meaning: SkillMeaning): SingleGoal {
  const goal = exists('x', [name], isIn(v('x'), state));
  const from: Setup = (g) => setClassState(g, name, OPPOSITE_STATE[state] as 'ON' | 'OFF');
  return { meaning, stages: [goal], variants: [from], variantsOnly: holds(goal, home.graph) };
}

/** One thing of each switchable class switched on, and one switched off. */
function switchGoals(home: Home): SingleGoal[] {
  const out: SingleGoal[] = [];
  for (const name of home.classes) {
    if (inert(name) || !home.has(name, 'HAS_SWITCH')) continue;
    if (structure(name) && name !== 'light') continue;
    for (const on of [true, false]) {
      out.push(oneIn(home, name, on ? 'ON' : 'OFF', { kind: 'switch', patients: [name], on }));
    }
  }
  return out;
}

/** Sinks with a faucet of their room: where water runs into a sink (`derived-states.ts`). */
function sinkFaucets(graph: EnvGraph): [number, number][] {
  const pairs: [number, number][] = [];
  for (const sink of [...graph.idsOfClass('sink')].sort((a, b) => a - b)) {
    for (const faucet of [...graph.idsOfClass('faucet')].sort((a, b) => a - b)) {
      if (graph.roomOf(faucet) === graph.roomOf(sink)) pairs.push([sink, faucet]);
    }
  }
  return pairs;
}

/** Whether `id` is a sink whose room's faucet runs. */
const waterRunsInto = (graph: EnvGraph, id: number) => graph.get(id).className === 'sink' && waterRuns(graph, id);

/** Cleaning, filling and watering: what running water and a coffee maker do. */
function waterGoals(home: Home): SingleGoal[] {
  const out: SingleGoal[] = [];
  const pairs = sinkFaucets(home.graph);
  // A thing of the class not in a sink yet where there is one (a dirty mug left in the sink: the skill fetches
  // another); with every one in a sink, the water run onto them.
  const underWater = (name: string): Condition | undefined => {
    const sinks = home.graph.idsOfClass('sink');
    const ids = home.graph.idsOfClass(name);
    const away = ids.filter((id) => !sinks.some((s) => home.graph.hasEdge(id, 'INSIDE', s)));
    if (pairs.length === 0 || ids.length === 0) return undefined;
    const running = or(...pairs.map(([sink, faucet]) => and(edge(v('x'), 'INSIDE', sink), isIn(faucet, 'ON'))));
    return { kind: 'exists', var: 'x', classes: [name], only: away.length > 0 ? away : [...ids], condition: running };
  };
  const dirtying = grabbables(home).filter((name) => catalogClass(name)?.states.includes('DIRTY'));
  const vessels = grabbables(home).filter((name) => home.has(name, 'RECIPIENT'));
  for (const name of dirtying) {
    const goal = underWater(name);
    if (goal) out.push({ meaning: { kind: 'clean', patients: [name] }, stages: [goal] });
  }
  for (const name of vessels) {
    const water = underWater(name);
    if (water) out.push({ meaning: { kind: 'fill', patients: [name], content: 'water' }, stages: [water] });
    if (home.present('coffeemaker')) {
      const coffee = exists(
        'x',
        [name],
        exists('c', ['coffeemaker'], and(edge(v('x'), 'INSIDE', v('c')), isIn(v('c'), 'ON'))),
      );
      out.push({ meaning: { kind: 'fill', patients: [name], content: 'coffee' }, stages: [coffee] });
    }
  }
  const character = home.graph.characterId();
  for (const plant of PLANT_CLASSES) {
    if (!home.present(plant)) continue;
    for (const vessel of vessels) {
      const water = underWater(vessel);
      if (!water) continue;
      // The vessel that was filled, carried to the plant.
      const carry: Stage = (g) => {
        const filled = g
          .idsOfClass(vessel)
          .filter((id) => [...g.targets(id, 'INSIDE')].some((s) => waterRunsInto(g, s)));
        if (filled.length === 0) return undefined;
        const vessels: Condition = {
          kind: 'exists',
          var: 'x',
          classes: [vessel],
          only: filled,
          condition: held(v('x')),
        };
        return and(vessels, exists('p', [plant], edge(character, 'CLOSE', v('p'))));
      };
      out.push({ meaning: { kind: 'water', patients: [plant], vessel }, stages: [water, carry] });
    }
  }
  return out;
}

/** The level-2 goals of a home (see the module comment), those that already hold in the start state left out. */
export function singleGoals(graph: EnvGraph, options: { readonly people?: boolean } = {}): SingleGoal[] {
  const home = homeOf(graph);
  const out = [
    ...placeGoals(home),
    ...heatGoals(home, options.people ?? false),
    ...switchGoals(home),
    ...waterGoals(home),
    ...(options.people ? peopleGoals(home) : []),
  ];
  return out.filter(({ stages, variantsOnly }) => variantsOnly || !holds(stages[0], graph));
}
