/**
 * `hearth run --agents methods`: the episodic protocol implied (another one refused), every family by default (the
 * data families left out with a note where their data is missing), the cross-method table printed by default and
 * on request for any episodic run, and its flags refused where they do not apply. All in this process (the CLI's own
 * `main`), the one run too: two tasks, one seed, steps capped.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { methodAgents } from '../../src/agents/methods.js';
import { getAgent } from '../../src/agents/registry.js';
import { DATA_FAMILIES, NAMED_FAMILIES, TASK_FAMILIES } from '../../src/bench/episodic/task.js';
import { everyFamily, expandMethodsOption } from '../../src/cli/commands/run.js';
import { runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';

async function refuse(args: string[], message: RegExp) {
  const r = await runCliInProcess(['run', ...args]);
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(message);
}

describe('hearth run --agents methods: what it expands to', () => {
  const sources = { protocol: false, families: false };

  it('names the table agents and implies the episodic protocol', () => {
    const options: Record<string, unknown> = { agents: 'methods', protocol: 'continual', families: 'teach' };
    expect(expandMethodsOption(options, sources)).toEqual({ methods: true, everyFamily: true });
    expect(options.agents).toBe(methodAgents().join(','));
    expect(options.protocol).toBe('episodic');
  });

  it('takes every family, the data families only where their data is, with a note for each left out', () => {
    // No shared data here (loading EAI's takes seconds): the data families are left out, each with a note.
    const before = process.env.HEARTH_SHARED_DATA;
    process.env.HEARTH_SHARED_DATA = scratchDir('no-shared-data');
    try {
      const notes: string[] = [];
      expect(everyFamily((line) => notes.push(line))).toEqual([...TASK_FAMILIES, ...NAMED_FAMILIES]);
      expect(notes).toHaveLength(DATA_FAMILIES.length);
      expect(notes[0]).toMatch(/^note: family progprompt left out: the progprompt family needs ProgPrompt's data at /);
      expect(notes[1]).toMatch(/^note: family eai left out: the eai family needs /);
    } finally {
      if (before === undefined) delete process.env.HEARTH_SHARED_DATA;
      else process.env.HEARTH_SHARED_DATA = before;
    }
  });

  it('keeps the families or tasks the command names, and lists without the word alone', () => {
    const named: Record<string, unknown> = { agents: 'methods,danli-no-replanning', families: 'teach', tasks: '' };
    expect(expandMethodsOption(named, { protocol: false, families: true })).toEqual({
      methods: true,
      everyFamily: false,
    });
    expect(String(named.agents).split(',').at(-1)).toBe('danli-no-replanning');
    const tasks: Record<string, unknown> = { agents: 'methods', tasks: 'teach/coffee' };
    expect(expandMethodsOption(tasks, sources).everyFamily).toBe(false);
    const plain: Record<string, unknown> = { agents: 'oracle,danli' };
    expect(expandMethodsOption(plain, sources)).toEqual({ methods: false, everyFamily: false });
    expect(plain.agents).toBe('oracle,danli');
  });

  it('refuses another protocol, and the table flags where they do not apply', async () => {
    await refuse(
      ['--agents', 'methods', '--protocol', 'continual'],
      /--agents methods: the cross-method table runs the episodic protocol .*leave out --protocol continual/,
    );
    await refuse(['--table', 'compact'], /--table compact: the form of the episodic report; add --protocol episodic/);
    await refuse(['--agents', 'methods', '--table', 'long'], /--table: unknown value 'long' \(known: compact, wide\)/);
    await refuse(
      ['--protocol', 'episodic', '--per-home'],
      /--per-home splits the cross-method table by home: use it with --table compact/,
    );
    await refuse(['--agents', 'methods', '--columns', 'sr,ps'], /--columns: unknown metric 'ps'/);
    await refuse(['--agents', 'methods', '--paired', 'oracle'], /--paired oracle: .*add --table wide/);
  });
});

describe('hearth run --agents methods: the cross-method table of a small run', () => {
  const dir = scratchDir('methods');
  const TASKS = ['--tasks', 'llm-state/open-fridge,teach/coffee', '--seeds', '1', '--steps', '12', '--workers', '0'];

  it('prints the cross-method table by default, and the wide tables with --table wide', async () => {
    const store = ['--store', join(dir, 'methods.sqlite'), '--quiet'];
    const compact = await runCliInProcess(['run', '--agents', 'methods', ...TASKS, ...store]);
    // An agent that cannot run a family yet fails its episodes (exit 3); the table still prints.
    expect([0, 3], compact.stderr).toContain(compact.code);
    const lines = compact.stdout.split('\n');
    expect(lines[0]).toMatch(
      /^cross-method table: SR over the episodes of each cell \(SR with its 95% Wilson interval\), home cottage/,
    );
    const header = lines.find((line) => line.startsWith('agent '))!;
    expect(header).toMatch(/\| n=1\s+n=1\s+\| read$/);
    const agents = methodAgents();
    const labels = lines
      .slice(lines.indexOf(header) + 2)
      .filter((line) => line.includes(' | '))
      .map((line) => line.split(' | ')[0].trim());
    // The privileged agents named with what each is given, after the others: the order `methods` gives.
    const named = (agent: string) => {
      const given = getAgent(agent).privileges;
      return given.length > 0 ? `${agent} [${given.join(', ')}]` : agent;
    };
    expect(labels).toEqual(agents.map(named));
    expect(labels).toContain('helper [user-feedback]');
    expect(lines.find((line) => line.startsWith('oracle [meanings, true-state] '))).toMatch(
      /\| 100% \(21-100%\)\s+100% \(21-100%\)\s+\| n\/a$/,
    );
    expect(compact.stdout).toContain('  user-feedback: a simulated user who says which goal conditions are unmet\n');

    const wide = await runCliInProcess([
      'run',
      '--agents',
      'methods',
      ...TASKS,
      ...store,
      '--resume',
      '--table',
      'wide',
    ]);
    expect(wide.stdout).toMatch(/^episodic: home cottage/);
    expect(wide.stdout).toMatch(/family llm-state-simple/);
  }, 120_000);
});
