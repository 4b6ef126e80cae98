/**
 * Random goals over a home, of the kinds the continual instructions use (the Oracle must always solve these) and
 * free combinations of them (which may be unreachable). Shared by the property test and perf/household.ts.
 */

import { STRUCTURAL_CATEGORIES } from '../../../src/planning/household/index.js';
import { and, type Condition, edge, exists, isIn, not, or, v } from '../../../src/sim/conditions.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import type { Rng } from '../../../src/util/rng.js';

export interface RandomGoal {
  readonly kind: string;
  readonly goal: Condition;
}

function withProperty(graph: EnvGraph, property: string): number[] {
  const out: number[] = [];
  for (const node of graph.nodes()) {
    if (STRUCTURAL_CATEGORIES.has(node.category)) continue;
    if ((node.properties as ReadonlySet<string>).has(property)) out.push(node.id);
  }
  return out.sort((a, b) => a - b);
}

/** A goal like the continual instructions' execution goals: switch, open/close, put on/in furniture. */
export function oracleGoal(graph: EnvGraph, rng: Rng): RandomGoal {
  for (;;) {
    const kind = rng.pick(['switch', 'open-close', 'on', 'in']);
    if (kind === 'switch') {
      // B.1 has no plug-in skill: unplugged devices are not the Oracle's to switch on.
      const devices = withProperty(graph, 'HAS_SWITCH').filter((id) => !graph.hasState(id, 'PLUGGED_OUT'));
      const id = rng.pick(devices);
      return { kind, goal: isIn(id, graph.hasState(id, 'ON') ? 'OFF' : 'ON') };
    }
    if (kind === 'open-close') {
      const id = rng.pick(withProperty(graph, 'CAN_OPEN'));
      return { kind, goal: isIn(id, graph.hasState(id, 'OPEN') ? 'CLOSED' : 'OPEN') };
    }
    const things = withProperty(graph, 'GRABBABLE');
    const hosts = withProperty(graph, kind === 'on' ? 'SURFACES' : 'CONTAINERS').filter(
      (id) => !(graph.get(id).properties as ReadonlySet<string>).has('GRABBABLE'),
    );
    const thing = rng.pick(things);
    const host = rng.pick(hosts);
    const relation = kind === 'on' ? 'ON' : 'INSIDE';
    if (graph.hasEdge(thing, relation, host)) continue;
    return { kind, goal: edge(thing, relation, host) };
  }
}

/** A free combination: and/or/not/exists over Oracle goals (may be unreachable or already true). */
export function mixedGoal(graph: EnvGraph, rng: Rng): RandomGoal {
  const kind = rng.pick(['and', 'or', 'not', 'exists']);
  const a = oracleGoal(graph, rng).goal;
  const b = oracleGoal(graph, rng).goal;
  switch (kind) {
    case 'and':
      return { kind, goal: and(a, b) };
    case 'or':
      return { kind, goal: or(a, b) };
    case 'not':
      return { kind, goal: and(not(a), b) };
    default: {
      const classes = [...new Set(withProperty(graph, 'GRABBABLE').map((id) => graph.get(id).className))].sort();
      const hosts = withProperty(graph, 'SURFACES');
      return { kind, goal: exists('x', rng.pick(classes), edge(v('x'), 'ON', rng.pick(hosts))) };
    }
  }
}
