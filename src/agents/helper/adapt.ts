/**
 * The offline planner: retrieve-and-adapt. Where the paper's LLM reads the retrieved examples and writes a program
 * for the dialogue, this planner reads the dialogue with hearth's offline reader (`src/language/dialogue.ts`:
 * the subgoals asked for, where things are, a named routine and its changes), and builds the program block by block
 * from the retrieved examples:
 *
 * - for each subgoal, the block of the examples (nearest example first) written for the same kind of goal (same
 *   predicate, with or without a destination; the same classes preferred) is copied with its classes rebound: the
 *   block's object becomes the subgoal's (a goal over any of several classes, "three pieces of fruit", gets handles
 *   written as alternatives, `"apple|orange|..."`), its destination the subgoal's, its tools (the coffee machine, the sink)
 *   stay; a count repeats the block over fresh handles, "all" wraps it in an `all_instances` loop (and a loop block is
 *   unrolled for a count);
 * - a handle made by an earlier block is reused when the subgoal asks for what that block made (the toasted slice,
 *   the cleaned plate); a place the dialogue names becomes the handle's landmark;
 * - a subgoal no retrieved block is written for is called directly when the API names it (clean, cook, toast,
 *   heat, cool, slice, boil, examine, toggle_on, toggle_off, open, close, fill_up, pickup, pickup_and_place);
 *   otherwise it is left out and recorded:
 *   without an example, the offline planner does not know that coffee needs the coffee machine, or watering a cup.
 * - a program learned from this very dialogue (memory expansion) is recalled as it is;
 * - when every subgoal is adapted from the same example, the program follows that example's order of blocks; and
 *   whatever the order, what makes a thing so comes before what needs it so (toast, then serve it) and a receptacle
 *   is put in its place before things go onto it (`dependencyOrder`);
 * - a named routine ("the Gabe sandwich but with lettuce and no tomato") is the stored program whose key names it,
 *   its block goals changed as asked (add a component done as the others are: placed where they go, or cleaned;
 *   remove one; replace one class by another; change a count), then adapted as above with the routine first.
 *
 * What it cannot adapt: a goal the reader cannot read (the dialogue's unread sentences), a procedure no example
 * shows, an example without `# goal:` comments (a model's program: used whole only when it is the routine asked for),
 * and orderings the subgoals do not imply.
 */

import type { DialogueReading, RoutineChange } from '../../language/dialogue.js';
import { formatGoal } from '../../sim/subgoal-text.js';
import { ANY_THING, type Predicate, type SubgoalSpec } from '../../sim/subgoals.js';
import { attributeOf } from './api.js';
import { mapClassOffline } from './classes.js';
import { namesRoutine } from './memory.js';
import { type HandleDecl, type Program, parseProgram, programHandles, type Statement } from './program.js';
import type { MemoryEntry } from './roles.js';

/** A block of a stored program, with the example's rank. */
interface ExampleBlock {
  readonly goal: SubgoalSpec;
  /** Its place among the example's blocks. */
  readonly index: number;
  readonly statements: readonly Statement[];
  readonly handles: ReadonlyMap<string, HandleDecl>;
  readonly rank: number;
}

/** What the program being built has declared. */
interface BuiltHandle {
  readonly name: string;
  readonly className: string;
  /** Predicates the blocks so far achieve on it. */
  readonly made: Predicate[];
}

export interface AdaptNotes {
  /** Subgoals adapted from a block: goal text and the example's rank (0: nearest). */
  readonly adapted: { goal: string; example: number }[];
  /** Subgoals called directly, with no block to adapt. */
  readonly direct: string[];
  /** Subgoals left out. */
  readonly missing: string[];
  /** The routine asked for, and whether a stored one was found. */
  routine?: { name: string; found: boolean };
  /** A program learned from this very dialogue, recalled as it is. */
  recalled?: boolean;
}

const classOf = (written: string): string | undefined => mapClassOffline(written)?.className;

/** The blocks of a stored program that carry a goal comment. */
export function blocksOf(program: Program, rank: number): ExampleBlock[] {
  const handles = programHandles(program.statements);
  return program.blocks.flatMap((block, index) =>
    block.goal
      ? [{ goal: block.goal, index, statements: program.statements.filter((s) => s.block === index), handles, rank }]
      : [],
  );
}

