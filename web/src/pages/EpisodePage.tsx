/**
 * The episode viewer, for a run's episode or a trace file: the floor plan with the agent's path and the heat map, a
 * step slider, what happened at the step, the timeline of the whole episode, and the agent's decision records. An
 * episode recorded without a trace shows its start and can have its trace recorded now.
 */

import { useEffect, useMemo, useState } from 'preact/hooks';
import { useLocation, useRoute } from 'preact-iso';
import { postJson, useApi } from '../api.js';
import { configValue, Loading, Problem } from '../components/Common.js';
import type { EpisodeView } from '../types.js';
import { Decisions } from '../viewer/Decisions.js';
import { FloorPlan } from '../viewer/FloorPlan.js';
import { StepPanel } from '../viewer/StepPanel.js';
import { Timeline } from '../viewer/Timeline.js';
import { worldAt } from '../viewer/world.js';

export function EpisodePage() {
  const { params } = useRoute();
  const path = params.n !== undefined ? `/api/traces/${params.n}` : `/api/runs/${params.run}/episodes/${params.index}`;
  const episode = useApi<EpisodeView>(path);
  if (episode.error) return <Problem>{episode.error}</Problem>;
  if (!episode.data) return <Loading />;
  return <Viewer view={episode.data} reload={episode.reload} />;
}

function Viewer({ view, reload }: { view: EpisodeView; reload: () => void }) {
  const { query } = useLocation();
  const last = view.frames.length - 1;
  const [frame, setFrame] = useState(() => Math.min(last, Math.max(0, Number(query.step) || 0)));
  const [showHeat, setShowHeat] = useState(true);
  const [playing, setPlaying] = useState(false);
  const world = useMemo(() => worldAt(view, frame), [view, frame]);
  // The plan and the step first; the timeline and the decision charts (below the fold) right after the first paint.
  const [rest, setRest] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frameId = requestAnimationFrame(() => {
      timer = setTimeout(() => setRest(true), 0);
    });
    return () => {
      cancelAnimationFrame(frameId);
      clearTimeout(timer);
    };
  }, []);
  useEffect(() => {
    if (!playing) return undefined;
    const timer = setInterval(() => setFrame((f) => (f >= last ? f : f + 1)), 250);
    return () => clearInterval(timer);
  }, [playing, last]);
  useEffect(() => {
    if (frame >= last) setPlaying(false);
  }, [frame, last]);
  const run = view.origin.run;
  const metrics = Object.entries(view.metrics ?? {});
  // A program agent's standard error, kept in the episode's details (docs/agent-protocol.md): shown as text.
  const kept = (view.details as { agent?: { stderr?: unknown } } | null)?.agent?.stderr;
  const stderr = typeof kept === 'string' && kept !== '' ? kept : undefined;
  return (
    <section class="viewer">
      <p class="crumbs">
        <a href="/">runs</a> ›{' '}
        {run !== null && view.origin.file === null && (
          <>
            <a href={`/runs/${run}`}>run {run}</a> ›
          </>
        )}
      </p>
      <h1>
        Episode {view.index} <span class="muted">{view.protocol}</span>
      </h1>
      <p class="spec">
        {Object.entries(view.spec)
          .filter(([field]) => field !== 'key' && field !== 'llm')
          .map(([field, value]) => (
            <span key={field} class="config-entry">
              <span class="muted">{field}</span> {configValue(value)}
            </span>
          ))}
      </p>
      {view.status === 'failed' && <Problem>The episode failed: {view.error?.split('\n')[0]}</Problem>}
      {view.status === 'failed' && (view.error ?? '').includes('\n') && (
        <details class="error-more" data-testid="error-more">
          <summary>the whole error</summary>
          <pre>{view.error}</pre>
        </details>
      )}
      {stderr !== undefined && (
        <details class="agent-stderr" data-testid="agent-stderr">
          <summary>what the agent program wrote to standard error</summary>
          <pre>{stderr}</pre>
        </details>
      )}
      {metrics.length > 0 && (
        <p class="metrics">
          {metrics.map(([key, value]) => (
            <span key={key} class="config-entry">
              <span class="muted">{key}</span>{' '}
              {value === null
                ? 'n/a'
                : Number(value)
                    .toFixed(3)
                    .replace(/\.?0+$/, '')}
            </span>
          ))}
        </p>
      )}
      <ul class="instructions">
        {view.instructions.map((instruction) => (
          <li key={instruction.id}>
            <strong>{instruction.id}</strong>: {instruction.text}
          </li>
        ))}
      </ul>
      {view.origin.file !== null && (
        <p class="note">
          Trace from {view.origin.file}
          {run !== null ? ` (run ${run})` : ''}, recorded with hearth {view.origin.hearthVersion}.
          {view.origin.reproduced === true && (
            <span data-testid="reproduced"> Run again, the episode gave the stored result.</span>
          )}
          {view.origin.reproduced === false && (
            <span class="failed" data-testid="reproduced">
              {' '}
              Run again, the episode gave a result other than the stored one: the trace shows the new run.
            </span>
          )}
        </p>
      )}
      {!view.traced && run !== null && <RecordTrace run={run} index={view.index} onDone={reload} />}
      {view.traced && run !== null && view.origin.file === null && (
        <p>
          <a href={`/api/runs/${run}/episodes/${view.index}/trace.json`} download>
            Download this trace
          </a>{' '}
          (open it later with <code>hearth serve --trace FILE</code>)
        </p>
      )}
      <div class="controls">
        <button type="button" onClick={() => setFrame(Math.max(0, frame - 1))} disabled={frame === 0}>
          ‹
        </button>
        <input
          type="range"
          min={0}
          max={last}
          value={frame}
          onInput={(e) => setFrame(Number((e.currentTarget as HTMLInputElement).value))}
          data-testid="step-slider"
          aria-label="step"
        />
        <button type="button" onClick={() => setFrame(Math.min(last, frame + 1))} disabled={frame === last}>
          ›
        </button>
        <button type="button" onClick={() => setPlaying(!playing)} disabled={last === 0}>
          {playing ? 'pause' : 'play'}
        </button>
        <label>
          <input type="checkbox" checked={showHeat} onChange={() => setShowHeat(!showHeat)} /> heat map
        </label>
      </div>
      <div class="viewer-main">
        <FloorPlan view={view} frame={frame} showHeat={showHeat} />
        <StepPanel view={view} frame={frame} world={world} />
      </div>
      {rest && (
        <>
          <h2>Timeline</h2>
          <Timeline view={view} frame={frame} onPick={setFrame} />
          <h2>Decision at step {frame}</h2>
          <Decisions view={view} frame={frame} />
        </>
      )}
    </section>
  );
}

function RecordTrace({ run, index, onDone }: { run: number; index: number; onDone: () => void }) {
  const [state, setState] = useState<'idle' | 'recording' | string>('idle');
  const record = () => {
    setState('recording');
    postJson<{ reproduced: boolean }>(`/api/runs/${run}/episodes/${index}/trace`).then(
      () => {
        setState('idle');
        onDone();
      },
      (error: Error) => setState(error.message),
    );
  };
  return (
    <div class="note record">
      <p>
        This episode was run without <code>--trace</code>: only its start is shown.{' '}
        <button type="button" onClick={record} disabled={state === 'recording'} data-testid="record-trace">
          {state === 'recording' ? 'Recording…' : 'Record its trace now'}
        </button>
      </p>
      <p class="muted">
        The runner runs this episode again with a trace; the trace goes to a file beside the store (the store is not
        changed).
      </p>
      {state !== 'idle' && state !== 'recording' && <Problem>{state}</Problem>}
    </div>
  );
}
