/**
 * hearth's structured form of ExRAP's standing instructions (Tables A.1 and A.2). Every instruction of both tables
 * is one of two goals:
 *
 * - a **state** goal: a thing should be in a state ("the TV is on", "the microwave is open");
 * - a **placement** goal: one object (or every object of a class) should lie ON or INSIDE a host ("the mug is on the
 *   coffee table", "all towels are in the washing machine").
 *
 * and one of two phrasings: `if` (a conditional: "if the TV is off, switch it on") or `always` (a standing rule:
 * "keep the microwave open"). From the goal and the home everything else follows (`bind.ts`): the execution (the goal
 * over the bound instances), the query (the goal negated: for the two-valued states and the placements of these
 * tables "the TV is off" and "the TV is not on" are the same condition), the disturbance that makes the query true
 * again, and the texts (`text.ts`).
 */
import type { RoomType } from '../../../sim/catalog/types.js';

export const DOMAINS = ['virtualhome', 'alfred', 'city'] as const;
export type Domain = (typeof DOMAINS)[number];

/** How the instruction texts are written (`text.ts`). */
export const TEXT_STYLES = ['sentence', 'summarized', 'ambiguous'] as const;
export type TextStyle = (typeof TEXT_STYLES)[number];

/**
 * How an instruction about one carried thing binds where the home has several in plain sight (`bind.ts`): `one`
 * instance drawn with the seed (the default; "the book" does not say which), or `all` of them (the text then says
 * "any books").
 */
export const REFERENTS = ['one', 'all'] as const;
export type Referents = (typeof REFERENTS)[number];

/** Which nodes of a home a slot of an instruction may be bound to. */
export interface Slot {
  /** hearth catalog class names (a node matches through `canonicalClassName`, so `coffee_table` files work too). */
  readonly classes: readonly string[];
  /** Prefer instances in a room of this type when the home has one (the kitchen sink for dishes). */
  readonly prefer?: RoomType;
}

/** The states the tables' state goals use. */
export type GoalState = 'ON' | 'OFF' | 'OPEN' | 'CLOSED';

export type InstructionGoal =
  | { readonly kind: 'state'; readonly object: Slot; readonly state: GoalState }
  | {
      readonly kind: 'placement';
      readonly object: Slot;
      /** `one`: a single instance (drawn with the seed); `all`: every instance in plain sight at the start. */
      readonly quantity: 'one' | 'all';
      readonly relation: 'ON' | 'INSIDE';
      readonly host: Slot;
      /**
       * A delivery (the city, ExRAP B.3): the building that calls, where the goods wait to be taken to the host and
       * where the resident puts them back ("if the green building calls, take its goods to the red building").
       */
      readonly from?: Slot;
    };

export interface InstructionDef {
  /** `vh-01` .. `vh-19`, `al-01` .. `al-16`, `ct-01` .. `ct-16`: the domain and the row of the paper's table. */
  readonly id: string;
  readonly domain: Domain;
  /** Row of Table A.1 (VirtualHome) or A.2 (ALFRED); for the city (B.3 lists no table), hearth's own order. */
  readonly row: number;
  /** `if`: a conditional ("if X, do Y"); `always`: a standing rule ("keep X"). */
  readonly phrasing: 'if' | 'always';
  readonly goal: InstructionGoal;
  /**
   * Instructions of one group cannot hold together (all mugs in the microwave vs the mug on the coffee table), so at
   * most one of a group is drawn for an episode; otherwise the agent would create events by satisfying another.
   */
  readonly group?: string;
}
