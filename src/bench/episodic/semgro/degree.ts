/**
 * How far a home departs from the one a skill database was learnt in, measured rather than assumed (paper 003,
 * appendix B: the share of high-level skills that must be decomposed to run in the target domain): the share of the
 * database's skills of level 2 and above whose chain runs in the training home but fails in the other, each chain
 * run open loop from the home's start state (`runChain`, the same binding rule the agent acts by).
 */
import { runChain } from '../../../agents/semgro/chain.js';
import type { SkillDatabase } from '../../../agents/semgro/database/database.js';
import type { EnvGraph } from '../../../sim/graph.js';
import { roomPairs } from '../../../sim/skill-sets.js';

/** Which of the entries' chains run in the graph (from its start state; the graph is left as it was). */
export function chainsThatRun(database: SkillDatabase, graph: EnvGraph, ids: readonly number[]): Map<number, boolean> {
  const character = graph.characterId();
  const adjacent = roomPairs(graph);
  const out = new Map<number, boolean>();
  for (const id of ids) {
    const chain = database.chain(id);
    out.set(
      id,
      graph.tryChanges((g) => runChain(g, character, chain, { adjacent }).ok),
    );
  }
  return out;
}

/** The entries a degree is measured over: level 2 and above. */
export const measuredEntries = (database: SkillDatabase): number[] =>
  database.entries.filter((e) => e.level >= 2).map((e) => e.id);

/** A degree measurement: the share, and the entries that broke. */
export interface Degree {
  readonly value: number;
  /** Entries that run in the training home. */
  readonly base: number;
  readonly broken: readonly number[];
}

/** The degree of `shifted` against `training` (the entries that run in the training home are the base). */
export function measureDegree(
  database: SkillDatabase,
  training: EnvGraph | ReadonlyMap<number, boolean>,
  shifted: EnvGraph,
): Degree {
  const ids = measuredEntries(database);
  const base = training instanceof Map ? training : chainsThatRun(database, training as EnvGraph, ids);
  const running = ids.filter((id) => base.get(id));
  const now = chainsThatRun(database, shifted, running);
  const broken = running.filter((id) => !now.get(id));
  return { value: running.length === 0 ? 0 : broken.length / running.length, base: running.length, broken };
}
