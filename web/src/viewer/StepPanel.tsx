/**
 * What happened at one frame, in words: where the agent is and what it holds, the skill it takes from here and how
 * that went, the resident's change, instructions (or goal conditions) started or completed, and what the agent sees.
 */
import type { EpisodeView } from '../types.js';
import type { World } from './world.js';

export function StepPanel({ view, frame, world }: { view: EpisodeView; frame: number; world: World }) {
  const name = (id: number | null) => (id === null ? '?' : `${view.names[id] ?? 'object'} (${id})`);
  const current = view.frames[frame];
  const step = view.steps[frame];
  const texts = new Map(view.instructions.map((i) => [i.id, i.text]));
  const started = view.events.filter((e) => e.start === frame && (frame > 0 || view.protocol === 'continual'));
  const completed = view.events.filter((e) => e.end === frame);
  const residents = view.resident.filter((r) => r.frame === frame);
  const episodic = view.protocol === 'episodic';
  return (
    <div class="step-panel" data-testid="step-panel">
      <h3>
        Step <span data-testid="frame">{frame}</span> of {view.frames.length - 1}
      </h3>
      <p>
        The agent is in the <strong data-testid="agent-room">{view.names[current.room] ?? current.room}</strong>
        {current.near !== null && <> at the {name(current.near)}</>}
        {current.holding.length > 0 && <>, holding {current.holding.map(name).join(' and ')}</>}.
      </p>
      {step ? (
        <p data-testid="step-skill">
          It takes <code>{step.skill}</code>:{' '}
          {step.success ? (
            <span class="ok">done</span>
          ) : (
            <span class="failed">failed{step.errorKind ? ` (${step.errorKind})` : ''}</span>
          )}
          {step.derived && step.derived.length > 0 && <>; then {step.derived.join(', ')}</>}.
        </p>
      ) : (
        <p class="muted">{view.traced ? 'The episode ends here.' : 'No trace: only the start is known.'}</p>
      )}
      {residents.map((r) => (
        <p key={r.text} class="resident" data-testid="resident-change">
          {r.text} ({r.instruction})
        </p>
      ))}
      {started.map((e) => (
        <p key={`s-${e.label}`} class="event">
          {episodic ? 'Goal condition' : 'Instruction'} <strong>{e.label}</strong> pending from here:{' '}
          {texts.get(e.label) ?? ''}
        </p>
      ))}
      {completed.map((e) => (
        <p key={`c-${e.label}`} class="event done">
          {episodic ? 'Goal condition' : 'Instruction'} <strong>{e.label}</strong> {episodic ? 'met' : 'completed'}{' '}
          after {frame - e.start} steps pending.
        </p>
      ))}
      <details>
        <summary>What the agent sees ({current.visible.length} things)</summary>
        <ul class="observation" data-testid="observation">
          {current.visible.map((id) => {
            const states = world.get(id)?.states ?? [];
            return (
              <li key={id}>
                {name(id)}
                {states.length > 0 && <span class="muted"> {states.join(', ')}</span>}
              </li>
            );
          })}
        </ul>
      </details>
    </div>
  );
}
