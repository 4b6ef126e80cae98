/**
 * G offline: the household planner on the estimated state (named as such in every report). The instruction is read
 * by the offline reader (`readGoal`) into ordered subgoals (an instruction it cannot read: no plan, the robot
 * waits); the policy builds the planning world from the observation and the
 * state (`world.ts`), finds the first subgoal not yet done there, and plans for one more of its patients while
 * keeping what is achieved (`planningGoal`, the unit DANLI plans for), with hearth's PDDL planner over the pruned
 * world. The plan's skills become the paper's primitive actions (walks to rooms and then to a thing: `move(thing)`),
 * at most 20.
 *
 * When the planner has nothing to plan with (a class not seen yet, a goal over every room's things), the policy
 * explores the way the paper's LLM hypothesises ("the milk could be in the fridge"): it opens the closed containers
 * the text says the goal's things are in ("one is in the dishwasher"), then those the catalog says hold the missing
 * class, nearest first; then walks to the nearest room not yet visited; then opens
 * any other closed container. With nothing left, it waits.
 *
 * Objects with an invented `cannot_<verb>` attribute are left out of plans while the goal can be planned for without
 * them, and tried again when it cannot. The policy remembers the patients a subgoal was bound to ("the things on the kitchen table" stay its
 * patients after they leave the table).
 */

import type { TaskReading } from '../../language/tasks.js';
import { executionFailure, planForGoal } from '../../planning/household/index.js';
import { catalogClass } from '../../sim/catalog/index.js';
import type { Condition } from '../../sim/conditions.js';
import type { Skill } from '../../sim/skill.js';
import {
  ANY_THING,
  type BoundSubgoal,
  bindSubgoal,
  planningGoal,
  recipeInstruments,
  type SubgoalSpec,
  subgoalDone,
} from '../../sim/subgoals.js';
import { roomDistances } from '../heuristics/common.js';
import type { Command } from '../primitives/commands.js';
import type { ObjectListing } from '../primitives/listing.js';
import type { PaperNames } from '../primitives/names.js';
import { MAX_PLAN_COMMANDS, type Policy, type PolicyInput, type RoleAnswer } from './roles.js';
import { type PlanningWorld, planningWorld } from './world.js';

/** States a planner call may store (as DANLI's calls). */
const PLANNER_MAX_STATES = 60_000;

export interface PlannerPolicyCounts {
  plannerCalls: number;
  planFailures: number;
  /** Plans kept: what was left of the last plan still reached the same goal in the new state. */
  plansReused: number;
  explorations: number;
}

/** The last plan the planner made, to reuse what is left of it. */
interface LastPlan {
  readonly goal: string;
  readonly commands: readonly Command[];
  /** The length of the history when it was made. */
  readonly historyAt: number;
}

export class PlannerPolicy implements Policy {
  readonly implementation = 'offline: household PDDL planner on the estimated state';
  /** Patients ever bound, per subgoal index. */
  private remembered: Set<number>[] = [];
  private readingSeen: TaskReading | undefined;
  private last: LastPlan | undefined;
  readonly counts: PlannerPolicyCounts = { plannerCalls: 0, planFailures: 0, plansReused: 0, explorations: 0 };
  /** Planner wall time per call (timing: varies run to run). */
  readonly planMs: number[] = [];

  async plan(input: PolicyInput): Promise<RoleAnswer<Command[]>> {
    return this.planSync(input);
  }

