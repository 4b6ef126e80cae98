/**
 * What each API method (`api.ts`) does as hearth's skills: a fixed sequence of operations over the bound objects,
 * each one skill after the walks it needs. The appliance methods are the paper's macros:
 *
 * | method               | operations                                                                          |
 * | -------------------- | ----------------------------------------------------------------------------------- |
 * | `go_to`              | walk to x                                                                           |
 * | `pickup`             | grab x                                                                              |
 * | `place(t)`           | put x in or on t (in: an openable or surface-less container)                        |
 * | `pickup_and_place(t)`| grab x, put x in or on t                                                            |
 * | `put_down`           | put x on a surface of the room (the first one the memory knows there)               |
 * | `open`, `close`, `toggle_on`, `toggle_off` | open, close, switch on, switch off x                          |
 * | `clean`              | grab x, put it in a sink, switch the faucet of the sink's room on, then off          |
 * | `fill_up`            | the same, then grab x again (the water stays in it)                                 |
 * | `toast`              | grab x, put it in a toaster, switch the toaster on                                  |
 * | `cook`               | in a microwave (open, put in, close, switch on), else on a stove (put in, switch on), |
 * |                      | else in a toaster; the first of them the memory knows                               |
 * | `pour(t)`            | grab x, walk to t (hearth's watering rule: a filled vessel carried to the plant)     |
 * | `slice`              | grab a knife, walk to x, put the knife down (a slice is the derived state `sliced`)  |
 * | `empty`              | nothing: nothing is poured out in hearth                                            |
 *
 * The sequences are fixed: a step that is not needed (grabbing what is held, opening what is open) is left out by
 * the pre-condition checks (`preconditions.ts`), not here, so that the ablation without checks runs them as written.
 * A macro whose appliance the memory does not know asks for it (`need`): the executor searches, then expands again.
 */
import type { HelperView } from './view.js';

export type Op =
  | { readonly kind: 'goto'; readonly id: number }
  | { readonly kind: 'grab'; readonly id: number }
  | { readonly kind: 'place'; readonly id: number; readonly target: number }
  | { readonly kind: 'put_down'; readonly id: number }
  | { readonly kind: 'open' | 'close' | 'switchon' | 'switchoff'; readonly id: number };

export type Expansion =
  | { readonly ops: readonly Op[]; readonly note?: string }
  /** Classes one of which the macro needs and the memory does not know (search for them, then expand again). */
  | { readonly need: readonly string[] };

/** A sink the memory knows with a faucet in its room, nearest room first (the current one). */
function sinkWithFaucet(view: HelperView): { sink: number; faucet: number } | undefined {
  const pairs: { sink: number; faucet: number; here: boolean }[] = [];
  for (const sink of view.instances('sink')) {
    const room = view.roomOf(sink);
    const faucet = view.instances('faucet').find((f) => room !== undefined && view.roomOf(f) === room);
    if (faucet !== undefined) pairs.push({ sink, faucet, here: room === view.room });
  }
  return pairs.find((p) => p.here) ?? pairs[0];
}

/** The first known instance of the class, in the robot's room first. */
function nearest(view: HelperView, className: string): number | undefined {
  const known = view.instances(className).filter((id) => view.roomOf(id) !== undefined);
  return known.find((id) => view.roomOf(id) === view.room) ?? known[0];
}

const rinse = (x: number, water: { sink: number; faucet: number }): Op[] => [
  { kind: 'grab', id: x },
  { kind: 'place', id: x, target: water.sink },
  { kind: 'switchon', id: water.faucet },
  { kind: 'switchoff', id: water.faucet },
];

/** The operations of one call, x its object and t its target. */
export function expandCall(method: string, x: number, t: number | undefined, view: HelperView): Expansion {
  switch (method) {
    case 'go_to':
      return { ops: [{ kind: 'goto', id: x }] };
    case 'pickup':
      return { ops: [{ kind: 'grab', id: x }] };
    case 'place':
      return { ops: [{ kind: 'place', id: x, target: t! }] };
    case 'pickup_and_place':
      return {
        ops: [
          { kind: 'grab', id: x },
          { kind: 'place', id: x, target: t! },
        ],
      };
    case 'put_down':
      return { ops: [{ kind: 'put_down', id: x }] };
    case 'open':
    case 'close':
      return { ops: [{ kind: method, id: x }] };
    case 'toggle_on':
      return { ops: [{ kind: 'switchon', id: x }] };
    case 'toggle_off':
      return { ops: [{ kind: 'switchoff', id: x }] };
    case 'clean':
    case 'fill_up': {
      const water = sinkWithFaucet(view);
      if (!water) return { need: ['sink'] };
      const ops = rinse(x, water);
      return { ops: method === 'fill_up' ? [...ops, { kind: 'grab', id: x }] : ops };
    }
    case 'toast': {
      const toaster = nearest(view, 'toaster');
      if (toaster === undefined) return { need: ['toaster'] };
      return {
        ops: [
          { kind: 'grab', id: x },
          { kind: 'place', id: x, target: toaster },
          { kind: 'switchon', id: toaster },
        ],
      };
    }
    case 'cook': {
      const microwave = nearest(view, 'microwave');
      if (microwave !== undefined) {
        return {
          ops: [
            { kind: 'grab', id: x },
            { kind: 'open', id: microwave },
            { kind: 'place', id: x, target: microwave },
            { kind: 'close', id: microwave },
            { kind: 'switchon', id: microwave },
          ],
        };
      }
      const heater = nearest(view, 'stove') ?? nearest(view, 'toaster');
      if (heater === undefined) return { need: ['microwave', 'stove', 'toaster'] };
      return {
        ops: [
          { kind: 'grab', id: x },
          { kind: 'place', id: x, target: heater },
          { kind: 'switchon', id: heater },
        ],
      };
    }
    case 'pour':
      return {
        ops: [
          { kind: 'grab', id: x },
          { kind: 'goto', id: t! },
        ],
      };
    case 'slice': {
      // holding a knife at the food slices it (derived-states.ts); the bread's slices are a class of their own
      const knife = nearest(view, 'chefknife') ?? nearest(view, 'cutleryknife');
      if (knife === undefined) return { need: ['chefknife', 'cutleryknife'] };
      return {
        // the knife put down again: the hands are free for what is done with the slices next
        ops: [
          { kind: 'grab', id: knife },
          { kind: 'goto', id: x },
          { kind: 'put_down', id: knife },
        ],
      };
    }
    case 'empty':
      return { ops: [], note: 'nothing is poured out in hearth: nothing to do' };
    default:
      throw new Error(`no macro for method '${method}'`);
  }
}
