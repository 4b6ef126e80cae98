/**
 * The action rules: for every action the reference executor (EAI's fork of VirtualHome's evolving_graph) runs,
 * its preconditions in the reference's order, with the reference's error messages and EAI's error kinds, and its
 * effects on the graph. This table is the single source of truth: the executor interprets it and the PDDL domain
 * is compiled from it. The language is defined in `descriptors.ts`.
 *
 * Before any rule runs, the executor checks that the line's object ids are nodes of the graph (unseen_object).
 * Deliberate differences from the reference are marked "hearth:" and listed in docs/simulator.md.
 */
import {
  type ActionRule,
  affords,
  close,
  type Effect,
  facing,
  freeHand,
  holding,
  inRoom,
  inState,
  notInsideClosed,
  type Precondition,
  type RuleBody,
} from './descriptors.js';
import type { ExecutableAction } from './names.js';

const notSeated: Precondition = {
  require: {
    test: 'not',
    condition: {
      test: 'any',
      conditions: [
        { test: 'state', of: 'char', state: 'SITTING' },
        { test: 'state', of: 'char', state: 'LYING' },
      ],
    },
  },
  kind: 'missing_step',
  message: '{char} is sitting',
  missing: [
    { negate: true, state: ['char', 'SITTING'] },
    { negate: true, state: ['char', 'LYING'] },
  ],
  connective: 'and',
};

const seated: Precondition = {
  require: {
    test: 'any',
    conditions: [
      { test: 'state', of: 'char', state: 'LYING' },
      { test: 'state', of: 'char', state: 'SITTING' },
    ],
  },
  kind: 'missing_step',
  message: '{char} is not lying or sitting',
  missing: [{ state: ['char', 'LYING'] }, { state: ['char', 'SITTING'] }],
};

/** WALK and RUN. Doors never block (the reference's door check returns "no closed doors" unconditionally). */
const walk: RuleBody = {
  pre: [
    notSeated,
    inRoom('char'),
    // hearth: the reference fails silently (no message) when the target has no room.
    inRoom(0),
  ],
  effects: [{ effect: 'walkTo', to: 0 }],
};

/** FIND on a node already at hand: face nothing, become close to it. */
const findNear: RuleBody = {
  pre: [close(0)],
  effects: [
    { effect: 'removeEdges', from: 'char', relations: ['FACING'], to: 'anything' },
    { effect: 'addEdge', from: 'char', relation: 'CLOSE', to: 0, reverse: true },
  ],
};

const release: Effect = { effect: 'removeEdges', from: 'char', relations: ['HOLDS_LH', 'HOLDS_RH'], to: 0 };

/** PUTBACK (ON) and PUTIN (INSIDE): object 0 goes onto / into object 1. It keeps its INSIDE edge to its room. */
function put(relation: 'ON' | 'INSIDE'): RuleBody {
  const pre: Precondition[] = [holding(0), close(1)];
  if (relation === 'INSIDE') {
    pre.push({
      require: {
        test: 'any',
        conditions: [
          { test: 'not', condition: { test: 'property', of: 1, anyOf: ['CAN_OPEN'] } },
          { test: 'state', of: 1, state: 'OPEN' },
        ],
      },
      kind: 'affordance',
      message: '{1} is not open or is not openable',
    });
  }
  return {
    pre,
    effects: [
      release,
      { effect: 'addEdge', from: 'char', relation: 'CLOSE', to: 1, reverse: true },
      { effect: 'addEdge', from: 0, relation: 'CLOSE', to: 1, reverse: true },
      { effect: 'addEdge', from: 0, relation, to: 1 },
      { effect: 'forgetOrigin', of: 0 },
    ],
  };
}