/** The calls a name appears in (as the object or the target), loops looked into. */
function mentions(statement: Statement, name: string): boolean {
  if (statement.kind === 'call') return statement.handle === name || statement.target === name;
  if (statement.kind === 'loop') return statement.body.some((s) => mentions(s, name));
  return false;
}

/** The class of a handle of an example. */
function handleClass(block: ExampleBlock, name: string): string | undefined {
  const decl = block.handles.get(name);
  return decl ? classOf(decl.written) : undefined;
}

/** Direct API calls for a subgoal with no example block (see the module comment). */
function directMethod(spec: SubgoalSpec): string | undefined {
  switch (spec.predicate) {
    case 'isClean':
      return 'clean';
    case 'isCooked':
      return spec.using?.includes('toaster') ? 'toast' : 'cook';
    case 'isHeated':
      return 'heat';
    case 'isCooled':
      return 'cool';
    case 'isSliced':
      return 'slice';
    case 'isBoiled':
      return 'boil';
    case 'isExaminedUnder':
      return 'examine';
    case 'isToggledOn':
      return 'toggle_on';
    case 'isToggledOff':
      return 'toggle_off';
    case 'isOpen':
      return 'open';
    case 'isClosed':
      return 'close';
    case 'isFilledWithWater':
      return 'fill_up';
    case 'isPickedUp':
      return 'pickup';
    case 'isPlacedTo':
      return 'pickup_and_place';
    default:
      return undefined;
  }
}

/** How well a block fits a subgoal (undefined: not at all). */
function blockFit(block: ExampleBlock, spec: SubgoalSpec): number | undefined {
  const g = block.goal;
  if (g.predicate !== spec.predicate) return undefined;
  if ((g.destination === undefined) !== (spec.destination === undefined)) return undefined;
  let score = -block.rank;
  if (g.patient.some((c) => spec.patient.includes(c))) score += 4;
  if (g.destination?.some((c) => spec.destination?.includes(c))) score += 2;
  for (const q of spec.qualifiers ?? []) if (g.qualifiers?.includes(q)) score += 1;
  for (const q of spec.destinationQualifiers ?? []) if (g.destinationQualifiers?.includes(q)) score += 1;
  if ((g.count === 'all') === (spec.count === 'all')) score += 1;
  return score;
}

class ProgramBuilder {
  readonly lines: string[] = [];
  readonly handles: BuiltHandle[] = [];
  private readonly names = new Set<string>(['agent']);

  constructor(private readonly hints: DialogueReading['hints']) {}

  private fresh(base: string): string {
    const stem = base.replace(/[^a-z0-9_]/gi, '_').toLowerCase() || 'thing';
    let name = stem;
    for (let i = 2; this.names.has(name); i++) name = `${stem}_${i}`;
    this.names.add(name);
    return name;
  }

  /** Declares a handle; the landmark is the place the dialogue names for the class, if any. */
  declare(className: string, written: string, attributes: readonly string[] = [], made: Predicate[] = []): string {
    const name = this.fresh(className);
    const hint = this.hints.find((h) => h.className === className || className.startsWith(h.className));
    const args = [JSON.stringify(written)];
    if (hint) args.push(`landmark=${JSON.stringify(hint.host)}`);
    if (attributes.length > 0) args.push(`attributes=[${attributes.map((a) => JSON.stringify(a)).join(', ')}]`);
    this.lines.push(`${name} = InteractionObject(${args.join(', ')})`);
    this.handles.push({ name, className, made });
    return name;
  }

  loopVariable(className: string): string {
    return this.fresh(className);
  }

  /** Handles of the class that earlier blocks made so (any of the predicates), in the order they were made. */
  madeSo(className: string, predicates: readonly Predicate[]): BuiltHandle[] {
    return this.handles.filter((h) => h.className === className && predicates.some((p) => h.made.includes(p)));
  }

  byClass(className: string): BuiltHandle | undefined {
    return this.handles.find((h) => h.className === className);
  }

