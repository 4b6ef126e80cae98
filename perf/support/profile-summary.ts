/**
 * What a V8 CPU profile (`.cpuprofile`, the inspector's sampling profiler) spends, by function and by source file,
 * for the benchmarks that compare a cold episode with a warm one (`perf/first-episodes.ts`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self milliseconds by key (`function file:line`, `file`), over the whole profile. */
export function selfTimes(file: string, by: 'function' | 'file'): Map<string, number> {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const out = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i++) {
    const frame = nodes.get(profile.samples[i]);
    if (!frame) continue;
    const path = frame.url.replace(/^.*\/(dist|src)\//, '').replace(/^.*node_modules\//, '');
    const key =
      by === 'file'
        ? path || frame.functionName
        : `${frame.functionName || '(anonymous)'}${path ? ` ${path}:${frame.lineNumber + 1}` : ''}`;
    out.set(key, (out.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  return out;
}

/**
 * Lines saying what the first episode's profile spends most beyond the later one's, by source file: the files whose
 * self time grew the most, with both figures.
 */
export function summariseProfiles(dir: string, agent: string, top = 8): string[] {
  const [first, later] = ['first', 'later'].map((name) => join(dir, `${agent}-${name}.cpuprofile`));
  if (!existsSync(first) || !existsSync(later)) return [`${agent}: no profiles in ${dir}`];
  const a = selfTimes(first, 'file');
  const b = selfTimes(later, 'file');
  const total = (m: Map<string, number>) => [...m.values()].reduce((s, x) => s + x, 0);
  const grown = [...a.entries()]
    .map(([key, ms]) => [key, ms, b.get(key) ?? 0] as const)
    .sort((x, y) => y[1] - y[2] - (x[1] - x[2]))
    .slice(0, top);
  return [
    `${agent}: profiled main thread, first episode ${total(a).toFixed(0)} ms against a later one ${total(b).toFixed(0)} ms; ` +
      `most grown: ${grown.map(([key, x, y]) => `${key} ${x.toFixed(0)}/${y.toFixed(0)}`).join(', ')} ` +
      `(${first}, ${later})`,
  ];
}