  planSync(input: PolicyInput): RoleAnswer<Command[]> {
    const reading = input.instruction.reading;
    const record = { role: 'policy', implementation: 'offline' } as const;
    if (!reading) return { value: [], record: { ...record, notes: { notRead: input.instruction.unread } } };
    if (reading !== this.readingSeen) {
      this.readingSeen = reading;
      this.remembered = reading.subgoals.map(() => new Set<number>());
      this.last = undefined;
    }
    const { listing, names } = input.observation;
    const world = planningWorld(listing, names, input.state, reading);
    const bounds = reading.subgoals.map((spec, i) => this.bind(spec, i, world));
    const current = bounds.findIndex((bound, i) => !this.complete(bound, reading.subgoals[i], world, input));
    if (current < 0) return { value: [], record: { ...record, notes: { done: true } } };
    // Objects with an invented attribute are avoided while the goal can be reached without them; when it cannot
    // (the only cooked toast "cannot be picked up" after two slips), they are tried again.
    const excluded = this.excluded(world);
    for (const exclude of excluded.size > 0 ? [excluded, new Set<number>()] : [excluded]) {
      const goal = planningGoal(world, bounds, current, exclude);
      if (!goal) continue;
      const reused = this.reuse(goal, world, input);
      if (reused) {
        this.counts.plansReused++;
        return { value: reused, record: { ...record, notes: { subgoal: current, reused: true } } };
      }
      const planned = this.planFor(goal, exclude, world, input);
      if (planned)
        return { value: planned.commands, record: { ...record, notes: { subgoal: current, ...planned.notes } } };
    }
    this.counts.explorations++;
    const commands = explore(reading.subgoals[current], bounds[current], world, listing, names, input);
    return { value: commands, record: { ...record, notes: { subgoal: current, explore: true } } };
  }

  /** The household planner's plan for the goal, as commands (remembered for `reuse`); undefined when it has none. */
  private planFor(
    goal: Condition,
    exclude: ReadonlySet<number>,
    world: PlanningWorld,
    input: PolicyInput,
  ): { commands: Command[]; notes: Record<string, unknown> } | undefined {
    const { listing, names } = input.observation;
    this.counts.plannerCalls++;
    const result = planForGoal({
      state: world.graph,
      goal,
      skills: 'virtualhome',
      maxStates: PLANNER_MAX_STATES,
      exclude: [...exclude].sort((a, b) => a - b),
      characterId: listing.characterId,
    });
    this.planMs.push(result.stats.compileMs + result.stats.groundMs + result.stats.searchMs);
    if (!result.solved) this.counts.planFailures++;
    if (!result.solved || result.skills.length === 0) return undefined;
    const commands = toCommands(result.skills, listing, names).slice(0, MAX_PLAN_COMMANDS);
    this.last = { goal: JSON.stringify(goal), commands, historyAt: input.history.length };
    return { commands, notes: { operators: result.stats.operators, excluded: exclude.size } };
  }

  /**
   * What is left of the last plan, when the planner would be asked for the same goal and those commands still reach it
   * in the new state (checked in the simulator on the planning world): after a slipped action, the rest of the plan,
   * the slipped action first, is as good as before.
   */
  private reuse(goal: Condition, world: PlanningWorld, input: PolicyInput): Command[] | undefined {
    const last = this.last;
    if (!last || last.goal !== JSON.stringify(goal)) return undefined;
    const since = input.history.slice(last.historyAt);
    const done = since.findIndex((h) => !h.success);
    const executed = done < 0 ? since.length : done;
    if (executed > last.commands.length) return undefined;
    for (let i = 0; i < executed; i++) {
      if (formatCommandKey(since[i].command) !== formatCommandKey(last.commands[i])) return undefined;
    }
    const rest = last.commands.slice(executed);
    if (rest.length === 0) return undefined;
    const { names, listing } = input.observation;
    const skills: Skill[] = [];
    for (const command of rest) {
      const skill = commandSkill(command, names);
      if (!skill) return undefined;
      skills.push(skill);
    }
    if (executionFailure(world.graph, listing.characterId, skills, goal) !== undefined) return undefined;
    this.last = { goal: last.goal, commands: rest, historyAt: input.history.length };
    return rest;
  }

  private bind(spec: SubgoalSpec, index: number, world: PlanningWorld): BoundSubgoal {
    const now = bindSubgoal(spec, world.graph);
    const memory = this.remembered[index];
    for (const id of now.patients) memory.add(id);
    const patients = [...memory].filter((id) => world.graph.has(id)).sort((a, b) => a - b);
    return { ...now, patients, need: spec.count === 'all' ? patients.length : (spec.count ?? 1) };
  }

