/**
 * SemGro on a task that asks for several things (hearth's addition for tasks outside the paper's; docs/semgro.md,
 * "Tasks of several goals"). The paper grounds one instruction in skills of its database, whose higher levels
 * conjoin skills of one kind; "make a plate of toast" (clean a plate, toast a slice, put it on the plate) resembles no
 * skill of it, and the offline generator, which imitates retrieved examples, cannot build such a chain. So the task
 * text is read by the shared offline reader (`readGoal`), and where it asks for several things (several subgoals, or
 * a count other than one) the agent serves one subgoal at a time, in the goal's order, as the instruction of
 * Algorithm 1: each subgoal rendered as the name of the skill that reaches it (`goal-query.ts`), retrieved text to
 * text, with the critic and the downward decomposition as usual.
 *
 * What is done is read from what the agent has seen, as a language model reads it from the history and the
 * observation: a belief of the home built from the observations (`Belief`), with the physical states no observation
 * shows (cooked, filled, watered) applied from the agent's own successful steps (the derived-state rules, as DANLI's
 * state does). The current subgoal is the first that does not hold there (one undone by a later step is taken up
 * again); a means that held once is done (the water fetched to water a plant is spent by the watering). The chain also says which things qualify: the binding
 * takes first a patient that satisfies the subgoal's qualifiers but not yet the subgoal (the toasted slice, in the
 * toaster where the agent put it) and a destination that satisfies the destination's (a clean plate), and never a
 * patient that satisfies the subgoal already.
 */
import { Belief } from '../../memory/belief.js';
import { applyPhysics, DerivedStates } from '../../sim/derived-states.js';
import {
  ANY_THING,
  type BoundSubgoal,
  bindSubgoal,
  patientSatisfies,
  predicateHolds,
  qualifiedDestinations,
  type SubgoalSpec,
  subgoalDone,
  type WorldView,
} from '../../sim/subgoals.js';
import type { StepFeedback } from '../agent.js';
import { roomDistances } from '../heuristics/common.js';
import { subgoalQuery } from './goal-query.js';

/** What the binding is told about the current subgoal's things (`binding.ts`). */
export interface GoalFocus {
  /** Things to bind first: patients that qualify and are not done yet, destinations that qualify. */
  readonly prefer: ReadonlySet<number>;
  /** Patients that satisfy the subgoal already: not taken again. */
  readonly avoid: ReadonlySet<number>;
}

/** Whether the reader's goal asks for several things: the agent then follows a goal chain. */
export const asksForSeveral = (subgoals: readonly SubgoalSpec[]): boolean =>
  subgoals.length > 1 || subgoals.some((s) => (s.count ?? 1) !== 1);

export class GoalChain {
  private readonly belief = new Belief();
  private readonly derived = new DerivedStates();
  /** Means that held once (spent since, as the water of a watering: not fetched again). */
  private readonly done = new Set<number>();
  /** Patients ever bound to a subgoal that picks them by where they lay (`startOn`): they keep counting. */
  private readonly seenPatients = new Map<number, Set<number>>();
  readonly queries: readonly string[];
  /** Per subgoal of several classes, the thing its query is about now (`query`). */
  private readonly focused = new Map<number, number>();
  /** Per numbered subgoal (`deedCount`), the patients seen so far, and those that satisfied it when first seen. */
  private readonly met = new Map<number, Set<number>>();
  private readonly found = new Map<number, Set<number>>();
  private adjacent: readonly (readonly [number, number])[] = [];

  constructor(readonly subgoals: readonly SubgoalSpec[]) {
    this.queries = subgoals.map(subgoalQuery);
  }

  private get world(): WorldView {
    return { graph: this.belief.graph, derived: this.derived };
  }

  /** Absorbs a step's feedback: the observation, then the effects of the agent's own successful step. */
  update(feedback: StepFeedback): void {
    this.adjacent = feedback.adjacentRooms;
    this.belief.update(feedback.observation, feedback.t, feedback.adjacentRooms);
    if (feedback.success) applyPhysics(this.belief.graph.clone(), this.derived, feedback.observation.characterId);
    this.noteFound();
    for (let i = 0; i < this.subgoals.length; i++) {
      if (this.subgoals[i].means && !this.done.has(i) && this.holds(i)) this.done.add(i);
    }
  }

  /**
   * A numbered subgoal of more than one thing ("put three bathroom things in the cabinet", "two slices of toast") is
   * a deed to do to that many things: what satisfied it when the agent first saw it does not count (`found`). The
   * reader's class list may be wider than the task's (its "bathroom things" take in the towels, which the task's do
   * not): counting the towels already in the cabinet, the chain thought the task done with none put there (gen:73019,
   * bathroom-cabinet "structured", 0 of 30). Things put there anyway count for the task too, so doing the deed whole
   * does no harm where they would have counted.
   */
  private deedCount(i: number): boolean {
    const { count, startOn } = this.subgoals[i];
    return typeof count === 'number' && count > 1 && !startOn;
  }

