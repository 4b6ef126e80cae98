/** How episodic episodes are reported: SR, GC, PLW-SR, PLW-GC, AS, Exec per agent and task family (DANLI Table 1). */
import type { ReportLayout } from '../protocol.js';

export const EPISODIC_LAYOUT: ReportLayout = {
  groupBy: ['agent', 'family', 'home'],
  metrics: [
    { key: 'sr', label: 'SR', percent: true },
    { key: 'gc', label: 'GC', percent: true },
    { key: 'plwSr', label: 'PLW-SR', percent: true },
    { key: 'plwGc', label: 'PLW-GC', percent: true },
    { key: 'steps', label: 'AS', digits: 1 },
    { key: 'exec', label: 'Exec', percent: true },
    { key: 'oracleSteps', label: 'L*', digits: 1, inTable: false },
    { key: 'errMissingStep', label: 'missing step', inTable: false },
    { key: 'errAffordance', label: 'affordance', inTable: false },
    { key: 'errUnseenObject', label: 'unseen object', inTable: false },
    { key: 'errAdditionalStep', label: 'additional step', inTable: false },
    { key: 'errWrongOrder', label: 'wrong order', inTable: false },
    { key: 'errOther', label: 'other error', inTable: false },
  ],
  table: { rows: ['agent'], columns: ['family'] },
};
