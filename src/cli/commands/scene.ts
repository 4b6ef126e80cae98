/**
 * `hearth scene`: list the built-in homes and cities, show one (a built-in name, gen:<seed>, gen-city:<seed>, or a
 * graph file), generate a home as VirtualHome JSON, and shift one (SemGro's domain shifts, `semgro.ts`).
 */
import type { Command } from 'commander';
import { catalogClass } from '../../sim/catalog/index.js';
import { builtinCities, isCalling } from '../../sim/city/index.js';
import type { EnvGraph } from '../../sim/graph.js';
import { graphToJson, saveGraph } from '../../sim/graph-io.js';
import {
  builtinHomes,
  checkHome,
  checkSeed,
  DEFAULT_HOME,
  generateHome,
  homeStats,
  loadHome,
  MAX_ROOMS,
  MIN_ROOMS,
  roomAdjacency,
} from '../../sim/scenes/index.js';
import { describeGraph } from '../../sim/summary.js';
import { InputError } from '../../util/errors.js';
import { registerShiftCommand } from './semgro.js';

export function registerSceneCommands(program: Command): void {
  const scene = program
    .command('scene')
    .description('homes: list the built-in ones, show one, generate one from a seed, shift one');

  scene
    .command('list')
    .description('list the built-in homes with their rooms and object counts, and the built-in cities')
    .option('--json', 'print one JSON object instead of a table')
    .action((options: { json?: boolean }) => {
      const rows = builtinHomes().map((home) => {
        const stats = homeStats(loadHome(home.name).graph);
        return { name: home.name, ...stats, seed: home.seed, description: home.description };
      });
      const cities = builtinCities().map((city) => {
        const graph = loadHome(city.name).graph;
        const buildings = [...graph.nodes()].filter((n) => n.category === 'Buildings');
        return {
          name: city.name,
          roads: graph.rooms().length,
          buildings: buildings.length,
          calling: buildings.filter((b) => isCalling(graph, b.id)).length,
          nodes: graph.nodeCount,
          seed: city.seed,
          description: city.description,
        };
      });
      if (options.json) {
        process.stdout.write(`${JSON.stringify({ homes: rows, default: DEFAULT_HOME, cities })}\n`);
        return;
      }
      const nameWidth = Math.max(...rows.map((row) => row.name.length));
      for (const row of rows) {
        const marker = row.name === DEFAULT_HOME ? ' (default)' : '';
        process.stdout.write(
          `${row.name.padEnd(nameWidth)}  ${String(row.rooms.length)} rooms, ${String(row.objects).padStart(3)} objects, ` +
            `${String(row.nodes).padStart(3)} nodes  ${row.rooms.join(', ')}${marker}\n`,
        );
      }
      process.stdout.write(
        `\nAlso: gen:<seed>[:<rooms>] for a generated home (${MIN_ROOMS}-${MAX_ROOMS} rooms), or a VirtualHome graph file (.json, .json.gz).\n`,
      );
      process.stdout.write('\nCities (--domain city):\n');
      const cityWidth = Math.max(...cities.map((city) => city.name.length));
      for (const city of cities) {
        process.stdout.write(
          `${city.name.padEnd(cityWidth)}  ${String(city.roads).padStart(2)} roads, ${city.buildings} buildings, ` +
            `${String(city.nodes).padStart(3)} nodes  ${city.description}\n`,
        );
      }
      process.stdout.write(
        '\nAlso: gen-city:<seed> for a generated city (3-4 x 3-4 intersections, up to 3 links closed).\n',
      );
    });

  scene
    .command('show')
    .description('describe a home: its floor plan, doors, and what each room holds')
    .argument('<home>', 'a built-in name, gen:<seed>[:<rooms>], or a graph file')
    .option('--structure', 'also list floors, walls, ceilings, windows and doors')
    .action((spec: string, options: { structure?: boolean }) => {
      const home = loadHome(spec);
      const lines = [`${home.name} (${home.source})`, ...floorPlan(home.graph)];
      const problems = checkHome(home.graph);
      if (problems.length > 0) {
        lines.push(`${problems.length} departures from hearth's home conventions, e.g. ${problems[0]}`);
      }
      lines.push('', describeGraph(home.graph, { structure: options.structure }));
      process.stdout.write(`${lines.join('\n')}\n`);
    });

  scene
    .command('generate')
    .description('generate a home and print it as VirtualHome JSON (or write it with -o)')
    .requiredOption('--seed <n>', 'generator seed, an integer from 0 to 4294967295')
    .option('--rooms <k>', `number of rooms, ${MIN_ROOMS} to ${MAX_ROOMS} (default: drawn from the seed)`)
    .option('-o, --output <file>', 'write the graph to a file instead (gzip-compressed when it ends in .gz)')
    .option('--pretty', 'indent the JSON')
    .action((options: { seed: string; rooms?: string; output?: string; pretty?: boolean }) => {
      const seed = checkSeed(parseInteger(options.seed, '--seed'), '--seed');
      const rooms = options.rooms === undefined ? undefined : parseInteger(options.rooms, '--rooms');
      const graph = generateHome(seed, { rooms });
      if (options.output) {
        saveGraph(graph, options.output);
        process.stderr.write(`wrote ${options.output}: ${graph.nodeCount} nodes, ${graph.edgeCount} edges\n`);
        return;
      }
      const json = graphToJson(graph);
      process.stdout.write(`${options.pretty ? JSON.stringify(json, null, 2) : JSON.stringify(json)}\n`);
    });

  registerShiftCommand(scene);
}

function parseInteger(text: string, flag: string): number {
  if (!/^\d+$/.test(text.trim()))
    throw new InputError(`${flag} must be a non-negative integer, got ${JSON.stringify(text)}`);
  return Number(text.trim());
}

/** Room sizes (when the graph has bounding boxes) and the passages between rooms. */
function floorPlan(graph: EnvGraph): string[] {
  const lines: string[] = [];
  const label = (id: number) => `${graph.get(id).className} (${id})`;
  const stats = homeStats(graph);
  lines.push(`${stats.rooms.length} rooms, ${stats.objects} objects, ${stats.nodes} nodes, ${stats.edges} edges`);
  for (const room of graph.rooms()) {
    const box = graph.get(room).boundingBox;
    const size = box?.size && box.size.length >= 3 ? `  ${box.size[0].toFixed(1)} x ${box.size[2].toFixed(1)} m` : '';
    lines.push(`  ${label(room)}${size}`);
  }
  const seen = new Set<number>();
  const passages: string[] = [];
  for (const [room, links] of roomAdjacency(graph)) {
    for (const link of links) {
      if (seen.has(link.via)) continue;
      seen.add(link.via);
      const passage = graph.get(link.via);
      const states = passage.states.size > 0 ? ` [${[...passage.states].sort().join(', ')}]` : '';
      passages.push(`  ${label(room)} - ${label(link.room)} through ${label(link.via)}${states}`);
    }
  }
  if (passages.length > 0) lines.push('passages:', ...passages);
  const character = graph.characters()[0];
  if (character !== undefined) {
    const room = graph.roomOf(character);
    lines.push(`character (${character}) in ${room === undefined ? 'no room' : label(room)}`);
  }
  const unknown = [...graph.classNames()].filter((name) => !catalogClass(name)).sort();
  if (unknown.length > 0) lines.push(`classes outside hearth's catalog: ${unknown.join(', ')}`);
  return lines;
}
