/**
 * One agent program as a child process: hearth writes one line to its standard input and reads one line back from
 * its standard output, under a time limit. Nothing the program writes is trusted: a line is taken as text (bounded in
 * length), one line per request (a line nobody asked for is remembered as a fault and fails the next request), and
 * what it writes to standard error is kept (bounded) for the episode's record and for the error that names why an
 * episode failed. The program is started without a shell, exactly as its words say.
 *
 * The process does not keep hearth alive: its handles are unreferenced, and only a pending request's timer holds the
 * event loop. When hearth exits, the program's standard input closes; a program must exit then (the protocol says so).
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import { LIMITS } from './protocol.js';

/** Characters of standard error kept per episode and for error messages (the last ones). */
export const STDERR_KEPT = 4000;

/** Why a program's answer did not come: the episode fails with a message built from it. */
export type ProcessFault =
  | { kind: 'timeout'; ms: number }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'spawn'; message: string }
  | { kind: 'long-line'; start: string }
  | { kind: 'stray-line'; line: string };

export class ProcessFaultError extends Error {
  override name = 'ProcessFaultError';
  constructor(
    readonly fault: ProcessFault,
    readonly stderr: string,
  ) {
    super(fault.kind);
  }
}

interface Pending {
  resolve: (line: string) => void;
  reject: (error: ProcessFaultError) => void;
  timer: NodeJS.Timeout;
}

export interface AgentProcessOptions {
  /** The program and its arguments. */
  readonly argv: readonly string[];
  readonly cwd: string;
  /** How long an answer may take, in milliseconds. */
  readonly timeoutMs: number;
}

export class AgentProcess {
  private readonly child: ChildProcessWithoutNullStreams;
  private partial = '';
  private pending?: Pending;
  /** A fault seen while no request was pending (a stray line, an exit between episodes): the next request fails. */
  private fault?: ProcessFault;
  private stderrText = '';
  private stderrDropped = 0;
  private ended = false;
  /** Resolves once the process has exited and its pipes are closed. */
  readonly closed: Promise<void>;

  constructor(private readonly options: AgentProcessOptions) {
    const [program, ...args] = options.argv;
    this.child = spawn(program, args, { cwd: options.cwd, stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true });
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr])
      (stream as unknown as Socket).unref?.();
    this.child.stdout.setEncoding('utf8');
    this.child.stderr.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => this.onStdout(chunk));
    this.child.stderr.on('data', (chunk: string) => this.onStderr(chunk));
    // A write to a program that has gone fails with EPIPE; its exit is reported by 'close'.
    this.child.stdin.on('error', () => undefined);
    this.closed = new Promise((resolve) => {
      this.child.once('error', (error: NodeJS.ErrnoException) => {
        this.end({
          kind: 'spawn',
          message: error.code === 'ENOENT' ? `no program '${program}' (ENOENT)` : error.message,
        });
        resolve();
      });
      this.child.once('close', (code, signal) => {
        this.end({ kind: 'exit', code, signal });
        resolve();
      });
    });
  }

  /** Whether the process may still answer (it has not exited, been stopped, or broken the protocol). */
  get usable(): boolean {
    return !this.ended && this.fault === undefined;
  }

  /**
   * Writes one line and resolves with the line the program answers within `timeoutMs` (default: the process's);
   * rejects with a `ProcessFaultError`.
   */
  request(line: string, timeoutMs = this.options.timeoutMs): Promise<string> {
    if (this.fault) return Promise.reject(this.faultError(this.fault));
    if (this.pending) throw new Error('agent process: a request is already pending');
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending = undefined;
        this.fault = { kind: 'timeout', ms: timeoutMs };
        this.kill();
        reject(this.faultError(this.fault));
      }, timeoutMs);
      this.pending = { resolve, reject, timer };
      this.child.stdin.write(`${line}\n`);
    });
  }

  /** What the program wrote to standard error since the last call (the last `STDERR_KEPT` characters). */
  takeStderr(): string {
    const text =
      this.stderrDropped > 0
        ? `[${this.stderrDropped} earlier characters left out]\n${this.stderrText}`
        : this.stderrText;
    this.stderrText = '';
    this.stderrDropped = 0;
    return text;
  }

  /** Stops the process at once (SIGKILL): after a fault, whatever state it is in is not to be trusted. */
  kill(): void {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  /** Closes its standard input (a program must exit then); kills it if it has not exited after `graceMs`. */
  async stop(graceMs = 1000): Promise<void> {
    // Held while it is waited for: with the handles unreferenced, and the grace timer gone once it has fired, this
    // process could otherwise end before the program's exit is seen (and before what follows the wait runs).
    this.child.ref();
    for (const stream of [this.child.stdout, this.child.stderr]) (stream as unknown as Socket).ref?.();
    this.child.stdin.end();
    const timer = setTimeout(() => this.kill(), graceMs);
    await this.closed;
    clearTimeout(timer);
  }

  private onStdout(chunk: string): void {
    let text = this.partial + chunk;
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      const line = text.slice(0, newline).replace(/\r$/, '');
      text = text.slice(newline + 1);
      this.onLine(line);
      newline = text.indexOf('\n');
    }
    if (text.length > LIMITS.lineBytes) {
      this.partial = '';
      this.failWith({ kind: 'long-line', start: text.slice(0, 200) });
      this.kill();
      return;
    }
    this.partial = text;
  }

  private onLine(line: string): void {
    const pending = this.pending;
    if (pending && this.fault === undefined) {
      this.pending = undefined;
      clearTimeout(pending.timer);
      pending.resolve(line);
      return;
    }
    // Nobody asked: the program is out of step with hearth. Its next answer cannot be trusted to be the one asked for.
    this.fault ??= { kind: 'stray-line', line };
  }

  private onStderr(chunk: string): void {
    this.stderrText += chunk;
    const over = this.stderrText.length - STDERR_KEPT;
    if (over > 0) {
      this.stderrText = this.stderrText.slice(over);
      this.stderrDropped += over;
    }
  }

  private failWith(fault: ProcessFault): void {
    this.fault ??= fault;
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    pending.reject(this.faultError(this.fault));
  }

  private end(fault: ProcessFault): void {
    if (this.ended) return;
    this.ended = true;
    // What is left on a line without its end is not an answer.
    this.failWith(fault);
  }

  private faultError(fault: ProcessFault): ProcessFaultError {
    return new ProcessFaultError(fault, this.stderrText);
  }
}
