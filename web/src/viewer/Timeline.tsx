/**
 * The episode on one time axis (frames): for each instruction (or goal condition), the time it was pending (a bar
 * from the moment its query became true, or from the start, to its completion, open-ended when never completed) and
 * its completion (a dot); the resident's changes and the skills that failed on lanes of their own; the current
 * frame as a red rule. A click moves the viewer there.
 */
import * as Plot from '@observablehq/plot';
import { useMemo } from 'preact/hooks';
import { PlotFigure } from '../components/PlotFigure.js';
import type { EpisodeView } from '../types.js';

const RESIDENT = 'resident';
const FAILED = 'failed skills';

export function Timeline(props: { view: EpisodeView; frame: number; onPick: (frame: number) => void }) {
  const { view, frame, onPick } = props;
  const last = view.frames.length - 1;
  const base = useMemo(() => {
    const texts = new Map(view.instructions.map((i) => [i.id, i.text]));
    const lanes = [...new Set(view.events.map((e) => e.label))];
    const bars = view.events.map((e) => ({
      lane: e.label,
      x1: e.start,
      x2: e.end ?? last,
      done: e.end !== null,
      title: `${texts.get(e.label) ?? e.label}\npending ${e.start}–${e.end ?? `${last} (never completed)`}: ${(e.end ?? last) - e.start} steps`,
    }));
    const resident = view.resident.map((r) => ({ lane: RESIDENT, x: r.frame, title: `step ${r.frame}: ${r.text}` }));
    const failed = view.steps
      .filter((s) => !s.success)
      .map((s) => ({
        lane: FAILED,
        x: s.t + 1,
        title: `step ${s.t}: ${s.skill} failed (${s.errorKind ?? 'refused'})`,
      }));
    const domain = [...lanes, ...(resident.length > 0 ? [RESIDENT] : []), ...(failed.length > 0 ? [FAILED] : [])];
    return { bars, resident, failed, domain };
  }, [view, last]);
  const options = useMemo(
    () =>
      ({
        width: 1000,
        height: 50 + 24 * Math.max(1, base.domain.length),
        marginLeft: 160,
        x: { label: 'step', domain: [0, Math.max(1, last)], ticks: Math.min(Math.max(1, last), 12), tickFormat: 'd' },
        y: { label: null, domain: base.domain },
        marks: [
          Plot.barX(base.bars, {
            x1: 'x1',
            x2: 'x2',
            y: 'lane',
            fill: (b: { done: boolean }) => (b.done ? '#8fb3e8' : '#f0a0a0'),
            inset: 3,
            title: 'title',
          }),
          Plot.dot(
            base.bars.filter((b) => b.done),
            { x: 'x2', y: 'lane', fill: '#1f5fd0', r: 3.5, title: 'title' },
          ),
          Plot.tickX(base.resident, { x: 'x', y: 'lane', stroke: '#8a4baf', strokeWidth: 2, title: 'title' }),
          Plot.tickX(base.failed, { x: 'x', y: 'lane', stroke: '#b3261e', title: 'title' }),
          Plot.ruleX([frame], { stroke: 'red', strokeWidth: 1.5 }),
        ],
      }) satisfies Plot.PlotOptions,
    [base, frame, last],
  );
  return (
    <PlotFigure options={options} onPick={(x) => onPick(Math.max(0, Math.min(last, Math.round(x))))} label="timeline" />
  );
}
