/**
 * Conformance with the reference executor (EAI's fork of VirtualHome's evolving_graph), on its own recorded replays:
 * - the EAI instances in ../shared/data/eai: per step the same action, ok and error text, and the same edges added,
 *   edges removed and node state changes;
 * - ProgPrompt's 20 new-environment tasks in ../shared/data/progprompt, replayed with ProgPrompt's loop: the same
 *   executable step count and errors, and the same goal conditions satisfied by ProgPrompt's evaluation (which
 *   compares class-level relations and states of the final graph with the annotated final graph).
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { replayProgram } from '../../src/sim/executor.js';
import type { GraphJson } from '../../src/sim/graph-io.js';
import { graphFromJson, graphToJson, loadGraph } from '../../src/sim/graph-io.js';
import { readProgram } from '../../src/sim/script.js';
import { describeWithShared, sharedPath } from '../helpers/shared-data.js';

interface EaiInstance {
  gold_replay: {
    executable: boolean;
    steps: { action: string; ok: boolean; error: string | null }[];
    edges_added: [number, string, number][];
    edges_removed: [number, string, number][];
    node_state_changes: Record<string, { before: string[]; after: string[] }>;
  };
}

describeWithShared([['eai', 'instances.json']], 'conformance: EAI gold replays', () => {
  const instances = JSON.parse(readFileSync(sharedPath('eai', 'instances.json'), 'utf8')) as Record<
    string,
    EaiInstance
  >;
  const ids = Object.keys(instances).sort();

  it('covers the recorded instances', () => {
    expect(ids.length).toBeGreaterThan(0);
  });

  it.each(ids)('%s', (id) => {
    const gold = instances[id].gold_replay;
    const graph = loadGraph(sharedPath('eai', 'init_graphs', `${id}.json.gz`));
    const replay = replayProgram(graph, readProgram(sharedPath('eai', 'programs', `${id}.txt`)));
    expect(replay.steps.map(({ action, ok, error }) => ({ action, ok, error }))).toEqual(gold.steps);
    expect(replay.executable).toBe(gold.executable);
    const edges = (list: readonly (readonly [number, string, number])[]) => list.map((e) => e.join(' ')).sort();
    expect(edges(replay.edgesAdded)).toEqual(edges(gold.edges_added));
    expect(edges(replay.edgesRemoved)).toEqual(edges(gold.edges_removed));
    expect(replay.stateChanges).toEqual(gold.node_state_changes);
  });
});

interface ProgPromptTask {
  env: string;
  task: string;
  program: string[];
  exec_steps_ok: number;
  n_steps: number;
  goal_conds_total: number;
  goal_conds_satisfied: number;
  errors: string[];
}

const PROGPROMPT_GOLDEN = ['progprompt', 'golden', 'progprompt_newenv_replay_eai_executor.json'];

describeWithShared([PROGPROMPT_GOLDEN], 'conformance: ProgPrompt new-environment tasks', () => {
  const golden = JSON.parse(readFileSync(sharedPath(...PROGPROMPT_GOLDEN), 'utf8')) as { tasks: ProgPromptTask[] };
  /** The files hold one JSON document per line, one per task, in the order of the env's task file. */
  const jsonLines = (...parts: string[]) =>
    readFileSync(sharedPath(...parts), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line));
  const files = new Map<string, { tasks: string[]; initial: GraphJson[]; final: GraphJson[] }>();
  const envFiles = (env: string) => {
    let entry = files.get(env);
    if (!entry) {
      entry = {
        tasks: jsonLines('progprompt', 'new_env', `${env}_annotated.json`).map((o) => Object.keys(o)[0]),
        initial: jsonLines('progprompt', 'final_states', `initial_states_${env}.json`),
        final: jsonLines('progprompt', 'final_states', `final_states_${env}.json`),
      };
      files.set(env, entry);
    }
    return entry;
  };

  it.each(golden.tasks.map((t) => [`${t.env}: ${t.task}`, t] as const))('%s', (_, task) => {
    const env = envFiles(task.env);
    const index = env.tasks.indexOf(task.task);
    expect(index).toBeGreaterThanOrEqual(0);
    const graph = graphFromJson(env.initial[index], { source: `initial_states_${task.env}.json` });
    const replay = replayProgram(graph, task.program, { protocol: 'progprompt' });
    expect(replay.steps).toHaveLength(task.n_steps);
    expect(replay.steps.filter((s) => s.ok)).toHaveLength(task.exec_steps_ok);
    expect(replay.steps.filter((s) => !s.ok).map((s) => s.error)).toEqual(task.errors);
    const goals = goalConditions(env.initial[index], env.final[index], graphToJson(graph));
    expect(goals).toEqual({ total: task.goal_conds_total, satisfied: task.goal_conds_satisfied });
  });
});

/** ProgPrompt's goal conditions: class-level relations and states the annotated final graph adds to the start. */
function goalConditions(
  initial: GraphJson,
  annotated: GraphJson,
  reached: GraphJson,
): { total: number; satisfied: number } {
  const facts = (g: GraphJson) => {
    const names = new Map(g.nodes.map((n) => [n.id, n.class_name]));
    return {
      relations: new Set(g.edges.map((e) => `${names.get(e.from_id)} ${e.relation_type} ${names.get(e.to_id)}`)),
      states: new Set(g.nodes.flatMap((n) => n.states.map((s) => `${n.class_name} ${s}`))),
    };
  };
  const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((x) => !b.has(x)));
  const start = facts(initial);
  const goal = facts(annotated);
  const end = facts(reached);
  let total = 0;
  let unsatisfied = 0;
  for (const kind of ['relations', 'states'] as const) {
    const wanted = minus(goal[kind], start[kind]);
    total += wanted.size;
    unsatisfied += minus(wanted, minus(end[kind], start[kind])).size;
  }
  return { total, satisfied: total - unsatisfied };
}
