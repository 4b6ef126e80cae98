/**
 * `npm run tables:helper -- --store FILE [--runs 3,4]`: HELPER's personalization (paper 001, section 4.4) from the
 * `teach-personal` episodes of runs kept in a results store: per routine and number of modifications, the requests
 * that reached the changed routine's goal by execution, and those whose program matches it (the goals of the blocks
 * the agent planned, `# goal:` comments, are the task's goals), out of those run; with the paper's 37 of 40 beside.
 */
import { parseArgs } from 'node:util';
import { parseProgram } from '../src/agents/helper/program.js';
import { referenceAgents } from '../src/agents/registry.js';
import { PERSONAL_TASKS } from '../src/bench/episodic/tasks/personal.js';
import { ResultsStore } from '../src/bench/store.js';
import { formatGoal } from '../src/sim/subgoal-text.js';
import { chosenRunIds } from './store-runs.js';

const { values } = parseArgs({ options: { store: { type: 'string' }, runs: { type: 'string' } } });
if (!values.store) throw new Error('--store FILE: the results store of the runs to tabulate');

const GOALS = new Map(PERSONAL_TASKS.map((t) => [t.id, [...t.subgoals.map(formatGoal)].sort()]));

/** Whether the goals of the programs carried out are the task's goals (each once). */
function programMatches(task: string, programs: readonly string[]): boolean {
  const planned = new Set(
    programs.flatMap((p) => parseProgram(p).blocks.flatMap((b) => (b.goal ? [formatGoal(b.goal)] : []))),
  );
  return JSON.stringify([...planned].sort()) === JSON.stringify(GOALS.get(task));
}

interface Cell {
  reached: number;
  matched: number;
  run: number;
}
const cells = new Map<string, Cell>();
const agents = new Set<string>();
const store = ResultsStore.open(values.store, { readonly: true });
const runIds = chosenRunIds(store, values.runs, 'episodic');
for (const id of runIds) {
  for (const episode of store.episodes(id)) {
    const task = String(episode.spec.task);
    if (episode.status !== 'ok' || !episode.result || !GOALS.has(task)) continue;
    const agent = String(episode.spec.agent);
    agents.add(agent);
    const details = episode.result.details as { agent?: { programs?: string[]; feedbackRounds?: number } } | undefined;
    const programs = details?.agent?.programs;
    const key = `${agent}\u0000${task}`;
    const cell = cells.get(key) ?? { reached: 0, matched: 0, run: 0 };
    cell.run++;
    if ((episode.result.metrics as Record<string, number>).sr === 1) cell.reached++;
    // The first program alone: what the agent made of the request before any feedback.
    if (programs && programs.length > 0 && programMatches(task, programs.slice(0, 1))) cell.matched++;
    cells.set(key, cell);
  }
}
store.close();

// Agents given what the others must find out (HELPER's simulated user) are references, marked as the CLI marks them.
const references = referenceAgents();
for (const agent of agents) {
  const given = references[agent];
  const name = given ? `${agent} * (reference, given ${given.join(', ')})` : agent;
  const routines = [...new Set(PERSONAL_TASKS.map((t) => t.id.split('/')[1]))];
  process.stdout.write(
    `\n${name}: requests reaching the changed routine's goal by execution / whose first program matches it, ` +
      'over the homes and seeds run\n\n| routine | 0 changes | 1 | 2 | 3 |\n| --- | ---: | ---: | ---: | ---: |\n',
  );
  let reached = 0;
  let matched = 0;
  let run = 0;
  for (const routine of routines) {
    const row = [0, 1, 2, 3].map((k) => {
      const cell = cells.get(`${agent}\u0000teach-personal/${routine}/${k}`);
      if (!cell) return 'not run';
      reached += cell.reached;
      matched += cell.matched;
      run += cell.run;
      return `${cell.reached}/${cell.matched} of ${cell.run}`;
    });
    process.stdout.write(`| ${routine} | ${row.join(' | ')} |\n`);
  }
  const per40 = (n: number) => ((40 * n) / Math.max(run, 1)).toFixed(1);
  process.stdout.write(
    `\nreached by execution: ${reached} of ${run} (${per40(reached)} of 40); program match: ${matched} of ${run} ` +
      `(${per40(matched)} of 40). Paper (a person judging the program): 37 of 40.\n`,
  );
}
