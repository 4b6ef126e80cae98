/**
 * The shape of the cross-method table (rows agents, columns families, a summary per metric in each cell), apart from
 * cross-method.ts, which builds and prints it: the run report carries a table (report.ts) and the table's printing
 * uses the report's formatting, so the shape stands below both.
 */
import type { MetricSummary } from '../stats.js';

export interface CrossMethodCell {
  /** Finished episodes (those the means are over). */
  readonly episodes: number;
  /** Failed episodes, left out of the means. */
  readonly failed: number;
  /** The first line of the first failure's error, when some failed. */
  readonly error?: string;
  /** One summary per metric of the table (`CrossMethodTable.metrics`). */
  readonly metrics: Readonly<Record<string, MetricSummary>>;
}

export interface CrossMethodRow {
  readonly agent: string;
  /** Given something the others must find out (`privileges` says what); listed after the contenders. */
  readonly reference: boolean;
  readonly privileges: readonly string[];
  /** The share of the row's finished episodes whose text the agent read (null: it was given the meanings). */
  readonly read: MetricSummary;
  /** By family; a family the agent ran no episode of has no cell. */
  readonly cells: Readonly<Record<string, CrossMethodCell>>;
}

export interface CrossMethodSection {
  /** The homes the section pools over (one home with `perHome`). */
  readonly homes: readonly string[];
  readonly families: readonly string[];
  /** Finished and failed episodes per family (the most any agent of the section has). */
  readonly episodes: Readonly<Record<string, number>>;
  readonly rows: readonly CrossMethodRow[];
}

export interface CrossMethodTable {
  /** Metric keys each cell summarises. */
  readonly metrics: readonly string[];
  /** One section per home, or one over every home. */
  readonly perHome: boolean;
  readonly seeds: readonly number[];
  readonly sections: readonly CrossMethodSection[];
}