  note(name: string, predicate: Predicate): void {
    this.handles.find((h) => h.name === name)?.made.push(predicate);
  }
}

const attributesFor = (predicates: readonly Predicate[] | undefined) =>
  (predicates ?? []).map(attributeOf).filter((a): a is string => a !== undefined);

/**
 * How a handle for the subgoal's patient is written: its class, or its classes as alternatives (`"apple|orange"`)
 * when the goal takes any of several (the executor binds an instance of any of them).
 */
function writtenClasses(spec: SubgoalSpec): string {
  return spec.patient.join('|');
}

/**
 * The loop over every patient of an `all` subgoal: `all_instances("light", landmark="bedroom")` for the patients in
 * rooms of a class, `all_instances("*", landmark="kitchentable")` for the things lying on a host ("empty the table").
 */
function allInstances(spec: SubgoalSpec, written: string): string {
  const landmark = spec.room ?? spec.startOn?.[0];
  const args = [JSON.stringify(written), ...(landmark ? [`landmark=${JSON.stringify(landmark)}`] : [])];
  return `all_instances(${args.join(', ')})`;
}

/** Emits one subgoal from a block (see the module comment). */
function emitFromBlock(builder: ProgramBuilder, spec: SubgoalSpec, block: ExampleBlock): void {
  const patientClass = spec.patient[0];
  const destinationClass = spec.destination?.[0];
  const g = block.goal;
  // The block's handles by role: its object(s) (in order of use), its destination, its tools.
  const used: string[] = [];
  const visit = (list: readonly Statement[]) => {
    for (const s of list) {
      if (s.kind === 'call') for (const n of [s.handle, s.target]) if (n && !used.includes(n)) used.push(n);
      if (s.kind === 'loop') {
        if (!used.includes(s.handle.name)) used.push(s.handle.name);
        visit(s.body);
      }
    }
  };
  visit(block.statements);
  const classes = new Map(used.map((n) => [n, handleClass(block, n)]));
  const patients = used.filter((n) => g.patient.includes(classes.get(n) ?? ''));
  const destination = used.find((n) => !patients.includes(n) && g.destination?.includes(classes.get(n) ?? ''));
  if (patients.length === 0) return;
  const first = patients[0];
  const loop = block.statements.find((s) => s.kind === 'loop');
  const template = (loop?.kind === 'loop' ? loop.body : block.statements).filter(
    (s) => s.kind === 'call' && !patients.slice(1).some((p) => mentions(s, p)),
  );
  // Tools and the destination: reused by class, or declared as the example declares them.
  const map = new Map<string, string>();
  for (const name of used) {
    if (patients.includes(name)) continue;
    const decl = block.handles.get(name)!;
    if (name === destination && destinationClass) {
      const made = builder.madeSo(destinationClass, spec.destinationQualifiers ?? [])[0];
      const existing = made ?? builder.byClass(destinationClass);
      map.set(
        name,
        existing?.name ??
          builder.declare(
            destinationClass,
            classOf(decl.written) === destinationClass ? decl.written : destinationClass,
            attributesFor(spec.destinationQualifiers),
          ),
      );
      continue;
    }
    const cls = classes.get(name);
    const existing = cls === undefined ? undefined : builder.byClass(cls);
    map.set(name, existing?.name ?? builder.declare(cls ?? decl.written, decl.written));
  }
  const patientWritten =
    spec.patient.length > 1
      ? writtenClasses(spec)
      : classOf(block.handles.get(first)!.written) === patientClass
        ? block.handles.get(first)!.written
        : patientClass;
  const render = (patient: string, indent: string) =>
    template.map((s) => {
      const call = s as Extract<Statement, { kind: 'call' }>;
      const rename = (n: string) => (n === first ? patient : (map.get(n) ?? n));
      return `${indent}${rename(call.handle)}.${call.method}(${call.target ? rename(call.target) : ''})`;
    });
  if (spec.count === 'all') {
    const variable = builder.loopVariable(patientClass === ANY_THING ? 'thing' : patientClass);
    builder.lines.push(`for ${variable} in ${allInstances(spec, patientWritten)}:`, ...render(variable, '    '));
    return;
  }
  const count = spec.count ?? 1;
  const reusable = spec.qualifiers?.length ? builder.madeSo(patientClass, spec.qualifiers) : [];
  for (let i = 0; i < count; i++) {
    const handle = reusable[i]?.name ?? builder.declare(patientClass, patientWritten, attributesFor(spec.qualifiers));
    builder.lines.push(...render(handle, ''));
    builder.note(handle, spec.predicate);
  }
}