  /** Notes, for each numbered subgoal, the patients first seen already satisfying it. */
  private noteFound(): void {
    for (let i = 0; i < this.subgoals.length; i++) {
      if (!this.deedCount(i)) continue;
      const met = this.met.get(i) ?? new Set<number>();
      const found = this.found.get(i) ?? new Set<number>();
      const bound = bindSubgoal(this.subgoals[i], this.belief.graph);
      for (const id of bound.patients) {
        if (met.has(id)) continue;
        met.add(id);
        if (patientSatisfies(this.world, bound, id)) found.add(id);
      }
      this.met.set(i, met);
      this.found.set(i, found);
    }
  }

  /**
   * The subgoal bound in the belief: patients picked by where they lay keep every one seen there; a numbered
   * subgoal's patients leave out those found satisfying it (`deedCount`).
   */
  private bound(i: number): BoundSubgoal {
    const spec = this.subgoals[i];
    const bound = bindSubgoal(spec, this.belief.graph);
    const found = this.found.get(i);
    if (found && found.size > 0) return { ...bound, patients: bound.patients.filter((id) => !found.has(id)) };
    if (!spec.startOn) return bound;
    const seen = this.seenPatients.get(i) ?? new Set<number>();
    for (const id of bound.patients) seen.add(id);
    this.seenPatients.set(i, seen);
    const patients = [...seen].filter((id) => this.belief.graph.has(id)).sort((a, b) => a - b);
    return { ...bound, patients, need: spec.count === 'all' ? patients.length : bound.need };
  }

  /** Whether subgoal i holds in the belief (an `all` over no thing known yet does not). */
  private holds(i: number): boolean {
    const bound = this.bound(i);
    if (bound.need === 0) return false;
    return subgoalDone(this.world, bound);
  }

  /** The index of the subgoal to serve now; undefined when every one is done as far as the agent knows. */
  get index(): number | undefined {
    for (let i = 0; i < this.subgoals.length; i++) if (!this.done.has(i) && !this.holds(i)) return i;
    return undefined;
  }

  /** The current subgoal's query, or undefined when every one is done as far as the agent knows. */
  get current(): string | undefined {
    const i = this.index;
    return i === undefined ? undefined : this.query(i);
  }

  /**
   * The instruction to serve now: the current subgoal's query, after a walk to another room when what it wants is
   * not in the agent's ("walk bathroom and switch off light", the task retriever's form, whose first skill the
   * generator takes): to the room where the agent saw a thing it wants last (the nearest such room), else to the
   * room the subgoal names ("the light in the bedroom"). Undefined when every subgoal is done as far as the agent
   * knows.
   */
  instruction(): string | undefined {
    const i = this.index;
    if (i === undefined) return this.search();
    const query = this.query(i);
    const here = this.belief.room;
    if (here === undefined || this.wantedHere()) return query;
    const distances = roomDistances(here, this.adjacent);
    const rooms = [...this.wanted()]
      .filter((id) => !this.held(id))
      .map((id) => this.belief.roomOf(id))
      .filter((room): room is number => room !== undefined && room !== here && distances.has(room))
      .sort((a, b) => distances.get(a)! - distances.get(b)! || a - b);
    const roomClass = (room: number) => this.belief.graph.get(room).className;
    const named = this.subgoals[i].room;
    const target = rooms.length > 0 ? roomClass(rooms[0]) : named !== roomClass(here) ? named : undefined;
    return target === undefined ? query : `walk ${target} and ${query}`;
  }

  /**
   * Subgoal i's query. A subgoal about things of several classes ("everything on the kitchen table into the
   * cabinet", "all the fruit in the fridge") is asked for one class at a time, as the database's level-2 skills are
   * named: that of a thing it wants that the agent has seen ("put plate in kitchencabinet", "put bananas in
   * fridge"), held or in the agent's room first. The thing chosen stays the focus until it satisfies the subgoal or
   * is lost from the belief, so that walking about does not switch the query (and stop the skill running) from one
   * class to another. Without such a thing seen, the query of the whole subgoal.
   */
  private query(i: number): string {
    const spec = this.subgoals[i];
    if (!spec.patient.includes(ANY_THING) && spec.patient.length <= 1) return this.queries[i];
    const open = [...this.wanted()];
    let focus = this.focused.get(i);
    if (focus === undefined || !open.includes(focus)) {
      const here = this.belief.room;
      focus = open.find((id) => this.held(id)) ?? open.find((id) => this.belief.roomOf(id) === here) ?? open[0];
      if (focus === undefined) this.focused.delete(i);
      else this.focused.set(i, focus);
    }
    if (focus === undefined) return this.queries[i];
    return subgoalQuery({ ...spec, patient: [this.belief.graph.get(focus).className] });
  }

