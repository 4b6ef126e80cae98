/**
 * SemGro on ALFRED's and TEACh's states once it reads them right (issue 42; docs/alfred.md, docs/semgro.md): a small
 * database of the people's-words families learnt in the reserved training home, and an episode in another generated
 * home, read by the shared reader as its gold. Before the slicing's chain ended with the walk to its food, SemGro
 * walked to where the training home kept the apple (its fridge), cut nothing, and never placed a slice.
 */
import { describe, expect, it } from 'vitest';
import { SemGroAgent } from '../../../src/agents/semgro/agent.js';
import { SEMGRO_VARIANTS } from '../../../src/agents/semgro/config.js';
import { buildDatabase } from '../../../src/agents/semgro/database/build.js';
import { offlineRoles } from '../../../src/agents/semgro/offline.js';
import { primitiveText } from '../../../src/agents/semgro/primitives.js';
import { homeGraph } from '../../../src/bench/continual/episode.js';
import { prepareTrainingHome } from '../../../src/bench/episodic/semgro/settings.js';
import { SEMGRO_RESERVED_HOME } from '../../../src/bench/episodic/semgro/training.js';
import { readGoal } from '../../../src/language/read-goal.js';
import type { DerivedStates } from '../../../src/sim/derived-states.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { runAgent } from './helpers.js';

const semgro = SEMGRO_VARIANTS.find((v) => v.name === 'semgro')!.config;

describe("SemGro on ALFRED's and TEACh's states", () => {
  it('slices an apple with a knife and puts a slice in the fridge, in a home it did not learn in', async () => {
    const training = prepareTrainingHome(homeGraph(SEMGRO_RESERVED_HOME), SEMGRO_RESERVED_HOME, { people: true });
    const database = buildDatabase(training, {
      home: SEMGRO_RESERVED_HOME,
      seed: 1,
      people: true,
      patients: ['apple'],
      caps: { level3: 2, level4: 1 },
    });
    // The training home keeps its apple in the closed fridge: the slicing's chain ends at the apple, not the fridge.
    const slice = database.level(2).find((e) => e.text === 'slice apple with chefknife')!;
    expect(database.chain(slice.id).map(primitiveText).slice(-1)).toEqual(['walk apple']);

    const text = 'Slice the apple and put a slice in the fridge.';
    // The shared reader reads this text as ALFRED's gold would have it.
    expect(readGoal(text)).toMatchObject({
      ok: true,
      goal: {
        subgoals: [
          { patient: ['apple'], predicate: 'isSliced' },
          { patient: ['apple'], qualifiers: ['isSliced'], predicate: 'isPlacedTo', destination: ['fridge'] },
        ],
      },
    });
    const graph = homeGraph('gen:90533');
    const agent = new SemGroAgent('semgro', database, offlineRoles(0, semgro), semgro, 0);
    const done = (graph: EnvGraph, derived: DerivedStates) =>
      graph
        .idsOfClass('apple')
        .some((a) => derived.has(a, 'sliced') && graph.idsOfClass('fridge').some((f) => graph.hasEdge(a, 'INSIDE', f)));
    const run = await runAgent(agent, graph, text, done, 40, { physics: true });
    expect(run.done, run.steps.join('\n')).toBe(true);
  });
});
