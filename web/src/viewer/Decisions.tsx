/**
 * What the agent recorded about its decision at a frame (src/util/decisions.ts): ExRAP's query probabilities and
 * entropies (with their course over the episode), the memory facts retrieved for each query and the values behind
 * the chosen skill; DANLI's subgoals, plan and recovery; LLM-State's cycle; an LLM baseline's choice; a program
 * agent's notes; and every model call with its prompt, answer, tokens and latency. All of it is text from the run: shown as text, never as markup.
 */
import * as Plot from '@observablehq/plot';
import { useMemo } from 'preact/hooks';
import { PlotFigure } from '../components/PlotFigure.js';
import type { EpisodeView } from '../types.js';

type Record = { [field: string]: unknown };

export function Decisions({ view, frame }: { view: EpisodeView; frame: number }) {
  const records = (view.decisions[frame] ?? []) as Record[];
  const hasExrap = useMemo(
    () => Object.values(view.decisions).some((list) => list.some((r) => r.kind === 'exrap')),
    [view],
  );
  if (Object.keys(view.decisions).length === 0) {
    return (
      <p class="muted">This agent recorded nothing about its decisions (or the trace predates decision records).</p>
    );
  }
  return (
    <div class="decisions" data-testid="decisions">
      {hasExrap && <ExrapCourse view={view} frame={frame} />}
      {records.length === 0 && <p class="muted">Nothing recorded at this step.</p>}
      {records.map((record, i) => {
        const key = `${record.kind}-${i}`;
        switch (record.kind) {
          case 'exrap':
            return <ExrapDecision key={key} record={record} />;
          case 'danli':
            return <DanliDecision key={key} record={record} />;
          case 'llm-state':
            return <LlmStateCycle key={key} record={record} />;
          case 'baseline':
            return <BaselineChoice key={key} record={record} />;
          case 'llm':
            return <LlmCall key={key} record={record} />;
          case 'agent-note':
            // A program agent's `note` (docs/agent-protocol.md): its own words about the step, as text.
            return (
              <p key={key} class="agent-note" data-testid="agent-note">
                <strong>{String(record.agent)}</strong>: {String(record.note)}
              </p>
            );
          default:
            return (
              <details key={key}>
                <summary>{String(record.kind)}</summary>
                <pre>{JSON.stringify(record, null, 2)}</pre>
              </details>
            );
        }
      })}
    </div>
  );
}

interface Query {
  id: string;
  instruction: string;
  text: string;
  p: number;
  entropy: number;
  prior: number;
  reused: boolean;
  retrieved: string[];
}
interface SkillValue {
  skill: string;
  vR: number;
  vT: number | null;
  score: number;
}

/** P(q | G_t) and its entropy for every query over the whole episode, the current step marked. */
function ExrapCourse({ view, frame }: { view: EpisodeView; frame: number }) {
  const series = useMemo(
    () =>
      Object.entries(view.decisions).flatMap(([t, list]) =>
        (list as Record[])
          .filter((r) => r.kind === 'exrap')
          .flatMap((r) =>
            (r.queries as Query[]).flatMap((q) => [
              { t: Number(t), query: q.instruction, value: q.p, measure: 'P(q | G_t)' },
              { t: Number(t), query: q.instruction, value: q.entropy, measure: 'entropy (bits)' },
            ]),
          ),
      ),
    [view],
  );
  const options = useMemo(
    () =>
      ({
        width: 1000,
        height: 260,
        marginLeft: 50,
        marginRight: 110,
        x: { label: 'step', domain: [0, Math.max(1, view.frames.length - 1)], tickFormat: 'd' },
        y: { domain: [0, 1], grid: true, label: null },
        fy: { label: null },
        color: { legend: true, label: 'query' },
        marks: [
          Plot.line(series, { x: 't', y: 'value', stroke: 'query', fy: 'measure', curve: 'step-after' }),
          Plot.ruleX([frame], { stroke: 'red' }),
        ],
      }) satisfies Plot.PlotOptions,
    [series, frame, view],
  );
  return <PlotFigure options={options} label="query probabilities and entropies" />;
}