function openOrClose(opening: boolean): RuleBody {
  const pre: Precondition[] = [affords(0, ['CAN_OPEN'], '{0} can not be opened', ['desk', 'window']), close(0)];
  if (opening) pre.push(freeHand());
  pre.push(inState(0, opening ? 'CLOSED' : 'OPEN', opening ? '{0} is not closed' : '{0} is not open'));
  if (opening) {
    pre.push({
      require: { test: 'not', condition: { test: 'state', of: 0, state: 'ON' } },
      kind: 'additional_step',
      message: '{0} is still on',
    });
  }
  return {
    pre,
    effects: [
      { effect: 'removeState', of: 0, state: opening ? 'CLOSED' : 'OPEN' },
      { effect: 'addState', of: 0, state: opening ? 'OPEN' : 'CLOSED' },
    ],
  };
}

function switchTo(on: boolean): RuleBody {
  const pre: Precondition[] = [
    affords(0, ['HAS_SWITCH'], '{0} does not have a switch'),
    close(0),
    inState(0, on ? 'OFF' : 'ON', on ? '{0} is not off' : '{0} is not on'),
  ];
  if (on) {
    pre.push({
      require: { test: 'not', condition: { test: 'state', of: 0, state: 'PLUGGED_OUT' } },
      kind: 'additional_step',
      message: '{0} is unplugged',
    });
  }
  return {
    pre,
    effects: [
      { effect: 'removeState', of: 0, state: on ? 'OFF' : 'ON' },
      { effect: 'addState', of: 0, state: on ? 'ON' : 'OFF' },
    ],
  };
}

function plug(plugIn: boolean): RuleBody {
  const pre: Precondition[] = [
    affords(0, ['HAS_PLUG'], '{0} does not have a plug'),
    close(0),
    freeHand(),
    inState(0, plugIn ? 'PLUGGED_OUT' : 'PLUGGED_IN', plugIn ? '{0} is not plugged_out' : '{0} is not plugged_in'),
  ];
  if (!plugIn) {
    // The reference records this message but lets the step succeed (a missing `return False`); kept.
    pre.push({
      require: { test: 'not', condition: { test: 'state', of: 0, state: 'ON' } },
      kind: 'additional_step',
      message: '{0} is still on',
      blocking: false,
    });
  }
  return {
    pre,
    effects: [
      { effect: 'removeState', of: 0, state: plugIn ? 'PLUGGED_OUT' : 'PLUGGED_IN' },
      { effect: 'addState', of: 0, state: plugIn ? 'PLUGGED_IN' : 'PLUGGED_OUT' },
    ],
  };
}

/** Occupancy limits of SIT and LIE by class (default 1): the step fails once that many nodes are ON the seat. */
const SIT_CAPACITY = { couch: 4, bed: 4, chair: 1, loveseat: 2, sofa: 4, toilet: 1, pianobench: 2, bench: 2 };
const LIE_CAPACITY = { couch: 2, bathtub: 2, bed: 3, loveseat: 2, sofa: 2, bench: 1 };

function tooFull(capacity: Readonly<Record<string, number>>): Precondition {
  return {
    require: { test: 'not', condition: { test: 'full', of: 0, capacity, otherwise: 1 } },
    kind: 'missing_step',
    message: 'Too many things on {0}',
  };
}

/** WIPE, WASH, RINSE and SCRUB end with the object clean. */
const clean: Effect[] = [
  { effect: 'removeState', of: 0, state: 'DIRTY' },
  { effect: 'addState', of: 0, state: 'CLEAN' },
];

const wash: RuleBody = { pre: [close(0)], effects: clean };

/** DROP and RELEASE: the object leaves the hand and lies in the character's room. */
const drop: RuleBody = {
  pre: [holding(0), inRoom('char')],
  effects: [
    release,
    { effect: 'addEdge', from: 0, relation: 'INSIDE', to: 'charRoom' },
    { effect: 'forgetOrigin', of: 0 },
  ],
};

/** LOOKAT and POINTAT. */
const lookAt: RuleBody = { pre: [facing(0)], effects: [] };

/** PUSH, PULL and MOVE change nothing; the reference's affordance test lets PUSH through for any object. */
function move(push: boolean): RuleBody {
  const pre: Precondition[] = [];
  if (!push) pre.push(affords(0, ['MOVABLE'], '{0} is not movable', ['button', 'chair', 'curtain']));
  pre.push(close(0), notInsideClosed(0), freeHand());
  return { pre, effects: [] };
}

