/**
 * HELPER's seed memory, written for hearth (the paper's examples are TEACh dialogues; these are hearth's own): a
 * dozen (dialogue, program) pairs covering the TEACh-style task kinds, a dozen correction examples (failed step and
 * failure description -> corrective program), and ten personal routines a user taught by name (the personalization
 * evaluation recalls and modifies them). Programs use the API of `api.ts` with TEACh-like class names (the class
 * mapper maps them to the catalog) and one `# goal:` comment per block (`goals.ts`), which the offline planner reads.
 *
 * The order matters once: the ablation without memory augmentation prompts with the first three plan examples.
 */

export interface SeedExample {
  readonly key: string;
  readonly program: string;
}

const lines = (...rows: string[]) => rows.join('\n');

export const PLAN_SEEDS: readonly SeedExample[] = [
  {
    key: '<Driver> hello, what can I do? <Commander> Put the remote controls on the armchair, all of them please.',
    program: lines(
      '# goal: all remotecontrol isPlacedTo chair',
      'armchair = InteractionObject("ArmChair")',
      'for remote in all_instances("RemoteControl"):',
      '    remote.pickup_and_place(armchair)',
    ),
  },
  {
    key: '<Commander> Could you toast one slice of bread for me? <Driver> sure.',
    program: lines(
      '# goal: breadslice isCooked',
      'bread_slice = InteractionObject("BreadSliced")',
      'bread_slice.toast()',
    ),
  },
  {
    key: '<Commander> Every bowl is dirty. Please wash them all. <Driver> where are they? <Commander> In the sink.',
    program: lines('# goal: all dishbowl isClean', 'for bowl in all_instances("Bowl"):', '    bowl.clean()'),
  },
  {
    key: '<Commander> I need a coffee. The mug is dirty, so rinse it first and then make the coffee in it.',
    program: lines(
      '# goal: mug isClean',
      'mug = InteractionObject("Mug")',
      'mug.clean()',
      '# goal: mug(isClean) isFilledWithCoffee',
      'coffee_machine = InteractionObject("CoffeeMachine")',
      'mug.pickup_and_place(coffee_machine)',
      'coffee_machine.toggle_on()',
    ),
  },
  {
    key: '<Commander> Toast a slice of bread and serve it on a plate. <Commander> The plate needs rinsing first.',
    program: lines(
      '# goal: plate isClean',
      'plate = InteractionObject("Plate")',
      'plate.clean()',
      '# goal: breadslice isCooked',
      'bread_slice = InteractionObject("BreadSliced")',
      'bread_slice.toast()',
      '# goal: breadslice(isCooked) isPlacedTo plate(isClean)',
      'bread_slice.pickup_and_place(plate)',
    ),
  },
  {
    key: '<Commander> Rinse a plate and put two slices of tomato on it.',
    program: lines(
      '# goal: plate isClean',
      'plate = InteractionObject("Plate")',
      'plate.clean()',
      '# goal: 2 tomato isPlacedTo plate(isClean)',
      'tomato_1 = InteractionObject("TomatoSliced")',
      'tomato_1.pickup_and_place(plate)',
      'tomato_2 = InteractionObject("TomatoSliced")',
      'tomato_2.pickup_and_place(plate)',
    ),
  },
  {
    key: "<Commander> I'm hungry. Cook a potato in the microwave and put it on a clean plate.",
    program: lines(
      '# goal: plate isClean',
      'plate = InteractionObject("Plate")',
      'plate.clean()',
      '# goal: potato isCooked',
      'potato = InteractionObject("Potato")',
      'potato.cook()',
      '# goal: potato(isCooked) isPlacedTo plate(isClean)',
      'potato.pickup_and_place(plate)',
    ),
  },
  {
    key: '<Commander> Put every fork away in one of the drawers.',
    program: lines(
      '# goal: all cutleryfork isPlacedTo drawer',
      'drawer = InteractionObject("Drawer")',
      'for fork in all_instances("Fork"):',
      '    fork.pickup_and_place(drawer)',
    ),
  },
  {
    key: "<Commander> It's dark in here, switch on every floor lamp.",
    program: lines(
      '# goal: all floorlamp isToggledOn',
      'for lamp in all_instances("FloorLamp"):',
      '    lamp.toggle_on()',
    ),
  },
  {
    key: '<Commander> The plant looks thirsty. Could you give it some water? <Commander> Use a cup.',
    program: lines(
      '# goal: waterglass isFilledWithWater',
      'cup = InteractionObject("Cup")',
      'cup.fill_up()',
      '# goal: orchid isWatered',
      'plant = InteractionObject("HousePlant")',
      'cup.pour(plant)',
    ),
  },
  {
    key: '<Commander> Make me a sandwich: two slices of toast with lettuce, on a clean plate.',
    program: lines(
      '# goal: plate isClean',
      'plate = InteractionObject("Plate")',
      'plate.clean()',
      '# goal: 2 breadslice isCooked',
      'bread_1 = InteractionObject("BreadSliced")',
      'bread_1.toast()',
      'bread_2 = InteractionObject("BreadSliced")',
      'bread_2.toast()',
      '# goal: 2 breadslice(isCooked) isPlacedTo plate(isClean)',
      'bread_1.pickup_and_place(plate)',
      'bread_2.pickup_and_place(plate)',
      '# goal: lettuce isPlacedTo plate(isClean)',
      'lettuce = InteractionObject("LettuceSliced")',
      'lettuce.pickup_and_place(plate)',
    ),
  },
  {
    key: "<Commander> Breakfast time! I'd like a coffee and a toast on a plate, both on the dining table.",
    program: lines(
      '# goal: mug isClean',
      'mug = InteractionObject("Mug")',
      'mug.clean()',
      '# goal: mug(isClean) isFilledWithCoffee',
      'coffee_machine = InteractionObject("CoffeeMachine")',
      'mug.pickup_and_place(coffee_machine)',
      'coffee_machine.toggle_on()',
      '# goal: plate isClean',
      'plate = InteractionObject("Plate")',
      'plate.clean()',
      '# goal: breadslice isCooked',
      'bread_slice = InteractionObject("BreadSliced")',
      'bread_slice.toast()',
      '# goal: plate(isClean) isPlacedTo diningtable',
      'table = InteractionObject("DiningTable")',
      'plate.pickup_and_place(table)',
      '# goal: breadslice(isCooked) isPlacedTo plate(isClean)',
      'bread_slice.pickup_and_place(plate)',
      '# goal: mug(isFilledWithCoffee) isPlacedTo diningtable',
      'mug.pickup_and_place(table)',
    ),
  },
];

