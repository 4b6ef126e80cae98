/**
 * TEACh's task definitions (`../shared/data/teach/task_definitions/*.json`, read in place) turned into hearth subgoals
 * by one general converter, for any definition and parameters (docs/alfred.md, "TEACh's games"):
 *
 * - a **component** with conditions is a thing: its primary condition (`objectType` / `simbotObjectClass`) is its
 *   type, mapped by `mapType` (TEACh's custom classes such as `Tables` expand to the hearth classes they cover; an
 *   `XSliced` is an X that is sliced), its other conditions are states (`isDirty: 0` -> isClean,
 *   `simbotIsCooked: 1` -> isCooked, `simbotIsBoiled: 1` -> isBoiled, `simbotIsFilledWithCoffee: 1` ->
 *   isFilledWithCoffee, `isFilledWithLiquid: 1` -> isWatered for a plant, else isFilledWithWater, `isToggled`,
 *   `isOpen`; `receptacle: 1` keeps the classes that hold things), its determiner is how many (`a` 1, `all`, a
 *   number or a parameter);
 * - a **component** with `task_name` is that task expanded with its parameters; its determiner counts the task's
 *   anchor component;
 * - a **relation** `parentReceptacles` places each head component on or in the tail component.
 *
 * Each thing with states becomes a chain of unary subgoals (`potato isSliced`, `potato(isSliced) isCooked`), each
 * placement an `isPlacedTo` carrying both sides' states as qualifiers (`potato(isSliced,isCooked) isPlacedTo
 * plate(isClean)`), placed ON or INSIDE (TEACh's parentReceptacles is either). A thing that only has to exist (the
 * knife of Sliced X, the sink of Clean X) is no subgoal: the home is given one (`requirementsFor`).
 *
 * Parameters: the game's task name `N Slices Of X In Y(N=1,X=Tomato,Y=Plate)` names them by the single letters of
 * the task's name, in order; they fill the definition's parameters that its components use (`#0`, `#1`, `#3`: `#2`
 * is the word "in" or "on", used by the description only), in order. Where a parameter is missing (TEACh's
 * Breakfast, Sandwich and Salad games come without theirs), every part that depends on it is left out: the goal is
 * the definition's fixed parts. A definition whose fixed parts place nothing although it places things (Salad,
 * Breakfast) has no goal: the game is counted apart.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { catalogClass } from '../../../sim/catalog/index.js';
import { classTakes } from '../../../sim/predicate-fit.js';
import type { Predicate, SubgoalSpec } from '../../../sim/subgoals.js';
import { InputError } from '../../../util/errors.js';
import { mapType } from './classes.js';

const conditionComponent = z.object({
  determiner: z.string(),
  primary_condition: z.string(),
  conditions: z.record(z.string(), z.union([z.string(), z.number()])),
});
const taskComponent = z.object({
  determiner: z.string(),
  task_name: z.string(),
  task_params: z.array(z.string()),
});
const definitionSchema = z.object({
  task_id: z.number(),
  task_name: z.string(),
  task_nparams: z.number().int().nonnegative(),
  task_anchor_object: z.string().nullable(),
  components: z.record(z.string(), z.union([taskComponent, conditionComponent])),
  relations: z.array(
    z.object({
      property: z.string(),
      tail_entity_list: z.array(z.string()),
      head_entity_list: z.array(z.string()),
    }),
  ),
});
export type TeachDefinition = z.infer<typeof definitionSchema>;

/** Every definition of a folder, by task name. */
export function loadTeachDefinitions(dir: string): Map<string, TeachDefinition> {
  const definitions = new Map<string, TeachDefinition>();
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const file = join(dir, name);
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(file, 'utf8'));
    } catch (error) {
      throw new InputError(`not JSON: ${(error as Error).message}`, { file });
    }
    const parsed = definitionSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new InputError(`not a TEACh task definition: ${issue.path.join('.')}: ${issue.message}`, { file });
    }
    if (definitions.has(parsed.data.task_name)) throw new InputError(`task ${parsed.data.task_name} twice`, { file });
    definitions.set(parsed.data.task_name, parsed.data);
  }
  return definitions;
}

