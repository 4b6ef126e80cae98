/**
 * DANLI's symbolic world representation: an object-instance table with physical states and relations, built from
 * observations (hearth's `Belief`: every instance seen keeps its id, states and place), plus the physical states no
 * observation shows (cooked, filled, watered), which DANLI learns from the effects of its own actions: after each
 * successful action the derived-state rules run on what it believes (as its PDDL domain's conditional effects do).
 */
import { Belief } from '../../memory/belief.js';
import { applyPhysics, DerivedStates } from '../../sim/derived-states.js';
import type { WorldView } from '../../sim/subgoals.js';
import type { StepFeedback } from '../agent.js';

export class DanliState {
  readonly belief = new Belief();
  readonly derived = new DerivedStates();

  /** Absorbs a step's feedback: the observation, then the effects of the agent's own successful action. */
  update(feedback: StepFeedback): void {
    this.belief.update(feedback.observation, feedback.t, feedback.adjacentRooms);
    if (feedback.success) {
      // The rules may also rinse (a graph state); the belief takes that from the next observation, not from here.
      applyPhysics(this.belief.graph.clone(), this.derived, feedback.observation.characterId);
    }
  }

  get world(): WorldView {
    return { graph: this.belief.graph, derived: this.derived };
  }
}
