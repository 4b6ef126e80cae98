/**
 * How episodic episodes are reported: SR, GC, PLW-SR, PLW-GC, AS, Exec per agent and task family (DANLI Table 1), SemGro's
 * Plan, Exec per skill and critic iterations where a family reports them (`semgro/metrics.ts`), and,
 * in JSON and CSV (or with --columns), TEACh's aggregates: GC over all the goal conditions of the row's episodes, and
 * the path-length-weighted metrics weighted by the reference path length L* (sum of metric x L* over sum of L*).
 */
import type { ReportLayout } from '../protocol.js';

export const EPISODIC_LAYOUT: ReportLayout = {
  groupBy: ['agent', 'family', 'home'],
  metrics: [
    { key: 'sr', label: 'SR', percent: true, better: 'higher' },
    { key: 'gc', label: 'GC', percent: true, better: 'higher' },
    { key: 'plwSr', label: 'PLW-SR', percent: true, better: 'higher' },
    { key: 'plwGc', label: 'PLW-GC', percent: true, better: 'higher' },
    { key: 'steps', label: 'AS', digits: 1, better: 'lower' },
    { key: 'exec', label: 'Exec', percent: true, better: 'higher' },
    // SemGro's family (`semgro/metrics.ts`): absent for other families, so left out of their tables.
    { key: 'plan', label: 'Plan', percent: true, better: 'higher', hideWhenEmpty: true },
    { key: 'execSkill', label: 'Exec (skill)', percent: true, better: 'higher', hideWhenEmpty: true },
    { key: 'itersObs', label: 'iter. obs.', digits: 2, better: 'lower', hideWhenEmpty: true },
    { key: 'itersDom', label: 'iter. dom.', digits: 2, better: 'lower', hideWhenEmpty: true },
    { key: 'oracleSteps', label: 'L*', digits: 1, inTable: false },
    // The share of episodes whose text the agent's reader made a goal of (agents that read; `Agent.reading`).
    { key: 'read', label: 'read', percent: true, inTable: false, better: 'higher' },
    { key: 'goalConditions', label: 'conditions', digits: 1, inTable: false },
    {
      key: 'gcTeach',
      label: 'GC (TEACh)',
      percent: true,
      inTable: false,
      better: 'higher',
      weighted: { of: 'gc', weightBy: 'goalConditions' },
    },
    {
      key: 'plwSrTeach',
      label: 'PLW-SR (TEACh)',
      percent: true,
      inTable: false,
      better: 'higher',
      weighted: { of: 'plwSr', weightBy: 'oracleSteps' },
    },
    {
      key: 'plwGcTeach',
      label: 'PLW-GC (TEACh)',
      percent: true,
      inTable: false,
      better: 'higher',
      weighted: { of: 'plwGc', weightBy: 'oracleSteps' },
    },
    { key: 'errMissingStep', label: 'missing step', inTable: false, better: 'lower' },
    { key: 'errAffordance', label: 'affordance', inTable: false, better: 'lower' },
    { key: 'errUnseenObject', label: 'unseen object', inTable: false, better: 'lower' },
    { key: 'errAdditionalStep', label: 'additional step', inTable: false, better: 'lower' },
    { key: 'errWrongOrder', label: 'wrong order', inTable: false, better: 'lower' },
    { key: 'errOther', label: 'other error', inTable: false, better: 'lower' },
  ],
  table: { rows: ['agent'], columns: ['family'] },
};
