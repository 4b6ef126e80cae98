/**
 * An Observable Plot chart in a Preact tree: the chart is built from `options` (memoise them) and replaced when they
 * change. `onPick` gets the x value under a click, for charts that move the viewer's step.
 */
import * as Plot from '@observablehq/plot';
import { useLayoutEffect, useRef } from 'preact/hooks';

export function PlotFigure(props: { options: Plot.PlotOptions; onPick?: (x: number) => void; label?: string }) {
  const ref = useRef<HTMLElement>(null);
  const { options, onPick } = props;
  useLayoutEffect(() => {
    const figure = Plot.plot(options);
    const container = ref.current;
    if (!container) return undefined;
    container.replaceChildren(figure);
    if (!onPick) return () => figure.remove();
    const x = figure.scale('x');
    const pick = (event: Event) => {
      const svg = figure instanceof SVGSVGElement ? figure : figure.querySelector('svg');
      if (!svg || !x?.invert) return;
      const box = svg.getBoundingClientRect();
      const value = x.invert((event as MouseEvent).clientX - box.left);
      if (typeof value === 'number' && Number.isFinite(value)) onPick(value);
    };
    figure.addEventListener('click', pick);
    return () => {
      figure.removeEventListener('click', pick);
      figure.remove();
    };
  }, [options, onPick]);
  return <figure ref={ref} class="plot" aria-label={props.label} />;
}
