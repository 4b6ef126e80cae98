import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { diffGraphs } from '../../src/sim/diff.js';
import { EnvGraph } from '../../src/sim/graph.js';
import { graphFromJson, graphToJson, loadGraph, parseGraphText, saveGraph } from '../../src/sim/graph-io.js';
import { InputError } from '../../src/util/errors.js';
import { scratchDir } from '../helpers/scratch.js';
import { describeWithShared, sharedPath } from '../helpers/shared-data.js';

function tinyHome(): {
  nodes: Array<Record<string, unknown> & { states: string[]; properties: string[] }>;
  edges: Array<{ from_id: number; relation_type: string; to_id: number }>;
} {
  return {
    nodes: [
      { id: 1, class_name: 'kitchen', category: 'Rooms', properties: [], states: [] },
      { id: 2, class_name: 'character', category: 'Characters', properties: [], states: [] },
      {
        id: 3,
        class_name: 'fridge',
        category: 'Appliances',
        properties: ['CAN_OPEN', 'CONTAINERS'],
        states: ['CLOSED'],
      },
      { id: 4, class_name: 'milk', category: 'Food', properties: ['GRABBABLE', 'DRINKABLE'], states: [], note: 'kept' },
    ],
    edges: [
      { from_id: 2, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 3, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 4, relation_type: 'INSIDE', to_id: 3 },
      { from_id: 4, relation_type: 'INSIDE', to_id: 1 },
      { from_id: 4, relation_type: 'INSIDE', to_id: 1 },
    ],
  };
}

function canonical(g: EnvGraph) {
  const json = graphToJson(g);
  return {
    nodes: json.nodes.map((n) => ({ ...n, states: [...n.states].sort() })),
    edges: json.edges.map((e) => `${e.from_id} ${e.relation_type} ${e.to_id}`).sort(),
  };
}

describe('EnvGraph', () => {
  it('indexes nodes by id and class, edges both ways, and removes duplicate edges', () => {
    const g = graphFromJson(tinyHome());
    expect(g.nodeCount).toBe(4);
    expect(g.edgeCount).toBe(4);
    expect(g.idsOfClass('fridge')).toEqual([3]);
    expect([...g.targets(4, 'INSIDE')]).toEqual([3, 1]);
    expect([...g.sources(1, 'INSIDE')]).toEqual([2, 3, 4]);
    expect(g.roomOf(4)).toBe(1);
    expect(g.roomOf(1)).toBe(1);
    expect(g.characterId()).toBe(2);
    expect(g.hasState(3, 'CLOSED')).toBe(true);
  });

  it('rolls back every kind of change to a checkpoint, nested', () => {
    const g = graphFromJson(tinyHome());
    const before = canonical(g);
    const outer = g.checkpoint();
    g.removeState(3, 'CLOSED');
    g.addState(3, 'OPEN');
    g.addEdge(2, 'CLOSE', 3);
    const inner = g.checkpoint();
    g.removeEdge(4, 'INSIDE', 3);
    g.addNode({ id: 9, className: 'mug', category: 'Props' });
    g.addEdge(9, 'INSIDE', 1);
    g.rollback(inner);
    expect(g.has(9)).toBe(false);
    expect(g.hasEdge(4, 'INSIDE', 3)).toBe(true);
    expect(g.hasState(3, 'OPEN')).toBe(true);
    g.rollback(outer);
    // Iteration order may differ after a rollback; the content may not.
    expect(canonical(g)).toEqual(before);
    expect(g.edgeCount).toBe(4);
  });

  it('refuses to close an outer checkpoint before an inner one', () => {
    const g = graphFromJson(tinyHome());
    const outer = g.checkpoint();
    g.checkpoint();
    expect(() => g.rollback(outer)).toThrow(/innermost/);
  });

  it('clones independently', () => {
    const g = graphFromJson(tinyHome());
    const c = g.clone();
    c.addEdge(2, 'CLOSE', 3);
    c.removeState(3, 'CLOSED');
    expect(g.hasEdge(2, 'CLOSE', 3)).toBe(false);
    expect(g.hasState(3, 'CLOSED')).toBe(true);
    const d = diffGraphs(g, c);
    expect(d.edgesAdded).toEqual([[2, 'CLOSE', 3]]);
    expect(d.edgesRemoved).toEqual([]);
    expect(d.stateChanges).toEqual({ '3': { before: ['CLOSED'], after: [] } });
  });

  it('round-trips JSON, gzip included, keeping extra keys', () => {
    const dir = scratchDir('graph');
    const g = graphFromJson(tinyHome());
    saveGraph(g, join(dir, 'home.json.gz'));
    const back = loadGraph(join(dir, 'home.json.gz'));
    expect(graphToJson(back)).toEqual(graphToJson(g));
    expect(back.get(4).extra).toEqual({ note: 'kept' });
  });
});

