/**
 * Inner Monologue's planner on a language model: the prompt (`prompts/inner-monologue/prompt.txt`) is the task and
 * the transcript, `Scene:` / `Robot:` / `Success:` lines, ending in `Robot:`; the first line of the answer is read
 * with the primitive actions' grammar. With a window, the turns before the last W are left out (and counted); without
 * one, a transcript that outgrows the context is a context overflow, named, and the step is invalid.
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { Rng } from '../../../util/rng.js';
import { askFitting } from '../../llm-state/llm/ask.js';
import type { RoleRecord } from '../../llm-state/roles.js';
import { parseCommandLine } from '../../primitives/commands.js';
import { FULL_LISTING } from '../../primitives/listing.js';
import { PromptSet } from '../../prompting/templates.js';
import type { NextCommand, NextCommandInput, Turn } from '../roles.js';

export const INNER_MONOLOGUE_PROMPTS = { prompt: 'inner-monologue/prompt' };

export class LlmNextCommand implements NextCommand {
  readonly implementation: string;
  readonly prompts = new PromptSet(INNER_MONOLOGUE_PROMPTS);
  private readonly seedBase: number;

  constructor(
    private readonly llm: LanguageModel,
    seed: number,
    /** Turns kept (undefined: the whole transcript). */
    private readonly window?: number,
  ) {
    this.seedBase = new Rng(seed).nextUint32() & 0x3fffffff;
    this.implementation = `llm: next action from the ${window === undefined ? 'whole transcript' : `last ${window} turns`}`;
  }

  async next(input: NextCommandInput) {
    const prompt = this.prompts.render('prompt', { task: input.task, transcript: this.transcript(input) });
    const asked = await askFitting(
      this.llm,
      () => prompt,
      { maxTokens: 40, seed: (this.seedBase + input.t * 16) % 0x7fffffff, stop: ['\n'] },
      [FULL_LISTING],
    );
    const base = { role: 'policy', implementation: 'llm' } as const;
    if ('overflow' in asked) return { record: { ...base, invalid: asked.overflow } satisfies RoleRecord };
    const line = asked.text.split('\n').find((l) => l.trim() !== '') ?? '';
    const parsed = parseCommandLine(line);
    if ('reason' in parsed) {
      return {
        record: {
          ...base,
          output: asked.text,
          invalid: parsed.reason,
          rejected: [{ line: 1, text: line.trim(), reason: parsed.reason }],
        } satisfies RoleRecord,
      };
    }
    return { command: parsed.command, record: { ...base, output: asked.text } satisfies RoleRecord };
  }

  private transcript(input: NextCommandInput): string {
    const kept = this.window === undefined ? input.turns : input.turns.slice(-this.window);
    const left = input.turns.length - kept.length;
    const lines = [left > 0 ? `(${left} earlier actions left out)` : `Scene: ${input.start}`];
    let shown = left > 0 ? undefined : input.start;
    for (const turn of kept) {
      if (turn.scene !== undefined) shown = turn.scene;
      lines.push(...turnLines(turn));
    }
    if (input.current !== shown) lines.push(`Scene: ${input.current}`);
    return lines.join('\n');
  }
}

function turnLines(turn: Turn): string[] {
  return [
    ...(turn.scene !== undefined ? [`Scene: ${turn.scene}`] : []),
    `Robot: ${turn.action}`,
    `Success: ${turn.success ? 'yes' : 'no'}`,
  ];
}