/** A game's task as its gold gives it: `N Slices Of X In Y(N=1,X=Tomato,Y=Plate)`, `Coffee()`. */
export interface TeachTaskCall {
  readonly name: string;
  readonly params: ReadonlyMap<string, string>;
}

export function parseTeachTaskCall(gold: string, where: string): TeachTaskCall {
  const match = /^([A-Za-z][A-Za-z ]*?)\s*\(([^()]*)\)$/.exec(gold.trim());
  if (!match) throw new InputError(`${where}: '${gold}' is not Task Name(P=V,...)`);
  const params = new Map<string, string>();
  for (const part of match[2].split(',').map((p) => p.trim())) {
    if (part === '') continue;
    const eq = /^([A-Za-z]+)=(.+)$/.exec(part);
    if (!eq || params.has(eq[1])) throw new InputError(`${where}: bad parameter '${part}' in '${gold}'`);
    params.set(eq[1], eq[2].trim());
  }
  return { name: match[1], params };
}

type Count = number | 'all';

/** A thing of the goal: its classes, the states asked of it in order (isSliced first), how many. */
interface Part {
  readonly classes: readonly string[];
  readonly states: readonly Predicate[];
  readonly count: Count;
}

interface Expansion {
  /** Parts by key (a sub-task's parts under `key/subkey`); a key that aliases a sub-task's anchor maps there. */
  readonly parts: Map<string, Part>;
  readonly alias: Map<string, string>;
  readonly placements: { head: string; tail: string }[];
}

const PARAM = /#(\d+)/g;

/** The definition's parameters its components use, in index order (`#2` of N Slices Of X In Y is only a word). */
export function usedParameters(definition: TeachDefinition): number[] {
  const used = new Set<number>();
  const scan = (text: string) => {
    for (const m of text.matchAll(PARAM)) used.add(Number(m[1]));
  };
  for (const [key, component] of Object.entries(definition.components)) {
    scan(key);
    scan(component.determiner);
    if ('task_params' in component) for (const p of component.task_params) scan(p);
    else for (const value of Object.values(component.conditions)) scan(String(value));
  }
  return [...used].sort((a, b) => a - b);
}

/** The game's parameters as the definition's (`#i` -> value), undefined where the gold gives none. */
function parameterValues(definition: TeachDefinition, call: TeachTaskCall, where: string): (string | undefined)[] {
  const values: (string | undefined)[] = new Array(definition.task_nparams).fill(undefined);
  if (call.params.size === 0) return values;
  const letters = call.name.split(/\s+/).filter((w) => /^[A-Z]$/.test(w));
  const used = usedParameters(definition);
  if (letters.length !== used.length) {
    throw new InputError(
      `${where}: ${call.name} names ${letters.length} parameters, its definition uses ${used.length}`,
    );
  }
  for (const [name, value] of call.params) {
    const i = letters.indexOf(name);
    if (i < 0) throw new InputError(`${where}: ${call.name} has no parameter ${name}`);
    values[used[i]] = value;
  }
  return values;
}

/** `text` with each `#i` replaced by the parameter; undefined when one is missing. */
function substitute(text: string, values: readonly (string | undefined)[]): string | undefined {
  let missing = false;
  const out = text.replace(PARAM, (_, i) => {
    const value = values[Number(i)];
    if (value === undefined) missing = true;
    return value ?? '';
  });
  return missing ? undefined : out;
}

function parseCount(text: string, where: string): Count {
  const word = text.trim().toLowerCase();
  if (word === 'a' || word === 'an' || word === 'the' || word === 'one') return 1;
  if (word === 'all') return 'all';
  if (/^\d+$/.test(word)) return Number(word);
  throw new InputError(`${where}: cannot read the determiner '${text}'`);
}

