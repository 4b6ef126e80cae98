/**
 * What HELPER's executor knows of the home: its object memory (hearth's `Belief`, built from every observation, with
 * the attributes its own actions caused: cooked, filled; DANLI's symbolic state serves both), and the questions the
 * pre-condition checks, the macros and the search ask of it. The paper's executor keeps a 3D map and object
 * instances with VLM-detected attributes; hearth's observation is exact, so the memory is too.
 */

import { alfredPutRelation } from '../../sim/skill-sets.js';
import { type Predicate, predicateHolds, type WorldView } from '../../sim/subgoals.js';
import type { Property, State } from '../../sim/vocabulary.js';
import type { StepFeedback } from '../agent.js';
import { DanliState } from '../danli/state.js';

export class HelperView {
  private readonly state = new DanliState();
  private last!: StepFeedback;

  update(feedback: StepFeedback): void {
    this.last = feedback;
    this.state.update(feedback);
  }

  get feedback(): StepFeedback {
    return this.last;
  }

  get world(): WorldView {
    return this.state.world;
  }

  get belief() {
    return this.state.belief;
  }

  get character(): number {
    return this.last.observation.characterId;
  }

  get room(): number {
    return this.last.observation.roomId;
  }

  knows(id: number): boolean {
    return this.state.belief.knows(id);
  }

  className(id: number): string | undefined {
    return this.state.belief.graph.node(id)?.className;
  }

  /** Known instances of a class, sorted by id. */
  instances(className: string): number[] {
    return [...this.state.belief.idsOfClass(className)].filter((id) => id >= 0).sort((a, b) => a - b);
  }

  has(id: number, property: Property): boolean {
    return this.state.belief.graph.hasProperty(id, property);
  }

  hasState(id: number, state: State): boolean {
    return this.state.belief.graph.hasState(id, state);
  }

  /** Whether the predicate holds of the object as far as the memory knows (derived states from own actions). */
  holds(id: number, predicate: Predicate): boolean {
    return this.knows(id) && predicateHolds(this.world, id, predicate);
  }

  /** The objects in the robot's hands. */
  held(): number[] {
    const graph = this.state.belief.graph;
    return [...graph.targets(this.character, 'HOLDS_RH'), ...graph.targets(this.character, 'HOLDS_LH')].sort(
      (a, b) => a - b,
    );
  }

  isHeld(id: number): boolean {
    return this.held().includes(id);
  }

  isClose(id: number): boolean {
    return this.state.belief.graph.hasEdge(this.character, 'CLOSE', id);
  }

  roomOf(id: number): number | undefined {
    return this.state.belief.roomOf(id);
  }

  /** The closed container the object lies in, if any. */
  closedContainerOf(id: number): number | undefined {
    return this.state.belief.hiddenIn(id);
  }

  /** Whether things go INSIDE it (an openable or surface-less container) rather than ON it. */
  placesInside(id: number): boolean {
    const node = this.state.belief.graph.node(id);
    return node !== undefined && alfredPutRelation(node) === 'INSIDE';
  }

  isReceptacle(id: number): boolean {
    return this.has(id, 'SURFACES') || this.has(id, 'CONTAINERS');
  }
}
