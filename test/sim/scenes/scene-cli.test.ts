/**
 * `hearth scene` through the CLI's own `main` in this process: lists, shows and generates homes, and refuses bad
 * input in one line with exit code 2 (the built CLI's exit code is test/cli/commands.test.ts's).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphFromJson, graphToJson, loadGraph } from '../../../src/sim/graph-io.js';
import { generateHome, homeStats, loadHome } from '../../../src/sim/scenes/index.js';
import { runCliInProcess } from '../../helpers/cli.js';
import { scratchDir } from '../../helpers/scratch.js';
import { projectRoot } from '../../helpers/shared-data.js';

/** `hearth ARGS` in the project folder (a relative home path below is relative to it). */
const hearth = (...args: string[]) => runCliInProcess(args, { cwd: projectRoot });

describe('hearth scene', () => {
  it('lists the built-in homes with their rooms and object counts', async () => {
    const { code, stdout } = await hearth('scene', 'list');
    expect(code).toBe(0);
    const cottage = homeStats(loadHome('cottage').graph);
    expect(stdout).toMatch(
      new RegExp(
        `^cottage +4 rooms, +${cottage.objects} objects, +${cottage.nodes} nodes +kitchen, livingroom, bedroom, bathroom \\(default\\)$`,
        'm',
      ),
    );
    for (const name of ['flat', 'family-house', 'studio-plus']) expect(stdout).toMatch(new RegExp(`^${name} `, 'm'));
    const json = JSON.parse((await hearth('scene', 'list', '--json')).stdout);
    expect(json.default).toBe('cottage');
    expect(json.homes.map((h: { name: string }) => h.name)).toEqual(['cottage', 'flat', 'family-house', 'studio-plus']);
    // the cities of --domain city, with their roads and buildings
    const downtown = loadHome('downtown').graph;
    expect(stdout).toMatch(
      new RegExp(`^downtown +${downtown.rooms().length} roads, 8 buildings, +${downtown.nodeCount} nodes `, 'm'),
    );
    expect(json.cities.map((c: { name: string }) => c.name)).toEqual(['downtown', 'harbour', 'suburb']);
    expect(stdout).toMatch(/gen-city:<seed>/);
  });

  it('shows a home: floor plan, passages, character, and each room with its contents', async () => {
    const { code, stdout } = await hearth('scene', 'show', 'cottage');
    expect(code).toBe(0);
    const { graph } = loadHome('cottage');
    expect(stdout.split('\n')[0]).toBe('cottage (builtin)');
    expect(stdout).toContain('passages:');
    expect(stdout).toMatch(/character \(\d+\) in livingroom \(2\)/);
    for (const room of graph.rooms()) expect(stdout).toContain(`${graph.get(room).className} (${room}):`);
    const tv = graph.idsOfClass('tv')[0];
    expect(stdout).toMatch(new RegExp(`tv \\(${tv}\\) \\[[A-Z_, ]+\\] - on tvstand`));
    expect((await hearth('scene', 'show', 'gen:12:6')).stdout).toMatch(/^gen:12:6 \(generated\)\n6 rooms/);
  });

  it('generates a home as VirtualHome JSON on stdout, equal to the library call', async () => {
    const { code, stdout } = await hearth('scene', 'generate', '--seed', '42', '--rooms', '5');
    expect(code).toBe(0);
    const printed = graphFromJson(JSON.parse(stdout));
    expect(JSON.stringify(graphToJson(printed))).toBe(JSON.stringify(graphToJson(generateHome(42, { rooms: 5 }))));
    expect(printed.rooms()).toHaveLength(5);
  });

  it('writes the home to a file with -o, gzip-compressed for .gz', async () => {
    const dir = scratchDir('scene');
    const path = join(dir, 'home.json.gz');
    const { code, stderr, stdout } = await hearth('scene', 'generate', '--seed', '9', '-o', path);
    expect(code).toBe(0);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^wrote .*home\.json\.gz: \d+ nodes, \d+ edges\n$/);
    expect(JSON.stringify(graphToJson(loadGraph(path)))).toBe(JSON.stringify(graphToJson(generateHome(9))));
    expect((await hearth('scene', 'show', path)).stdout.split('\n')[0]).toBe('home (file)');
  });

  it('fails with one clear line and exit code 2 on bad input', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['scene', 'show', 'castle'], /^hearth: unknown home "castle": expected a built-in home/],
      [['scene', 'show', 'gen:x'], /^hearth: bad generated home "gen:x"/],
      [['scene', 'generate', '--seed', 'seven'], /^hearth: --seed must be a non-negative integer, got "seven"/],
      [['scene', 'generate', '--seed', '99999999999'], /^hearth: --seed must be an integer from 0 to 4294967295/],
      [['scene', 'generate', '--seed', '1', '--rooms', '9'], /^hearth: a generated home has 4 to 6 rooms, got 9/],
      [['scene', 'show', 'missing/home.json'], /^hearth: missing\/home\.json: cannot read graph file/],
    ];
    for (const [args, message] of cases) {
      const { code, stderr } = await hearth(...args);
      expect(code, args.join(' ')).toBe(2);
      expect(stderr, args.join(' ')).toMatch(message);
      expect(stderr.trim().split('\n'), args.join(' ')).toHaveLength(1);
    }
    const missing = await hearth('scene', 'generate');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/required option '--seed <n>'/);
  });
});
