/**
 * The natural-language side of the instructions, in the three styles of ExRAP's Table 3:
 *
 * - `sentence`: one sentence per instruction;
 * - `summarized`: several instructions condensed into fewer sentences (produced for a set: instructions of the same
 *   shape share a sentence);
 * - `ambiguous` (object ambiguation): one sentence per instruction, the object named by what it is for ("something
 *   to read" for a book) instead of its name.
 *
 * The texts come from a closed set of templates over a closed lexicon, so that an interpreter can parse them with a
 * grammar (ExRAP's offline instruction interpreter is one); both are exported for that grammar's tests. The wording
 * is hearth's own.
 *
 * A text names what it is scored on: where the home has more than one thing of a class that stays in its room (the
 * host of a placement, the object of a state goal), its room is named ("the bookshelf in the bedroom"), given as a
 * `TextQualifier` by the binding (`bind.ts`, `roomQualifier`). Objects that are carried about are not named by a
 * room: where they are changes.
 */
import { buildingClass, CITY_COLOURS, goodsClass } from '../../../sim/catalog/city.js';
import type { GoalState, InstructionDef, TextStyle } from './types.js';

/** How the texts name a class. */
export interface ClassWords {
  /** The plain name, used after "the" ("coffee table"). */
  readonly name: string;
  /** Plural of the name ("mugs"). */
  readonly plural: string;
  /** The ambiguous description, a full noun phrase ("something to read", "the cup for hot drinks"). */
  readonly vague: string;
  /** Plural ambiguous description, without a determiner ("cups for hot drinks"). */
  readonly vaguePlural: string;
}

const words = (name: string, plural: string, vague: string, vaguePlural: string): ClassWords =>
  Object.freeze({ name, plural, vague, vaguePlural });

/**
 * The city's words: a building by its colour (buildings keep their names in every style, as hosts do), its goods as
 * "the goods from the green building", or by what they are, "the load waiting at the green building".
 */
const CITY_WORDS: Record<string, ClassWords> = Object.fromEntries(
  CITY_COLOURS.flatMap((colour) => [
    [
      buildingClass(colour),
      words(`${colour} building`, `${colour} buildings`, `the ${colour} building`, `${colour} buildings`),
    ],
    [
      goodsClass(colour),
      words(
        `goods from the ${colour} building`,
        `goods from the ${colour} building`,
        `the load waiting at the ${colour} building`,
        `loads waiting at the ${colour} building`,
      ),
    ],
  ]),
);

/** The lexicon: every class an instruction of the three pools names. */
export const LEXICON: Readonly<Record<string, ClassWords>> = Object.freeze({
  ...CITY_WORDS,
  apple: words('apple', 'apples', 'a piece of fruit', 'pieces of fruit'),
  book: words('book', 'books', 'something to read', 'things to read'),
  bookshelf: words('bookshelf', 'bookshelves', 'the shelf for books', 'shelves for books'),
  cabinet: words('cabinet', 'cabinets', 'the cupboard for storing things', 'cupboards for storing things'),
  clock: words('alarm clock', 'alarm clocks', 'the thing that tells the time', 'things that tell the time'),
  closet: words('closet', 'closets', 'the wardrobe', 'wardrobes'),
  coffeetable: words('coffee table', 'coffee tables', 'the low table by the sofa', 'low tables'),
  computer: words('computer', 'computers', 'the machine you work at', 'machines you work at'),
  desk: words('desk', 'desks', 'the table you work at', 'tables you work at'),
  dishwasher: words('dishwasher', 'dishwashers', 'the machine that washes dishes', 'machines that wash dishes'),
  microwave: words(
    'microwave',
    'microwaves',
    'the appliance that heats food quickly',
    'appliances that heat food quickly',
  ),
  mug: words('mug', 'mugs', 'the cup for hot drinks', 'cups for hot drinks'),
  paper: words('paper', 'papers', 'something to write on', 'things to write on'),
  plate: words('plate', 'plates', 'the dish you eat from', 'dishes you eat from'),
  radio: words('radio', 'radios', 'the thing that plays music', 'things that play music'),
  sink: words('sink', 'sinks', 'the basin with a tap', 'basins with a tap'),
  sofa: words('sofa', 'sofas', 'the couch', 'couches'),
  stove: words('stove', 'stoves', 'the appliance you cook on', 'appliances you cook on'),
  towel: words('towel', 'towels', 'the cloth for drying yourself', 'cloths for drying yourself'),
  tv: words('TV', 'TVs', 'the screen for watching shows', 'screens for watching shows'),
  washingmachine: words(
    'washing machine',
    'washing machines',
    'the machine that washes clothes',
    'machines that wash clothes',
  ),
});

