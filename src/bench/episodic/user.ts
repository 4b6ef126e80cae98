/**
 * The simulated user of HELPER's feedback experiment (paper 001, section 4.3): asked whether the task is done, it
 * answers from the task's goal conditions, as TEACh's progress checker reports them to the paper's user: "Yes, the
 * task is done.", or a sentence per unmet subgoal ("The mug needs to be filled with coffee.", "2 more plates need to
 * be clean."), in the forms `src/language/feedback.ts` reads. Only agents with the `user-feedback` privilege
 * get it: it reveals the unmet goal.
 */
import type { UserChannel } from '../../agents/agent.js';
import { STATE_WORDS } from '../../language/feedback.js';
import { spokenName } from '../../language/lexicon.js';
import {
  type BoundSubgoal,
  type Predicate,
  placeRelation,
  satisfyingPatients,
  type WorldView,
} from '../../sim/subgoals.js';
import type { BoundTask } from './task.js';

const ADJECTIVE: Partial<Record<Predicate, string>> = {
  isClean: 'clean',
  isCooked: 'cooked',
  isSliced: 'sliced',
  isBoiled: 'boiled',
  isHeated: 'heated',
  isCooled: 'cooled',
};

function named(className: string, qualifiers: readonly Predicate[] | undefined, plural: boolean): string {
  const adjectives = (qualifiers ?? []).map((q) => ADJECTIVE[q]).filter((a) => a !== undefined);
  return [...adjectives, `${spokenName(className)}${plural ? 's' : ''}`].join(' ');
}

/** The sentence for an unmet subgoal, `missing` of its patients short. */
export function phraseUnmet(bound: BoundSubgoal, missing: number, world: WorldView): string {
  const spec = bound.spec;
  const destination = spec.destination?.[0];
  let state = STATE_WORDS[spec.predicate];
  if (spec.predicate === 'isPlacedTo' && destination) {
    const host = bound.destinations[0];
    const inside = host !== undefined && placeRelation(world.graph, host) === 'INSIDE';
    state = `${inside ? 'in' : 'on'} the ${named(destination, spec.destinationQualifiers, false)}`;
  }
  if (state === undefined) state = spec.predicate;
  const patient = spec.patient[0];
  if (bound.need === 1) return `The ${named(patient, spec.qualifiers, false)} needs to be ${state}.`;
  return `${missing} more ${named(patient, spec.qualifiers, missing !== 1)} ${missing === 1 ? 'needs' : 'need'} to be ${state}.`;
}

/** The user of a bound task in a live world. */
export function simulatedUser(task: BoundTask, world: WorldView): UserChannel & { readonly asked: number } {
  let asked = 0;
  return {
    get asked() {
      return asked;
    },
    ask(): string {
      asked++;
      const unmet: string[] = [];
      for (const bound of task.subgoals) {
        if (bound.spec.means) continue;
        const missing = bound.need - satisfyingPatients(world, bound).length;
        if (missing > 0) unmet.push(phraseUnmet(bound, missing, world));
      }
      return unmet.length === 0 ? 'Yes, the task is done.' : `No, not yet. ${unmet.join(' ')}`;
    },
  };
}