  /** Done in the planning world; a subgoal over every instance also needs every room (of its class) visited. */
  /**
   * Whether a subgoal is done in the planning world; one over every instance also needs every room (of its room
   * class) visited and every place the text says its things are (a closed container) looked into.
   */
  private complete(bound: BoundSubgoal, spec: SubgoalSpec, world: PlanningWorld, input: PolicyInput): boolean {
    if (bound.need === 0 && spec.count !== 'all') return false;
    if (bound.need > 0 && !subgoalDone(world, bound)) return false;
    if (spec.count === 'all' && !spec.startOn) {
      const { listing } = input.observation;
      return (
        unvisitedRooms(listing, spec.room).length === 0 && hintedContainers(spec.patient, input, world).length === 0
      );
    }
    return bound.need > 0;
  }

  /** Objects with an invented attribute (`cannot_pickup`): plans avoid them while they can. */
  private excluded(world: PlanningWorld): Set<number> {
    return new Set(world.cannot.keys());
  }
}

const formatCommandKey = (command: Command) => `${command.verb}(${command.args.join(',')})`;

const SKILL_OF_VERB: Readonly<Record<string, string>> = {
  move: 'walk',
  pickup: 'grab',
  placein: 'putin',
  placeon: 'put',
  open: 'open',
  close: 'close',
  switchon: 'switchon',
  switchoff: 'switchoff',
};

/** A command as the one skill the simulator checks it with (a move goes straight to its target). */
function commandSkill(command: Command, names: PaperNames): Skill | undefined {
  const action = SKILL_OF_VERB[command.verb];
  const ids = command.args.map((arg) => names.resolve(arg));
  if (!action || ids.some((m) => m?.by !== 'name')) return undefined;
  return { action, objects: ids.map((m) => m!.id) };
}

/** Containers looked into: opened by the robot, or with something seen inside (so open at the time). */
function containersLookedInto(input: PolicyInput): Set<number> {
  const lookedInto = new Set(
    input.history.filter((h) => h.success && h.command.verb === 'open').flatMap((h) => h.ids.slice(0, 1)),
  );
  for (const o of input.observation.listing.all()) {
    if (o.first.relation === 'IN') lookedInto.add(o.first.host);
    if (o.place.relation === 'IN') lookedInto.add(o.place.host);
  }
  return lookedInto;
}

/**
 * The closed containers seen, of the classes the text says things of these classes are in ("the mug is in the
 * dishwasher"), not looked into yet.
 */
function hintedContainers(classes: readonly string[], input: PolicyInput, world: PlanningWorld): number[] {
  const hosts = new Set(
    (input.instruction.hints ?? [])
      .filter((h) => h.relation === 'IN' && classes.includes(h.className))
      .map((h) => h.host),
  );
  if (hosts.size === 0) return [];
  const lookedInto = containersLookedInto(input);
  return input.observation.listing
    .all()
    .filter(
      (o) =>
        hosts.has(o.className) &&
        o.properties.includes('CAN_OPEN') &&
        !lookedInto.has(o.id) &&
        !world.graph.hasState(o.id, 'OPEN'),
    )
    .map((o) => o.id);
}

/** Rooms (of the class, when given) the robot has never stood in, nearest first. */
function unvisitedRooms(listing: ObjectListing, roomClass?: string): number[] {
  const distance = roomDistances(listing.currentRoom, listing.adjacentRooms);
  return listing
    .roomList()
    .filter((r) => listing.visitedAt(r.id) === undefined && (roomClass === undefined || r.className === roomClass))
    .map((r) => r.id)
    .sort((a, b) => (distance.get(a) ?? Infinity) - (distance.get(b) ?? Infinity) || a - b);
}

/** A plan's skills as primitive actions: walks to rooms then to a thing become one `move(thing)`. */
export function toCommands(skills: readonly Skill[], listing: ObjectListing, names: PaperNames): Command[] {
  const commands: Command[] = [];
  let lastRoom: number | undefined;
  const name = (id: number) => names.name(id);
  for (const skill of skills) {
    const [a, b] = skill.objects;
    switch (skill.action) {
      case 'walk':
        if (listing.isRoom(a)) {
          lastRoom = a;
          continue;
        }
        commands.push({ verb: 'move', args: [name(a)] });
        break;
      case 'grab':
        commands.push({ verb: 'pickup', args: [name(a)] });
        break;
      case 'put':
        commands.push({ verb: 'placeon', args: [name(a), name(b)] });
        break;
      case 'putin':
        commands.push({ verb: 'placein', args: [name(a), name(b)] });
        break;
      case 'open':
      case 'close':
      case 'switchon':
      case 'switchoff':
        commands.push({ verb: skill.action, args: [name(a)] });
        break;
      default:
        continue;
    }
    lastRoom = undefined;
  }
  if (lastRoom !== undefined) commands.push({ verb: 'move', args: [name(lastRoom)] });
  return commands;
}

