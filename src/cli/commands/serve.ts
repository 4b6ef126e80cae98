/**
 * `hearth serve`: the web dashboard over the results store and traces (src/server, docs/dashboard.md). It opens the
 * store read-only, refuses bad input with one line before listening (a missing or foreign store, a corrupt trace
 * file, a port in use), prints the address, and serves until Ctrl-C.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { type Command, InvalidArgumentError } from 'commander';
import { DEFAULT_STORE_PATH } from '../../bench/store.js';
import { DEFAULT_HOST, DEFAULT_PORT } from '../../server/defaults.js';
import { InputError } from '../../util/errors.js';
import { addAgentTimeoutOption, loadOwnAgentsOnly } from '../own-agents.js';

interface ServeOptions {
  store?: string;
  trace: string[];
  traces?: string;
  files: string[];
  port: number;
  host: string;
  token?: string;
  allowHost: string[];
  baseUrl?: string;
  open?: boolean;
  agents?: string;
  agentTimeout: string;
}

export function registerServeCommand(program: Command): void {
  const command = program
    .command('serve')
    .description('web dashboard of the runs, comparisons and episode traces in a results store (read-only)')
    .option('--store <file>', `results store (default ${DEFAULT_STORE_PATH})`)
    .option('--trace <file>', 'also open an episode trace file (repeatable)', collect, [])
    .option('--traces <dir>', 'where traces recorded from the dashboard go (default: traces/ beside the store)')
    .option('--port <n>', `port (0: any free one)`, port, DEFAULT_PORT)
    .option(
      '--files <dir>',
      'a folder whose files stored episodes may name (home graphs, dialogue files, model recordings), besides the ' +
        "working directory and the store's; repeatable",
      collect,
      [],
    )
    .option('--host <address>', 'address to listen on; anything but loopback lets other machines in', DEFAULT_HOST)
    .option(
      '--token <token>',
      'the token requests must carry (beyond loopback one is made and printed if none is given)',
    )
    .option(
      '--allow-host <name>',
      'another name this server answers to (how other machines reach it); repeatable',
      collect,
      [],
    )
    .option(
      '--base-url <url>',
      "the model server recordings of LLM episodes call, with this machine's key (default HEARTH_LLM_BASE_URL or " +
        "the config file's; a stored episode never chooses it)",
    )
    .option('--open', 'open the dashboard in a browser')
    .option(
      '--agents <list>',
      'agents of your own whose stored episodes the dashboard may run again to record their traces: a module by its ' +
        'path (./my-agent.js) or a program, "exec:python3 my_agent.py" (a stored run names them only by name)',
    );
  addAgentTimeoutOption(command).action(async (options: ServeOptions) => {
    const store = storePath(options);
    if (options.token !== undefined && !/^[\w.~-]{16,256}$/.test(options.token)) {
      throw new InputError('--token: at least 16 letters, digits or - . _ ~');
    }
    const agentSources = await loadOwnAgentsOnly(
      options.agents,
      options.agentTimeout,
      (line) => process.stderr.write(`hearth: note: ${line}\n`),
      'the dashboard',
    );
    // The server and what it reads are loaded only now: the other commands do not pay for them.
    const [{ startDashboard, isLoopbackHost }, { machineModelServer }] = await Promise.all([
      import('../../server/start.js'),
      import('../../llm/config.js'),
    ]);
    const dashboard = await startDashboard({
      store,
      traces: options.trace,
      ...(options.traces !== undefined && { recordings: options.traces }),
      files: options.files,
      host: options.host,
      port: options.port,
      ...(options.token !== undefined && { token: options.token }),
      allowHosts: options.allowHost,
      modelServer: machineModelServer({ ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }) }),
      ...(agentSources.length > 0 && { agentSources }),
    });
    if (!isLoopbackHost(options.host)) {
      process.stderr.write(
        `hearth: listening on ${options.host}: other machines can reach it; it answers only with its token ` +
          '(in the address below), to the names of this machine and --allow-host\n',
      );
    }
    const runs = dashboard.data.runs().length;
    const what = store === null ? `${options.trace.length} trace file(s)` : `${store}: ${runs} run(s)`;
    process.stdout.write(`hearth dashboard: ${dashboard.url} (${what}; Ctrl-C stops it)\n`);
    if (options.open) openBrowser(dashboard.url);
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        void dashboard.close().then(resolve);
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    });
  });
}

/** The store to open: the one named; else the default if it exists, or none when trace files are given. */
function storePath(options: ServeOptions): string | null {
  if (options.store !== undefined) {
    if (!existsSync(options.store)) throw new InputError('no results store here', { file: options.store });
    return options.store;
  }
  if (existsSync(DEFAULT_STORE_PATH)) return DEFAULT_STORE_PATH;
  if (options.trace.length > 0) return null;
  throw new InputError(
    `no results store at ${DEFAULT_STORE_PATH}: run \`hearth run\` first, or name one with --store (or a trace with --trace)`,
  );
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535) throw new InvalidArgumentError('a port is a whole number from 0 to 65535');
  return n;
}

/** Opens the address with the system's opener; a machine without one only gets a note. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [url]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', url]]
        : ['xdg-open', [url]];
  const child = spawn(command, args, { detached: true, stdio: 'ignore' });
  child.on('error', () => process.stderr.write(`hearth: could not open a browser; open ${url} yourself\n`));
  child.unref();
}