/** Emits one subgoal as a direct API call. */
function emitDirect(builder: ProgramBuilder, spec: SubgoalSpec, method: string): void {
  const patientClass = spec.patient[0];
  let target = '';
  if (spec.destination) {
    const destinationClass = spec.destination[0];
    const made =
      builder.madeSo(destinationClass, spec.destinationQualifiers ?? [])[0] ?? builder.byClass(destinationClass);
    target =
      made?.name ?? builder.declare(destinationClass, destinationClass, attributesFor(spec.destinationQualifiers));
  }
  const written = writtenClasses(spec);
  if (spec.count === 'all') {
    const variable = builder.loopVariable(patientClass === ANY_THING ? 'thing' : patientClass);
    builder.lines.push(`for ${variable} in ${allInstances(spec, written)}:`, `    ${variable}.${method}(${target})`);
    return;
  }
  const reusable = spec.qualifiers?.length ? builder.madeSo(patientClass, spec.qualifiers) : [];
  for (let i = 0; i < (spec.count ?? 1); i++) {
    const handle = reusable[i]?.name ?? builder.declare(patientClass, written, attributesFor(spec.qualifiers));
    builder.lines.push(`${handle}.${method}(${target})`);
    builder.note(handle, spec.predicate);
  }
}

/** Whether goal `a` must come before goal `b` (see `dependencyOrder`). */
function mustPrecede(a: SubgoalSpec, b: SubgoalSpec): boolean {
  const same = (x: readonly string[] | undefined, y: readonly string[] | undefined) =>
    x !== undefined && y !== undefined && x.some((c) => y.includes(c));
  // What makes a thing so comes before what needs it so (the toast toasted, then served; the plate cleaned, then
  // filled).
  if (!a.destination && same(a.patient, b.patient) && b.qualifiers?.includes(a.predicate)) return true;
  if (!a.destination && same(a.patient, b.destination) && b.destinationQualifiers?.includes(a.predicate)) return true;
  // A receptacle is put in its place before things go onto it: what lies on a plate stays behind when the plate is
  // carried.
  return a.predicate === 'isPlacedTo' && b.predicate === 'isPlacedTo' && same(a.patient, b.destination);
}

/** The goals in an order that keeps their dependencies, otherwise as given (the earliest ready goal first). */
function dependencyOrder<T extends { spec: SubgoalSpec }>(items: readonly T[]): T[] {
  const left = [...items];
  const out: T[] = [];
  while (left.length > 0) {
    const ready = left.findIndex((item) => !left.some((other) => other !== item && mustPrecede(other.spec, item.spec)));
    out.push(...left.splice(ready === -1 ? 0 : ready, 1));
  }
  return out;
}

/** The program for a list of subgoals from the examples (nearest first). */
export function adaptGoals(
  goals: readonly SubgoalSpec[],
  examples: readonly MemoryEntry[],
  hints: DialogueReading['hints'],
): { program: string; notes: AdaptNotes } {
  const blocks = examples.flatMap((e, rank) => blocksOf(parseProgram(e.program), rank));
  const builder = new ProgramBuilder(hints);
  const notes: AdaptNotes = { adapted: [], direct: [], missing: [] };
  const matched = goals.map((spec) => {
    let best: { block: ExampleBlock; score: number } | undefined;
    for (const block of blocks) {
      const score = blockFit(block, spec);
      if (score !== undefined && (!best || score > best.score)) best = { block, score };
    }
    return { spec, best };
  });
  // Every goal adapted from one example: its blocks' order is the program's (the breakfast example puts the plate on
  // the table before the toast on the plate; a dialogue may say them the other way round).
  const ranks = new Set(matched.map((m) => m.best?.block.rank));
  if (matched.length > 1 && ranks.size === 1 && !ranks.has(undefined)) {
    matched.sort((a, b) => a.best!.block.index - b.best!.block.index);
  }
  for (const { spec, best } of dependencyOrder(matched)) {
    const goal = formatGoal(spec);
    if (best) {
      builder.lines.push(`# goal: ${goal}`);
      emitFromBlock(builder, spec, best.block);
      notes.adapted.push({ goal, example: best.block.rank });
      continue;
    }
    const method = directMethod(spec);
    if (method) {
      builder.lines.push(`# goal: ${goal}`);
      emitDirect(builder, spec, method);
      notes.direct.push(goal);
    } else notes.missing.push(goal);
  }
  return { program: builder.lines.join('\n'), notes };
}

