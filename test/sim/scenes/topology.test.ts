import { describe, expect, it } from 'vitest';
import { EnvGraph } from '../../../src/sim/graph.js';
import { graphFromJson } from '../../../src/sim/graph-io.js';
import {
  addPassagesFromBoxes,
  checkHome,
  homeStats,
  reachableRooms,
  roomAdjacency,
} from '../../../src/sim/scenes/index.js';

type NodeJson = { id: number; class_name: string; category: string; properties: string[]; states: string[] };
type EdgeJson = { from_id: number; relation_type: string; to_id: number };

const node = (id: number, class_name: string, category: string, properties: string[] = [], states: string[] = []) => ({
  id,
  class_name,
  category,
  properties,
  states,
});
const edge = (from_id: number, relation_type: string, to_id: number) => ({ from_id, relation_type, to_id });

/** Two rooms joined by a door, a table with a mug on it, a character. Breaks nothing. */
function home(): { nodes: NodeJson[]; edges: EdgeJson[] } {
  return {
    nodes: [
      node(1, 'kitchen', 'Rooms'),
      node(2, 'livingroom', 'Rooms'),
      node(3, 'character', 'Characters'),
      node(4, 'door', 'Doors', ['CAN_OPEN'], ['OPEN']),
      node(5, 'kitchentable', 'Furniture', ['SURFACES']),
      node(6, 'mug', 'Props', ['GRABBABLE'], ['CLEAN']),
      node(7, 'fridge', 'Appliances', ['CAN_OPEN', 'CONTAINERS'], ['CLOSED']),
    ],
    edges: [
      edge(3, 'INSIDE', 2),
      edge(4, 'INSIDE', 1),
      edge(4, 'BETWEEN', 1),
      edge(4, 'BETWEEN', 2),
      edge(5, 'INSIDE', 1),
      edge(6, 'INSIDE', 1),
      edge(6, 'ON', 5),
      edge(7, 'INSIDE', 1),
    ],
  };
}

const check = (data: ReturnType<typeof home>, catalog = false) => checkHome(graphFromJson(data), { catalog });

describe('home topology and checks', () => {
  it('reads room adjacency from BETWEEN edges and finds reachable rooms', () => {
    const g = graphFromJson(home());
    expect(roomAdjacency(g)).toEqual(
      new Map([
        [1, [{ room: 2, via: 4 }]],
        [2, [{ room: 1, via: 4 }]],
      ]),
    );
    expect(reachableRooms(g, 2)).toEqual([1, 2]);
    expect(check(home(), true)).toEqual([]);
    expect(homeStats(g)).toEqual({ rooms: ['kitchen', 'livingroom'], nodes: 7, edges: 8, objects: 3 });
  });

  it('reports a room no passage reaches', () => {
    const data = home();
    data.edges = data.edges.filter((e) => !(e.from_id === 4 && e.to_id === 2 && e.relation_type === 'BETWEEN'));
    expect(check(data)).toEqual([
      'door (4) is BETWEEN 1 rooms, not 2',
      'livingroom (2) cannot be reached from kitchen (1)',
    ]);
  });

  it('reports objects in no room or two rooms, and a character count other than one', () => {
    const data = home();
    data.edges.push(edge(5, 'INSIDE', 2));
    data.nodes.push(node(8, 'character', 'Characters'));
    data.edges.push(edge(8, 'INSIDE', 1));
    expect(check(data)).toEqual([
      'the home has 2 characters, not 1',
      'kitchentable (5) is directly INSIDE 2 rooms, not 1',
    ]);
  });

  it('reports grabbable things lying nowhere, hosts without SURFACES or CONTAINERS, and opposite states', () => {
    const data = home();
    data.edges = data.edges.filter((e) => !(e.from_id === 6 && e.relation_type === 'ON'));
    data.nodes.push(node(8, 'apple', 'Food', ['GRABBABLE']));
    data.edges.push(edge(8, 'INSIDE', 1), edge(8, 'INSIDE', 6));
    data.nodes.push(node(9, 'book', 'Props', ['GRABBABLE']));
    data.edges.push(edge(9, 'INSIDE', 1), edge(9, 'ON', 7));
    data.nodes[6].states = ['CLOSED', 'OPEN'];
    expect(check(data)).toEqual([
      'mug (6) is grabbable but lies on nothing and in nothing',
      'fridge (7) is both CLOSED and OPEN',
      'apple (8) is INSIDE mug (6), which has no CONTAINERS',
      'book (9) is ON fridge (7), which has no SURFACES',
    ]);
  });

  it('accepts things held by the character, and checks states against the catalog on request', () => {
    const data = home();
    data.edges = data.edges.filter((e) => !(e.from_id === 6 && e.relation_type === 'ON'));
    data.edges.push(edge(3, 'HOLDS_RH', 6));
    data.nodes[5].states = ['ON'];
    data.nodes.push(node(8, 'spaceship', 'Props'));
    data.edges.push(edge(8, 'INSIDE', 2));
    expect(check(data)).toEqual([]);
    expect(check(data, true)).toEqual(['mug (6) cannot be ON', "spaceship (8) is not a class of hearth's catalog"]);
  });

  it('reports a passage that lies in neither room it joins', () => {
    const data = home();
    data.nodes.push(node(8, 'bathroom', 'Rooms'));
    data.edges = data.edges.map((e) => (e.from_id === 4 && e.relation_type === 'INSIDE' ? edge(4, 'INSIDE', 8) : e));
    expect(check(data)).toEqual([
      'door (4) is not INSIDE either room it joins',
      'bathroom (8) cannot be reached from kitchen (1)',
    ]);
  });
});

describe('addPassagesFromBoxes', () => {
  it('joins the two rooms a door box overlaps and leaves a front door alone', () => {
    const graph = new EnvGraph();
    const box = (x: number, z: number, sx: number, sz: number) => ({ center: [x, 1, z], size: [sx, 2, sz] });
    graph.addNode({ id: 1, className: 'kitchen', category: 'Rooms', boundingBox: box(0, 0, 4, 4) });
    graph.addNode({ id: 2, className: 'bedroom', category: 'Rooms', boundingBox: box(5, 0, 6, 4) });
    graph.addNode({ id: 3, className: 'door', category: 'Doors', boundingBox: box(2, 0, 0.9, 0.9) });
    graph.addNode({ id: 4, className: 'doorjamb', category: 'Doors', boundingBox: box(-2, 0, 0.9, 0.1) });
    graph.addEdge(3, 'INSIDE', 1);
    graph.addEdge(4, 'INSIDE', 1);
    expect(roomAdjacency(graph).get(1)).toEqual([]);
    expect(addPassagesFromBoxes(graph)).toBe(1);
    expect(roomAdjacency(graph).get(1)).toEqual([{ room: 2, via: 3 }]);
    expect(graph.targets(4, 'BETWEEN').size).toBe(0);
    expect(addPassagesFromBoxes(graph)).toBe(0);
  });
});