/** The one-instruction templates; `{...}` are filled from the lexicon and the goal. */
export const SENTENCE_TEMPLATES = Object.freeze({
  'if-state': 'If {object} has been left {current}, {action}.',
  'always-state': 'Keep {object} {state} at all times.',
  'if-place-one': 'If {object} is not {prep} {host}, put it there.',
  'always-place-one': 'Make sure {object} stays {prep} {host}.',
  'if-place-all': 'If any {objects} are not {prep} {host}, put them there.',
  'always-place-all': 'Make sure all the {objects} stay {prep} {host}.',
  'if-deliver-one': 'If {caller} calls, take {object} to {host}.',
  'if-deliver-all': 'If {caller} calls, take all the {objects} to {host}.',
});
export type SentenceTemplate = keyof typeof SENTENCE_TEMPLATES;

/**
 * The summary templates: one sentence for several instructions of the same template (state templates also share
 * the goal state). Lists join with ", " and a final " or " (conditions) or " and " (the rest).
 */
export const SUMMARY_TEMPLATES = Object.freeze({
  'if-state': 'If {objects or} has been left {current}, {action}.',
  'always-state': 'Keep {objects and} {state} at all times.',
  'if-place': 'Whenever things are out of place, put {placements and}.',
  'always-place': 'Make sure that {rules and}.',
  /** A placement in an `if-place` list. */
  placement: { one: '{object} {prep} {host}', all: 'all the {objects} {prep} {host}' },
  /** A rule in an `always-place` list. */
  rule: { one: '{object} stays {prep} {host}', all: 'all the {objects} stay {prep} {host}' },
  'if-deliver': 'Whenever a building calls, take {deliveries and}.',
  /** A delivery in an `if-deliver` list. */
  delivery: { one: '{object} to {host}', all: 'all the {objects} to {host}' },
});

/** Words for the goal states: the state, the opposite one (what the condition finds), the action that fixes it. */
export const STATE_WORDS: Readonly<Record<GoalState, { state: string; current: string; action: string }>> = {
  ON: { state: 'on', current: 'off', action: 'switch it on' },
  OFF: { state: 'off', current: 'on', action: 'switch it off' },
  OPEN: { state: 'open', current: 'closed', action: 'open it' },
  CLOSED: { state: 'closed', current: 'open', action: 'close it' },
};

export const PREPOSITIONS = { ON: 'on', INSIDE: 'in' } as const;

/** Room classes as the texts name them ("in the living room"). */
export const ROOM_WORDS: Readonly<Record<string, string>> = Object.freeze({
  kitchen: 'kitchen',
  livingroom: 'living room',
  bedroom: 'bedroom',
  bathroom: 'bathroom',
  dining_room: 'dining room',
  home_office: 'home office',
});

/** Rooms (room class names) that single out the thing a text means, where the class alone does not. */
export interface TextQualifier {
  /** The room of a state goal's object. */
  readonly object?: string;
  /** The room of a placement's host. */
  readonly host?: string;
}

/** Rooms that qualify texts, by instruction id. */
export type TextQualifiers = ReadonlyMap<string, TextQualifier>;

/** " in the bedroom" for a room class (unknown classes spelled with spaces), or "" without one. */
function inRoom(room: string | undefined): string {
  return room === undefined ? '' : ` in the ${ROOM_WORDS[room] ?? room.replace(/_/g, ' ')}`;
}

export function classWords(className: string): ClassWords {
  const entry = LEXICON[className];
  if (!entry) throw new Error(`no words for class ${className} in the instruction lexicon`);
  return entry;
}

/** Which sentence template an instruction uses. */
export function templateOf(def: InstructionDef): SentenceTemplate {
  const goal = def.goal;
  if (goal.kind === 'state') return `${def.phrasing}-state`;
  if (goal.from) return `if-deliver-${goal.quantity}`;
  return `${def.phrasing}-place-${goal.quantity}`;
}

function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{([a-z ]+)\}/g, (_, key: string) => {
    const value = values[key];
    if (value === undefined) throw new Error(`template ${template} needs {${key}}`);
    return value;
  });
}

/**
 * The slot values of one instruction: object (singular noun phrase), objects (plural), host, state words; a state
 * goal's object and a placement's host carry their room when the qualifier gives one.
 */
function slotValues(def: InstructionDef, vague: boolean, qualifier: TextQualifier = {}): Record<string, string> {
  const goal = def.goal;
  const object = classWords(goal.object.classes[0]);
  const values: Record<string, string> = {
    object: vague ? object.vague : `the ${object.name}`,
    objects: vague ? object.vaguePlural : object.plural,
  };
  if (goal.kind === 'state') {
    Object.assign(values, STATE_WORDS[goal.state]);
    values.object += inRoom(qualifier.object);
  } else {
    values.prep = PREPOSITIONS[goal.relation];
    values.host = `the ${classWords(goal.host.classes[0]).name}${inRoom(qualifier.host)}`;
    if (goal.from) values.caller = `the ${classWords(goal.from.classes[0]).name}`;
  }
  return values;
}

