/**
 * SemGro's tables (paper 003, Tables 1-5) from a results store of `hearth run --protocol episodic --families
 * semgro,semgro-none`: episodes grouped by agent and by the setting's shift type, degree and instruction type (read
 * from the task id, `semgro/<setting>/<task>/<instruction type>`), as markdown.
 *
 * Run: npm run tables:semgro -- STORE.sqlite
 */
import Database from 'better-sqlite3';
import { degreeLabel, SEMGRO_SETTINGS } from '../src/bench/episodic/semgro/settings.js';
import { INSTRUCTION_TYPES } from '../src/bench/episodic/semgro/tasks.js';

const file = process.argv[2];
if (!file) throw new Error('usage: npm run tables:semgro -- STORE.sqlite');

interface Row {
  agent: string;
  type: string;
  degree: string;
  instruction: string;
  metrics: Record<string, number | null>;
}

const db = new Database(file, { readonly: true });
const rows: Row[] = [];
for (const { spec, result } of db.prepare("SELECT spec, result FROM episodes WHERE status = 'ok'").all() as {
  spec: string;
  result: string;
}[]) {
  const { agent, task } = JSON.parse(spec) as { agent: string; task: string };
  const [family, settingId, , instruction] = task.split('/');
  if (family !== 'semgro') continue;
  const setting = SEMGRO_SETTINGS.find((s) => s.id === settingId);
  rows.push({
    agent,
    type: setting?.type ?? 'none',
    degree: setting ? degreeLabel(setting.degree) : 'none',
    instruction,
    metrics: (JSON.parse(result) as { metrics: Record<string, number | null> }).metrics,
  });
}
db.close();

const agents = [...new Set(rows.map((r) => r.agent))].sort();
const mean = (list: Row[], key: string) => {
  const values = list.map((r) => r.metrics[key]).filter((v): v is number => typeof v === 'number');
  return values.length === 0 ? undefined : values.reduce((a, b) => a + b, 0) / values.length;
};
const pct = (x: number | undefined) => (x === undefined ? 'n/a' : `${(100 * x).toFixed(1)}%`);
const num = (x: number | undefined) => (x === undefined ? 'n/a' : x.toFixed(2));
const table = (header: string[], body: string[][]) =>
  [
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...body.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
const shifted = rows.filter((r) => r.type !== 'none');
const TYPES = ['ol', 'pa', 'rs'] as const;
const of = (agent: string, filter: (r: Row) => boolean = () => true) =>
  shifted.filter((r) => r.agent === agent && filter(r));

const out: string[] = [`Episodes: ${rows.length} (${shifted.length} on shifted settings), agents ${agents.join(', ')}`];

out.push('\nTable 1 shape: SR / CGC / Plan per instruction type and shift type\n');
out.push(
  table(
    ['instruction', 'shift', ...agents.map((a) => `${a} SR / CGC / Plan`)],
    INSTRUCTION_TYPES.flatMap((instruction) =>
      TYPES.map((type) => [
        instruction,
        type.toUpperCase(),
        ...agents.map((a) => {
          const list = of(a, (r) => r.instruction === instruction && r.type === type);
          return `${pct(mean(list, 'sr'))} / ${pct(mean(list, 'gc'))} / ${pct(mean(list, 'plan'))}`;
        }),
      ]),
    ),
  ),
);

out.push('\nPooled over the shifted settings: SR / CGC / Plan / Exec per skill / Exec per step\n');
out.push(
  table(
    ['agent', 'episodes', 'SR', 'CGC', 'Plan', 'Exec (skill)', 'Exec (step)'],
    agents.map((a) => {
      const list = of(a);
      return [a, String(list.length), ...['sr', 'gc', 'plan', 'execSkill', 'exec'].map((k) => pct(mean(list, k)))];
    }),
  ),
);

out.push('\nTables 2 and 4 shape: Plan and Exec (per semantic skill) per shift type\n');
out.push(
  table(
    ['shift', 'metric', ...agents],
    TYPES.flatMap((type) =>
      (['plan', 'execSkill'] as const).map((key) => [
        type.toUpperCase(),
        key === 'plan' ? 'Plan' : 'Exec',
        ...agents.map((a) =>
          pct(
            mean(
              of(a, (r) => r.type === type),
              key,
            ),
          ),
        ),
      ]),
    ),
  ),
);

const DEGREES = ['none', 'small', 'medium', 'large'] as const;
const byDegree = (a: string, degree: string) => rows.filter((r) => r.agent === a && r.degree === degree);
out.push('\nTable 3 shape: critic iterations per episode by degree (Obs. & Dom. = both causes; Dom. = the shift)\n');
out.push(
  table(
    ['agent', 'row', ...DEGREES],
    agents.flatMap((a) => {
      if (rows.every((r) => r.agent !== a || r.metrics.itersObs === null || r.metrics.itersObs === undefined))
        return [];
      const both = (d: string) => {
        const list = byDegree(a, d);
        const obs = mean(list, 'itersObs');
        const dom = mean(list, 'itersDom');
        return obs === undefined || dom === undefined ? undefined : obs + dom;
      };
      return [
        [a, 'Obs. & Dom.', ...DEGREES.map((d) => num(both(d)))],
        [a, 'Dom.', ...DEGREES.map((d) => num(mean(byDegree(a, d), 'itersDom')))],
      ];
    }),
  ),
);
out.push('\nExec (per semantic skill) by degree\n');
out.push(
  table(
    ['agent', ...DEGREES],
    agents.map((a) => [a, ...DEGREES.map((d) => pct(mean(byDegree(a, d), 'execSkill')))]),
  ),
);
out.push('\nSR by degree\n');
out.push(
  table(
    ['agent', ...DEGREES],
    agents.map((a) => [a, ...DEGREES.map((d) => pct(mean(byDegree(a, d), 'sr')))]),
  ),
);
process.stdout.write(`${out.join('\n')}\n`);
