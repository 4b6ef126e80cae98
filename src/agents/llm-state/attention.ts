/**
 * E offline: the goal-relevance closure. The instruction is read by the offline reader (`readGoal`); every
 * object seen whose class the goal makes relevant (patients, destinations, the instruments their recipes need, the
 * containers the catalog says patients are kept in), every object lying on or in a host the goal empties ("the kitchen
 * table"), and the rooms the goal names join the key objects. An instruction the reader cannot read adds nothing.
 *
 * The vessels a recipe fills with water are its instruments too, as the planner's recipes take them: any boiling vessel
 * for boiling (a bowl as well as a pot), any grabbable vessel for watering. Before, the bowl the robot filled to boil a
 * potato in was no key object, so the state never said it was filled, and the planner asked again and again for a
 * filled vessel (TEACh's Boil X on gen:61357, seeds 0-1: 0 of 18).
 */
import { goalClasses } from '../../language/tasks.js';
import { BOILING_VESSELS } from '../../sim/derived-states.js';
import type { ObjectListing } from '../primitives/listing.js';
import type { Attention, AttentionInput, RoleAnswer } from './roles.js';

export class GoalRelevanceAttention implements Attention {
  readonly implementation = 'offline: goal-relevance closure of the grammar reading';

  async select(input: AttentionInput): Promise<RoleAnswer<string[]>> {
    const { listing, names } = input.observation;
    const reading = input.instruction.reading;
    const record = { role: 'attention', implementation: 'offline' } as const;
    if (!reading) return { value: [], record: { ...record, notes: { notRead: input.instruction.unread } } };
    const relevant = goalClasses(reading);
    const predicates = new Set(reading.subgoals.map((s) => s.predicate));
    const boils = predicates.has('isBoiled');
    const waters = predicates.has('isWatered');
    const have = new Set(input.keys);
    const added: string[] = [];
    const add = (id: number) => {
      const name = names.name(id);
      if (have.has(name)) return;
      have.add(name);
      added.push(name);
    };
    for (const room of listing.roomList()) if (relevant.rooms.has(room.className)) add(room.id);
    for (const object of listing.all()) {
      const hostClass = (host: number) => listing.get(host)?.className;
      const onRelevantHost = [object.first.host, object.place.host].some((h) => {
        const className = hostClass(h);
        return className !== undefined && relevant.hosts.has(className);
      });
      const vessel =
        (boils && (BOILING_VESSELS as readonly string[]).includes(object.className)) || (waters && isVessel(object));
      if (relevant.classes.has(object.className) || onRelevantHost || vessel) add(object.id);
    }
    return { value: added, record };
  }
}

/** A grabbable vessel (what the planner's recipes fill with water to water a plant). */
const isVessel = (object: ReturnType<ObjectListing['all']>[number]) =>
  object.properties.includes('RECIPIENT') && object.properties.includes('GRABBABLE');
