/**
 * Failure correction (paper 001, "Visually-Grounded Plan Correction"). The paper's VLM matches the image after a
 * failed action against a fixed list of failure texts; hearth has no pixels, so the simulator's error text and kind
 * are matched against the same kind of list (`FAILURES`, first match). The description F is what the Corrector is
 * given with the failed step; the offline Corrector answers with the corrective program of a rule per failure, the
 * LLM Corrector (`llm/`) writes one from the 3 nearest correction examples of the memory.
 *
 * The executor's protocol around it (`executor.ts`): a failed step's first failure runs the corrective program and
 * tries the step again; the second binds its object to another instance; the third gives the step up. After
 * `MAX_API_FAILURES` failed actions the robot stops correcting (failures give their step up at once), and after
 * `MAX_FAILED_STEPS` steps given up it stops. The paper's caps are in its API calls and subgoals (20 and 10); hearth's
 * steps are the API's calls, so they are taken as they are.
 */
import type { CorrectionInput, Corrector, RoleAnswer } from './roles.js';

export const MAX_API_FAILURES = 20;
export const MAX_FAILED_STEPS = 10;

export interface FailureType {
  readonly id: string;
  /** F: the description the Corrector reads. */
  readonly text: string;
  readonly matches: (error: string, errorKind: string | undefined) => boolean;
}

const by = (pattern: RegExp) => (error: string) => pattern.test(error);

export const FAILURES: readonly FailureType[] = [
  { id: 'switched-on', text: 'The appliance is switched on.', matches: by(/is still on/) },
  {
    id: 'already',
    text: 'The action has already been done.',
    matches: (error, kind) => kind === 'additional_step' || /already/.test(error),
  },
  { id: 'slipped', text: 'The action did not take effect.', matches: by(/slipped|manipulation failed/) },
  { id: 'too-far', text: 'The object is too far away to interact with.', matches: by(/is not close to|does not face/) },
  {
    id: 'closed',
    text: 'The container is closed.',
    matches: by(/is not open or is not openable|inside other closed thing|is closed/),
  },
  { id: 'hands-full', text: "The robot's hands are full.", matches: by(/does not have a free hand/) },
  {
    id: 'not-holding',
    text: 'The robot is not holding the object.',
    matches: by(/is not holding|not grabbed|does not hold anything/),
  },
  { id: 'surface-full', text: 'There is no room left on the receptacle.', matches: by(/Too many things on/) },
  {
    id: 'not-here',
    text: 'The object is not where the robot is.',
    matches: by(/is not in the current room|is not adjacent|no object/),
  },
  {
    id: 'blocked',
    text: 'Something is blocking the robot from interacting with the object.',
    matches: () => true,
  },
];

/** F for a simulator error. */
export function describeFailure(error: string, errorKind?: string): FailureType {
  return FAILURES.find((f) => f.matches(error, errorKind))!;
}

/** The offline corrective program for a failure, over the failed step's handles. */
export function correctiveProgram(failure: string, input: CorrectionInput): string {
  const { step } = input;
  switch (failure) {
    case 'too-far':
    case 'not-here':
      return 'agent.move_closer()';
    case 'closed':
      if (step.method === 'place' || step.method === 'pickup_and_place') {
        if (step.target) return `${step.target}.open()`;
      }
      return input.containerClass
        ? `container = InteractionObject(${JSON.stringify(input.containerClass)})\ncontainer.open()`
        : 'agent.move_closer()';
    case 'hands-full':
      return input.holding.length > 0 ? `${input.holding[0]}.put_down()` : 'agent.move_back()';
    case 'not-holding':
      return `${step.handle}.pickup()`;
    case 'switched-on':
      return `${step.handle}.toggle_off()`;
    case 'blocked':
      return 'agent.move_back()';
    default:
      // 'slipped': the step is simply tried again; 'already' never reaches the Corrector; 'surface-full' is
      // handled by trying another instance.
      return '';
  }
}

/** The offline Corrector: a rule per failure description (see `correctiveProgram`). */
export class OfflineCorrector implements Corrector {
  readonly implementation = 'offline';

  async correct(input: CorrectionInput): Promise<RoleAnswer<string>> {
    const failure = FAILURES.find((f) => f.text === input.failure)?.id ?? 'blocked';
    return {
      value: correctiveProgram(failure, input),
      record: { role: 'corrector', implementation: this.implementation, notes: { failure } },
    };
  }
}