describe('graph validation', () => {
  const bad = (mutate: (g: ReturnType<typeof tinyHome>) => void) => {
    const g = tinyHome();
    mutate(g);
    return () => graphFromJson(g, { source: 'home.json' });
  };

  it('names the file, node and value for unknown names', () => {
    expect(bad((g) => g.nodes[2].states.push('AJAR'))).toThrow(/home\.json: node 3 \(fridge\): unknown state "AJAR"/);
    expect(bad((g) => g.nodes[2].properties.push('SHINY'))).toThrow(/node 3 \(fridge\): unknown property "SHINY"/);
    expect(bad((g) => g.edges.push({ from_id: 2, relation_type: 'UNDER', to_id: 3 }))).toThrow(
      /unknown relation "UNDER"/,
    );
  });

  it('reports dangling edges, roomless nodes, non-numeric ids', () => {
    expect(bad((g) => g.edges.push({ from_id: 2, relation_type: 'CLOSE', to_id: 77 }))).toThrow(
      /to_id 77 is not a node/,
    );
    expect(bad((g) => g.edges.splice(1, 1))).toThrow(/node 3 \(fridge\) is not INSIDE any room/);
    expect(bad((g) => (g.nodes[1].id = 'two'))).toThrow(/"id" must be an integer, got "two"/);
    expect(bad((g) => g.edges.splice(1, 1))).toThrow(InputError);
  });

  it('gives line and column for malformed JSON', () => {
    expect(() => parseGraphText('{"nodes": [\n  {"id": 1,,}\n]}', { source: 'x.json' })).toThrow(
      /^x\.json:2:\d+: invalid JSON/,
    );
  });

  it('reads a gzip file whatever its extension', () => {
    const dir = scratchDir('graph');
    writeFileSync(join(dir, 'home.json'), gzipSync(JSON.stringify(tinyHome())));
    expect(loadGraph(join(dir, 'home.json')).nodeCount).toBe(4);
  });
});

describeWithShared([['virtualhome', 'graphs', 'TestScene1_graph.json']], 'VirtualHome graphs', () => {
  it('loads TestScene1 with its 437 nodes and 14,157 edges and saves it unchanged', () => {
    const g = loadGraph(sharedPath('virtualhome', 'graphs', 'TestScene1_graph.json'));
    expect(g.nodeCount).toBe(437);
    expect(g.edgeCount).toBe(14157);
    expect(g.rooms().length).toBeGreaterThan(0);
    const again = new EnvGraph();
    expect(again.nodeCount).toBe(0);
    expect(graphToJson(graphFromJson(graphToJson(g)))).toEqual(graphToJson(g));
  });
});

describe('memos', () => {
  it('are journalled, copied by clone, cleared by prefix, and not written to files', () => {
    const g = graphFromJson(tinyHome());
    g.setMemo('grab:4', { origin: 3, relation: 'INSIDE' });
    const cp = g.checkpoint();
    g.setMemo('grab:4', undefined);
    g.setMemo('grab:2', 'x');
    expect(g.memo('grab:4')).toBeUndefined();
    g.rollback(cp);
    expect(g.memo('grab:4')).toEqual({ origin: 3, relation: 'INSIDE' });
    expect(g.memo('grab:2')).toBeUndefined();

    const copy = g.clone();
    copy.setMemo('note', 1);
    expect(copy.memo('grab:4')).toEqual({ origin: 3, relation: 'INSIDE' });
    expect(g.memo('note')).toBeUndefined();

    g.setMemo('note', 2);
    const cp2 = g.checkpoint();
    g.clearMemos('grab:');
    expect(g.memo('grab:4')).toBeUndefined();
    expect(g.memo('note')).toBe(2);
    g.rollback(cp2);
    expect(g.memo('grab:4')).toBeDefined();
    expect(JSON.stringify(graphToJson(g))).not.toContain('grab');
  });
});
