/**
 * Progress of a run on stderr: a cli-progress bar with ETA on a terminal; when stderr is not a terminal (CI logs, a
 * pipe), a plain line when the run passes a tenth of its episodes, at most every 5 seconds, and at least every 30
 * seconds, so that logs stay short (a run of a few seconds prints none; the runner's summary line follows).
 */
import { performance } from 'node:perf_hooks';
import cliProgress from 'cli-progress';

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
}

const PLAIN_MIN_INTERVAL_MS = 5_000;
const PLAIN_MAX_INTERVAL_MS = 30_000;

export function createProgress(options: ProgressOptions): Progress {
  if (options.quiet || options.total === options.done) return { tick() {}, stop() {} };
  return options.stream.isTTY ? barProgress(options) : plainProgress(options);
}

function barProgress({ total, done, stream }: ProgressOptions): Progress {
  const bar = new cliProgress.SingleBar(
    {
      stream,
      format: 'episodes {bar} {value}/{total} | {percentage}% | ETA {eta_formatted}{failedNote}',
      etaBuffer: 50,
      hideCursor: true,
      clearOnComplete: true,
    },
    cliProgress.Presets.shades_classic,
  );
  let value = done;
  let failed = 0;
  bar.start(total, value, { failedNote: '' });
  return {
    tick(episodeFailed) {
      value++;
      if (episodeFailed) failed++;
      bar.update(value, { failedNote: failed > 0 ? ` | ${failed} failed` : '' });
    },
    stop() {
      bar.stop();
    },
  };
}

function plainProgress({ total, done, stream }: ProgressOptions): Progress {
  const started = performance.now();
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
      stream.write(`hearth: ${value}/${total} episodes (${Math.floor((100 * value) / total)}%)${failedNote}${eta}\n`);
    },
    stop() {},
  };
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
