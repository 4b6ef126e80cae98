/**
 * Progress of a run on stderr: a cli-progress bar with ETA on a terminal; when stderr is not a terminal (CI logs, a
 * pipe), a plain line when the run passes a tenth of its episodes, at most every 5 seconds, and at least every 30
 * seconds, so that logs stay short (a run of a few seconds prints none; the runner's summary line follows).
 *
 * A run whose episodes call a model server also shows the model's side: calls in flight against the run's limit and
 * tokens per second (prompt and completion, over the last 10 seconds), refreshed every second on a terminal, so that
 * a user sees whether the server is kept busy.
 */
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';
import type { CallSlotStats } from './call-slots.js';

export interface Progress {
  /** Reports that one more episode finished (failed or not). */
  tick(failed: boolean): void;
  /** Clears the bar (a terminal) so that what follows starts on a clean line. */
  stop(): void;
}

export interface ProgressOptions {
  /** Episodes in the whole run. */
  total: number;
  /** Episodes already stored when this session started (a resumed run). */
  done: number;
  stream: NodeJS.WriteStream;
  quiet: boolean;
  /** The run's model calls so far (runs with a model server). */
  calls?: () => CallSlotStats;
}

const PLAIN_MIN_INTERVAL_MS = 5_000;
const PLAIN_MAX_INTERVAL_MS = 30_000;

export function createProgress(options: ProgressOptions): Progress {
  if (options.quiet || options.total === options.done) return { tick() {}, stop() {} };
  return options.stream.isTTY ? barProgress(options) : plainProgress(options);
}

function barProgress({ total, done, stream, calls }: ProgressOptions): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'episodes {bar} {value}/{total} | {percentage}% | ETA {eta_formatted}{failedNote}{callsNote}',
      etaBuffer: 50,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let value = done;
  let failed = 0;
  const rate = calls && tokenRate(calls);
  const callsNote = () => (rate ? ` | ${callsText(rate())}` : '');
  bar.start(total, value, { failedNote: '', callsNote: callsNote() });
  // Model calls change between episodes: refresh the line every second.
  const timer = rate && setInterval(() => bar.update({ callsNote: callsNote() }), 1000);
  timer?.unref();
  return {
    tick(episodeFailed) {
      value++;
      if (episodeFailed) failed++;
      bar.update(value, { failedNote: failed > 0 ? ` | ${failed} failed` : '', callsNote: callsNote() });
    },
    stop() {
      if (timer) clearInterval(timer);
      bar.stop();
    },
  };
}

/** What the progress shows of the model calls: the stats and the tokens per second lately. */
interface CallsNow {
  stats: CallSlotStats;
  tokensPerSecond: number;
}

const RATE_WINDOW_MS = 10_000;

/** Reads the stats and works out tokens per second over the last 10 seconds (from the samples it has taken). */
function tokenRate(calls: () => CallSlotStats): () => CallsNow {
  const samples: { at: number; tokens: number }[] = [];
  return () => {
    const stats = calls();
    const at = performance.now();
    const tokens = stats.promptTokens + stats.completionTokens;
    samples.push({ at, tokens });
    while (samples.length > 2 && at - samples[1].at >= RATE_WINDOW_MS) samples.shift();
    const first = samples[0];
    // One sample so far: the rate since the first call.
    const tokensPerSecond =
      samples.length > 1 && at > first.at
        ? ((tokens - first.tokens) * 1000) / (at - first.at)
        : stats.busyMs > 0
          ? (tokens * 1000) / stats.busyMs
          : 0;
    return { stats, tokensPerSecond };
  };
}

function callsText({ stats, tokensPerSecond }: CallsNow): string {
  return `calls in flight ${stats.inFlight}/${stats.limit} | ${Math.round(tokensPerSecond)} tok/s`;
}

function plainProgress({ total, done, stream, calls }: ProgressOptions): Progress {
  const started = performance.now();
  const rate = calls && tokenRate(calls);
  const startValue = done;
  let value = done;
  let failed = 0;
  let lastLine = started;
  let lastTenth = Math.floor((10 * value) / total);
  return {
    tick(episodeFailed) {
      value++;
      if (episodeFailed) failed++;
      const now = performance.now();
      const tenth = Math.floor((10 * value) / total);
      const since = now - lastLine;
      if (since < PLAIN_MIN_INTERVAL_MS || (tenth === lastTenth && since < PLAIN_MAX_INTERVAL_MS)) return;
      lastTenth = tenth;
      lastLine = now;
      const perEpisode = (now - started) / (value - startValue);
      const eta = value < total ? `, ETA ${formatDuration(perEpisode * (total - value))}` : '';
      const failedNote = failed > 0 ? `, ${failed} failed` : '';
      const callsNote = rate ? `; ${plainCallsText(rate())}` : '';
      stream.write(
        `hearth: ${value}/${total} episodes (${Math.floor((100 * value) / total)}%)${failedNote}${eta}${callsNote}\n`,
      );
    },
    stop() {},
  };
}

/** For log lines: the mean in flight so far says more than one moment's count. */
function plainCallsText({ stats, tokensPerSecond }: CallsNow): string {
  return (
    `${stats.calls > 0 ? `${stats.calls} model calls, ` : 'model calls '}in flight ${stats.meanInFlight.toFixed(1)} ` +
    `on average (limit ${stats.limit}), ` +
    `${Math.round(tokensPerSecond)} tok/s`
  );
}

/** "0.4s", "45s", "3m 05s", "1h 02m". */
export function formatDuration(ms: number): string {
  if (ms < 9_950) return `${(Math.max(0, ms) / 1000).toFixed(1)}s`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}
