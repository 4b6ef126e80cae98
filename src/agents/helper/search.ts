/**
 * Searching for an object of a class the object memory does not hold (the paper's Executor with the Locator's
 * places, then random search), one skill per step until an instance is seen or the budgets are spent:
 *
 * 1. for the first `LOCATOR_CATEGORIES` of the Locator's host categories that have anything left to look at (a place
 *    the memory shows without the thing, an opened container or a room seen, is passed over, as the paper's
 *    executor goes only to suggested places it has not searched), up to `INSTANCES_PER_CATEGORY` instances of each,
 *    nearest first: walk there, open it if it is a closed container, look, and close it again if the thing is not inside.
 *    An instance whose contents the memory already shows (an open surface in a room seen) is not visited. A
 *    category with no instance known sends the robot to the nearest room not seen yet where the catalog keeps such
 *    hosts. Each category has `CATEGORY_BUDGET` skills at its instances (opening, closing, the last walk);
 * 2. then `RANDOM_BUDGET` skills of random search: a skill drawn with the agent's seed among walks to the next
 *    rooms, walks to closed containers of the room and opening the one it stands at.
 *
 * The budgets scale the paper's (75 TEACh steps per category, then 50 of random search): TEACh's scenes are single
 * rooms, where 75 low-level steps buy the walk to a place and a look around it, about twice; in hearth a look is a
 * walk, an open and a close, so a category gets 6 skills, and the random search two thirds of that, 4. Walks from
 * room to room, which TEACh's scenes do not have, are not counted (each room is entered once per category). The
 * `-no-locator` ablation searches at random from the start, with the whole budget (3 x 6 + 4 = 22 skills).
 */
import { catalogClass } from '../../sim/catalog/index.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { Rng } from '../../util/rng.js';
import { roomDistances, stepTowards } from '../heuristics/common.js';
import type { HelperView } from './view.js';

/** Host categories searched per class (the paper's 3). */
export const LOCATOR_CATEGORIES = 3;
export const INSTANCES_PER_CATEGORY = 2;
export const CATEGORY_BUDGET = 6;
export const RANDOM_BUDGET = 4;
/** The random search's budget when it replaces the Locator (`-no-locator`): everything the Locator would have had. */
export const RANDOM_ONLY_BUDGET = 3 * CATEGORY_BUDGET + RANDOM_BUDGET;

export interface SearchTarget {
  /** The classes any instance of which ends the search (an appliance macro takes any of several). */
  readonly classes: readonly string[];
  /** Instances that do not count as found (already used, or given up). */
  readonly exclude: ReadonlySet<number>;
}

const walk = (id: number): Skill => ({ action: 'walk', objects: [id] });

/** What a search did, for the agent's record. */
export interface SearchRecord {
  readonly classes: readonly string[];
  readonly categories: readonly string[];
  skills: number;
  found?: number;
}

export class Search {
  private category = 0;
  /** Categories searched so far (those with nothing left to look at are passed over). */
  private searchedCategories = 0;
  private inCategory = false;
  private categorySkills = 0;
  private visitedInCategory: number[] = [];
  private roomsEntered = new Set<number>();
  private randomSkills = 0;
  /** The container the robot opened and must close if the thing is not in it. */
  private openedHere: number | undefined;
  readonly record: SearchRecord;

  /**
   * `opened`: the containers looked into so far in the episode, by any search (the memory has seen what is inside
   * them, so no search opens them again); the search adds those it opens.
   */
  constructor(
    readonly target: SearchTarget,
    private readonly categories: readonly string[],
    private readonly skills: SkillSet,
    private readonly rng: Rng,
    private readonly randomBudget: number,
    private readonly opened: Set<number> = new Set(),
  ) {
    this.record = { classes: [...target.classes], categories: [...categories], skills: 0 };
  }

  /** An instance of the class the memory now knows the place of, not excluded; undefined while none. */
  found(view: HelperView): number | undefined {
    const id = this.target.classes
      .flatMap((c) => view.instances(c))
      .find((i) => !this.target.exclude.has(i) && view.roomOf(i) !== undefined);
    if (id !== undefined) this.record.found = id;
    return id;
  }

  /** The next skill of the search, or undefined when every budget is spent. */
  next(view: HelperView): Skill | undefined {
    const skill = this.locatorStep(view) ?? this.randomStep(view);
    if (skill) this.record.skills++;
    return skill;
  }

  private locatorStep(view: HelperView): Skill | undefined {
    while (this.category < this.categories.length && this.searchedCategories < LOCATOR_CATEGORIES) {
      const host = this.categories[this.category];
      if (!this.inCategory && !this.searchable(view, host)) {
        this.category++;
        continue;
      }
      this.inCategory = true;
      const skill = this.categoryStep(view, host);
      if (skill) return skill;
      this.category++;
      this.searchedCategories++;
      this.inCategory = false;
      this.categorySkills = 0;
      this.visitedInCategory = [];
      this.roomsEntered = new Set();
      this.openedHere = undefined;
    }
    return undefined;
  }

  /** Whether a category has anything left to look at: an instance not looked at, or a room not seen. */
  private searchable(view: HelperView, host: string): boolean {
    return this.nextInstance(view, host) !== undefined || this.unseenRooms(view, host).length > 0;
  }