const times = (a: Count, b: Count): Count => (a === 'all' || b === 'all' ? 'all' : a * b);

/** The hearth predicate of a TEACh condition, or null for one that asks no state (`receptacle`). */
function conditionPredicate(key: string, value: string, classes: readonly string[], where: string): Predicate | null {
  const on = value === '1' || value.toLowerCase() === 'true' || value.toLowerCase() === 'on';
  const off = value === '0' || value.toLowerCase() === 'false' || value.toLowerCase() === 'off';
  if (!on && !off) throw new InputError(`${where}: condition ${key} has the value '${value}'`);
  switch (key) {
    case 'receptacle':
      return null;
    case 'isDirty':
      if (on) break;
      return 'isClean';
    case 'isCooked':
    case 'simbotIsCooked':
      if (off) break;
      return 'isCooked';
    case 'simbotIsBoiled':
      if (off) break;
      return 'isBoiled';
    case 'simbotIsFilledWithCoffee':
      if (off) break;
      return 'isFilledWithCoffee';
    case 'isFilledWithLiquid':
    case 'simbotIsFilledWithWater':
      if (off) break;
      return classes.every((c) => classTakes(c, 'isWatered')) ? 'isWatered' : 'isFilledWithWater';
    case 'isToggled':
      return on ? 'isToggledOn' : 'isToggledOff';
    case 'isOpen':
      return on ? 'isOpen' : 'isClosed';
  }
  throw new InputError(`${where}: hearth has no goal for the condition ${key}: ${value}`);
}

/** Whether a class can hold things (TEACh's `receptacle: 1`). */
const isReceptacle = (className: string) => {
  const properties = catalogClass(className)?.properties ?? [];
  return properties.includes('SURFACES') || properties.includes('CONTAINERS');
};

function expand(
  definitions: ReadonlyMap<string, TeachDefinition>,
  taskName: string,
  values: readonly (string | undefined)[],
  where: string,
  depth = 0,
): Expansion & { anchor?: string } {
  const definition = definitions.get(taskName);
  if (!definition) throw new InputError(`${where}: no TEACh task definition named '${taskName}'`);
  if (depth > 8) throw new InputError(`${where}: ${taskName} expands into itself`);
  const expansion: Expansion = { parts: new Map(), alias: new Map(), placements: [] };
  const here = `${where}: ${taskName}`;
  for (const [key, component] of Object.entries(definition.components)) {
    const determiner = substitute(component.determiner, values);
    if (determiner === undefined) continue;
    const count = parseCount(determiner, `${here}, ${key}`);
    if ('task_name' in component) {
      const params = component.task_params.map((p) => substitute(p, values));
      if (params.some((p) => p === undefined)) continue;
      const sub = expand(definitions, component.task_name, params, where, depth + 1);
      for (const [subKey, part] of sub.parts) expansion.parts.set(`${key}/${subKey}`, part);
      for (const [from, to] of sub.alias) expansion.alias.set(`${key}/${from}`, `${key}/${to}`);
      for (const p of sub.placements) expansion.placements.push({ head: `${key}/${p.head}`, tail: `${key}/${p.tail}` });
      if (sub.anchor === undefined) continue;
      const anchorKey = `${key}/${sub.alias.get(sub.anchor) ?? sub.anchor}`;
      const anchor = expansion.parts.get(anchorKey);
      if (anchor) expansion.parts.set(anchorKey, { ...anchor, count: times(count, anchor.count) });
      expansion.alias.set(key, anchorKey);
      continue;
    }
    const type = substitute(String(component.conditions[component.primary_condition] ?? ''), values);
    if (type === undefined) continue;
    if (type === '') throw new InputError(`${here}, ${key}: no ${component.primary_condition} condition`);
    const mapped = mapType(type, `${here}, ${key}`);
    let classes = [...mapped.classes];
    const states: Predicate[] = mapped.sliced ? ['isSliced'] : [];
    let fixed = true;
    for (const [condition, raw] of Object.entries(component.conditions)) {
      if (condition === component.primary_condition) continue;
      const value = substitute(String(raw), values);
      if (value === undefined) {
        fixed = false;
        break;
      }
      if (condition === 'receptacle') {
        classes = classes.filter(isReceptacle);
        continue;
      }
      const predicate = conditionPredicate(condition, value, classes, `${here}, ${key}`);
      if (predicate === null) continue;
      // A condition a class cannot fail holds for it (TEACh: a bottle is never dirty): keep the classes it can.
      classes = classes.filter((c) => classTakes(c, predicate));
      states.push(predicate);
    }
    if (!fixed) continue;
    if (classes.length === 0) throw new InputError(`${here}, ${key}: no hearth class of ${type} takes its conditions`);
    expansion.parts.set(key, { classes, states, count });
  }
  for (const relation of definition.relations) {
    if (relation.property !== 'parentReceptacles') {
      throw new InputError(`${here}: hearth has no goal for the relation ${relation.property}`);
    }
    for (const tail of relation.tail_entity_list) {
      for (const head of relation.head_entity_list) expansion.placements.push({ head, tail });
    }
  }
  const anchor = definition.task_anchor_object ?? undefined;
  return { ...expansion, ...(anchor !== undefined && { anchor }) };
}