/**
 * Classes the subgoal needs more of than the world has: a patient class with fewer known instances than the count
 * asks for (none, or 3 bread slices seen for 6 toasts), a destination or an instrument with none.
 */
function missingClasses(spec: SubgoalSpec, bound: BoundSubgoal, world: PlanningWorld): string[] {
  const graph = world.graph;
  const known = (classes: readonly string[]) => classes.some((c) => graph.idsOfClass(c).length > 0);
  const missing: string[] = [];
  const wanted = typeof spec.count === 'number' ? spec.count : 1;
  if (!spec.patient.includes(ANY_THING) && !spec.startOn && bound.patients.length < wanted)
    missing.push(...spec.patient);
  if (spec.destination && !known(spec.destination)) missing.push(...spec.destination);
  for (const group of recipeInstruments(spec)) if (!known(group)) missing.push(...group);
  return missing;
}

/** Exploration commands for the subgoal (see the module comment); empty when there is nowhere left to look. */
function explore(
  spec: SubgoalSpec,
  bound: BoundSubgoal,
  world: PlanningWorld,
  listing: ObjectListing,
  names: PaperNames,
  input: PolicyInput,
): Command[] {
  const graph = world.graph;
  const lookedInto = containersLookedInto(input);
  const distance = roomDistances(listing.currentRoom, listing.adjacentRooms);
  const nearest = (ids: number[]) =>
    ids.sort(
      (a, b) =>
        (distance.get(listing.roomOf(a) ?? -1) ?? Infinity) - (distance.get(listing.roomOf(b) ?? -1) ?? Infinity) ||
        a - b,
    );
  const closedContainers = listing
    .all()
    .filter(
      (o) =>
        o.properties.includes('CAN_OPEN') &&
        o.properties.includes('CONTAINERS') &&
        !lookedInto.has(o.id) &&
        !graph.hasState(o.id, 'OPEN'),
    )
    .map((o) => o.id);
  // opening takes a free hand: with both full, what the subgoal does not need is set down first (the knife after
  // slicing), on a surface of the room
  const held = listing.all().filter((o) => o.place.relation === 'HELD');
  const spare = held.find((o) => !spec.patient.includes(o.className)) ?? held[0];
  const surface = listing
    .all()
    .find(
      (o) => o.properties.includes('SURFACES') && o.place.relation !== 'HELD' && o.place.room === listing.currentRoom,
    );
  const freeHand: Command[] =
    held.length >= 2 && spare && surface
      ? [
          { verb: 'move', args: [names.name(surface.id)] },
          { verb: 'placeon', args: [names.name(spare.id), names.name(surface.id)] },
        ]
      : [];
  const openIt = (id: number): Command[] => [
    ...freeHand,
    { verb: 'move', args: [names.name(id)] },
    { verb: 'open', args: [names.name(id)] },
  ];
  // Where the text says the things are ("one is in the dishwasher") first.
  const hinted = nearest(hintedContainers(spec.patient, input, world));
  if (hinted.length > 0) return openIt(hinted[0]);
  const missing = missingClasses(spec, bound, world);
  const rooms = unvisitedRooms(listing, spec.count === 'all' && !spec.startOn ? spec.room : undefined);
  if (spec.count === 'all' && !spec.startOn && rooms.length > 0)
    return [{ verb: 'move', args: [names.name(rooms[0])] }];
  const likely = nearest(
    closedContainers.filter((id) =>
      missing.some((c) => (catalogClass(c)?.inside ?? []).includes(graph.get(id).className)),
    ),
  );
  if (likely.length > 0) return openIt(likely[0]);
  const anyRoom = unvisitedRooms(listing);
  if (anyRoom.length > 0) return [{ verb: 'move', args: [names.name(anyRoom[0])] }];
  const others = nearest(closedContainers);
  if (others.length > 0) return openIt(others[0]);
  return [];
}
