/**
 * G offline: the household planner on the estimated state (named as such in every report). The instruction is read
 * with the task grammar into ordered subgoals; the policy builds the planning world from the observation and the
 * state (`world.ts`), finds the first subgoal not yet done there, and plans for one more of its patients while
 * keeping what is achieved (`planningGoal`, the unit DANLI plans for), with hearth's PDDL planner over the pruned
 * world. The plan's skills become the paper's primitive actions (walks to rooms and then to a thing: `move(thing)`),
 * at most 20.
 *
 * When the planner has nothing to plan with (a class not seen yet, a goal over every room's things), the policy
 * explores the way the paper's LLM hypothesises ("the milk could be in the fridge"): it opens the closed containers
 * the catalog says hold the missing class, nearest first; then walks to the nearest room not yet visited; then opens
 * any other closed container. With nothing left, it waits.
 *
 * Objects with an invented `cannot_<verb>` attribute are left out of plans while another instance of their class is
 * known. The policy remembers the patients a subgoal was bound to ("the things on the kitchen table" stay its
 * patients after they leave the table).
 */
import { planForGoal } from '../../planning/household/index.js';
import { catalogClass } from '../../sim/catalog/index.js';
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
import type { TaskReading } from '../language/tasks.js';
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
  explorations: number;
}

export class PlannerPolicy implements Policy {
  readonly implementation = 'offline: household PDDL planner on the estimated state';
  /** Patients ever bound, per subgoal index. */
  private remembered: Set<number>[] = [];
  private readingSeen: TaskReading | undefined;
  readonly counts: PlannerPolicyCounts = { plannerCalls: 0, planFailures: 0, explorations: 0 };
  /** Planner wall time per call (timing: varies run to run). */
  readonly planMs: number[] = [];

  async plan(input: PolicyInput): Promise<RoleAnswer<Command[]>> {
    return this.planSync(input);
  }

  planSync(input: PolicyInput): RoleAnswer<Command[]> {
    const reading = input.instruction.reading;
    const record = { role: 'policy', implementation: 'offline' } as const;
    if (!reading)
      return { value: [], record: { ...record, invalid: `instruction not read: ${input.instruction.unread}` } };
    if (reading !== this.readingSeen) {
      this.readingSeen = reading;
      this.remembered = reading.subgoals.map(() => new Set<number>());
    }
    const { listing, names } = input.observation;
    const world = planningWorld(listing, names, input.state, reading);
    const bounds = reading.subgoals.map((spec, i) => this.bind(spec, i, world));
    const current = bounds.findIndex((bound, i) => !this.complete(bound, reading.subgoals[i], world, listing));
    if (current < 0) return { value: [], record: { ...record, notes: { done: true } } };
    const excluded = this.excluded(world);
    const goal = planningGoal(world, bounds, current, excluded);
    if (goal) {
      this.counts.plannerCalls++;
      const result = planForGoal({
        state: world.graph,
        goal,
        skills: 'virtualhome',
        maxStates: PLANNER_MAX_STATES,
        exclude: [...excluded].sort((a, b) => a - b),
        characterId: listing.characterId,
      });
      this.planMs.push(result.stats.compileMs + result.stats.groundMs + result.stats.searchMs);
      if (result.solved && result.skills.length > 0) {
        const commands = toCommands(result.skills, listing, names).slice(0, MAX_PLAN_COMMANDS);
        return {
          value: commands,
          record: { ...record, notes: { subgoal: current, operators: result.stats.operators } },
        };
      }
      if (!result.solved) this.counts.planFailures++;
    }
    this.counts.explorations++;
    const commands = explore(reading.subgoals[current], bounds[current], world, listing, names, input);
    return { value: commands, record: { ...record, notes: { subgoal: current, explore: true } } };
  }

  private bind(spec: SubgoalSpec, index: number, world: PlanningWorld): BoundSubgoal {
    const now = bindSubgoal(spec, world.graph);
    const memory = this.remembered[index];
    for (const id of now.patients) memory.add(id);
    const patients = [...memory].filter((id) => world.graph.has(id)).sort((a, b) => a - b);
    return { ...now, patients, need: spec.count === 'all' ? patients.length : (spec.count ?? 1) };
  }

  /** Done in the planning world; a subgoal over every instance also needs every room (of its class) visited. */
  private complete(bound: BoundSubgoal, spec: SubgoalSpec, world: PlanningWorld, listing: ObjectListing): boolean {
    if (bound.need === 0 && spec.count !== 'all') return false;
    if (bound.need > 0 && !subgoalDone(world, bound)) return false;
    if (spec.count === 'all' && !spec.startOn) return unvisitedRooms(listing, spec.room).length === 0;
    return bound.need > 0;
  }

  /** Objects with an invented attribute, while another instance of their class is known. */
  private excluded(world: PlanningWorld): Set<number> {
    const out = new Set<number>();
    for (const id of world.cannot.keys()) {
      const className = world.graph.get(id).className;
      if (world.graph.idsOfClass(className).some((other) => other !== id && !world.cannot.has(other))) out.add(id);
    }
    return out;
  }
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
  // Containers looked into: opened by the robot, or with something seen inside (so open at the time).
  const lookedInto = new Set(
    input.history.filter((h) => h.success && h.command.verb === 'open').flatMap((h) => h.ids.slice(0, 1)),
  );
  for (const o of listing.all()) {
    if (o.first.relation === 'IN') lookedInto.add(o.first.host);
    if (o.place.relation === 'IN') lookedInto.add(o.place.host);
  }
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
  const openIt = (id: number): Command[] => [
    { verb: 'move', args: [names.name(id)] },
    { verb: 'open', args: [names.name(id)] },
  ];
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
