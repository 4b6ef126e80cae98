/**
 * The instruction pools: hearth's structured reading of ExRAP's Table A.1 (19 VirtualHome instructions) and Table
 * A.2 (16 ALFRED instructions). The paper gives one example sentence per row; each row here states its goal, its
 * phrasing and its exclusion group. What the paper's sentences say beyond the goal (nobody watching the TV, drying
 * the dishwasher, preheating) has no counterpart in the simulator and is left out (docs/continual.md).
 */
import { buildingClass, CITY_COLOURS, goodsClass } from '../../../sim/catalog/city.js';
import type { RoomType } from '../../../sim/catalog/types.js';
import type { Domain, GoalState, InstructionDef, InstructionGoal, Slot } from './types.js';

const slot = (name: string, prefer?: RoomType): Slot => (prefer ? { classes: [name], prefer } : { classes: [name] });

const state = (object: string, goal: GoalState): InstructionGoal => ({
  kind: 'state',
  object: slot(object),
  state: goal,
});

function place(
  quantity: 'one' | 'all',
  object: string,
  relation: 'ON' | 'INSIDE',
  host: string,
  prefer?: RoomType,
): InstructionGoal {
  return { kind: 'placement', object: slot(object), quantity, relation, host: slot(host, prefer) };
}

function table(
  domain: Domain,
  prefix: string,
  rows: ReadonlyArray<[phrasing: 'if' | 'always', goal: InstructionGoal, group?: string]>,
): readonly InstructionDef[] {
  return Object.freeze(
    rows.map(([phrasing, goal, group], index) =>
      Object.freeze({
        id: `${prefix}-${String(index + 1).padStart(2, '0')}`,
        domain,
        row: index + 1,
        phrasing,
        goal,
        ...(group && { group }),
      }),
    ),
  );
}

/** Table A.1, in the paper's row order. */
export const VIRTUALHOME_INSTRUCTIONS = table('virtualhome', 'vh', [
  ['if', state('tv', 'ON')], // 1 the TV is off: switch it on
  ['if', place('one', 'apple', 'ON', 'desk')], // 2 an apple elsewhere: to the desk
  ['if', place('one', 'book', 'ON', 'sofa'), 'book'], // 3 a book lying about: to the sofa
  ['always', state('dishwasher', 'OPEN')], // 4 the dishwasher stays open
  ['always', state('microwave', 'OPEN')], // 5 the microwave stays open
  ['always', state('stove', 'OPEN')], // 6 the stove stays open
  ['always', place('one', 'mug', 'ON', 'coffeetable'), 'mug'], // 7 the mug stays on the coffee table
  ['always', place('all', 'plate', 'INSIDE', 'microwave'), 'plate'], // 8 the plates go in the microwave
  ['if', place('all', 'towel', 'INSIDE', 'washingmachine'), 'towel'], // 9 towels: into the washing machine
  ['if', place('one', 'towel', 'INSIDE', 'closet'), 'towel'], // 10 the towel: into the closet
  ['if', state('computer', 'ON')], // 11 the computer is off: switch it on
  ['if', state('cabinet', 'CLOSED')], // 12 the cabinet is open: close it
  ['if', place('one', 'book', 'ON', 'bookshelf'), 'book'], // 13 a book left out: back on the shelf
  ['if', state('stove', 'ON')], // 14 the stove is off: switch it on
  ['always', place('one', 'paper', 'INSIDE', 'cabinet')], // 15 the paper goes in the cabinet
  ['always', place('all', 'mug', 'INSIDE', 'microwave'), 'mug'], // 16 every mug in the microwave
  ['if', state('radio', 'ON')], // 17 the radio is off: switch it on
  ['if', place('one', 'plate', 'INSIDE', 'dishwasher'), 'plate'], // 18 a used plate: into the dishwasher
  ['if', state('microwave', 'ON')], // 19 the microwave is off: switch it on
]);

/** Table A.2, in the paper's row order. */
export const ALFRED_INSTRUCTIONS = table('alfred', 'al', [
  ['if', state('tv', 'ON')], // 1
  ['if', place('one', 'apple', 'ON', 'coffeetable')], // 2
  ['if', place('one', 'book', 'ON', 'sofa'), 'book'], // 3
  ['always', state('microwave', 'OPEN')], // 4
  ['always', place('one', 'mug', 'ON', 'coffeetable'), 'mug'], // 5
  ['always', place('all', 'plate', 'INSIDE', 'microwave'), 'plate'], // 6
  ['if', place('one', 'towel', 'INSIDE', 'closet'), 'towel'], // 7
  ['if', state('computer', 'OFF')], // 8 the computer is on: switch it off
  ['if', state('cabinet', 'CLOSED')], // 9
  ['if', place('one', 'book', 'ON', 'bookshelf'), 'book'], // 10
  ['always', place('one', 'paper', 'INSIDE', 'cabinet')], // 11
  ['always', place('all', 'mug', 'INSIDE', 'microwave'), 'mug'], // 12
  ['if', state('microwave', 'OFF')], // 13 the microwave runs: switch it off
  ['if', place('one', 'plate', 'INSIDE', 'sink', 'kitchen'), 'plate'], // 14 a used plate: into the (kitchen) sink
  ['if', place('all', 'towel', 'INSIDE', 'sink', 'bathroom'), 'towel'], // 15 towels: into the (bathroom) sink
  ['if', state('clock', 'OFF')], // 16 the alarm clock rings: switch it off
]);

/**
 * The city's 16 deliveries (ExRAP B.3: "if the green building calls, take the goods from the green building to the
 * red building"; the paper gives one example and the count). Each colour's building sends its goods to two others,
 * the next colour and the one three on (CITY_COLOURS order), so every building both sends and receives; the two
 * deliveries of one sender share a group, since its goods cannot be at both receivers.
 */
export const CITY_INSTRUCTIONS: readonly InstructionDef[] = Object.freeze(
  [1, 3].flatMap((offset, half) =>
    CITY_COLOURS.map((colour, i) => {
      const to = CITY_COLOURS[(i + offset) % CITY_COLOURS.length];
      const row = half * CITY_COLOURS.length + i + 1;
      return Object.freeze({
        id: `ct-${String(row).padStart(2, '0')}`,
        domain: 'city' as const,
        row,
        phrasing: 'if' as const,
        goal: Object.freeze({
          kind: 'placement' as const,
          object: slot(goodsClass(colour)),
          quantity: 'one' as const,
          relation: 'INSIDE' as const,
          host: slot(buildingClass(to)),
          from: slot(buildingClass(colour)),
        }),
        group: `goods-${colour}`,
      });
    }),
  ),
);

export function instructionPool(domain: Domain): readonly InstructionDef[] {
  if (domain === 'city') return CITY_INSTRUCTIONS;
  return domain === 'alfred' ? ALFRED_INSTRUCTIONS : VIRTUALHOME_INSTRUCTIONS;
}

/** The definition with this id, in any pool. */
export function instructionDef(id: string): InstructionDef | undefined {
  return [VIRTUALHOME_INSTRUCTIONS, ALFRED_INSTRUCTIONS, CITY_INSTRUCTIONS].flat().find((d) => d.id === id);
}