const SQUEEZABLE = [
  'cleaning_solution',
  'tooth_paste',
  'shampoo',
  'food_peanut_butter',
  'dish_soap',
  'soap',
  'towel',
  'rag',
  'paper',
  'sponge',
  'food_lemon',
  'check',
];

export const ACTION_RULES: Readonly<Record<ExecutableAction, ActionRule>> = {
  WALK: { summary: 'go to the object (or room)', ...walk },
  RUN: { summary: 'same as WALK', ...walk },
  FIND: {
    summary: 'become close to the object; walk to it first unless it is already near',
    branch: {
      when: {
        test: 'any',
        conditions: [
          { test: 'edge', from: 0, relation: 'ON', to: 'char' },
          { test: 'property', of: 0, anyOf: ['BODY_PART'] },
          { test: 'close', to: 0 },
        ],
      },
      apply: findNear,
      // The upstream executor crashed here; EAI's fork walks (its find-after-walk never runs).
      otherwise: walk,
    },
  },
  GRAB: {
    summary: 'take the object in a free hand (right first)',
    pre: [
      affords(0, ['GRABBABLE'], '{0} is not grabbable', ['water', 'child']),
      {
        require: { test: 'not', condition: { test: 'grabbed', of: 0 } },
        kind: 'additional_step',
        message: '{0} already grabbed',
      },
      close(0),
      notInsideClosed(0),
      freeHand(),
      inRoom('char'),
    ],
    effects: [
      {
        effect: 'removeEdges',
        from: 0,
        relations: ['ON', 'INSIDE', 'CLOSE', 'HOLDS_LH', 'HOLDS_RH'],
        to: 'anything',
        reverse: true,
      },
      { effect: 'addEdge', from: 'char', relation: 'CLOSE', to: 0, reverse: true },
      { effect: 'hold', what: 0 },
      { effect: 'addEdge', from: 0, relation: 'INSIDE', to: 'charRoom' },
      { effect: 'noteOrigin', of: 0 },
    ],
  },
  OPEN: { summary: 'open a closed openable object', ...openOrClose(true) },
  CLOSE: { summary: 'close an open openable object', ...openOrClose(false) },
  PUTBACK: { summary: 'put the held object ON the second object', ...put('ON') },
  PUTIN: { summary: 'put the held object INSIDE the second object', ...put('INSIDE') },
  PUTOBJBACK: {
    summary: 'put the held object back where it was grabbed from',
    pre: [
      { require: { test: 'grabbed', of: 0 }, kind: 'other', message: '{0} not grabbed' },
      holding(0),
      close('origin'),
      {
        require: {
          test: 'any',
          conditions: [
            { test: 'not', condition: { test: 'originRelation', relation: 'INSIDE' } },
            { test: 'not', condition: { test: 'property', of: 'origin', anyOf: ['CAN_OPEN'] } },
            { test: 'state', of: 'origin', state: 'OPEN' },
          ],
        },
        kind: 'affordance',
        message: '{origin} is not open or is not openable',
      },
    ],
    effects: [
      release,
      { effect: 'addEdge', from: 'char', relation: 'CLOSE', to: 'origin', reverse: true },
      { effect: 'addEdge', from: 0, relation: 'CLOSE', to: 'origin', reverse: true },
      { effect: 'addOriginEdge', from: 0 },
      { effect: 'forgetOrigin', of: 0 },
    ],
  },
  SWITCHON: { summary: 'switch the object on', ...switchTo(true) },
  SWITCHOFF: { summary: 'switch the object off', ...switchTo(false) },
  SIT: {
    summary: 'sit on the object, facing what it faces',
    pre: [
      close(0),
      {
        require: { test: 'not', condition: { test: 'state', of: 'char', state: 'SITTING' } },
        kind: 'additional_step',
        message: '{char} is sitting',
      },
      affords(0, ['SITTABLE'], '{0} is not sittable'),
      tooFull(SIT_CAPACITY),
    ],
    effects: [
      { effect: 'addEdge', from: 'char', relation: 'ON', to: 0 },
      { effect: 'addEdge', from: 'char', relation: 'FACING', to: { targetsOf: 0, relation: 'FACING' } },
      { effect: 'removeState', of: 'char', state: 'LYING' },
      { effect: 'addState', of: 'char', state: 'SITTING' },
    ],
  },
  LIE: {
    summary: 'lie on the object',
    pre: [
      close(0),
      {
        require: { test: 'not', condition: { test: 'state', of: 'char', state: 'LYING' } },
        kind: 'additional_step',
        message: '{char} is lying',
      },
      affords(0, ['LIEABLE'], '{0} is not lieable'),
      tooFull(LIE_CAPACITY),
    ],
    effects: [
      { effect: 'addEdge', from: 'char', relation: 'ON', to: 0 },
      { effect: 'removeState', of: 'char', state: 'SITTING' },
      { effect: 'addState', of: 'char', state: 'LYING' },
    ],
  },
  STANDUP: {
    summary: 'stop sitting or lying (the character stays ON the seat, as in the reference)',
    pre: [
      {
        require: {
          test: 'any',
          conditions: [
            { test: 'state', of: 'char', state: 'SITTING' },
            { test: 'state', of: 'char', state: 'LYING' },
          ],
        },
        kind: 'additional_step',
        message: '{char} is not sitting',
      },
    ],
    effects: [
      { effect: 'removeState', of: 'char', state: 'SITTING' },
      { effect: 'removeState', of: 'char', state: 'LYING' },
    ],
  },
  TURNTO: {
    summary: 'face the object (no precondition)',
    pre: [],
    effects: [
      { effect: 'removeEdges', from: 'char', relations: ['FACING'], to: 'anything' },
      { effect: 'addEdge', from: 'char', relation: 'FACING', to: 0 },
    ],
  },
  LOOKAT: { summary: 'look at a faced object (no change)', ...lookAt },
  POINTAT: { summary: 'point at a faced object (no change)', ...lookAt },
  WATCH: {
    summary: 'watch a lookable object in the same room (no change)',
    pre: [
      affords(0, ['LOOKABLE'], '{0} not lookable'),
      // hearth: the reference crashes when either room is missing.
      inRoom('char'),
      inRoom(0),
      {
        require: { test: 'same', a: 'charRoom', b: 'room0' },
        kind: 'affordance',
        message: 'char room {charRoom} is not node room {room0}',
      },
      facing(0),
      {
        require: {
          test: 'any',
          conditions: [
            { test: 'class', of: 0, anyOf: ['computer'] },
            {
              test: 'not',
              condition: {
                test: 'any',
                conditions: [
                  { test: 'state', of: 'char', state: 'SITTING' },
                  { test: 'state', of: 'char', state: 'LYING' },
                ],
              },
            },
            { test: 'edge', from: 'char', relation: 'FACING', to: 0 },
          ],
        },
        kind: 'missing_step',
        message: '{char} is not facing {0} while sitting',
        missing: [{ edge: ['char', 'FACING', 0] }],
      },
      notInsideClosed(0),
    ],
    effects: [],
  },
  DRINK: {
    summary: 'drink from a held object (no change)',
    pre: [affords(0, ['DRINKABLE', 'RECIPIENT'], '{0} is not drinkable or not recipient'), holding(0)],
    effects: [],
  },
  READ: {
    summary: 'read a held object (no change)',
    pre: [affords(0, ['READABLE'], '{0} is not readable'), holding(0)],
    effects: [],
  },
  TOUCH: { summary: 'touch a reachable object (no change)', pre: [close(0), notInsideClosed(0)], effects: [] },
  GREET: { summary: 'greet a person (no change)', pre: [affords(0, ['PERSON'], '{0} is not person')], effects: [] },
  TYPE: {
    summary: 'type on a keyboard or a switchable object (no change)',
    pre: [close(0), affords(0, ['HAS_SWITCH'], '{0} does not have switch', ['keyboard'])],
    effects: [],
  },
  EAT: {
    summary: 'eat an eatable object, or from an object something eatable is on (no change)',
    pre: [
      close(0),
      {
        require: {
          test: 'any',
          conditions: [
            { test: 'property', of: 0, anyOf: ['EATABLE'] },
            { test: 'bearsAnything', of: 0 },
          ],
        },
        kind: 'affordance',
        message: '{0} is not eatable',
      },
      {
        require: {
          test: 'any',
          conditions: [
            { test: 'property', of: 0, anyOf: ['EATABLE'] },
            { test: 'bearsProperty', of: 0, property: 'EATABLE' },
          ],
        },
        kind: 'affordance',
        message: 'none of object on {0} is eatable',
      },
    ],
    effects: [],
  },
  SLEEP: { summary: 'sleep while lying or sitting (no change)', pre: [seated], effects: [] },
  WAKEUP: { summary: 'wake up while lying or sitting (no change)', pre: [seated], effects: [] },
  WIPE: {
    summary: 'wipe the object with something held; it becomes clean',
    pre: [
      close(0),
      {
        require: { test: 'holdsAnything' },
        kind: 'missing_step',
        message: '{char} does not hold anything in hands',
        missing: [{ edge: ['char', 'HOLDS', 'anything'] }],
        connective: 'or',
      },
    ],
    effects: clean,
  },
  WASH: { summary: 'wash the object; it becomes clean', ...wash },
  RINSE: { summary: 'rinse the object; it becomes clean', ...wash },
  SCRUB: { summary: 'scrub the object; it becomes clean', ...wash },
  PUTON: {
    summary: 'put on held clothes (they go ON the character)',
    pre: [holding(0), affords(0, ['CLOTHES'], '{0} is not clothes')],
    effects: [{ effect: 'addEdge', from: 0, relation: 'ON', to: 'char' }, release],
  },
  PUTOFF: {
    summary: 'take off worn clothes',
    pre: [
      {
        require: { test: 'edge', from: 0, relation: 'ON', to: 'char' },
        kind: 'missing_step',
        message: '{0} is not on {char}',
        missing: [{ edge: [0, 'ON', 'char'] }],
      },
      affords(0, ['CLOTHES'], '{0} is not clothes'),
    ],
    effects: [{ effect: 'removeEdges', from: 0, relations: ['ON'], to: 'char' }],
  },
  DROP: { summary: 'let go of a held object', ...drop },
  RELEASE: { summary: 'same as DROP', ...drop },
  POUR: {
    summary: 'pour a held pourable object into a recipient (water leaves the hand)',
    pre: [
      affords(0, ['POURABLE', 'DRINKABLE'], '{0} is not pourable or drinkable'),
      affords(1, ['RECIPIENT'], '{1} is not recipient', ['hands_both', 'sponge', 'face']),
      holding(0),
      close(1),
    ],
    effects: [
      { effect: 'addEdge', from: 0, relation: 'INSIDE', to: 1 },
      { ...release, when: { test: 'class', of: 0, anyOf: ['water'] } },
    ],
  },
  PUSH: { summary: 'push the object (no change)', ...move(true) },
  PULL: { summary: 'pull a movable object (no change)', ...move(false) },
  MOVE: { summary: 'move a movable object (no change)', ...move(false) },
  SQUEEZE: {
    summary: 'squeeze clothes or a squeezable object (no change)',
    pre: [freeHand(), close(0), affords(0, ['CLOTHES'], '{0} is not clothes', SQUEEZABLE)],
    effects: [],
  },
  PLUGIN: { summary: 'plug the object in', ...plug(true) },
  PLUGOUT: { summary: 'unplug the object', ...plug(false) },
  CUT: {
    summary: 'cut an eatable, cuttable object holding a knife (no change)',
    pre: [
      freeHand(),
      close(0),
      affords(0, ['EATABLE'], '{0} is not eatable'),
      affords(0, ['CUTTABLE'], '{0} is not cuttable'),
      {
        require: { test: 'holdsClassContaining', text: 'knife' },
        kind: 'missing_step',
        message: '{char} is not holding a knife',
      },
    ],
    effects: [],
  },
};
