/** The shapes the API answers with: the server's own types (type-only imports: nothing of the server is bundled). */

export type { EpisodeListing, RunInfo } from '../../src/bench/store.js';
export type { RunListing, TraceListing } from '../../src/server/dashboard-data.js';
export type {
  CrossMethodCellView,
  CrossMethodRowView,
  CrossMethodView,
  LayoutView,
  MetricColumn,
  PairDifference,
  PairedView,
  ReportView,
  RowView,
} from '../../src/server/report-view.js';
export type { EpisodeView } from '../../src/server/viewer/episode-view.js';
export type { FloorPlan, PlanPiece, PlanRoom } from '../../src/server/viewer/floor-plan.js';
export type { Frame, NodePlace } from '../../src/server/viewer/frames.js';
export type { ResidentNote, StepRecord, TimelineEvent } from '../../src/server/viewer/replay.js';

import type { EpisodeListing } from '../../src/bench/store.js';
import type { RunListing, TraceListing } from '../../src/server/dashboard-data.js';
import type { ReportView } from '../../src/server/report-view.js';

export interface Overview {
  store: string | null;
  recordings: string | null;
  runs: RunListing[];
  traces: TraceListing[];
}

export interface RunDetail {
  run: RunListing;
  report: ReportView;
  recorded: number[];
}

export interface EpisodePage {
  total: number;
  episodes: EpisodeListing[];
}
