/**
 * A scripted "model" for HELPER's LLM roles behind the loopback fake OpenAI-compatible server: it tells the roles'
 * prompts apart by their wording and answers each as a model that follows the prompt would, reading only the part of
 * the prompt it is asked about (the dialogue to carry out, the class to find), never the examples. Tests replace
 * single answers through `answers`.
 */
import type { ChatBody } from '../../helpers/fake-openai-server.js';

export type HelperRole = 'planner' | 'corrector' | 'locator' | 'classes' | 'other';

export const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');

export function roleOf(prompt: string): HelperRole {
  if (prompt.includes('You write programs for a household robot')) return 'planner';
  if (prompt.includes('One step of it failed')) return 'corrector';
  if (prompt.includes('Where should it look for')) return 'locator';
  if (prompt.includes('names an object class the robot does not know')) return 'classes';
  return 'other';
}

/** The text between a heading line and the next heading (`== ... ==`) or instruction. */
export function section(prompt: string, heading: string): string {
  const start = prompt.indexOf(heading);
  if (start < 0) return '';
  const rest = prompt.slice(start + heading.length);
  const end = rest.search(/\n(?:== |Answer with |Write a program for what)/);
  return (end < 0 ? rest : rest.slice(0, end)).trim();
}

export const TOAST_PROGRAM = ['bread_slice = InteractionObject("BreadSliced")', 'bread_slice.toast()'].join('\n');

export const COFFEE_PROGRAM = [
  '```python',
  '# goal: mug isClean',
  'mug = InteractionObject("Mug")',
  'mug.clean()',
  '# goal: mug(isClean) isFilledWithCoffee',
  'coffee_machine = InteractionObject("CoffeeMachine")',
  'mug.pickup_and_place(coffee_machine)',
  'coffee_machine.toggle_on()',
  '```',
].join('\n');

/** Answers per role; the defaults make toast and coffee in the cottage. */
export const DEFAULT_ANSWERS: Record<HelperRole, (prompt: string) => string> = {
  planner: (prompt) => {
    if (prompt.includes('the user answered:')) return 'I have nothing to add.';
    const dialogue = section(prompt, '== The dialogue to carry out ==').toLowerCase();
    if (dialogue.includes('coffee')) return COFFEE_PROGRAM;
    if (dialogue.includes('toast')) return TOAST_PROGRAM;
    return 'I am not sure what to do.';
  },
  corrector: () => 'Reflection: the robot was not close enough.\nProgram:\nagent.move_closer()',
  locator: () => 'kitchen counter\nkitchen cabinet\nfridge',
  classes: () => 'none',
  other: () => 'OK',
};

/** A script for `startFakeOpenAiServer({ script: { chat } })`: `answers` first, then the defaults. */
export function helperChat(answers: Partial<Record<HelperRole, (prompt: string) => string>> = {}) {
  return (body: ChatBody) => {
    const prompt = promptOf(body);
    const role = roleOf(prompt);
    return (answers[role] ?? DEFAULT_ANSWERS[role])(prompt);
  };
}