export const CORRECTION_SEEDS: readonly SeedExample[] = [
  { key: 'mug.pickup(); The object is too far away to interact with.', program: 'agent.move_closer()' },
  {
    key: 'remote.pickup_and_place(sofa); The object is too far away to interact with.',
    program: 'agent.move_closer()',
  },
  { key: 'fork.pickup_and_place(drawer); The container is closed.', program: 'drawer.open()' },
  {
    key: 'potato.pickup(); The container is closed.',
    program: lines('fridge = InteractionObject("Fridge")', 'fridge.open()'),
  },
  { key: "bread_slice.pickup(); The robot's hands are full.", program: 'plate.put_down()' },
  { key: "apple.pickup_and_place(bowl); The robot's hands are full.", program: 'mug.put_down()' },
  { key: 'mug.place(coffee_machine); The robot is not holding the object.', program: 'mug.pickup()' },
  { key: 'lamp.toggle_on(); The action did not take effect.', program: 'agent.move_alternate_viewpoint()' },
  { key: 'cup.fill_up(); The action did not take effect.', program: '' },
  {
    key: 'plate.pickup(); Something is blocking the robot from interacting with the object.',
    program: 'agent.move_back()',
  },
  {
    key: 'tomato.pickup_and_place(plate); There is no room left on the receptacle.',
    program: 'agent.move_alternate_viewpoint()',
  },
  { key: 'knife.pickup(); The object is not where the robot is.', program: 'agent.move_closer()' },
];

/** A routine as the user named it, and the program they taught for it. */
export interface PersonalRoutine extends SeedExample {
  /** The routine's name as the user says it ("gabe sandwich"). */
  readonly name: string;
}

const cleanPlate = ['# goal: plate isClean', 'plate = InteractionObject("Plate")', 'plate.clean()'];
const place = (handle: string, written: string, patient: string, qualifiers = '') => [
  `# goal: ${patient}${qualifiers} isPlacedTo plate(isClean)`,
  ...(written ? [`${handle} = InteractionObject("${written}")`] : []),
  `${handle}.pickup_and_place(plate)`,
];
const cleanMugCoffee = [
  '# goal: mug isClean',
  'mug = InteractionObject("Mug")',
  'mug.clean()',
  '# goal: mug(isClean) isFilledWithCoffee',
  'coffee_machine = InteractionObject("CoffeeMachine")',
  'mug.pickup_and_place(coffee_machine)',
  'coffee_machine.toggle_on()',
];

