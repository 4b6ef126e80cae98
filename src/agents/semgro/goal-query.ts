/**
 * A subgoal of the shared reader's goal as a query for SemGro's text-to-text retriever: the name the database would
 * give the level-2 skill that reaches it (`database/naming.ts`), so that retrieval stays text to text and finds that
 * skill first where the training home had one ("breadslice isCooked using toaster" -> "heat breadslice in toaster",
 * "2 breadslice(isCooked) isPlacedTo plate(isClean)" -> "put breadslice on plate", "mug isFilledWithCoffee" -> "fill
 * mug with coffee", "apple isSliced" -> "slice apple with chefknife", "mug isCooled" -> "cool mug in fridge", "keys
 * isExaminedUnder floorlamp" -> "examine keys under floorlamp"). Counts and qualifiers are left out of the text, as skill names have none: the goal chain
 * repeats a query until enough things satisfy its subgoal and tells the binding which things qualify
 * (`goal-chain.ts`).
 */
import { catalogClass } from '../../sim/catalog/index.js';
import { alfredPutRelation } from '../../sim/skill-sets.js';
import { ANY_THING, type SubgoalSpec } from '../../sim/subgoals.js';
import { type SkillMeaning, skillName } from './database/naming.js';

/** How a thing lies on or in a destination class when put there (INSIDE an openable or surface-less container). */
function relationTo(host: string): 'ON' | 'INSIDE' {
  const entry = catalogClass(host);
  return entry ? alfredPutRelation({ properties: [...entry.properties] }) : 'ON';
}

/** The patients as the database's templates name them ("thing" for any thing). */
const patientsOf = (spec: SubgoalSpec): string[] =>
  spec.patient.map((p) => (p === ANY_THING ? 'thing' : p)).filter((p, i, all) => all.indexOf(p) === i);

/** The meaning of the skill that reaches the subgoal, where a template names one. */
function meaningOf(spec: SubgoalSpec): SkillMeaning | undefined {
  const patients = patientsOf(spec);
  switch (spec.predicate) {
    case 'isPlacedTo': {
      const host = spec.destination?.[0];
      return host === undefined ? undefined : { kind: 'place', patients, relation: relationTo(host), host };
    }
    case 'isCooked':
      return spec.using?.length === 1 ? { kind: 'heat', patients, appliance: spec.using[0] } : undefined;
    case 'isToggledOn':
    case 'isToggledOff':
      return { kind: 'switch', patients, on: spec.predicate === 'isToggledOn' };
    case 'isOpen':
    case 'isClosed':
      return { kind: 'open', patients, open: spec.predicate === 'isOpen' };
    case 'isClean':
      return { kind: 'clean', patients };
    case 'isFilledWithWater':
      return { kind: 'fill', patients, content: 'water' };
    case 'isFilledWithCoffee':
      return { kind: 'fill', patients, content: 'coffee' };
    case 'isHeated':
      return { kind: 'heat', patients, appliance: spec.using?.length === 1 ? spec.using[0] : 'microwave' };
    case 'isCooled':
      return { kind: 'cool', patients, appliance: 'fridge' };
    case 'isSliced':
      return { kind: 'slice', patients, tool: spec.using?.length === 1 ? spec.using[0] : 'chefknife' };
    case 'isBoiled':
      // A vessel only where the goal names one: "boil potato in cookingpot" drew "put potato in cookingpot" before
      // the boiling in a bowl of a training home whose pot could not be filled (TEACh's Boil X: 0 of 3).
      return spec.using?.length === 1 ? { kind: 'boil', patients, vessel: spec.using[0] } : undefined;
    case 'isExaminedUnder': {
      const lamp = spec.destination?.[0];
      return lamp === undefined ? undefined : { kind: 'examine', patients, lamp };
    }
    default:
      return undefined;
  }
}

/** The subgoal as a skill-like query (see the module comment). */
export function subgoalQuery(spec: SubgoalSpec): string {
  const meaning = meaningOf(spec);
  if (meaning) return skillName(meaning);
  const what = patientsOf(spec).join(' or ');
  switch (spec.predicate) {
    case 'isCooked':
      return `heat ${what}`;
    case 'isWatered':
      return `water ${what}`;
    case 'isBoiled':
      return `boil ${what}`;
    case 'isPickedUp':
      return `pick up ${what}`;
    case 'isTakenFrom':
      return `take ${what} from ${spec.destination?.join(' or ') ?? 'where it lies'}`;
    default:
      return `${spec.predicate} ${what}`;
  }
}
