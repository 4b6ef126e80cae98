/**
 * `npm run tables:llm-state -- --store FILE [--runs 3,4]`: LLM-State's Tables I and II (paper 002) from the episodes
 * of `hearth run --protocol episodic` runs kept in a results store: per task the runs solved out of those run and the
 * average steps (failures at the task's cap, as the paper counts them), Simple and Hard means, with the paper's figures
 * beside. Agents the runs do not hold are shown as not run.
 *
 * The paper's rows map to hearth's agents: InnerMonologue-W -> `inner-monologue-w`, ProgPrompt -> `progprompt`, "w/o
 * States" -> `llm-state-no-states`, "w/o Summary" -> `llm-state-no-summary`, "w/o Objects" -> `llm-state-no-objects`,
 * Ours -> `llm-state`. With the offline roles the LLM-State rows are hearth's symbolic implementation of the roles,
 * not a model: the page says which roles ran.
 */
import { parseArgs } from 'node:util';
import { LLM_STATE_TASKS } from '../src/bench/episodic/tasks/llm-state.js';
import { ResultsStore } from '../src/bench/store.js';
import { chosenRunIds } from './store-runs.js';

const { values } = parseArgs({ options: { store: { type: 'string' }, runs: { type: 'string' } } });
if (!values.store) throw new Error('--store FILE: the results store of the runs to tabulate');

/** The paper's Table I: per task, solved of 5 and average steps, for InnerM-W, ProgPrompt, w/o States, Ours. */
const TABLE_I: Readonly<Record<string, readonly [number, number][]>> = {
  'llm-state/bedroom-light-off': [
    [5, 4.0],
    [5, 7.0],
    [5, 6.2],
    [5, 6.2],
  ],
  'llm-state/open-fridge': [
    [5, 4.2],
    [5, 3.0],
    [5, 4.0],
    [5, 4.4],
  ],
  'llm-state/book-on-desk': [
    [3, 19.4],
    [5, 5.2],
    [5, 4.8],
    [5, 5.0],
  ],
  'llm-state/all-lights-off': [
    [1, 29.6],
    [5, 15.0],
    [3, 24.4],
    [5, 18.8],
  ],
  'llm-state/use-computer': [
    [4, 8.8],
    [4, 9.4],
    [4, 8.4],
    [4, 8.4],
  ],
  'llm-state/magazine-on-bed': [
    [4, 13.4],
    [5, 15.0],
    [3, 16.6],
    [4, 14.8],
  ],
  'llm-state/make-toast': [
    [4, 13.4],
    [5, 12.4],
    [5, 8.0],
    [5, 8.6],
  ],
  'llm-state/heat-milk': [
    [0, 30.0],
    [0, 30.0],
    [4, 14.6],
    [4, 17.6],
  ],
  'llm-state/toothbrush-facecream-cabinet': [
    [0, 60],
    [0, 60],
    [0, 60],
    [4, 36.8],
  ],
  'llm-state/empty-kitchen-table': [
    [0, 150],
    [0, 150],
    [0, 150],
    [2, 131.0],
  ],
  'llm-state/wineglass-juice-desk': [
    [0, 50],
    [0, 50],
    [0, 50],
    [3, 41.4],
  ],
  'llm-state/toasts-3': [
    [0, 60],
    [0, 60],
    [2, 55.8],
    [5, 40.0],
  ],
  'llm-state/toasts-6': [
    [0, 120],
    [0, 120],
    [0, 120],
    [4, 92.6],
  ],
  'llm-state/toasts-2': [
    [0, 100],
    [0, 100],
    [0, 100],
    [4, 66.8],
  ],
  'llm-state/take-away-three': [
    [0, 100],
    [0, 100],
    [1, 86.8],
    [5, 38.2],
  ],
};
/** The paper's means (Tables I and II), Simple and Hard, in percent. */
const PAPER_MEANS: Readonly<Record<string, readonly [number, number]>> = {
  'inner-monologue-w': [65.0, 0.0],
  progprompt: [85.0, 0.0],
  'llm-state-no-states': [85.0, 8.71],
  'llm-state-no-summary': [92.5, 14.29],
  'llm-state-no-objects': [95.0, 64.86],
  'llm-state': [92.5, 77.14],
};
const TABLE_I_AGENTS = ['inner-monologue-w', 'progprompt', 'llm-state-no-states', 'llm-state'];
const TABLE_II_AGENTS = ['llm-state-no-states', 'llm-state-no-summary', 'llm-state-no-objects', 'llm-state'];

