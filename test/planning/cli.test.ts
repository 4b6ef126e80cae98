import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';
import { GRIPPER_DOMAIN, gripperProblem, TRAP_DOMAIN, TRAP_PROBLEM } from './fixtures.js';

const dir = scratchDir('plan');
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const domain = write('domain.pddl', GRIPPER_DOMAIN);
const problem = write('problem.pddl', gripperProblem(2));
const trapDomain = write('trap-domain.pddl', TRAP_DOMAIN);
const trapProblem = write('trap-problem.pddl', TRAP_PROBLEM);

async function run(...args: string[]): Promise<{ out: string; err: string; code: number }> {
  let out = '';
  let err = '';
  const o = vi.spyOn(process.stdout, 'write').mockImplementation((s) => {
    out += String(s);
    return true;
  });
  const e = vi.spyOn(process.stderr, 'write').mockImplementation((s) => {
    err += String(s);
    return true;
  });
  try {
    process.exitCode = 0;
    await main(['node', 'hearth', 'plan', ...args]);
    return { out, err, code: Number(process.exitCode ?? 0) };
  } finally {
    o.mockRestore();
    e.mockRestore();
  }
}

afterEach(() => {
  process.exitCode = 0;
});

describe('hearth plan', () => {
  it('prints the plan, its length and cost, search counts and phase times', async () => {
    const { out, code } = await run(domain, problem);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.filter((l) => l.startsWith('(')).length).toBe(5);
    expect(out).toMatch(/; plan length 5, cost 5/);
    expect(out).toMatch(/; expanded \d+, generated \d+, evaluated \d+ states/);
    expect(out).toMatch(/; times: parse [\d.]+ ms, ground [\d.]+ ms, search [\d.]+ ms, total [\d.]+ ms/);
  });

  it('--json gives exactly the documented fields (and a few more)', async () => {
    const { out, code } = await run(domain, problem, '--json', '--search', 'astar-hmax');
    expect(code).toBe(0);
    const result = JSON.parse(out);
    expect(result).toMatchObject({ solved: true, cost: 5, length: 5 });
    expect(result.plan).toHaveLength(5);
    expect(typeof result.expanded).toBe('number');
    expect(typeof result.generated).toBe('number');
    expect(Object.keys(result.timesMs).sort()).toEqual(['ground', 'parse', 'search', 'total']);
  });

  it('--search astar-lmcut plans optimally', async () => {
    const { out, code } = await run(domain, problem, '--json', '--search', 'astar-lmcut');
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ solved: true, cost: 5, search: 'astar-lmcut' });
  });

  it("reports the first plan's cost and the anytime phase's in --json (costFirst, improvements)", async () => {
    // Lazy greedy search puts the mug in the cabinet at cost 22; the anytime phase finds the optimum, 12.
    const alf = join(projectRoot, 'test', 'planning', 'fixtures', 'alfworld-style');
    const args = [join(alf, 'domain.pddl'), join(alf, 'pick_and_place_simple-mug-cabinet.pddl'), '--json'];
    const first = JSON.parse((await run(...args, '--anytime', '0')).out);
    expect(first).toMatchObject({ solved: true, cost: 22, costFirst: 22, improvements: 0 });
    const improved = JSON.parse((await run(...args, '--anytime', '5')).out);
    expect(improved).toMatchObject({ solved: true, cost: 12, costFirst: 22 });
    expect(improved.improvements).toBeGreaterThan(0);
    const text = (await run(...args.slice(0, 2), '--anytime', '5')).out;
    expect(text).toMatch(/; plan length 5, cost 12\n; first plan cost 22, \d+ cheaper plan\(s\) found after it/);
  });

  it('--strict prints each deviation read as a warning with file and line', async () => {
    const alf = join(projectRoot, 'test', 'planning', 'fixtures', 'alfworld-style');
    const { out, code } = await run(
      join(alf, 'domain.pddl'),
      join(alf, 'look_at_obj_in_light-book-desklamp.pddl'),
      '--strict',
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^warning: .*domain\.pddl:68:21: ',' in a typed list read as a separator/m);
  });

  it('reports an unsolvable problem with solved false and exit code 1', async () => {
    const { out, code } = await run(trapDomain, trapProblem, '--json');
    expect(code).toBe(1);
    expect(JSON.parse(out)).toMatchObject({ solved: false, plan: [], status: 'unsolvable' });
  });

  it('bad input gives one error line and exit code 2', async () => {
    const broken = write('broken.pddl', '(define (domain x)\n  (:predicates (p)');
    const cases = [
      [broken, problem],
      [join(dir, 'missing.pddl'), problem],
      [problem, domain],
      [domain, problem, '--search', 'dfs'],
      [domain, problem, '--time-limit', 'soon'],
      [domain, problem, '--anytime', '-1'],
    ];
    for (const args of cases) {
      const { err, code, out } = await run(...args);
      expect(code).toBe(2);
      expect(out).toBe('');
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(err).toMatch(/^hearth: /);
    }
    expect((await run(broken, problem)).err).toMatch(/broken\.pddl:2:19: expected '\)' to close the list/);
  });
});
