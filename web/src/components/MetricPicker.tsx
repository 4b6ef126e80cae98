/** Which metrics the tables, charts and lists show (the protocol's paper columns first; any other on demand). */
import type { MetricColumn } from '../types.js';

export function MetricPicker(props: {
  metrics: readonly MetricColumn[];
  shown: readonly string[];
  onChange: (keys: string[]) => void;
}) {
  const { metrics, shown, onChange } = props;
  const toggle = (key: string) =>
    onChange(
      shown.includes(key)
        ? shown.filter((k) => k !== key)
        : metrics.map((m) => m.key).filter((k) => k === key || shown.includes(k)),
    );
  return (
    <details class="picker">
      <summary>
        Metrics shown: {shown.map((key) => metrics.find((m) => m.key === key)?.label ?? key).join(', ')}
      </summary>
      {metrics.map((metric) => (
        <label key={metric.key}>
          <input type="checkbox" checked={shown.includes(metric.key)} onChange={() => toggle(metric.key)} />{' '}
          {metric.label}
        </label>
      ))}
    </details>
  );
}
