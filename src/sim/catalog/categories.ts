/**
 * The category nouns of household talk and the catalog classes each covers, in one place: "the fruit", "some food",
 * "the bathroom things", "the dishes". The goal reader reads category nouns through it (`src/language/nouns.ts`),
 * and a task definition that counts "three fruits" or "a warm food" can take its class list from here, so that a text
 * and the definition it is scored against mean the same classes.
 *
 * hearth's own table. Where the catalog's kinds and properties draw the line they are used (food: the kind food that
 * is eaten, so a drink is no food to heat; bathroom things: the kind toiletry); fruit, vegetables, dishes and cutlery
 * are lists, since no property of the catalog tells an apple from a potato or a plate from a cooking pot.
 */
import { CATALOG, catalogClass } from './index.js';
import type { CatalogClass } from './types.js';

/** The category names, as `categoryClasses` takes them. */
export const CATEGORY_NAMES = [
  'fruit',
  'vegetables',
  'food',
  'drinks',
  'groceries',
  'bathroom things',
  'dishes',
  'cutlery',
  'clothes',
  'electronics',
  'drinkware',
  'dishware',
  'furniture',
  'water vessels',
] as const;
export type CategoryName = (typeof CATEGORY_NAMES)[number];

const where = (test: (entry: CatalogClass) => boolean) => () => CATALOG.filter(test).map((entry) => entry.name);
const listed = (names: string) => () => names.split(' ');

const DEFINITIONS: Readonly<Record<CategoryName, () => string[]>> = {
  fruit: listed('apple bananas orange lemon pear peach'),
  vegetables: listed('bellpepper carrot cucumber potato tomato lettuce'),
  // what is eaten: the kind food less the drinks (milk is no food to heat, a drink is no meal)
  food: where((e) => e.kind === 'food' && e.properties.includes('EATABLE')),
  drinks: where((e) => e.kind === 'food' && e.properties.includes('DRINKABLE')),
  // what is bought to eat and drink: every class of the kind food
  groceries: where((e) => e.kind === 'food'),
  'bathroom things': where((e) => e.kind === 'toiletry'),
  // what is eaten and drunk from, and with; not the cooking pots, pans and boards
  dishes: listed('plate dishbowl mug waterglass wineglass cutleryknife cutleryfork spoon'),
  cutlery: listed('cutleryknife cutleryfork spoon'),
  clothes: where((e) => e.kind === 'clothes'),
  electronics: where((e) => e.kind === 'electronics'),
  // TEACh's task vocabulary ("clean all the drinkware", "put all the credit cards on any furniture"): the classes of
  // TEACh's custom classes of the same names (bench/episodic/people/classes.ts, checked equal by a test)
  drinkware: listed('bottlewater waterglass mug'),
  dishware: listed('dishbowl plate'),
  furniture: listed(
    'chair bed coffeetable desk kitchentable diningtable dresser bench wallshelf bookshelf nightstand sofa tvstand',
  ),
  // what water is carried in ("fill the container at the sink")
  'water vessels': listed('waterglass mug dishbowl cookingpot wateringcan kettle'),
};

let classes: Map<CategoryName, readonly string[]> | undefined;

/** The lists, built and checked against the catalog on first use (the catalog is read then, not at import). */
function lists(): Map<CategoryName, readonly string[]> {
  if (classes) return classes;
  const built = new Map<CategoryName, readonly string[]>();
  for (const name of CATEGORY_NAMES) {
    const list = DEFINITIONS[name]();
    for (const className of list) {
      if (catalogClass(className)?.name !== className)
        throw new Error(`category ${name}: ${className} is no catalog class`);
    }
    if (list.length === 0) throw new Error(`category ${name} covers no catalog class`);
    built.set(name, Object.freeze(list));
  }
  classes = built;
  return built;
}

/** The catalog classes a category covers (`categoryClasses('fruit')`: apple, bananas, ...), in catalog order. */
export function categoryClasses(name: CategoryName): readonly string[] {
  return lists().get(name)!;
}

/** The categories a class belongs to (`categoriesOf('milk')`: drinks, groceries). */
export function categoriesOf(className: string): CategoryName[] {
  return CATEGORY_NAMES.filter((name) => lists().get(name)!.includes(className));
}
