/**
 * Bootstrapping the skill database with a language model, as the paper does (appendix B, after BOSS): levels 1 and 2
 * as offline (the primitive behaviours, and the household planner's chains for single goals, hearth's stand-in for
 * the paper's pretrained low-level skills), each level-2 chain named by the model's summary; levels 3 and 4 grown by
 * chaining: a skill one level down drawn with the seed, then the model asked for the next skill from a library of
 * 15 (`prompts/semgro/chain.txt`), until it answers "done", answers outside the library, three skills are chained,
 * or the chain stops running in the training home; a chain of two or more is named by the model's summary
 * (`summarise.txt`). Calls at temperature 0. A name the model does not give (an empty or overlong answer, a context
 * overflow) is the template's, and counted.
 */
import { ContextOverflowError } from '../../../llm/errors.js';
import type { LanguageModel } from '../../../llm/language-model.js';
import type { EnvGraph } from '../../../sim/graph.js';
import { Rng } from '../../../util/rng.js';
import { PromptSet } from '../../prompting/templates.js';
import { firstLine, numbered } from '../llm/answers.js';
import { primitiveText } from '../primitives.js';
import { Bootstrap, type BuildOptions, PAPER_LEVEL_SIZES } from './build.js';
import type { SkillDatabase } from './database.js';
import { skillName } from './naming.js';

export const SEMGRO_BUILD_PROMPTS = { chain: 'semgro/chain', summarise: 'semgro/summarise' };

export interface ModelBuildOptions extends BuildOptions {
  readonly llm: LanguageModel;
  /** The model's name, for the record. */
  readonly model: string;
}

export interface ModelBuildReport {
  readonly database: SkillDatabase;
  readonly calls: number;
  /** Names the model did not give (the template's instead). */
  readonly templateNames: number;
}

const LIBRARY_SIZE = 15;
const MAX_WORDS = 14;

export async function buildDatabaseWithModel(graph: EnvGraph, options: ModelBuildOptions): Promise<ModelBuildReport> {
  const rng = new Rng(options.seed).fork('semgro-database-llm');
  const prompts = new PromptSet(SEMGRO_BUILD_PROMPTS);
  const bootstrap = new Bootstrap(graph, options.patients);
  let calls = 0;
  let templateNames = 0;
  const ask = async (prompt: string, maxTokens: number): Promise<string> => {
    calls++;
    try {
      return (await options.llm.chat(prompt, { temperature: 0, maxTokens, seed: (options.seed + calls) % 0x7fffffff }))
        .text;
    } catch (error) {
      if (error instanceof ContextOverflowError) return '';
      throw error;
    }
  };
  /** Examples for a prompt: up to three skills already made on the level, with their steps. */
  const examplesOf = (level: number, label: string) =>
    bootstrap.entries
      .filter((e) => e.level === level)
      .slice(-3)
      .map((e) => `Skill Steps: ${numbered(e.plan.map((id) => bootstrap.entries[id - 1].text))}\n${label}: ${e.text}`)
      .join('\n\n');
  const summarise = async (level: number, steps: readonly string[], fallback: string): Promise<string> => {
    const name = firstLine(
      await ask(prompts.render('summarise', { examples: examplesOf(level, 'Name'), steps: numbered(steps) }), 30),
    );
    if (name === '' || name.split(' ').length > MAX_WORDS) {
      templateNames++;
      return fallback;
    }
    return name;
  };

  // Level 2: the planner's chains, named by the model.
  type Made = { id: number; text: string; chain: ReturnType<Bootstrap['levelTwo']>[number]['chain'] };
  let lower: Made[] = [];
  for (const { meaning, chain, plan, seen } of bootstrap.levelTwo()) {
    const text = await summarise(2, chain.map(primitiveText), skillName(meaning));
    lower.push({ id: bootstrap.add(2, text, seen, plan), text, chain });
  }

  // Levels 3 and 4: chaining guided by the model.
  for (const [level, cap] of [
    [3, options.caps?.level3 ?? PAPER_LEVEL_SIZES[2]],
    [4, options.caps?.level4 ?? PAPER_LEVEL_SIZES[3]],
  ] as const) {
    const made: Made[] = [];
    const draw = rng.fork(level);
    for (let attempt = 0; made.length < cap && attempt < cap * 4 && lower.length >= 2; attempt++) {
      const parts = [draw.pick(lower)];
      while (parts.length < 3) {
        const library = draw.sample(
          lower.filter((l) => !parts.includes(l)),
          Math.min(LIBRARY_SIZE, lower.length - parts.length),
        );
        const answer = firstLine(
          await ask(
            prompts.render('chain', {
              examples: examplesOf(level, 'Task'),
              library: library.map((l) => l.text).join(', '),
              steps: numbered(parts.map((p) => p.text)),
            }),
            30,
          ),
        );
        const next = library.find((l) => l.text === answer);
        if (!next) break;
        const run = bootstrap.check([...parts, next].flatMap((p) => p.chain));
        if (!run.ok) break;
        parts.push(next);
      }
      if (parts.length < 2) continue;
      const chain = parts.flatMap((p) => p.chain);
      const text = await summarise(
        level,
        parts.map((p) => p.text),
        parts.map((p) => p.text).join(' and '),
      );
      made.push({
        id: bootstrap.add(
          level,
          text,
          bootstrap.check(chain).seen,
          parts.map((p) => p.id),
        ),
        text,
        chain,
      });
    }
    lower = made;
  }
  const database = bootstrap.finish(options, `llm:${options.model}: planner chains, model chaining and summaries`);
  return { database, calls, templateNames };
}