interface Cell {
  solved: number;
  runs: number;
  steps: number;
}

const store = ResultsStore.open(values.store, { readonly: true });
const runIds = chosenRunIds(store, values.runs, 'episodic');
const cells = new Map<string, Cell>();
const roles = new Map<string, string>();
const settings = new Set<string>();
for (const id of runIds) {
  const run = store.getRun(id);
  if (run)
    settings.add(
      `slip ${run.config.slip ?? 0}${run.config.maxSteps ? `, steps capped at ${run.config.maxSteps}` : ''}`,
    );
  for (const episode of store.episodes(id)) {
    if (episode.status !== 'ok' || !episode.result) continue;
    const agent = String(episode.spec.agent);
    const task = String(episode.spec.task);
    if (!(task in TABLE_I)) continue;
    const metrics = episode.result.metrics as Record<string, number>;
    const key = `${agent}\u0000${task}`;
    const cell = cells.get(key) ?? { solved: 0, runs: 0, steps: 0 };
    cell.runs++;
    cell.solved += metrics.sr === 1 ? 1 : 0;
    cell.steps += metrics.steps;
    cells.set(key, cell);
    const details = episode.result.details as { agent?: { roles?: Record<string, string> } } | undefined;
    const policy = details?.agent?.roles?.policy;
    if (policy) roles.set(agent, policy.startsWith('offline') ? 'offline roles' : 'LLM roles');
  }
}
store.close();

const cell = (agent: string, task: string) => cells.get(`${agent}\u0000${task}`);
const family = (f: string) => LLM_STATE_TASKS.filter((t) => t.family === f).map((t) => t.id);
const mean = (agent: string, f: string): number | undefined => {
  const list = family(f)
    .map((t) => cell(agent, t))
    .filter((c): c is Cell => c !== undefined);
  if (list.length === 0) return undefined;
  const solved = list.reduce((s, c) => s + c.solved, 0);
  const runs = list.reduce((s, c) => s + c.runs, 0);
  return (100 * solved) / runs;
};
const label = (agent: string) => `\`${agent}\`${roles.has(agent) ? ` (${roles.get(agent)})` : ''}`;
const pct = (value: number | undefined) => (value === undefined ? 'not run' : `${value.toFixed(1)}%`);

const out: string[] = [];
out.push(`Runs ${runIds.join(', ')} of ${values.store} (${[...settings].join('; ')}).`, '');
out.push('**Table I** (hearth: solved / runs, average steps; paper: solved / 5, average steps)', '');
out.push(`| task | ${TABLE_I_AGENTS.map((a) => `${label(a)} | paper`).join(' | ')} |`);
out.push(`| --- | ${TABLE_I_AGENTS.map(() => '---: | ---:').join(' | ')} |`);
for (const f of ['llm-state-simple', 'llm-state-hard']) {
  for (const task of family(f)) {
    const text = LLM_STATE_TASKS.find((t) => t.id === task)!.text;
    const row = TABLE_I_AGENTS.map((agent, i) => {
      const c = cell(agent, task);
      const [solved, steps] = TABLE_I[task][i];
      const ours = c ? `${c.solved}/${c.runs}, ${(c.steps / c.runs).toFixed(1)}` : 'not run';
      return `${ours} | ${solved}/5, ${steps.toFixed(1)}`;
    });
    out.push(`| ${text} | ${row.join(' | ')} |`);
  }
  const name = f === 'llm-state-simple' ? 'Simple' : 'Hard';
  const index = f === 'llm-state-simple' ? 0 : 1;
  out.push(
    `| **${name} mean** | ${TABLE_I_AGENTS.map((a) => `${pct(mean(a, f))} | ${PAPER_MEANS[a][index].toFixed(2)}%`).join(' | ')} |`,
  );
}
out.push('', '**Table II** (mean SR; hearth | paper)', '');
out.push(`| family | ${TABLE_II_AGENTS.map((a) => `${label(a)} | paper`).join(' | ')} |`);
out.push(`| --- | ${TABLE_II_AGENTS.map(() => '---: | ---:').join(' | ')} |`);
for (const [name, f, index] of [
  ['Simple', 'llm-state-simple', 0],
  ['Hard', 'llm-state-hard', 1],
] as const) {
  out.push(
    `| ${name} | ${TABLE_II_AGENTS.map((a) => `${pct(mean(a, f))} | ${PAPER_MEANS[a][index].toFixed(2)}%`).join(' | ')} |`,
  );
}
process.stdout.write(`${out.join('\n')}\n`);
