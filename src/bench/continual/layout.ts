/** How continual episodes are reported: the paper's Tables 1 and 2 (SR % +- CI, PS +- CI per agent and level). */
import { LLM_METRICS } from '../llm.js';
import type { ReportLayout } from '../protocol.js';

export const CONTINUAL_LAYOUT: ReportLayout = {
  groupBy: ['agent', 'home', 'nonstationarity', 'instructions'],
  metrics: [
    { key: 'sr', label: 'SR', percent: true },
    { key: 'ps', label: 'PS' },
    { key: 'psCompleted', label: 'PS (completed)', inTable: false },
    { key: 'events', label: 'events', inTable: false },
    { key: 'open', label: 'open at end', inTable: false },
    { key: 'invalidSteps', label: 'failed skills', inTable: false },
    ...LLM_METRICS,
  ],
  table: { rows: ['agent'], columns: ['nonstationarity'] },
};
