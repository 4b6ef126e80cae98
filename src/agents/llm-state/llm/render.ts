/** The pieces of LLM-State's prompts, as the paper's appendix prints them: the state, the history, the task. */
import { historyEntry } from '../../primitives/commands.js';
import type { HistoryItem } from '../../primitives/runner.js';
import type { LlmState } from '../roles.js';

/** `lightswitch1: off | robot_near` lines; `[]` for an object nothing is known of. */
export function stateLines(keys: readonly string[], objects?: ReadonlyMap<string, readonly string[]>): string {
  const names = objects ? [...new Set([...keys, ...objects.keys()])] : keys;
  if (names.length === 0) return '(no objects yet)';
  return names
    .map((name) => {
      const attributes = objects?.get(name) ?? [];
      return `${name}: ${attributes.length > 0 ? attributes.join(' | ') : '[]'}`;
    })
    .join('\n');
}

/** The state as the policy reads it: the object entries, then the summary as `Reasoning: ...`. */
export function stateText(keys: readonly string[], state: LlmState): string {
  const parts: string[] = [];
  if (state.objects) parts.push(stateLines(keys, state.objects));
  if (state.summary) parts.push(`Reasoning: ${state.summary.text}`);
  return parts.join('\n\n');
}

/** The action history as the paper prints it: `["['move', 'lightswitch1'](Success)", ...]`. */
export function historyText(history: readonly HistoryItem[]): string {
  if (history.length === 0) return '[] (no action yet)';
  return `[${history.map((h) => `"${historyEntry(h.command, h.success)}"`).join(', ')}]`;
}