const sameText = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/**
 * A new component, done as the routine does its others: placed where its first placement goes (with the place's
 * qualifiers), or, for a routine with no placement (a cleaning), brought to the state its first goal asks.
 */
function addComponent(goals: SubgoalSpec[], className: string, count: number): SubgoalSpec[] {
  const placement = goals.find((g) => g.predicate === 'isPlacedTo' && g.destination);
  const count1 = count !== 1 ? { count } : {};
  if (placement) {
    return [
      ...goals,
      {
        patient: [className],
        predicate: 'isPlacedTo',
        destination: placement.destination,
        ...(placement.destinationQualifiers && { destinationQualifiers: placement.destinationQualifiers }),
        ...count1,
      },
    ];
  }
  const first = goals.find((g) => !g.destination);
  return first ? [...goals, { patient: [className], predicate: first.predicate, ...count1 }] : goals;
}

/** A routine's goals with the user's changes (see the module comment). */
export function changedGoals(goals: readonly SubgoalSpec[], changes: readonly RoutineChange[]): SubgoalSpec[] {
  let out = goals.map((g) => ({ ...g }));
  for (const change of changes) {
    switch (change.kind) {
      case 'remove':
        out = out.filter((g) => !g.patient.includes(change.className));
        break;
      case 'replace':
        out = out.map((g) => ({
          ...g,
          patient: g.patient.map((c) => (c === change.from ? change.to : c)),
          ...(g.destination && { destination: g.destination.map((c) => (c === change.from ? change.to : c)) }),
        }));
        break;
      case 'count':
        if (out.some((g) => g.patient.includes(change.className))) {
          out = out.map((g) => (g.patient.includes(change.className) ? { ...g, count: change.count } : g));
        } else out = addComponent(out, change.className, change.count);
        break;
      case 'add': {
        const existing = out.find((g) => g.patient.includes(change.className) && g.predicate === 'isPlacedTo');
        if (existing) {
          const count = typeof existing.count === 'number' ? existing.count : 1;
          out = out.map((g) => (g === existing ? { ...g, count: count + change.count } : g));
        } else out = addComponent(out, change.className, change.count);
      }
    }
  }
  return out;
}

/** The offline planner's answer for a dialogue reading and the retrieved examples. */
export function retrieveAndAdapt(
  dialogue: string,
  reading: Pick<DialogueReading, 'goal' | 'hints' | 'routine'>,
  examples: readonly MemoryEntry[],
): { program: string; notes: AdaptNotes } {
  const routine = reading.routine;
  if (!routine) {
    const recalled = examples.find((e) => e.source === 'learned' && sameText(e.key, dialogue));
    if (recalled) return { program: recalled.program, notes: { adapted: [], direct: [], missing: [], recalled: true } };
    return adaptGoals(reading.goal.subgoals, examples, reading.hints);
  }
  const stored = examples.find((e) => namesRoutine(e.key, routine.name));
  if (!stored) {
    const adapted = adaptGoals(reading.goal.subgoals, examples, reading.hints);
    adapted.notes.routine = { name: routine.name, found: false };
    return adapted;
  }
  const goals = blocksOf(parseProgram(stored.program), 0).map((b) => b.goal);
  const asked = changedGoals(goals, routine.changes);
  const adapted = adaptGoals(
    [...asked, ...reading.goal.subgoals],
    [stored, ...examples.filter((e) => e !== stored)],
    reading.hints,
  );
  adapted.notes.routine = { name: routine.name, found: true };
  return adapted;
}
