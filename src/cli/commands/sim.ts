/**
 * `hearth sim`: replay a VirtualHome program on a graph, and print a graph's summary. The replay output is a
 * contract other tools parse (`--json`); keep its shape stable.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { type Replay, replayProgram } from '../../sim/executor.js';
import type { Edge, EnvGraph } from '../../sim/graph.js';
import { loadGraph } from '../../sim/graph-io.js';
import { readProgram } from '../../sim/script.js';
import { describeGraph } from '../../sim/summary.js';
import { InputError } from '../../util/errors.js';

/** The built-in example: hearth's own small home and a program for it (examples/ at the package root). */
function exampleFiles(): { graph: string; program: string } {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'examples', 'home.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return { graph: join(dir, 'examples', 'home.json'), program: join(dir, 'examples', 'watch-tv.txt') };
}

export function registerSim(program: Command): void {
  const sim = program.command('sim').description('the VirtualHome-compatible simulator');

  sim
    .command('replay')
    .description(
      'execute a VirtualHome program on a graph, step by step, stopping at the first failing step (no arguments: a built-in example)',
    )
    .argument('[graph]', 'environment graph (.json or .json.gz)')
    .argument('[program]', 'program file: title, description, blank line, then one script line per line')
    .option('--json', 'print one JSON object {steps, edgesAdded, edgesRemoved, stateChanges, executable}')
    .action((graphPath: string | undefined, programPath: string | undefined, options: { json?: boolean }) => {
      if ((graphPath === undefined) !== (programPath === undefined)) {
        throw new InputError('sim replay takes a graph and a program, or neither (for the built-in example)');
      }
      const files = graphPath && programPath ? { graph: graphPath, program: programPath } : exampleFiles();
      const graph = loadGraph(resolve(files.graph), { source: files.graph });
      const prog = readProgram(files.program);
      const replay = replayProgram(graph, prog);
      process.stdout.write(options.json ? `${JSON.stringify(replayJson(replay))}\n` : formatReplay(replay, graph));
    });

  sim
    .command('show')
    .description('print a readable summary of a graph: rooms, their objects and states')
    .argument('<graph>', 'environment graph (.json or .json.gz)')
    .option('--structure', 'also list walls, floors, ceilings, windows and doors')
    .action((graphPath: string, options: { structure?: boolean }) => {
      const graph = loadGraph(resolve(graphPath), { source: graphPath });
      process.stdout.write(`${describeGraph(graph, { structure: options.structure ?? false })}\n`);
    });
}

/** The `--json` contract: steps carry exactly {action, ok, error, errorKind}; edges are [from_id, relation, to_id]. */
export function replayJson(replay: Replay) {
  return {
    steps: replay.steps.map(({ action, ok, error, errorKind }) => ({ action, ok, error, errorKind })),
    edgesAdded: replay.edgesAdded,
    edgesRemoved: replay.edgesRemoved,
    stateChanges: replay.stateChanges,
    executable: replay.executable,
  };
}

/** Class names never change, so the final graph names the nodes of both ends of the diff. */
function formatReplay(replay: Replay, graph: EnvGraph): string {
  const out: string[] = [];
  const width = String(replay.steps.length).length;
  replay.steps.forEach((step, i) => {
    out.push(`${String(i + 1).padStart(width)} ${step.ok ? 'ok  ' : 'FAIL'} ${step.action}`);
    if (!step.ok) out.push(`${' '.repeat(width)}      ${step.errorKind}: ${step.error}`);
    if (step.note) out.push(`${' '.repeat(width)}      ${step.note.trim()}`);
  });
  out.push(`executable: ${replay.executable ? 'yes' : 'no'}`);
  const name = (id: number) => `${graph.get(id).className} (${id})`;
  const edges = (title: string, list: readonly Edge[]) => {
    out.push('', `${title} (${list.length}):`);
    for (const [from, relation, to] of list) out.push(`  ${name(from)} ${relation} ${name(to)}`);
  };
  edges('edges added', replay.edgesAdded);
  edges('edges removed', replay.edgesRemoved);
  const changes = Object.entries(replay.stateChanges);
  out.push('', `state changes (${changes.length}):`);
  for (const [id, { before, after }] of changes) {
    out.push(`  ${name(Number(id))}: [${before.join(', ')}] -> [${after.join(', ')}]`);
  }
  return `${out.join('\n')}\n`;
}
