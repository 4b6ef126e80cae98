/**
 * The home from above at one frame (Observable Plot): rooms coloured by how many steps the agent spent in them over
 * the episode (the heat map; off: plain), doors open or closed, the furniture tiles (outlined: what the agent sees
 * now), the small things where they lie, the agent's path up to this frame, and the agent.
 */
import * as Plot from '@observablehq/plot';
import { useMemo } from 'preact/hooks';
import { PlotFigure } from '../components/PlotFigure.js';
import type { EpisodeView } from '../types.js';
import { agentPoint, heat, indexPlan, placeObjects, worldAt } from './world.js';

export function FloorPlan({ view, frame, showHeat }: { view: EpisodeView; frame: number; showHeat: boolean }) {
  const index = useMemo(() => indexPlan(view.plan), [view]);
  const spent = useMemo(() => heat(view), [view]);
  const path = useMemo(() => view.frames.map((_, f) => ({ ...agentPoint(view, index, f), f })), [view, index]);
  const options = useMemo(() => {
    const world = worldAt(view, frame);
    const current = view.frames[frame];
    const visible = new Set(current.visible);
    const agent = path[frame];
    const objects = placeObjects(view, index, world, agent);
    const { bounds } = view.plan;
    const rooms = view.plan.rooms.map((room) => ({ ...room, steps: spent.rooms.get(room.id) ?? 0 }));
    const pieces = view.plan.pieces.map((piece) => ({
      ...piece,
      steps: spent.pieces.get(piece.id) ?? 0,
      seen: visible.has(piece.id),
      states: world.get(piece.id)?.states ?? [],
    }));
    const doors = view.plan.passages.map((door) => ({
      ...door,
      closed: world.get(door.id)?.states.includes('CLOSED') ?? false,
    }));
    const width = bounds.x2 - bounds.x1;
    const height = bounds.y2 - bounds.y1;
    return {
      width: 760,
      height: Math.round((760 * height) / width) + 40,
      margin: 10,
      marginBottom: 30,
      x: { axis: null, domain: [bounds.x1 - 0.1, bounds.x2 + 0.1] },
      y: { axis: null, domain: [bounds.y1 - 0.1, bounds.y2 + 0.1], reverse: true },
      color: showHeat
        ? { type: 'sequential', scheme: 'YlOrRd', label: 'steps spent there (whole episode)', legend: true, zero: true }
        : undefined,
      marks: [
        Plot.rect(rooms, {
          x1: 'x1',
          x2: 'x2',
          y1: 'y1',
          y2: 'y2',
          fill: showHeat ? 'steps' : '#fafafa',
          fillOpacity: showHeat ? 0.45 : 1,
          stroke: '#333',
          strokeWidth: 2,
        }),
        Plot.text(rooms, {
          x: (r: { x1: number; x2: number }) => (r.x1 + r.x2) / 2,
          y: (r: { y1: number }) => r.y1 + 0.22,
          text: (r: { name: string; steps: number }) =>
            showHeat ? `${r.name} (${r.steps} ${r.steps === 1 ? 'step' : 'steps'})` : r.name,
          fontWeight: 'bold',
          fontSize: 13,
        }),
        Plot.rect(pieces, {
          x1: 'x1',
          x2: 'x2',
          y1: 'y1',
          y2: 'y2',
          fill: showHeat ? 'steps' : '#ffffff',
          fillOpacity: showHeat ? 0.6 : 1,
          stroke: (p: { seen: boolean; id: number }) =>
            p.id === current.near ? '#1f5fd0' : p.seen ? '#6b8fd6' : '#c8c8c8',
          strokeWidth: (p: { id: number }) => (p.id === current.near ? 2.5 : 1),
          title: (p: { name: string; id: number; states: readonly string[]; steps: number }) =>
            `${p.name} (${p.id})${p.states.length ? `: ${p.states.join(', ')}` : ''}\n${p.steps} steps here`,
        }),
        Plot.text(pieces, {
          x: (p: { x1: number }) => p.x1 + 0.05,
          y: (p: { y1: number }) => p.y1 + 0.12,
          text: 'name',
          textAnchor: 'start',
          fontSize: 9,
          fill: (p: { seen: boolean }) => (p.seen ? '#222' : '#999'),
        }),
        Plot.rect(doors, {
          x1: 'x1',
          x2: 'x2',
          y1: 'y1',
          y2: 'y2',
          fill: (d: { closed: boolean }) => (d.closed ? '#b3261e' : '#ffffff'),
          stroke: '#333',
          title: (d: { name: string; id: number; closed: boolean }) =>
            `${d.name} (${d.id}) ${d.closed ? 'closed' : 'open'}`,
        }),
        Plot.dot(objects, {
          x: 'x',
          y: 'y',
          r: 3,
          fill: (o: { id: number; where: string }) =>
            o.where === 'HELD' ? '#1f5fd0' : visible.has(o.id) ? '#e07b00' : '#aaaaaa',
          title: (o: { name: string; id: number; states: readonly string[]; where: string }) =>
            `${o.name} (${o.id})${o.where === 'HELD' ? ', held' : ''}${o.states.length ? `: ${o.states.join(', ')}` : ''}`,
        }),
        Plot.line(path.slice(0, frame + 1), { x: 'x', y: 'y', stroke: '#1f5fd0', strokeOpacity: 0.35, strokeWidth: 2 }),
        Plot.dot([agent], {
          x: 'x',
          y: 'y',
          r: 8,
          fill: '#1f5fd0',
          stroke: 'white',
          strokeWidth: 2,
          title: () => 'agent',
        }),
      ],
    } satisfies Plot.PlotOptions;
  }, [view, frame, showHeat, index, spent, path]);
  return <PlotFigure options={options} label="floor plan" />;
}