/** The instruction as one sentence, named plainly (`sentence`) or by what the object is for (`ambiguous`). */
export function sentenceFor(
  def: InstructionDef,
  style: 'sentence' | 'ambiguous' = 'sentence',
  qualifier?: TextQualifier,
): string {
  return fill(SENTENCE_TEMPLATES[templateOf(def)], slotValues(def, style === 'ambiguous', qualifier));
}

/** "a", "a or b", "a, b or c". */
export function joinList(items: readonly string[], conjunction: 'and' | 'or'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** One sentence of a text and the instructions it covers. */
export interface TextPart {
  readonly text: string;
  /** Ids of the instructions the sentence states, in the set's order. */
  readonly covers: readonly string[];
}

/** The summary group of an instruction: state templates per goal state, placements per phrasing. */
function summaryGroup(def: InstructionDef): string {
  if (def.goal.kind === 'placement' && def.goal.from) return 'if-deliver';
  return def.goal.kind === 'state' ? `${def.phrasing}-state:${def.goal.state}` : `${def.phrasing}-place`;
}

/**
 * The set condensed into fewer sentences: instructions of one summary group (same phrasing and goal kind, and for
 * states the same goal state) share a sentence; a group of one keeps its single sentence. Sentences come in the
 * order of each group's first instruction.
 */
export function summarize(defs: readonly InstructionDef[], qualifiers: TextQualifiers = new Map()): TextPart[] {
  const groups = new Map<string, InstructionDef[]>();
  for (const def of defs) {
    const key = summaryGroup(def);
    const group = groups.get(key);
    if (group) group.push(def);
    else groups.set(key, [def]);
  }
  return [...groups.values()].map((group) => {
    const covers = group.map((def) => def.id);
    if (group.length === 1) return { text: sentenceFor(group[0], 'sentence', qualifiers.get(group[0].id)), covers };
    const first = group[0];
    const values = group.map((def) => slotValues(def, false, qualifiers.get(def.id)));
    if (first.goal.kind === 'state') {
      const words = STATE_WORDS[first.goal.state];
      const template = first.phrasing === 'if' ? SUMMARY_TEMPLATES['if-state'] : SUMMARY_TEMPLATES['always-state'];
      const objects = values.map((v) => v.object);
      return {
        text: fill(template, {
          ...words,
          'objects or': joinList(objects, 'or'),
          'objects and': joinList(objects, 'and'),
        }),
        covers,
      };
    }
    if (summaryGroup(first) === 'if-deliver') {
      const deliveries = group.map((def, i) =>
        fill(SUMMARY_TEMPLATES.delivery[def.goal.kind === 'placement' ? def.goal.quantity : 'one'], values[i]),
      );
      return { text: fill(SUMMARY_TEMPLATES['if-deliver'], { 'deliveries and': joinList(deliveries, 'and') }), covers };
    }
    const itemTemplates = first.phrasing === 'if' ? SUMMARY_TEMPLATES.placement : SUMMARY_TEMPLATES.rule;
    const items = group.map((def, i) => {
      const quantity = def.goal.kind === 'placement' ? def.goal.quantity : 'one';
      return fill(itemTemplates[quantity], values[i]);
    });
    const text =
      first.phrasing === 'if'
        ? fill(SUMMARY_TEMPLATES['if-place'], { 'placements and': joinList(items, 'and') })
        : fill(SUMMARY_TEMPLATES['always-place'], { 'rules and': joinList(items, 'and') });
    return { text, covers };
  });
}

/** The texts an agent is given for a set of instructions in a style: one part per sentence. */
export function textsFor(
  defs: readonly InstructionDef[],
  style: TextStyle,
  qualifiers: TextQualifiers = new Map(),
): TextPart[] {
  if (style === 'summarized') return summarize(defs, qualifiers);
  return defs.map((def) => ({ text: sentenceFor(def, style, qualifiers.get(def.id)), covers: [def.id] }));
}

/**
 * Every single-instruction text of a pool in both one-sentence styles, for a grammar's tests; with `room`, the
 * state goals' objects and the placements' hosts are named with that room, as in a home with several of them.
 */
export function singleTexts(
  defs: readonly InstructionDef[],
  room?: string,
): Array<{ id: string; style: 'sentence' | 'ambiguous'; template: SentenceTemplate; text: string }> {
  const qualifier: TextQualifier = room === undefined ? {} : { object: room, host: room };
  return defs.flatMap((def) =>
    (['sentence', 'ambiguous'] as const).map((style) => ({
      id: def.id,
      style,
      template: templateOf(def),
      text: sentenceFor(def, style, qualifier),
    })),
  );
}
