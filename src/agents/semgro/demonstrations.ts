/**
 * In-context examples for the LLM baselines from SemGro's skill database (paper 003, appendix A: SayCan, ProgPrompt
 * and LLM-Planner retrieve their examples from the same database): each skill of level 2 and above becomes a
 * demonstration, its text the instruction and its chain, as it runs in the training home, the steps. The baselines
 * retrieve from it as from any `DemonstrationLibrary`.
 */
import type { EnvGraph } from '../../sim/graph.js';
import { roomPairs } from '../../sim/skill-sets.js';
import { DemonstrationLibrary } from '../demonstrations/library.js';
import type { Demonstration, DemonstrationStep } from '../demonstrations/types.js';
import { runChain } from './chain.js';
import type { SkillDatabase } from './database/database.js';

const entity = (graph: EnvGraph, id: number) => `${graph.get(id).className}.${id}`;

/** The demonstrations of a database's skills in its training home. */
export function databaseDemonstrations(database: SkillDatabase, training: EnvGraph, home: string): Demonstration[] {
  const character = training.characterId();
  const adjacent = roomPairs(training);
  const startRoom = training.roomOf(character)!;
  const out: Demonstration[] = [];
  for (const entry of database.entries) {
    if (entry.level < 2) continue;
    const steps: DemonstrationStep[] = training.tryChanges((g) => {
      const run = runChain(g, character, database.chain(entry.id), { adjacent });
      if (!run.ok) return [];
      // Names as the training home's graph gives them (a node's class never changes while the chain runs).
      return run.steps.map((skill, i) => ({
        action: skill.action,
        objects: skill.objects.map((id) => entity(training, id)),
        room: entity(training, run.rooms[i]),
      }));
    });
    if (steps.length === 0) continue;
    out.push({
      id: `semgro:${entry.id}`,
      domain: 'virtualhome',
      home,
      instructions: [entry.text],
      startRoom: entity(training, startRoom),
      visible: [...entry.objects],
      facts: [],
      steps,
    });
  }
  return out;
}

export function semgroDemonstrations(database: SkillDatabase, training: EnvGraph, home: string): DemonstrationLibrary {
  return new DemonstrationLibrary(databaseDemonstrations(database, training, home));
}