function ExrapDecision({ record }: { record: Record }) {
  const queries = record.queries as Query[];
  const skills = record.skills as SkillValue[];
  const pending = new Set(record.pending as string[]);
  const options = useMemo(
    () =>
      ({
        width: 620,
        height: 40 + 22 * skills.length,
        marginLeft: 240,
        x: { label: 'eq. 12 score (w_R·100·v_R + w_T·v_T)', grid: true },
        y: { label: null, domain: skills.map((s) => s.skill) },
        marks: [
          Plot.barX(skills, {
            x: 'score',
            y: 'skill',
            fill: (s: SkillValue) => (s.skill === record.chosen ? '#1f5fd0' : '#9db8e8'),
          }),
          Plot.ruleX([0]),
        ],
      }) satisfies Plot.PlotOptions,
    [skills, record.chosen],
  );
  return (
    <div class="exrap">
      <h4>ExRAP</h4>
      <table class="listing" data-testid="exrap-queries">
        <thead>
          <tr>
            <th>query</th>
            <th>P(q | G_t)</th>
            <th>entropy</th>
            <th>prior R</th>
            <th>pending</th>
          </tr>
        </thead>
        <tbody>
          {queries.map((q) => (
            <tr key={q.id}>
              <td title={q.text}>
                {q.instruction}: {q.text}
              </td>
              <td class="number">{q.p.toFixed(3)}</td>
              <td class="number">{q.entropy.toFixed(3)}</td>
              <td class="number">
                {q.prior.toFixed(3)}
                {q.reused ? ' (reused)' : ''}
              </td>
              <td>{pending.has(q.id) ? 'yes' : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>
        Chose <code data-testid="exrap-chosen">{String(record.chosen)}</code> among {String(record.allowed)} allowed
        skills (the best {skills.length} shown):
      </p>
      <PlotFigure options={options} label="skill scores" />
      <table class="listing" data-testid="exrap-skills">
        <thead>
          <tr>
            <th>skill</th>
            <th>v_R</th>
            <th>v_T</th>
            <th>score</th>
          </tr>
        </thead>
        <tbody>
          {skills.map((s) => (
            <tr key={s.skill} class={s.skill === record.chosen ? 'chosen' : ''}>
              <td>
                <code>{s.skill}</code>
              </td>
              <td class="number">{s.vR.toFixed(4)}</td>
              <td class="number">{s.vT === null ? '–' : s.vT.toFixed(4)}</td>
              <td class="number">{s.score.toFixed(4)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>Memory facts retrieved for each query</summary>
        {queries.map((q) => (
          <div key={q.id}>
            <h5>{q.instruction}</h5>
            <ul class="facts" data-testid="exrap-facts">
              {q.retrieved.map((fact) => (
                <li key={fact}>
                  <code>{fact}</code>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </details>
    </div>
  );
}

function DanliDecision({ record }: { record: Record }) {
  const subgoals = record.subgoals as string[];
  const current = record.current as number;
  const plan = record.plan as string[];
  const changed = Object.entries(record.changed as { [k: string]: number });
  return (
    <div class="danli">
      <h4>DANLI</h4>
      <ol class="subgoals">
        {subgoals.map((goal, i) => (
          <li key={goal + String(i)} class={i === current ? 'current' : i < current ? 'past' : ''}>
            {goal}
            {i === current ? ' ← pursued' : ''}
          </li>
        ))}
      </ol>
      <p>
        Takes <code>{String(record.chosen)}</code>
        {record.searchFor ? `, searching for ${String(record.searchFor)}` : ''}; failures on this subgoal:{' '}
        {String(record.failures)}.
      </p>
      {plan.length > 0 && (
        <p>
          Plan left: <code>{plan.join(' → ')}</code>
        </p>
      )}
      {changed.length > 0 && (
        <p class="recovery">Since the last step: {changed.map(([k, v]) => `${k} +${v}`).join(', ')}</p>
      )}
    </div>
  );
}

function LlmStateCycle({ record }: { record: Record }) {
  const failure = record.failure as { command: string; summary?: string } | undefined;
  return (
    <div class="llm-state">
      <h4>LLM-State cycle ({String(record.trigger)})</h4>
      {(record.keysAdded as string[]).length > 0 && (
        <p>Objects attended: {(record.keysAdded as string[]).join(', ')}</p>
      )}
      <p>
        Plan: <code>{(record.plan as string[]).join(' → ') || '(empty)'}</code>
      </p>
      {failure && (
        <p class="failed">
          After the failure of <code>{failure.command}</code>
          {failure.summary ? `: ${failure.summary}` : ''}
        </p>
      )}
      <details>
        <summary>Role records</summary>
        <pre>{JSON.stringify(record.records, null, 2)}</pre>
      </details>
    </div>
  );
}

function BaselineChoice({ record }: { record: Record }) {
  return (
    <p class="baseline">
      {String(record.agent)} chose <code>{String(record.chosen)}</code>
      {record.invalid ? <span class="failed"> (unusable output: {String(record.invalid)})</span> : null}
    </p>
  );
}

function LlmCall({ record }: { record: Record }) {
  const prompt = record.prompt as Array<{ role: string; content: string }> | string | string[];
  const messages = typeof prompt === 'string' ? [{ role: 'prompt', content: prompt }] : prompt;
  const response = record.response as string[] | undefined;
  return (
    <details class="llm-call" data-testid="llm-call" open>
      <summary>
        Model call ({String(record.call)}): {String(record.promptTokens ?? '?')} prompt +{' '}
        {String(record.completionTokens ?? '?')} completion tokens, {String(record.latencyMs)} ms
        {record.cached ? ', from the cache' : ''}
        {record.error ? `, failed: ${String(record.error)}` : ''}
      </summary>
      {messages.map((message, i) => (
        <div key={String(i)} class="message">
          <span class="role">{typeof message === 'string' ? 'text' : message.role}</span>
          <pre>{typeof message === 'string' ? message : message.content}</pre>
        </div>
      ))}
      {response?.map((text, i) => (
        <div key={`r${String(i)}`} class="message response">
          <span class="role">response</span>
          <pre data-testid="llm-response">{text}</pre>
        </div>
      ))}
      {Array.isArray(record.logprobs) && (
        <p>Log-probabilities: {(record.logprobs as number[]).map((v) => v.toFixed(2)).join(', ')}</p>
      )}
    </details>
  );
}