/** The goal of a game, or why it has none (its fixed parts place nothing its definition places). */
export type TeachGoal =
  | { readonly subgoals: readonly SubgoalSpec[] }
  | { readonly apart: string; readonly subgoals?: undefined };

/** The hearth goal of a game's task (see the module comment). */
export function teachGoal(
  definitions: ReadonlyMap<string, TeachDefinition>,
  call: TeachTaskCall,
  where: string,
): TeachGoal {
  const definition = definitions.get(call.name);
  if (!definition) throw new InputError(`${where}: no TEACh task definition named '${call.name}'`);
  const values = parameterValues(definition, call, where);
  const expansion = expand(definitions, call.name, values, where);
  const resolve = (key: string) => expansion.alias.get(key) ?? key;
  const placements = expansion.placements
    .map((p) => ({ head: resolve(p.head), tail: resolve(p.tail) }))
    .filter((p) => expansion.parts.has(p.head) && expansion.parts.has(p.tail));
  const missing = values.some((v) => v === undefined);
  if (missing && expansion.placements.length > 0 && placements.length === 0) {
    return { apart: `${call.name} comes without its parameters, and its fixed parts place nothing` };
  }
  const subgoals: SubgoalSpec[] = [];
  const tails = new Set(placements.map((p) => p.tail));
  const ordered = [...expansion.parts.keys()].sort((a, b) => Number(tails.has(b)) - Number(tails.has(a)));
  for (const key of ordered) {
    const part = expansion.parts.get(key)!;
    part.states.forEach((predicate, i) => {
      subgoals.push({
        patient: part.classes,
        ...(i > 0 && { qualifiers: part.states.slice(0, i) }),
        predicate,
        ...(part.count !== 1 && { count: part.count }),
      });
    });
  }
  for (const { head, tail } of placements) {
    const patient = expansion.parts.get(head)!;
    const destination = expansion.parts.get(tail)!;
    subgoals.push({
      patient: patient.classes,
      ...(patient.states.length > 0 && { qualifiers: patient.states }),
      predicate: 'isPlacedTo',
      destination: destination.classes,
      ...(destination.states.length > 0 && { destinationQualifiers: destination.states }),
      ...(patient.count !== 1 && { count: patient.count }),
      placeAs: 'ON_OR_INSIDE',
    });
  }
  if (subgoals.length === 0) return { apart: `${call.name}: its fixed parts ask for nothing` };
  return { subgoals };
}
