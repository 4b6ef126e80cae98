import { describe, expect, it } from 'vitest';
import {
  and,
  describeCondition,
  edge,
  exists,
  forall,
  held,
  holds,
  isIn,
  mentionedNodes,
  not,
  or,
  quantifierDomain,
  v,
} from '../../src/sim/conditions.js';
import { graphFromJson } from '../../src/sim/graph-io.js';

const home = () =>
  graphFromJson({
    nodes: [
      { id: 1, class_name: 'living_room', category: 'Rooms', properties: [], states: [] },
      { id: 2, class_name: 'character', category: 'Characters', properties: [], states: [] },
      { id: 3, class_name: 'tv', category: 'Electronics', properties: ['HAS_SWITCH'], states: ['OFF'] },
      { id: 4, class_name: 'coffeetable', category: 'Furniture', properties: ['SURFACES'], states: [] },
      { id: 5, class_name: 'mug', category: 'Props', properties: ['GRABBABLE'], states: [] },
      { id: 6, class_name: 'mug', category: 'Props', properties: ['GRABBABLE'], states: [] },
    ],
    edges: [
      { from_id: 2, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 3, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 4, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 5, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 6, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 5, relation_type: 'ON', to_id: 4 },
      { from_id: 2, relation_type: 'HOLDS_RH', to_id: 6 },
    ],
  });

describe('conditions', () => {
  it('evaluates states, edges, holding and connectives', () => {
    const g = home();
    expect(holds(isIn(3, 'OFF'), g)).toBe(true);
    expect(holds(isIn(3, 'ON'), g)).toBe(false);
    expect(holds(edge(5, 'ON', 4), g)).toBe(true);
    expect(holds(held(6), g)).toBe(true);
    expect(holds(held(5), g)).toBe(false);
    expect(holds(and(isIn(3, 'OFF'), not(edge(6, 'ON', 4))), g)).toBe(true);
    expect(holds(or(isIn(3, 'ON'), edge(6, 'ON', 4)), g)).toBe(false);
  });

  it('quantifies over the instances of a class', () => {
    const g = home();
    expect(holds(exists('m', 'mug', edge(v('m'), 'ON', 4)), g)).toBe(true);
    expect(holds(forall('m', 'mug', edge(v('m'), 'ON', 4)), g)).toBe(false);
    g.removeEdge(2, 'HOLDS_RH', 6);
    g.addEdge(6, 'ON', 4);
    expect(holds(forall('m', 'mug', edge(v('m'), 'ON', 4)), g)).toBe(true);
    expect(holds(forall('x', 'unicorn', isIn(v('x'), 'ON')), g)).toBe(true);
    expect(holds(exists('x', 'unicorn', isIn(v('x'), 'ON')), g)).toBe(false);
  });

  it('lists the nodes a condition is about and prints it', () => {
    const g = home();
    const c = and(isIn(3, 'OFF'), forall('m', 'mug', edge(v('m'), 'ON', 4)));
    expect(mentionedNodes(c, g)).toEqual([3, 4, 5, 6]);
    const name = (id: number) => `${g.get(id).className}.${id}`;
    expect(describeCondition(c, name)).toBe('(tv.3 is off) and (forall ?m in mug: ?m on coffeetable.4)');
  });

  it('restricts a quantifier to the instances in a room of a class', () => {
    const g = home();
    g.addNode({ id: 7, className: 'bedroom', category: 'Rooms', properties: [], states: [] });
    g.addNode({ id: 8, className: 'tv', category: 'Electronics', properties: ['HAS_SWITCH'], states: ['ON'] });
    g.addEdge(8, 'INSIDE', 7);
    // the TV in the bedroom is on, the one in the living room is off
    expect(holds(forall('x', 'tv', isIn(v('x'), 'ON')), g)).toBe(false);
    expect(holds(forall('x', 'tv', isIn(v('x'), 'ON'), 'bedroom'), g)).toBe(true);
    expect(holds(exists('x', 'tv', isIn(v('x'), 'OFF'), 'bedroom'), g)).toBe(false);
    expect(holds(exists('x', 'tv', isIn(v('x'), 'OFF'), 'living_room'), g)).toBe(true);
    expect(quantifierDomain({ classes: ['tv'], room: 'bedroom' }, g)).toEqual([8]);
    expect(quantifierDomain({ classes: ['tv'] }, g).sort()).toEqual([3, 8]);
    expect(mentionedNodes(exists('x', 'tv', isIn(v('x'), 'OFF'), 'bedroom'), g)).toEqual([8]);
    expect(describeCondition(forall('x', 'tv', isIn(v('x'), 'ON'), 'bedroom'))).toBe(
      'forall ?x in tv (in a bedroom): ?x is on',
    );
  });

  it('refuses an unbound variable', () => {
    expect(() => holds(isIn(v('x'), 'ON'), home())).toThrow(/unbound variable \?x/);
  });
});
