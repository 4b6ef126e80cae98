import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { unknownWord } from '../../src/cli/command-line.js';
import { commandGroups, groupsFor } from '../../src/cli/commands/index.js';
import { buildProgram } from '../../src/cli/main.js';
import { BIN, BUILT, runCliInProcess } from '../helpers/cli.js';

describe('the command groups, loaded on demand', () => {
  it('loads only the group owning the command line first word, and every group for help or an unknown word', () => {
    expect(groupsFor(['scene', 'list']).map((g) => g.commands)).toEqual([['scene']]);
    expect(groupsFor(['worker', '--queue', 'redis://x']).map((g) => g.commands)).toEqual([['worker', 'queue']]);
    expect(groupsFor(['--help'])).toBe(commandGroups);
    expect(groupsFor(['help', 'run'])).toBe(commandGroups);
    expect(groupsFor(['scen'])).toBe(commandGroups);
  });

  it('registers each command the group says it owns, in the order help lists them', async () => {
    const program = await buildProgram();
    expect(program.commands.map((c) => c.name())).toEqual(commandGroups.flatMap((g) => g.commands));
    const scene = await buildProgram(['node', 'hearth', 'scene', 'list']);
    expect(scene.commands.map((c) => c.name())).toEqual(['scene']);
  });
});

describe('a word that names nothing is refused in one line, exit 2, whatever else the line holds', () => {
  const refused = async (args: string[], line: string) => {
    const r = await runCliInProcess(args);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`${line}\n`);
  };

  it('an unknown command, with --help after it or asked help for', async () => {
    const line = "hearth: unknown command 'frobnicate' (hearth help lists the commands)";
    await refused(['frobnicate'], line);
    await refused(['frobnicate', '--help'], line);
    await refused(['help', 'frobnicate'], line);
    await refused(
      ['rnu', '--seeds', '3'],
      "hearth: unknown command 'rnu' (did you mean run? hearth help lists the commands)",
    );
    await refused(
      ['scene', 'frobnicate', '--help'],
      "hearth scene: unknown command 'frobnicate' (hearth scene --help lists its commands)",
    );
  });

  it('an unknown option of a known command, named, with the one meant when it is a slip', async () => {
    await refused(['--frob'], "hearth: unknown option '--frob' (hearth --help lists its options)");
    await refused(
      ['run', '--seed', '21', '--help'],
      "hearth run: unknown option '--seed' (did you mean --seeds? hearth run --help lists its options)",
    );
    await refused(
      ['run', '--agents', 'oracle', '--frob=1'],
      "hearth run: unknown option '--frob' (hearth run --help lists its options)",
    );
    await refused(
      ['scene', 'show', 'cottage', '-q'],
      "hearth scene show: unknown option '-q' (hearth scene show --help lists its options)",
    );
  });

  it("reads options' values as commander does: a value that looks like a word or a flag is no command", async () => {
    const program = await buildProgram();
    expect(unknownWord(program, ['run', '--homes', 'frobnicate', '--seeds', '3'])).toBeUndefined();
    expect(unknownWord(program, ['run', '--resume', '--seeds', '3'])).toBeUndefined();
    expect(unknownWord(program, ['run', '--resume', '4', '--json'])).toBeUndefined();
    expect(unknownWord(program, ['run', '--seeds=3', '--help'])).toBeUndefined();
    expect(unknownWord(program, ['help', 'run'])).toBeUndefined();
    expect(unknownWord(program, ['read', '--', '--not-an-option'])).toBeUndefined();
    expect(unknownWord(program, ['-V'])).toBeUndefined();
  });

  it('other usage errors are one line naming the command, exit 2', async () => {
    const r = await runCliInProcess(['run', '--seeds']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe("hearth run: option '--seeds <seeds>' argument missing (hearth run --help for usage)\n");
  });

  it.skipIf(!BUILT)('through the built CLI too: exit 2 and one line on stderr', () => {
    const r = spawnSync(process.execPath, [BIN, 'frobnicate', '--help'], { encoding: 'utf8' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("hearth: unknown command 'frobnicate' (hearth help lists the commands)\n");
  });
});

describe('the help of hearth run', () => {
  it('describes both protocols and the cross-method table', async () => {
    const r = await runCliInProcess(['help', 'run']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/continual protocol/);
    expect(r.stdout).toMatch(/--protocol episodic/);
    expect(r.stdout).toMatch(/--agents methods/);
    const main = await runCliInProcess(['--help']);
    expect(main.stdout).toMatch(/run \[options\]\s+run agents .*continual.*episodic/s);
  });
});
