import { it } from 'vitest';
import { SemGroAgent } from '../../../src/agents/semgro/agent.js';
import { offlineRoles } from '../../../src/agents/semgro/offline.js';
import { SEMGRO_VARIANTS } from '../../../src/agents/semgro/config.js';
import { moveObject } from '../../../src/sim/dynamics/edits.js';
import { loadHome } from '../../../src/sim/scenes/homes.js';
import { cottageDatabase, runAgent } from './helpers.js';
it('debug', async () => {
  const database = cottageDatabase();
  const config = SEMGRO_VARIANTS[0].config;
  const agent = new SemGroAgent('semgro', database, offlineRoles(0, config), config, 0);
  const graph = loadHome('cottage').graph;
  moveObject(graph, 28, { relation: 'INSIDE', host: 17 });
  const onTable = (g: typeof graph) => g.hasEdge(28, 'ON', 27) && g.hasEdge(29, 'ON', 27);
  const run = await runAgent(agent, graph, 'Put the fruit on the kitchen table.', onTable, 40);
  console.log(run.done, run.steps.join('\n'));
  console.log(JSON.stringify((agent.stats() as any).skills.map((s: any) => `${s.level} ${s.text} ${s.ok}`)));
  console.log(database.entries.filter(e => e.level >= 3).map(e => e.level + ' ' + e.text).join('\n'));
});