  /**
   * With every subgoal done as far as the agent knows, a subgoal about every thing of a class may still want one it
   * has not seen: the search for one, in the task retriever's form: a walk to the nearest room not seen yet ("walk
   * bathroom and switch off light"), then "find mug and put mug in kitchencabinet" (the generator opens where mugs
   * are kept, walks to the rooms they are found in). Undefined when no subgoal is about every thing of a class.
   */
  private search(): string | undefined {
    const i = this.subgoals.findIndex((spec) => spec.count === 'all' && !spec.means);
    if (i < 0) return undefined;
    const here = this.belief.room;
    if (here !== undefined) {
      // The nearest room not seen yet, then the places things of the class are kept.
      const distances = roomDistances(here, this.adjacent);
      const unseen = this.belief.graph
        .rooms()
        .filter((room) => this.belief.roomSeen(room) === undefined && distances.has(room))
        .sort((a, b) => distances.get(a)! - distances.get(b)! || a - b);
      if (unseen.length > 0) return `walk ${this.belief.graph.get(unseen[0]).className} and ${this.queries[i]}`;
    }
    const patient = this.subgoals[i].patient.find((p) => p !== ANY_THING);
    return patient === undefined ? undefined : `find ${patient} and ${this.queries[i]}`;
  }

  /** The current subgoal's patients that qualify and do not satisfy it yet, as far as the agent knows. */
  wanted(): Set<number> {
    const i = this.index;
    if (i === undefined) return new Set();
    const bound = this.bound(i);
    const world = this.world;
    return new Set(
      bound.patients.filter(
        (id) =>
          !patientSatisfies(world, bound, id) &&
          (bound.spec.qualifiers ?? []).every((q) => predicateHolds(world, id, q)),
      ),
    );
  }

  /** Whether a thing the current subgoal wants is in the agent's room (by what it saw last) or in its hands. */
  wantedHere(): boolean {
    return this.wantedClassesHere().size > 0;
  }

  /**
   * The classes of the things the current subgoal wants that are in the agent's room, in view where it saw them last
   * and in no closed container, or in its hands (`held`: whether in hand).
   */
  wantedClassesHere(): Map<string, { held: boolean }> {
    const here = this.belief.room;
    const out = new Map<string, { held: boolean }>();
    if (here === undefined) return out;
    for (const id of this.wanted()) {
      const held = this.held(id);
      if (!held && this.belief.roomOf(id) !== here) continue;
      const className = this.belief.graph.get(id).className;
      if (!out.get(className)?.held) out.set(className, { held });
    }
    return out;
  }

  /** Whether the thing lies inside a closed container, as far as the agent knows. */
  enclosed(className: string): boolean {
    const graph = this.belief.graph;
    return [...this.wanted()]
      .filter((id) => graph.get(id).className === className)
      .every((id) => [...graph.targets(id, 'INSIDE')].some((host) => graph.get(host).states.has('CLOSED')));
  }

  private held(id: number): boolean {
    const character = this.belief.characterId();
    return this.belief.hasEdge(character, 'HOLDS_RH', id) || this.belief.hasEdge(character, 'HOLDS_LH', id);
  }

  /** How far the current subgoal has come: changes when one more patient satisfies it. */
  progress(): string {
    const i = this.index;
    if (i === undefined) return 'done';
    const bound = this.bound(i);
    return `${i}:${bound.patients.filter((id) => patientSatisfies(this.world, bound, id)).length}`;
  }

  /** What the binding is told about the current subgoal's things. */
  focus(): GoalFocus {
    const i = this.index;
    if (i === undefined) return { prefer: new Set(), avoid: new Set() };
    const bound = this.bound(i);
    const world = this.world;
    const prefer = new Set<number>();
    const avoid = new Set<number>();
    for (const id of bound.patients) {
      if (patientSatisfies(world, bound, id)) avoid.add(id);
      else if ((bound.spec.qualifiers ?? []).every((q) => predicateHolds(world, id, q))) prefer.add(id);
    }
    if (bound.spec.destinationQualifiers?.length) for (const id of qualifiedDestinations(world, bound)) prefer.add(id);
    for (const id of this.found.get(i) ?? []) avoid.add(id);
    return { prefer, avoid };
  }
}
