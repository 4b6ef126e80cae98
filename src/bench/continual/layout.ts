/** How continual episodes are reported: the paper's Tables 1 and 2 (SR % +- CI, PS +- CI per agent and level). */
import { LLM_METRICS } from '../llm.js';
import type { ReportLayout } from '../protocol.js';

export const CONTINUAL_LAYOUT: ReportLayout = {
  groupBy: ['agent', 'home', 'nonstationarity', 'instructions'],
  metrics: [
    { key: 'sr', label: 'SR', percent: true, better: 'higher' },
    { key: 'ps', label: 'PS', better: 'lower' },
    { key: 'psCompleted', label: 'PS (completed)', inTable: false, better: 'lower' },
    { key: 'psAtStart', label: 'PS (open at start)', inTable: false, better: 'lower' },
    { key: 'psAfterChanges', label: 'PS (after changes)', inTable: false, better: 'lower' },
    { key: 'events', label: 'events', inTable: false },
    { key: 'open', label: 'open at end', inTable: false, better: 'lower' },
    { key: 'invalidSteps', label: 'failed skills', inTable: false, better: 'lower' },
    ...LLM_METRICS,
  ],
  table: { rows: ['agent'], columns: ['nonstationarity'] },
};
