/**
 * `hearth sim` through the CLI's own `main` in this process (the built CLI's exit codes are
 * test/cli/commands.test.ts's and test/cli/read.test.ts's). Bad input must give one clear line on stderr, no stack
 * trace, and exit code 2.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';

const HOME = join(projectRoot, 'examples', 'home.json');

const hearth = (...args: string[]) => runCliInProcess(args);

const dir = scratchDir('cli');
function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}
const program = (...lines: string[]) =>
  file(`p${Math.random().toString(36).slice(2)}.txt`, `Title\nDescription\n\n\n${lines.join('\n')}\n`);

describe('hearth sim replay', () => {
  it('replays the built-in example with no arguments', async () => {
    const r = await hearth('sim', 'replay');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^ 1 ok {3}\[WALK\] <fridge> \(11\)$/m);
    expect(r.stdout).toContain('executable: yes');
    expect(r.stdout).toContain('tv (22): [OFF, PLUGGED_IN] -> [ON, PLUGGED_IN]');
  });

  it('prints one JSON object with --json', async () => {
    const r = await hearth(
      'sim',
      'replay',
      HOME,
      program('[WALK] <mug> (14)', '[GRAB] <mug> (14)', '[GRAB] <mug> (14)'),
      '--json',
    );
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(Object.keys(out)).toEqual(['steps', 'edgesAdded', 'edgesRemoved', 'stateChanges', 'executable']);
    expect(out.executable).toBe(false);
    expect(out.steps).toHaveLength(3);
    expect(out.steps[2]).toEqual({
      action: '[GRAB] <mug> (14)',
      ok: false,
      error: '<mug> (14) already grabbed when executing "[GRAB] <mug> (14) [2]"',
      errorKind: 'additional_step',
    });
    expect(out.edgesAdded).toContainEqual([1, 'HOLDS_RH', 14]);
    expect(out.edgesRemoved).toContainEqual([14, 'ON', 12]);
    expect(out.stateChanges).toEqual({});
  });

  const badInput: [string, () => string[], RegExp][] = [
    [
      'a malformed graph',
      () => [file('bad.json', '{"nodes": [ {"id": 1,'), program('[WALK] <tv> (22)')],
      /bad\.json:1:\d+: invalid JSON/,
    ],
    [
      'a graph with an unknown state',
      () => [
        file(
          'state.json',
          JSON.stringify({
            nodes: [{ id: 1, class_name: 'kitchen', category: 'Rooms', properties: [], states: ['MELTED'] }],
            edges: [],
          }),
        ),
        program('[WALK] <kitchen> (1)'),
      ],
      /unknown state "MELTED"/,
    ],
    ['an unknown action', () => [HOME, program('[WALK] <tv> (22)', '[FLY] <tv> (22)')], /:6: unknown action "FLY"/],
    [
      'a wrong arity',
      () => [HOME, program('[PUTIN] <mug> (14)')],
      /:5: wrong number of objects for PUTIN: got 1, expected 2/,
    ],
    [
      'an id not in the graph',
      () => [HOME, program('[WALK] <tv> (22)', '[GRAB] <cup> (999)')],
      /:6: object id 999 \(<cup>\) is not a node of the graph/,
    ],
    ['a non-numeric id', () => [HOME, program('[GRAB] <mug> (mug)')], /:5: non-numeric object id "mug"/],
    [
      'a missing file',
      () => [join(dir, 'nope.json'), program('[WALK] <tv> (22)')],
      /nope\.json: cannot read graph file: ENOENT/,
    ],
    ['a graph without a program', () => [HOME], /takes a graph and a program, or neither/],
  ];

  it.each(badInput)('rejects %s with one line on stderr and exit code 2', async (_, args, message) => {
    const r = await hearth('sim', 'replay', ...args());
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^hearth: /);
    expect(lines[0]).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('hearth sim show', () => {
  it('summarises a graph by room', async () => {
    const r = await hearth('sim', 'show', HOME);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('24 nodes, 32 edges, 3 rooms');
    expect(r.stdout).toContain('milk (15) - in fridge (11)');
  });

  it('rejects a malformed graph with exit code 2', async () => {
    const r = await hearth('sim', 'show', file('broken.json', '[1, 2'));
    expect(r.code).toBe(2);
    expect(r.stderr.trimEnd().split('\n')).toHaveLength(1);
  });
});
