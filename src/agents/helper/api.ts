/**
 * HELPER's action API (paper 001, its appendix's "InteractionObject" and "AgentCorrective" classes), written for
 * hearth: the methods a program may call, what each takes, and what each means in hearth's world. The grammar
 * (`program.ts`), the executor (`executor.ts`), the LLM prompt (`prompts/helper/api.txt`) and docs/helper.md all read
 * this table, so a method is added in one place.
 *
 * An object handle is made with `x = InteractionObject("Class", landmark="Class", attributes=["clean", ...])`; the
 * class is a name of hearth's catalog or anything the class mapper can map to one ("CoffeeMachine", "BreadSliced").
 */
import type { Predicate } from '../../sim/subgoals.js';

/** A method of an object handle. */
export interface ApiMethod {
  readonly name: string;
  /** Whether it takes another handle (the receptacle or target). */
  readonly target: boolean;
  /** What it does, for the prompt and the docs. */
  readonly text: string;
}

export const OBJECT_METHODS: readonly ApiMethod[] = [
  { name: 'go_to', target: false, text: 'navigate to the object' },
  { name: 'pickup', target: false, text: 'pick the object up' },
  { name: 'place', target: true, text: 'put the held object in or on the target receptacle' },
  { name: 'put_down', target: false, text: 'put the held object down on a free surface nearby' },
  { name: 'pickup_and_place', target: true, text: 'pick the object up and put it in or on the target receptacle' },
  { name: 'open', target: false, text: 'open the object' },
  { name: 'close', target: false, text: 'close the object' },
  { name: 'toggle_on', target: false, text: 'switch the object on' },
  { name: 'toggle_off', target: false, text: 'switch the object off' },
  { name: 'slice', target: false, text: 'slice the object with a knife (picks a knife up first)' },
  { name: 'clean', target: false, text: 'rinse the object under the faucet of a sink' },
  { name: 'cook', target: false, text: 'cook the object in the microwave or on the stove' },
  { name: 'heat', target: false, text: 'heat the object in the microwave (a mug or a plate as well as food)' },
  { name: 'cool', target: false, text: 'cool the object in the fridge (put it in, close the door)' },
  { name: 'boil', target: false, text: 'boil the object in a pot of water on the stove' },
  { name: 'examine', target: true, text: 'hold the object in the light of the target lamp, switched on' },
  { name: 'toast', target: false, text: 'toast the object in the toaster' },
  { name: 'fill_up', target: false, text: 'fill the object with water at a sink' },
  { name: 'pour', target: true, text: 'pour what the held object holds into or onto the target' },
  { name: 'empty', target: false, text: 'empty the object' },
];

/** The corrective moves of `AgentCorrective` (the paper's plan-correction primitives). */
export const CORRECTIVE_MOVES: readonly ApiMethod[] = [
  { name: 'move_back', target: false, text: 'step back from where the robot stands' },
  { name: 'move_closer', target: false, text: 'move closer to the object of the failed step' },
  {
    name: 'move_alternate_viewpoint',
    target: false,
    text: 'move to another viewpoint of the object of the failed step',
  },
];

export type MethodName = (typeof OBJECT_METHODS)[number]['name'];

export const METHOD_BY_NAME: ReadonlyMap<string, ApiMethod> = new Map(OBJECT_METHODS.map((m) => [m.name, m]));
export const CORRECTIVE_BY_NAME: ReadonlyMap<string, ApiMethod> = new Map(CORRECTIVE_MOVES.map((m) => [m.name, m]));

/**
 * Handle attributes a program may ask for, and the predicate each means (a handle `attributes=["clean"]` wants a
 * clean instance; the executor binds one when it knows one, and the adapter writes them for qualified subgoals).
 */
export const ATTRIBUTES: Readonly<Record<string, Predicate>> = {
  clean: 'isClean',
  cooked: 'isCooked',
  toasted: 'isCooked',
  heated: 'isHeated',
  hot: 'isHeated',
  cooled: 'isCooled',
  cold: 'isCooled',
  sliced: 'isSliced',
  boiled: 'isBoiled',
  filled: 'isFilledWithWater',
  coffee: 'isFilledWithCoffee',
  on: 'isToggledOn',
  off: 'isToggledOff',
  open: 'isOpen',
  closed: 'isClosed',
};

/** The attribute a program writes for a predicate (the first of `ATTRIBUTES` that means it). */
export function attributeOf(predicate: Predicate): string | undefined {
  return Object.entries(ATTRIBUTES).find(([, p]) => p === predicate)?.[0];
}

/** The API as the LLM prompt shows it: one line per method. */
export function apiText(): string {
  const lines = [
    'class InteractionObject(object_class: str, landmark: str = None, attributes: list = []):',
    ...OBJECT_METHODS.map(
      (m) => `    def ${m.name}(self${m.target ? ', target: InteractionObject' : ''}):  # ${m.text}`,
    ),
    '',
    'class AgentCorrective:',
    ...CORRECTIVE_MOVES.map((m) => `    def ${m.name}(self):  # ${m.text}`),
    '',
    `# attributes: ${Object.keys(ATTRIBUTES).join(', ')}`,
    '# every instance of a class: for x in all_instances("Class"):',
  ];
  return lines.join('\n');
}
