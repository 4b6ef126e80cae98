/**
 * The Embodied Agent Interface's VirtualHome instances as episodic tasks: a start graph, a gold program, and a goal
 * of node states, edges and ordered action goals with alternatives (`"RINSE|WASH"`), read in place from a folder
 * laid out as `../shared/data/eai` (never copied: the data's licence keeps it out of the project).
 *
 * `replayEaiGold` runs the gold program through the simulator (the full VirtualHome action set: the programs use FIND,
 * SIT, TYPE..., which the episodic skill set does not offer) and scores the end state with the episodic metrics
 * (`metrics.ts`): the goal checker must agree with the data, i.e. SR 1.0 wherever the reference executor ran the
 * program through.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Condition, edge, holds, isIn } from '../../sim/conditions.js';
import { replayProgram } from '../../sim/executor.js';
import { loadGraph } from '../../sim/graph-io.js';
import { readProgram } from '../../sim/script.js';
import { isRelation, isState } from '../../sim/vocabulary.js';
import { InputError } from '../../util/errors.js';
import { actionGoalsMet, type EpisodicScore, type StepOutcome, scoreEpisode } from './metrics.js';
import type { ActionGoal } from './task.js';

interface RawGoal {
  readonly actions: readonly string[];
  readonly goal: readonly (
    | { readonly id: number; readonly state: string }
    | { readonly from_id: number; readonly relation_type: string; readonly to_id: number }
  )[];
}

export interface EaiInstance {
  readonly id: string;
  readonly task: string;
  readonly conditions: readonly Condition[];
  readonly actionGoals: readonly ActionGoal[];
  /** Whether the reference executor ran the gold program through. */
  readonly referenceExecutable: boolean;
}

/** The instances of an EAI folder (`instances.json`), sorted by id. */
export function loadEaiInstances(dir: string): EaiInstance[] {
  const file = join(dir, 'instances.json');
  const data = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { task: string; vh_goal: RawGoal; gold_replay: { executable: boolean } }
  >;
  return Object.keys(data)
    .sort()
    .map((id) => {
      const raw = data[id];
      const conditions = raw.vh_goal.goal.map((g): Condition => {
        if ('state' in g) {
          if (!isState(g.state)) throw new InputError(`instance ${id}: unknown state '${g.state}'`, { file });
          return isIn(g.id, g.state);
        }
        if (!isRelation(g.relation_type)) {
          throw new InputError(`instance ${id}: unknown relation '${g.relation_type}'`, { file });
        }
        return edge(g.from_id, g.relation_type, g.to_id);
      });
      const actionGoals = raw.vh_goal.actions.map(
        (alternatives): ActionGoal => ({ anyOf: alternatives.split('|').map((a) => ({ action: a.toLowerCase() })) }),
      );
      return {
        id,
        task: raw.task,
        conditions,
        actionGoals,
        referenceExecutable: raw.gold_replay.executable,
      };
    });
}

export interface EaiReplay {
  readonly score: EpisodicScore;
  readonly executable: boolean;
  readonly conditions: readonly boolean[];
}

/** Replays an instance's gold program from its start graph and scores the end state. */
export function replayEaiGold(dir: string, instance: EaiInstance): EaiReplay {
  const graph = loadGraph(join(dir, 'init_graphs', `${instance.id}.json.gz`));
  const program = readProgram(join(dir, 'programs', `${instance.id}.txt`));
  const replay = replayProgram(graph, program);
  const steps: StepOutcome[] = replay.steps.map((step, i) => {
    const line = program.lines[i];
    const target = line.objects[line.objects.length - 1];
    return {
      action: line.action.toLowerCase(),
      ...(target && { targetClass: target.name }),
      success: step.ok,
      ...(step.errorKind && { errorKind: step.errorKind }),
    };
  });
  const met = actionGoalsMet(instance.actionGoals, steps);
  const conditions = [
    ...instance.conditions.map((c) => holds(c, graph)),
    ...instance.actionGoals.map((_, i) => i < met),
  ];
  // An instance with neither state nor action goals is vacuously met.
  const scored = conditions.length > 0 ? conditions : [true];
  return { score: scoreEpisode(scored, steps, null), executable: replay.executable, conditions };
}
