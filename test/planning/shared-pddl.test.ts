import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { plan } from '../../src/planning/plan.js';
import { validatePlan } from '../../src/planning/validate.js';
import { describeWithShared, sharedPath } from '../helpers/shared-data.js';

/** Reference plan costs from Fast Downward's runs: `${domain}/${instance}/${config}` -> cost. */
function referenceCosts(): Map<string, number> {
  const costs = new Map<string, number>();
  for (const file of [
    sharedPath('pddl', 'fast_downward_reference.csv'),
    sharedPath('pddl', 'danli-teach', 'fast_downward_reference.csv'),
  ]) {
    if (!existsSync(file)) continue;
    const [header, ...rows] = readFileSync(file, 'utf8').trim().split('\n');
    const col = (name: string) => header.split(',').indexOf(name);
    for (const row of rows) {
      const cells = row.split(',');
      if (cells[col('solved')] === 'yes') {
        costs.set(
          `${cells[col('domain')]}/${cells[col('instance')]}/${cells[col('config')]}`,
          Number(cells[col('plan_cost')]),
        );
      }
    }
  }
  return costs;
}

function instances(): { dir: string; name: string; reference: string; problemPath: string; danli: boolean }[] {
  const root = sharedPath('pddl');
  const out: { dir: string; name: string; reference: string; problemPath: string; danli: boolean }[] = [];
  for (const d of readdirSync(root).sort()) {
    const dir = join(root, d);
    if (!existsSync(join(dir, 'domain.pddl'))) continue;
    const danli = d === 'danli-teach';
    const problems = danli ? join(dir, 'problems') : dir;
    for (const f of readdirSync(problems).sort()) {
      if (!f.endsWith('.pddl') || f === 'domain.pddl') continue;
      const instance = f.replace(/\.pddl$/, '');
      out.push({
        dir,
        name: `${d}/${instance}`,
        reference: `${danli ? 'danli' : d}/${instance}`,
        problemPath: join(problems, f),
        danli,
      });
    }
  }
  return out;
}

describeWithShared([['pddl']], 'planner on every shared PDDL problem', () => {
  const reference = referenceCosts();
  const all = instances();

  it('finds the shared instances', () => {
    expect(all.length).toBeGreaterThan(0);
  });

  it.each(all.map((i) => [i.name, i] as const))(
    '%s: solved, valid, cost within 15%% of Fast Downward lazy_greedy_ff',
    (_, inst) => {
      const domain = parseDomain(readFileSync(join(inst.dir, 'domain.pddl'), 'utf8'), { file: 'domain.pddl' });
      const problem = parseProblem(readFileSync(inst.problemPath, 'utf8'), domain, { lenient: inst.danli });
      const result = plan(domain, problem);
      expect(result.solved).toBe(true);
      expect(validatePlan(domain, problem, result.plan, { expectedCost: result.cost })).toMatchObject({ valid: true });
      const fd = reference.get(`${inst.reference}/lazy_greedy_ff`);
      if (fd !== undefined) expect(result.cost).toBeLessThanOrEqual(fd * 1.15);
      if (inst.danli) {
        const fdOptimal = reference.get(`${inst.reference}/danli_max_astar_head`);
        for (const search of ['astar-hmax', 'astar-lmcut'] as const) {
          const optimal = plan(domain, problem, { search });
          expect(validatePlan(domain, problem, optimal.plan, { expectedCost: optimal.cost }).valid).toBe(true);
          if (fdOptimal !== undefined) expect(optimal.cost, search).toBe(fdOptimal);
        }
      }
    },
  );

  // The whole comparison with FD's astar(lmcut()) is `npm run perf:pddl-optimal`; here two small IPC instances,
  // checked against blind A* (optimal without any heuristic).
  it.each(['gripper/prob01', 'blocks/probBLOCKS-4-0', 'logistics00/probLOGISTICS-4-0'])(
    '%s: astar-lmcut finds an optimal plan, with fewer expansions than blind A*',
    (name) => {
      const inst = all.find((i) => i.name === name)!;
      const domain = parseDomain(readFileSync(join(inst.dir, 'domain.pddl'), 'utf8'));
      const problem = parseProblem(readFileSync(inst.problemPath, 'utf8'), domain);
      const lmcut = plan(domain, problem, { search: 'astar-lmcut' });
      const blind = plan(domain, problem, { search: 'astar-blind' });
      expect(lmcut.solved && blind.solved).toBe(true);
      expect(validatePlan(domain, problem, lmcut.plan, { expectedCost: lmcut.cost }).valid).toBe(true);
      expect(lmcut.cost).toBe(blind.cost);
      expect(lmcut.expanded).toBeLessThan(blind.expanded);
    },
  );
});