export const PERSONAL_ROUTINES: readonly PersonalRoutine[] = [
  {
    name: 'gabe sandwich',
    key: 'The Gabe sandwich: two slices of toast, a slice of lettuce and a slice of tomato on a clean plate.',
    program: lines(
      ...cleanPlate,
      '# goal: 2 breadslice isCooked',
      'bread_1 = InteractionObject("BreadSliced")',
      'bread_1.toast()',
      'bread_2 = InteractionObject("BreadSliced")',
      'bread_2.toast()',
      '# goal: 2 breadslice(isCooked) isPlacedTo plate(isClean)',
      'bread_1.pickup_and_place(plate)',
      'bread_2.pickup_and_place(plate)',
      ...place('lettuce', 'LettuceSliced', 'lettuce'),
      ...place('tomato', 'TomatoSliced', 'tomato'),
    ),
  },
  {
    name: 'mary sandwich',
    key: 'The Mary sandwich: two slices of bread and a slice of tomato on a clean plate, no toasting.',
    program: lines(
      ...cleanPlate,
      '# goal: 2 breadslice isPlacedTo plate(isClean)',
      'bread_1 = InteractionObject("BreadSliced")',
      'bread_1.pickup_and_place(plate)',
      'bread_2 = InteractionObject("BreadSliced")',
      'bread_2.pickup_and_place(plate)',
      ...place('tomato', 'TomatoSliced', 'tomato'),
    ),
  },
  {
    name: 'dax salad',
    key: 'The Dax salad: a slice of lettuce and a slice of tomato on a clean plate.',
    program: lines(
      ...cleanPlate,
      ...place('lettuce', 'LettuceSliced', 'lettuce'),
      ...place('tomato', 'TomatoSliced', 'tomato'),
    ),
  },
  {
    name: 'jo salad',
    key: 'The Jo salad: a cooked slice of potato and a slice of lettuce on a clean plate.',
    program: lines(
      ...cleanPlate,
      '# goal: potato isCooked',
      'potato = InteractionObject("PotatoSliced")',
      'potato.cook()',
      ...place('potato', '', 'potato', '(isCooked)'),
      ...place('lettuce', 'LettuceSliced', 'lettuce'),
    ),
  },
  {
    name: 'sam breakfast',
    key: 'The Sam breakfast: coffee in a clean mug and a slice of toast on a clean plate.',
    program: lines(
      ...cleanMugCoffee,
      ...cleanPlate,
      '# goal: breadslice isCooked',
      'bread_slice = InteractionObject("BreadSliced")',
      'bread_slice.toast()',
      ...place('bread_slice', '', 'breadslice', '(isCooked)'),
    ),
  },
  {
    name: 'lee breakfast',
    key: 'The Lee breakfast: coffee in a clean mug and an apple on a clean plate.',
    program: lines(...cleanMugCoffee, ...cleanPlate, ...place('apple', 'Apple', 'apple')),
  },
  {
    name: 'ana rearrangement',
    key: 'The Ana rearrangement: every remote control on the sofa and every book on the bookshelf.',
    program: lines(
      '# goal: all remotecontrol isPlacedTo sofa',
      'sofa = InteractionObject("Sofa")',
      'for remote in all_instances("RemoteControl"):',
      '    remote.pickup_and_place(sofa)',
      '# goal: all book isPlacedTo bookshelf',
      'shelf = InteractionObject("Bookshelf")',
      'for book in all_instances("Book"):',
      '    book.pickup_and_place(shelf)',
    ),
  },
  {
    name: 'tom rearrangement',
    key: 'The Tom rearrangement: every mug and every bowl into the kitchen cabinet.',
    program: lines(
      '# goal: all mug isPlacedTo kitchencabinet',
      'cabinet = InteractionObject("KitchenCabinet")',
      'for mug in all_instances("Mug"):',
      '    mug.pickup_and_place(cabinet)',
      '# goal: all dishbowl isPlacedTo kitchencabinet',
      'for bowl in all_instances("Bowl"):',
      '    bowl.pickup_and_place(cabinet)',
    ),
  },
  {
    name: 'mary cleaning',
    key: 'The Mary cleaning: rinse two plates and two mugs in the sink.',
    program: lines(
      '# goal: 2 plate isClean',
      'plate_1 = InteractionObject("Plate")',
      'plate_1.clean()',
      'plate_2 = InteractionObject("Plate")',
      'plate_2.clean()',
      '# goal: 2 mug isClean',
      'mug_1 = InteractionObject("Mug")',
      'mug_1.clean()',
      'mug_2 = InteractionObject("Mug")',
      'mug_2.clean()',
    ),
  },
  {
    name: 'ann cleaning',
    key: 'The Ann cleaning: rinse every bowl and the frying pan.',
    program: lines(
      '# goal: all dishbowl isClean',
      'for bowl in all_instances("Bowl"):',
      '    bowl.clean()',
      '# goal: fryingpan isClean',
      'pan = InteractionObject("Pan")',
      'pan.clean()',
    ),
  },
];
