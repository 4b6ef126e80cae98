/**
 * DANLI's decision at one step as a trace record (src/util/decisions.ts), for the dashboard's episode viewer: the
 * subgoals with the one being pursued, the plan left after the chosen skill, what it searches for, and what its
 * planner and recovery did since the last step (the counters' increments: re-planning, excluding an instance,
 * clearing a receptacle, walking closer).
 */
import type { EnvGraph } from '../../sim/graph.js';
import { formatSkill, type Skill } from '../../sim/skill.js';
import type { SubgoalSpec } from '../../sim/subgoals.js';
import type { DanliCounts } from './counts.js';

/** What the record reads of the agent. */
export interface DanliView {
  readonly subgoals: readonly SubgoalSpec[];
  /** Index of the subgoal pursued (= subgoals.length once all are done or given up). */
  readonly current: number;
  readonly plan: readonly Skill[];
  readonly chosen: Skill;
  readonly searchFor: string | undefined;
  readonly failures: number;
  readonly counts: DanliCounts;
  /** The counters at the previous record. */
  readonly before: DanliCounts;
  readonly belief: EnvGraph;
}

/** "isPlacedTo(mug -> coffeetable)", with the count, room and qualifiers when the subgoal has them. */
export function subgoalText(spec: SubgoalSpec): string {
  const patient = spec.patient.join('|');
  const destination = spec.destination ? ` -> ${spec.destination.join('|')}` : '';
  const extras = [
    spec.count !== undefined && spec.count !== 1 ? `count ${spec.count}` : '',
    spec.room ? `in ${spec.room}` : '',
    spec.qualifiers?.length ? `also ${spec.qualifiers.join(', ')}` : '',
    spec.means ? 'means' : '',
  ].filter((part) => part !== '');
  return `${spec.predicate}(${patient}${destination})${extras.length > 0 ? ` [${extras.join('; ')}]` : ''}`;
}

export function danliDecisionRecord(view: DanliView): { readonly [field: string]: unknown } {
  const name = (skill: Skill) => formatSkill(skill, (id) => view.belief.node(id)?.className);
  const changed: Record<string, number> = {};
  for (const key of Object.keys(view.counts) as (keyof DanliCounts)[]) {
    const delta = view.counts[key] - view.before[key];
    if (delta !== 0) changed[key] = delta;
  }
  return {
    subgoals: view.subgoals.map(subgoalText),
    current: view.current,
    chosen: name(view.chosen),
    plan: view.plan.map(name),
    searchFor: view.searchFor ?? null,
    failures: view.failures,
    changed,
  };
}