  /** A skill searching near instances of `host`, or undefined when this category is done. */
  private categoryStep(view: HelperView, host: string): Skill | undefined {
    if (this.openedHere !== undefined) {
      // Looked inside (when the open worked; else it is tried again below) and the thing is not there: close it.
      const box = this.openedHere;
      this.openedHere = undefined;
      if (view.hasState(box, 'OPEN')) {
        this.opened.add(box);
        if (this.categorySkills < CATEGORY_BUDGET) {
          this.categorySkills++;
          return { action: 'close', objects: [box] };
        }
      }
    }
    if (this.categorySkills >= CATEGORY_BUDGET) return undefined;
    const current = this.visitedInCategory.at(-1);
    if (current !== undefined && !this.isDone(view, current)) return this.visitStep(view, current);
    if (this.visitedInCategory.length >= INSTANCES_PER_CATEGORY) return undefined;
    const next = this.nextInstance(view, host);
    if (next !== undefined) {
      this.visitedInCategory.push(next);
      return this.visitStep(view, next);
    }
    return this.towardsUnseenRoom(view, host);
  }

  /** A visit ends once the robot stands at the instance and has looked inside it if it opens. */
  private isDone(view: HelperView, id: number): boolean {
    return this.opened.has(id) || (view.isClose(id) && !(view.has(id, 'CAN_OPEN') && view.hasState(id, 'CLOSED')));
  }

  private visitStep(view: HelperView, id: number): Skill | undefined {
    const room = view.roomOf(id);
    if (room === undefined) return undefined;
    if (room !== view.room) {
      if (this.roomsEntered.has(room)) return undefined;
      const step = stepTowards(view.room, room, view.feedback.adjacentRooms, this.skills);
      if (step && step.objects[0] === room) this.roomsEntered.add(room);
      return step;
    }
    this.categorySkills++;
    if (!view.isClose(id)) return walk(id);
    // An appliance opens only when it is off (a running dishwasher).
    if (view.hasState(id, 'ON')) return { action: 'switchoff', objects: [id] };
    // At a closed container: open it to look inside.
    this.openedHere = id;
    return { action: 'open', objects: [id] };
  }

  /** The nearest instance of the host worth a visit: a closed container, or one in a room not seen. */
  private nextInstance(view: HelperView, host: string): number | undefined {
    const distance = roomDistances(view.room, view.feedback.adjacentRooms);
    const candidates = view
      .instances(host)
      .filter((id) => !this.visitedInCategory.includes(id) && !this.opened.has(id))
      .filter((id) => {
        const room = view.roomOf(id);
        if (room === undefined) return false;
        const closed = view.has(id, 'CAN_OPEN') && view.hasState(id, 'CLOSED');
        return closed || view.belief.roomSeen(room) === undefined;
      })
      .sort(
        (a, b) => (distance.get(view.roomOf(a)!) ?? Infinity) - (distance.get(view.roomOf(b)!) ?? Infinity) || a - b,
      );
    return candidates[0];
  }

  /** Rooms not seen where the catalog keeps the host, nearest first. */
  private unseenRooms(view: HelperView, host: string): number[] {
    const rooms = catalogClass(host)?.rooms ?? [];
    const distance = roomDistances(view.room, view.feedback.adjacentRooms);
    return [...view.belief.graph.nodes()]
      .filter(
        (n) =>
          view.belief.graph.isRoom(n.id) &&
          view.belief.roomSeen(n.id) === undefined &&
          (rooms.length === 0 || rooms.includes(n.className as never)) &&
          !this.roomsEntered.has(n.id),
      )
      .map((n) => n.id)
      .sort((a, b) => (distance.get(a) ?? Infinity) - (distance.get(b) ?? Infinity) || a - b);
  }

  /** A walk towards the nearest room not seen where the catalog keeps the host, or undefined. */
  private towardsUnseenRoom(view: HelperView, host: string): Skill | undefined {
    for (const room of this.unseenRooms(view, host)) {
      const step = stepTowards(view.room, room, view.feedback.adjacentRooms, this.skills);
      if (step) {
        if (step.objects[0] === room) this.roomsEntered.add(room);
        return step;
      }
    }
    return undefined;
  }

  private randomStep(view: HelperView): Skill | undefined {
    if (this.randomSkills >= this.randomBudget) return undefined;
    const here = view.feedback.observation;
    const rooms = new Set(here.nodes.filter((n) => n.category === 'Rooms').map((n) => n.id));
    const options: Skill[] = [];
    for (const skill of view.feedback.candidates) {
      const id = skill.objects[0];
      if (skill.action === 'walk' && rooms.has(id)) options.push(skill);
      else if (skill.action === 'walk' && view.has(id, 'CAN_OPEN') && view.hasState(id, 'CLOSED')) options.push(skill);
      else if (skill.action === 'open' && view.isClose(id) && view.hasState(id, 'CLOSED')) options.push(skill);
    }
    if (options.length === 0) return undefined;
    this.randomSkills++;
    const skill = this.rng.pick(options);
    if (skill.action === 'open') this.opened.add(skill.objects[0]);
    return skill;
  }
}
