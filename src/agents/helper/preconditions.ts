/**
 * HELPER's pre-condition checks (paper 001, "Manipulation and navigation pre-condition checks"), as data: before a
 * call, and before each of its operations, the executor asks each rule whether it applies to the object memory; a
 * rule that applies drops the step or puts the steps it needs first. The paper's list, and hearth's reading of it:
 *
 * | rule                      | when                                                         | then                    |
 * | ------------------------- | ------------------------------------------------------------ | ----------------------- |
 * | `attribute-holds`         | clean / cook / toast / fill_up an object that already is so  | skip the call           |
 * | `missing-tool`            | pour with an object that holds no water                      | fill it up first        |
 * | `already-holding`         | grab what is in hand                                         | drop the step           |
 * | `not-pickupable`          | grab what cannot be picked up                                | drop the step           |
 * | `hands-full`              | grab or open with both hands full                            | put one thing down first |
 * | `closed-container-pickup` | grab what lies in a closed container                         | open the container first |
 * | `nothing-in-hand`         | place an object that is not in hand                          | drop the step           |
 * | `not-receptacle`          | place onto what holds nothing                                | drop the step           |
 * | `closed-receptacle`       | place into a closed container                                | open it first           |
 * | `switched-on`             | open an appliance that is switched on                        | switch it off first     |
 * | `not-openable`            | open or close what does not open                             | drop the step           |
 * | `state-holds`             | open the open, close the closed, switch on what is on, ...   | drop the step           |
 *
 * The paper's slicing rule (a knife in hand before slicing) is the slice macro's own first step (`macros.ts`: grab a
 * knife, then walk to the food). A class never found has its steps skipped: that is the search's outcome (`search.ts`), not a rule.
 * Without the checks (the `-no-precheck` ablation) every step runs as written and a failure goes to correction.
 */
import type { Op } from './macros.js';
import type { HelperView } from './view.js';

/** What a rule does to the step it applies to. */
export type Adjustment = { readonly kind: 'drop' } | { readonly kind: 'before'; readonly ops: readonly Op[] };

export interface OpRule {
  readonly id: string;
  readonly text: string;
  /** The adjustment when the rule applies to the operation now, else undefined. */
  check(op: Op, view: HelperView): Adjustment | undefined;
}

const DROP: Adjustment = { kind: 'drop' };

/** A thing in hand other than `keep`, to put down (the latest picked up last: the lowest id first). */
function somethingElseHeld(view: HelperView, keep: number): number | undefined {
  return view.held().find((id) => id !== keep);
}

const STATE_OF_OP = { open: 'OPEN', close: 'CLOSED', switchon: 'ON', switchoff: 'OFF' } as const;

