/** The example home (examples/home.json, hearth's own) as a fresh graph, and helpers to drive it. */
import { join } from 'node:path';
import { expect } from 'vitest';
import { executeStep, type StepResult } from '../../src/sim/executor.js';
import type { EnvGraph } from '../../src/sim/graph.js';
import { graphToJson, loadGraph } from '../../src/sim/graph-io.js';
import { projectRoot } from '../helpers/shared-data.js';

export const HOME_PATH = join(projectRoot, 'examples', 'home.json');
export const EXAMPLE_PROGRAM = join(projectRoot, 'examples', 'watch-tv.txt');

/**
 * Ids in the example home. Kitchen 10: fridge 11 (closed, milk 15 inside), kitchencounter 12 (mug 14 on it),
 * stove 13, sink 16 (faucet 17 on it), kitchentable 18 (plate 19 on it, apple 25 on the plate). Living room 20:
 * sofa 21 (facing tv 22), remotecontrol 23 and book 26 on coffeetable 24. Bedroom 30: bed 31, lightswitch 32,
 * closet 33 (shirt 34 inside). The character 1 starts in the kitchen.
 */
export const ID = {
  char: 1,
  kitchen: 10,
  fridge: 11,
  counter: 12,
  stove: 13,
  mug: 14,
  milk: 15,
  sink: 16,
  faucet: 17,
  table: 18,
  plate: 19,
  living: 20,
  sofa: 21,
  tv: 22,
  remote: 23,
  coffeetable: 24,
  apple: 25,
  book: 26,
  bedroom: 30,
  bed: 31,
  lightswitch: 32,
  closet: 33,
  shirt: 34,
} as const;

export function home(): EnvGraph {
  return loadGraph(HOME_PATH);
}

/** Runs lines that must all succeed. */
export function run(graph: EnvGraph, ...lines: string[]): void {
  for (const line of lines) {
    const result = executeStep(graph, line);
    expect(result.error, line).toBeNull();
  }
}

/** The graph's content (nodes and states, edges) in a canonical order, independent of insertion order. */
export function canonical(graph: EnvGraph): string {
  const json = graphToJson(graph);
  const nodes = json.nodes.map((n) => ({ ...n, states: [...n.states].sort() })).sort((a, b) => a.id - b.id);
  const edges = json.edges.map((e) => `${e.from_id} ${e.relation_type} ${e.to_id}`).sort();
  return JSON.stringify({ nodes, edges });
}

/** Runs a line that must fail, checking that the graph did not change. */
export function failing(graph: EnvGraph, line: string): StepResult {
  const before = canonical(graph);
  const result = executeStep(graph, line);
  expect(result.ok, line).toBe(false);
  expect(canonical(graph)).toBe(before);
  return result;
}

/** The message without the reference's ` when executing "..."` suffix. */
export function reason(result: StepResult): string {
  return (result.error ?? '').replace(/ when executing ".*"$/, '');
}
