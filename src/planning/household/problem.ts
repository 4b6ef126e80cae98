/**
 * A household problem from a state (an EnvGraph: the true one or an agent's belief) and a goal condition: objects
 * are the kept nodes, the initial state their facts in the domain's predicate scheme, the goal the condition with
 * its quantifiers expanded over the kept instances of their classes.
 */
import { grabOrigin } from '../../sim/actions/evaluate.js';
import { type Condition, type NodeRef, quantifierDomain } from '../../sim/conditions.js';
import type { EnvGraph } from '../../sim/graph.js';
import { roomAdjacency } from '../../sim/scenes/topology.js';
import { RELATIONS } from '../../sim/vocabulary.js';
import { InputError } from '../../util/errors.js';
import type { Formula, GroundAtom, ObjectDef, Problem } from '../pddl/ast.js';
import type { HouseholdDomainInfo } from './domain.js';
import {
  ADJACENT,
  CHARACTER_TYPE,
  classContainsPredicate,
  classPredicate,
  EXCLUDED,
  GRAB_ORIGIN,
  GRABBED,
  grabOriginRelationPredicate,
  objectName,
  propertyPredicate,
  ROOM_TYPE,
  relationPredicate,
  STRUCTURAL,
  statePredicate,
  THING_TYPE,
} from './naming.js';
import { STRUCTURAL_CATEGORIES } from './prune.js';

export interface ProblemInput {
  readonly graph: EnvGraph;
  readonly characterId: number;
  /** Node ids to make objects of (all of them must be nodes of the graph). */
  readonly ids: readonly number[];
  readonly goal: Condition;
  readonly exclude?: ReadonlySet<number>;
  readonly name?: string;
}

/** Node ids a goal names directly that the graph lacks (quantified classes may be empty; that is no error). */
export function missingGoalNodes(goal: Condition, graph: EnvGraph): number[] {
  const missing = new Set<number>();
  const visit = (c: Condition): void => {
    const check = (ref: NodeRef) => typeof ref === 'number' && !graph.has(ref) && missing.add(ref);
    switch (c.kind) {
      case 'state':
      case 'held':
        check(c.node);
        return;
      case 'edge':
        check(c.from);
        check(c.to);
        return;
      case 'not':
        visit(c.condition);
        return;
      case 'and':
      case 'or':
        c.conditions.forEach(visit);
        return;
      case 'exists':
      case 'forall':
        visit(c.condition);
        return;
    }
  };
  visit(goal);
  return [...missing].sort((a, b) => a - b);
}

export function buildHouseholdProblem(info: HouseholdDomainInfo, input: ProblemInput): Problem {
  const { graph, characterId, ids } = input;
  const kept = new Set(ids);
  const names = new Map<number, string>();
  const objects: ObjectDef[] = [];
  for (const id of ids) {
    const node = graph.get(id);
    const name = objectName(id, node.className);
    names.set(id, name);
    const type = graph.isRoom(id) ? ROOM_TYPE : id === characterId ? CHARACTER_TYPE : THING_TYPE;
    objects.push({ name, key: name, types: [type] });
  }
  const classes = new Set(info.classes);
  const init: GroundAtom[] = [];
  const fact = (predicate: string, ...args: string[]) => init.push({ predicate, args });
  for (const id of ids) {
    const node = graph.get(id);
    const name = names.get(id)!;
    for (const property of node.properties) fact(propertyPredicate(property), name);
    for (const state of node.states) fact(statePredicate(state), name);
    if (classes.has(node.className)) fact(classPredicate(node.className), name);
    for (const text of info.contains) if (node.className.includes(text)) fact(classContainsPredicate(text), name);
    if (info.restricted && STRUCTURAL_CATEGORIES.has(node.category)) fact(STRUCTURAL, name);
    if (input.exclude?.has(id)) fact(EXCLUDED, name);
    for (const relation of RELATIONS) {
      for (const to of graph.targets(id, relation)) {
        if (kept.has(to)) fact(relationPredicate(relation), name, names.get(to)!);
      }
    }
    const memo = grabOrigin(graph, id);
    if (memo) {
      fact(GRABBED, name);
      const origin = names.get(memo.origin);
      if (origin !== undefined) {
        fact(GRAB_ORIGIN, name, origin);
        fact(grabOriginRelationPredicate(memo.relation), name);
      }
    }
  }
  if (info.restricted) {
    for (const [room, links] of roomAdjacency(graph)) {
      if (!kept.has(room)) continue;
      for (const link of links) if (kept.has(link.room)) fact(ADJACENT, names.get(room)!, names.get(link.room)!);
    }
  }
  return {
    name: input.name ?? 'household',
    file: '<household problem>',
    domainName: info.domain.name,
    objects,
    init,
    functionValues: [],
    goal: goalFormula(input.goal, graph, names, characterId),
    minimizeCost: false,
    warnings: [],
  };
}

/**
 * The goal as a PDDL formula over the problem's objects. `exists` / `forall` expand to a disjunction / conjunction
 * over the kept nodes they range over (pruning keeps them all; an empty class gives false / true, as `holds` does).
 */
export function goalFormula(
  goal: Condition,
  graph: EnvGraph,
  names: ReadonlyMap<number, string>,
  characterId: number,
): Formula {
  const object = (id: number): { kind: 'object'; key: string } => {
    const name = names.get(id);
    if (name === undefined) throw new InputError(`the goal names node ${id}, which is not among the problem's objects`);
    return { kind: 'object', key: name };
  };
  const atom = (predicate: string, ...ids: number[]): Formula => ({ kind: 'atom', predicate, args: ids.map(object) });
  const translate = (c: Condition, bindings: ReadonlyMap<string, number>): Formula => {
    const ref = (r: NodeRef): number => {
      if (typeof r === 'number') return r;
      const id = bindings.get(r.var);
      if (id === undefined) throw new InputError(`the goal uses the unbound variable ?${r.var}`);
      return id;
    };
    switch (c.kind) {
      case 'state':
        return atom(statePredicate(c.state), ref(c.node));
      case 'edge':
        return atom(relationPredicate(c.relation), ref(c.from), ref(c.to));
      case 'held': {
        const id = ref(c.node);
        return {
          kind: 'or',
          args: [
            atom(relationPredicate('HOLDS_RH'), characterId, id),
            atom(relationPredicate('HOLDS_LH'), characterId, id),
          ],
        };
      }
      case 'not':
        return { kind: 'not', arg: translate(c.condition, bindings) };
      case 'and':
      case 'or':
        return { kind: c.kind, args: c.conditions.map((x) => translate(x, bindings)) };
      case 'exists':
      case 'forall': {
        const instances = new Set<number>(quantifierDomain(c, graph).filter((id) => names.has(id)));
        const args = [...instances]
          .sort((a, b) => a - b)
          .map((id) => translate(c.condition, new Map(bindings).set(c.var, id)));
        return { kind: c.kind === 'exists' ? 'or' : 'and', args };
      }
    }
  };
  return translate(goal, new Map());
}
