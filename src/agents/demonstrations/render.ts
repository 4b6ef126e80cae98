/** Demonstrations as text pieces that prompt templates arrange: numbered instructions, skill phrases, calls. */
import { actionCall, actionPhrase, type PhraseTable } from '../prompting/skill-text.js';
import type { Demonstration } from './types.js';

/** The demonstration's skills as phrases: `walk to livingroom.11`, `switch off tv.33`. */
export function demonstrationPhrases(demo: Demonstration, phrases: PhraseTable): string[] {
  return demo.steps.map((step) => actionPhrase(step.action, step.objects, phrases));
}

/** The demonstration's skills as ProgPrompt calls: `switchoff('tv.33')`. */
export function demonstrationCalls(demo: Demonstration): string[] {
  return demo.steps.map((step) => actionCall(step.action, step.objects));
}

/** Instructions as a numbered list, one per line. */
export function numberedLines(items: readonly string[]): string {
  return items.map((item, i) => `${i + 1}. ${item}`).join('\n');
}

/** A Python identifier from an instruction: `If the TV is on, turn it off.` -> `if_the_tv_is_on_turn_it_off`. */
export function functionName(text: string, maxWords = 12): string {
  const words = text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w !== '')
    .slice(0, maxWords);
  const name = words.join('_');
  return name === '' ? 'task' : /^[0-9]/.test(name) ? `task_${name}` : name;
}
