/**
 * What ExRAP's instruction interpreter produces (eq. 4): queries Q (conditions evaluated against the memory),
 * executions E (goals to bring about) and the condition map C from each query to its execution. Conditions use the
 * simulator's condition language (src/sim/conditions.ts), quantified over class names, so one interpretation holds
 * in any home.
 */
import { entityClass, entityId } from '../../memory/quadruple.js';
import { type Condition, type NodeRef, quantifiersOf, walkCondition } from '../../sim/conditions.js';

export interface ExrapQuery {
  /** Unique within an interpretation (`q:<instruction id>`). */
  readonly id: string;
  /** The instruction it comes from. */
  readonly instruction: string;
  /** The instruction's text, as given. */
  readonly instructionText: string;
  readonly condition: Condition;
}

export interface ExrapExecution {
  /** Unique within an interpretation (`e:<instruction id>`). */
  readonly id: string;
  readonly instruction: string;
  readonly goal: Condition;
  /**
   * The text names one thing to place ("the book"), not all of a class: when the home has several, one of them is
   * meant, and the agent may find out which (`narrowExecution`).
   */
  readonly singular?: boolean;
}

export interface Interpretation {
  readonly queries: readonly ExrapQuery[];
  readonly executions: readonly ExrapExecution[];
  /** C of eq. 4: query id -> execution id. */
  readonly conditionMap: ReadonlyMap<string, string>;
}

/** Builds an interpretation from (instruction, query, execution) triples, with ids and the condition map. */
export function makeInterpretation(
  parts: readonly { instruction: string; text: string; query: Condition; execution: Condition; singular?: boolean }[],
): Interpretation {
  const queries: ExrapQuery[] = [];
  const executions: ExrapExecution[] = [];
  const conditionMap = new Map<string, string>();
  for (const part of parts) {
    const query: ExrapQuery = {
      id: `q:${part.instruction}`,
      instruction: part.instruction,
      instructionText: part.text,
      condition: part.query,
    };
    const execution: ExrapExecution = {
      id: `e:${part.instruction}`,
      instruction: part.instruction,
      goal: part.execution,
      ...(part.singular && { singular: true }),
    };
    if (conditionMap.has(query.id)) throw new RangeError(`instruction ${part.instruction} is given twice`);
    queries.push(query);
    executions.push(execution);
    conditionMap.set(query.id, execution.id);
  }
  return { queries, executions, conditionMap };
}

/** The execution of a query (C(q)). */
export function executionOf(interpretation: Interpretation, query: ExrapQuery): ExrapExecution {
  const id = interpretation.conditionMap.get(query.id);
  const execution = interpretation.executions.find((e) => e.id === id);
  if (!execution) throw new RangeError(`query ${query.id} has no execution`);
  return execution;
}

/** Class names a condition quantifies over, and the ids it names, sorted. */
export function conditionClasses(condition: Condition): { classes: string[]; ids: number[] } {
  const classes = new Set<string>();
  const ids = new Set<number>();
  walkCondition(condition, {
    fixed: (id) => ids.add(id),
    quantifier: (q) => {
      for (const cls of q.classes) classes.add(cls);
    },
  });
  return { classes: [...classes].sort(), ids: [...ids].sort((a, b) => a - b) };
}

/**
 * A condition in the words of the memory's fact sentences (`tv is off`, `mug on coffeetable`, `character holds
 * mug`), one phrase per atom, for retrieval: negation and quantifiers carry no words a fact would contain.
 * `name` gives the class of a fixed id.
 */
export function conditionPhrases(condition: Condition, name: (id: number) => string = String): string[] {
  const phrases: string[] = [];
  const visit = (c: Condition, vars: ReadonlyMap<string, string>): void => {
    const word = (r: NodeRef) => (typeof r === 'number' ? name(r) : (vars.get(r.var) ?? r.var));
    switch (c.kind) {
      case 'state':
        phrases.push(`${word(c.node)} is ${c.state.toLowerCase().replace(/_/g, ' ')}`);
        break;
      case 'held':
        phrases.push(`character holds ${word(c.node)}`);
        break;
      case 'edge':
        phrases.push(`${word(c.from)} ${c.relation.toLowerCase().replace(/_.*$/, '')} ${word(c.to)}`);
        break;
      case 'not':
        visit(c.condition, vars);
        break;
      case 'and':
      case 'or':
        for (const inner of c.conditions) visit(inner, vars);
        break;
      case 'exists':
      case 'forall':
        // The room a quantifier may name stays out: "home office" would match every fact of things in that room.
        visit(c.condition, new Map(vars).set(c.var, c.classes.join(' ')));
        break;
    }
  };
  visit(condition, new Map());
  return [...new Set(phrases)];
}

/** What a quantifier of a condition ranges over: its classes, the room class and the nodes it is restricted to. */
export interface ConditionScope {
  readonly classes: readonly string[];
  readonly room?: string;
  readonly only?: readonly number[];
}

/** The quantifiers of a condition as scopes, outermost first. */
export function conditionScopes(condition: Condition): ConditionScope[] {
  return quantifiersOf(condition).map((q) => ({
    classes: q.classes,
    ...(q.room !== undefined && { room: q.room }),
    ...(q.only !== undefined && { only: q.only }),
  }));
}

/** Whether an entity of the memory (`book.24`, in a room of class `roomClass`) is among what a scope ranges over. */
export function inScope(scope: ConditionScope, entity: string, roomClass: string | undefined): boolean {
  if (!scope.classes.includes(entityClass(entity))) return false;
  if (scope.room !== undefined && roomClass !== scope.room) return false;
  if (scope.only !== undefined) {
    const id = entityId(entity);
    if (id === undefined || !scope.only.includes(id)) return false;
  }
  return true;
}

/** The condition with every quantifier over exactly these classes restricted to the nodes `ids`. */
export function restrictQuantifiers(
  condition: Condition,
  classes: readonly string[],
  ids: readonly number[],
): Condition {
  const same = (a: readonly string[]) => a.length === classes.length && a.every((c, i) => c === classes[i]);
  const visit = (c: Condition): Condition => {
    switch (c.kind) {
      case 'not':
        return { kind: 'not', condition: visit(c.condition) };
      case 'and':
      case 'or':
        return { kind: c.kind, conditions: c.conditions.map(visit) };
      case 'exists':
      case 'forall':
        return { ...c, ...(same(c.classes) && { only: [...ids] }), condition: visit(c.condition) };
      default:
        return c;
    }
  };
  return visit(condition);
}

/**
 * The interpretation with one singular execution (and its query) narrowed to the node the agent found the text
 * means: its object quantifier ranges over that node only.
 */
export function narrowExecution(interpretation: Interpretation, executionId: string, node: number): Interpretation {
  const execution = interpretation.executions.find((e) => e.id === executionId);
  if (!execution) throw new RangeError(`no execution ${executionId}`);
  if (execution.goal.kind !== 'forall') return interpretation;
  const classes = execution.goal.classes;
  const executions = interpretation.executions.map((e) =>
    e.id === executionId ? { ...e, goal: restrictQuantifiers(e.goal, classes, [node]) } : e,
  );
  const queries = interpretation.queries.map((q) =>
    interpretation.conditionMap.get(q.id) === executionId
      ? { ...q, condition: restrictQuantifiers(q.condition, classes, [node]) }
      : q,
  );
  return { queries, executions, conditionMap: interpretation.conditionMap };
}