export const OP_RULES: readonly OpRule[] = [
  {
    id: 'already-holding',
    text: 'picking up what is already in hand: the step is dropped',
    check: (op, view) => (op.kind === 'grab' && view.isHeld(op.id) ? DROP : undefined),
  },
  {
    id: 'not-pickupable',
    text: 'picking up what cannot be picked up: the step is dropped',
    check: (op, view) => (op.kind === 'grab' && !view.has(op.id, 'GRABBABLE') ? DROP : undefined),
  },
  {
    id: 'hands-full',
    text: 'picking up or opening with both hands full: put one thing down first',
    check: (op, view) => {
      if ((op.kind !== 'grab' && op.kind !== 'open') || view.held().length < 2) return undefined;
      const other = somethingElseHeld(view, op.id);
      return other === undefined ? undefined : { kind: 'before', ops: [{ kind: 'put_down', id: other }] };
    },
  },
  {
    id: 'closed-container-pickup',
    text: 'picking up what lies in a closed container: open the container first',
    check: (op, view) => {
      if (op.kind !== 'grab') return undefined;
      const box = view.closedContainerOf(op.id);
      return box === undefined ? undefined : { kind: 'before', ops: [{ kind: 'open', id: box }] };
    },
  },
  {
    id: 'nothing-in-hand',
    text: 'placing an object that is not in hand: the step is dropped',
    check: (op, view) => ((op.kind === 'place' || op.kind === 'put_down') && !view.isHeld(op.id) ? DROP : undefined),
  },
  {
    id: 'not-receptacle',
    text: 'placing onto something that holds nothing: the step is dropped',
    check: (op, view) => (op.kind === 'place' && !view.isReceptacle(op.target) ? DROP : undefined),
  },
  {
    id: 'closed-receptacle',
    text: 'placing into a closed container: open it first',
    check: (op, view) =>
      op.kind === 'place' && view.has(op.target, 'CAN_OPEN') && view.hasState(op.target, 'CLOSED')
        ? { kind: 'before', ops: [{ kind: 'open', id: op.target }] }
        : undefined,
  },
  {
    id: 'switched-on',
    text: 'opening an appliance that is switched on: switch it off first (it opens only when off)',
    check: (op, view) =>
      op.kind === 'open' && view.hasState(op.id, 'ON') && view.has(op.id, 'CAN_OPEN')
        ? { kind: 'before', ops: [{ kind: 'switchoff', id: op.id }] }
        : undefined,
  },
  {
    id: 'not-openable',
    text: 'opening or closing what does not open: the step is dropped',
    check: (op, view) =>
      (op.kind === 'open' || op.kind === 'close') && !view.has(op.id, 'CAN_OPEN') ? DROP : undefined,
  },
  {
    id: 'state-holds',
    text: 'opening what is open, closing what is closed, switching on what is on, off what is off: dropped',
    check: (op, view) => {
      if (op.kind !== 'open' && op.kind !== 'close' && op.kind !== 'switchon' && op.kind !== 'switchoff') {
        return undefined;
      }
      return view.hasState(op.id, STATE_OF_OP[op.kind]) ? DROP : undefined;
    },
  },
];

/** A rule on a whole call before it is expanded: skip it, or call another method on the object first. */
export interface CallRule {
  readonly id: string;
  readonly text: string;
  check(
    method: string,
    subject: number,
    view: HelperView,
  ): { kind: 'skip' } | { kind: 'first'; method: string } | undefined;
}

const ATTRIBUTE_OF_METHOD = {
  clean: 'isClean',
  cook: 'isCooked',
  toast: 'isCooked',
  fill_up: 'isFilledWithWater',
} as const;

export const CALL_RULES: readonly CallRule[] = [
  {
    id: 'attribute-holds',
    text: 'cleaning, cooking, toasting or filling what already is so: the call is skipped',
    check: (method, subject, view) => {
      const attribute = ATTRIBUTE_OF_METHOD[method as keyof typeof ATTRIBUTE_OF_METHOD];
      return attribute !== undefined && view.holds(subject, attribute) ? { kind: 'skip' } : undefined;
    },
  },
  {
    id: 'missing-tool',
    text: 'pouring with a vessel that holds no water: fill it up first',
    check: (method, subject, view) =>
      method === 'pour' && !view.holds(subject, 'isFilledWithWater') ? { kind: 'first', method: 'fill_up' } : undefined,
  },
];

/** The first op rule that applies, with its id. */
export function checkOp(op: Op, view: HelperView): { rule: string; adjustment: Adjustment } | undefined {
  for (const rule of OP_RULES) {
    const adjustment = rule.check(op, view);
    if (adjustment) return { rule: rule.id, adjustment };
  }
  return undefined;
}

/** The first call rule that applies, with its id. */
export function checkCall(
  method: string,
  subject: number,
  view: HelperView,
): { rule: string; action: NonNullable<ReturnType<CallRule['check']>> } | undefined {
  for (const rule of CALL_RULES) {
    const action = rule.check(method, subject, view);
    if (action) return { rule: rule.id, action };
  }
  return undefined;
}
