/**
 * SemGro's level-1 skills: a primitive behaviour of the episodic skill set applied to object classes, written as the
 * paper writes them (`walk apple`, `grab apple`, `put apple kitchentable`, `putin apple fridge`, `open fridge`).
 * They name classes, never node ids: a skill learnt in one home is a text that any home can try to carry out
 * (`binding.ts` says which instance each class names there). `walk <room>` goes to a room of that class.
 */
import { catalogClass } from '../../sim/catalog/index.js';
import type { EnvGraph } from '../../sim/graph.js';
import { ROOM_CATEGORY } from '../../sim/vocabulary.js';

export const VERBS = ['walk', 'grab', 'open', 'close', 'switchon', 'switchoff', 'put', 'putin'] as const;
export type Verb = (typeof VERBS)[number];

/** How many classes each verb names (the patient first, then the destination). */
const ARITY: Readonly<Record<Verb, number>> = {
  walk: 1,
  grab: 1,
  open: 1,
  close: 1,
  switchon: 1,
  switchoff: 1,
  put: 2,
  putin: 2,
};

export interface Primitive {
  readonly verb: Verb;
  /** Class names: the target, or the patient and the destination (`put`, `putin`). */
  readonly objects: readonly string[];
}

export const primitiveText = (p: Primitive): string => `${p.verb} ${p.objects.join(' ')}`;

/** A primitive from its text (`put apple kitchentable`), or undefined when it is not one. */
export function parsePrimitive(text: string): Primitive | undefined {
  const words = text.trim().toLowerCase().split(/\s+/);
  const verb = words[0] as Verb;
  if (!(VERBS as readonly string[]).includes(verb) || words.length - 1 !== ARITY[verb]) return undefined;
  return { verb, objects: words.slice(1) };
}

/** Categories nothing is done to (walls, floors, doors...): no primitive names them. */
const STRUCTURE = new Set(['Walls', 'Floor', 'Floors', 'Ceiling', 'Windows', 'Doors', 'Characters']);

/**
 * Every level-1 skill a home offers: a walk to each room class and each class of thing, and each behaviour on the
 * classes whose properties allow it (grab GRABBABLE, open/close CAN_OPEN, switching HAS_SWITCH, put onto SURFACES,
 * putin into CONTAINERS, for every grabbable class). Sorted by text.
 */
export function levelOnePrimitives(graph: EnvGraph): Primitive[] {
  const classes = new Map<string, { room: boolean; properties: Set<string> }>();
  for (const node of graph.nodes()) {
    if (STRUCTURE.has(node.category)) continue;
    const known = classes.get(node.className) ?? { room: node.category === ROOM_CATEGORY, properties: new Set() };
    for (const property of node.properties) known.properties.add(property);
    for (const property of catalogClass(node.className)?.properties ?? []) known.properties.add(property);
    classes.set(node.className, known);
  }
  const names = [...classes.keys()].sort();
  const has = (name: string, property: string) => classes.get(name)!.properties.has(property);
  const grabbable = names.filter((n) => has(n, 'GRABBABLE'));
  const out: Primitive[] = [];
  for (const name of names) {
    out.push({ verb: 'walk', objects: [name] });
    if (classes.get(name)!.room) continue;
    if (has(name, 'GRABBABLE')) out.push({ verb: 'grab', objects: [name] });
    if (has(name, 'CAN_OPEN')) out.push({ verb: 'open', objects: [name] }, { verb: 'close', objects: [name] });
    if (has(name, 'HAS_SWITCH'))
      out.push({ verb: 'switchon', objects: [name] }, { verb: 'switchoff', objects: [name] });
    for (const patient of grabbable) {
      if (patient === name) continue;
      if (has(name, 'SURFACES')) out.push({ verb: 'put', objects: [patient, name] });
      if (has(name, 'CONTAINERS')) out.push({ verb: 'putin', objects: [patient, name] });
    }
  }
  return out.sort((a, b) => (primitiveText(a) < primitiveText(b) ? -1 : 1));
}
