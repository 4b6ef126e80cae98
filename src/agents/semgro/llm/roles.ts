/**
 * SemGro's LLM roles (paper 003, section 3 and appendix C): the skill generator φ_G, the judge ψ_LM (the detector
 * ψ_VLM stays the observation: hearth has no images) and the task retriever φ_R, each one chat call at temperature
 * 0 (the paper's GPT-3.5 setting) with a prompt under `prompts/semgro/`, its answer read, never run:
 *
 * - generator: one skill, the first line of the answer; one outside the candidates is asked again once, with the
 *   answer shown as not in the library; still outside, it is mapped to the nearest candidate (by the offline
 *   encoder), and the record says so. An answer outside the candidates is never carried out as given.
 * - judge: "executable: True|False" and "feedback: ..."; an answer without the first is invalid, recorded with its
 *   text, and taken as executable (the chain's own run then tells).
 * - task retriever: the first line of the answer; an empty one is invalid and replaced by "<skill>, <feedback>".
 *
 * A prompt too long for the model's context is asked again with half its examples and candidates, then a quarter,
 * then none; when even that does not fit, the answer is the overflow, named in the record (the generator then
 * answers nothing, which the agent treats as having nothing to choose).
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { Rng } from '../../../util/rng.js';
import { askFitting } from '../../llm-state/llm/ask.js';
import { CountedRequestSeeds } from '../../prompting/request-seeds.js';
import { PromptSet } from '../../prompting/templates.js';
import { bySimilarity } from '../encoding.js';
import { primitiveText } from '../primitives.js';
import type {
  Candidate,
  GeneratorInput,
  Judge,
  JudgeInput,
  RoleAnswer,
  SkillGenerator,
  TaskRetriever,
  TaskRetrieverInput,
  Verdict,
} from '../roles.js';
import { exampleLines, firstLine, numbered, parseVerdict } from './answers.js';

export const SEMGRO_PROMPTS = {
  generator: 'semgro/generator',
  generatorAgain: 'semgro/generator-again',
  judge: 'semgro/judge',
  taskRetriever: 'semgro/task-retriever',
};

/** Shares of the examples and candidates a prompt is tried with, from all of them down to none. */
const SHARES: readonly number[] = [1, 0.5, 0.25, 0];
const share = <T>(items: readonly T[], part: number) => items.slice(0, Math.ceil(items.length * part));

const MAX_TOKENS = { generator: 40, judge: 80, taskRetriever: 60 };

/** What the LLM roles share: the model, the prompts, and request seeds per role and call. */
class LlmRole {
  readonly prompts = new PromptSet(SEMGRO_PROMPTS);
  private readonly seeds: CountedRequestSeeds;

  constructor(
    protected readonly llm: LanguageModel,
    seed: number,
    offset: number,
  ) {
    this.seeds = new CountedRequestSeeds(new Rng(seed).fork('semgro-llm'), offset);
  }

  /** A new request seed: the episode's, the role and the call's number. */
  protected seed(): number {
    return this.seeds.next();
  }
}

export class LlmGenerator extends LlmRole implements SkillGenerator {
  readonly implementation = 'llm: next skill from the candidates (in-context examples)';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 0);
  }

  async generate(input: GeneratorInput): Promise<RoleAnswer<Candidate | undefined>> {
    const record = (extra: Partial<{ output: string; invalid: string; notes: Record<string, unknown> }>) => ({
      role: 'generator' as const,
      implementation: this.implementation,
      ...extra,
    });
    if (input.candidates.length === 0) return { value: undefined, record: record({ notes: { by: 'no candidate' } }) };
    const history = input.history.map((h) => `${h.text}${h.ok ? '' : ' (failed)'}`).join(', ') || 'none';
    const render = (part: number) =>
      this.prompts.render('generator', {
        examples: exampleLines(share(input.examples, part)),
        candidates: share(input.candidates, Math.max(part, 0.25))
          .map((c) => c.text)
          .join(', '),
        instruction: input.instruction,
        history,
      });
    const asked = await askFitting(this.llm, render, { maxTokens: MAX_TOKENS.generator, seed: this.seed() }, SHARES);
    if ('overflow' in asked) return { value: undefined, record: record({ invalid: asked.overflow }) };
    const find = (text: string) => input.candidates.find((c) => c.text === text);
    const first = firstLine(asked.text);
    const chosen = find(first);
    if (chosen) return { value: chosen, record: record({ output: asked.text }) };
    const again = await askFitting(
      this.llm,
      () => this.prompts.render('generatorAgain', { prompt: asked.prompt, answer: first }),
      { maxTokens: MAX_TOKENS.generator, seed: this.seed() },
      [0],
    );
    const second = 'overflow' in again ? '' : firstLine(again.text);
    const retried = find(second);
    const outputs = `${asked.text}\n---\n${'overflow' in again ? again.overflow : again.text}`;
    if (retried) {
      return {
        value: retried,
        record: record({ output: outputs, invalid: `'${first}' is not a candidate; asked again` }),
      };
    }
    const nearest = bySimilarity(second || first, input.candidates)[0];
    return {
      value: nearest,
      record: record({
        output: outputs,
        invalid: `'${first}' and '${second}' are not candidates; mapped to the nearest, '${nearest.text}'`,
      }),
    };
  }
}

export class LlmJudge extends LlmRole implements Judge {
  readonly implementation = 'llm: executable True/False with feedback, from the detected objects and states';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 1);
  }

  async judge(input: JudgeInput): Promise<RoleAnswer<Verdict>> {
    const render = (part: number) =>
      this.prompts.render('judge', {
        objects: input.detection.names.join(', ') || 'nothing',
        states: input.detection.states.join(', ') || 'none',
        candidates: share(input.candidates, part)
          .map((c) => c.text)
          .join(', '),
        skill: input.skill.text,
        steps: numbered(input.chain.map(primitiveText)),
      });
    const asked = await askFitting(this.llm, render, { maxTokens: MAX_TOKENS.judge, seed: this.seed() }, SHARES);
    const record = { role: 'judge' as const, implementation: this.implementation };
    if ('overflow' in asked) return { value: { executable: true }, record: { ...record, invalid: asked.overflow } };
    const verdict = parseVerdict(asked.text);
    if (!verdict) {
      return {
        value: { executable: true },
        record: { ...record, output: asked.text, invalid: 'no "executable: True|False" line; taken as executable' },
      };
    }
    const value: Verdict = verdict.executable
      ? { executable: true }
      : { executable: false, feedback: verdict.feedback || `${input.skill.text} cannot be carried out now` };
    return { value, record: { ...record, output: asked.text } };
  }
}

export class LlmTaskRetriever extends LlmRole implements TaskRetriever {
  readonly implementation = 'llm: a finer instruction from the skill, the feedback and the lower skills';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 2);
  }

  async retrieve(input: TaskRetrieverInput): Promise<RoleAnswer<string>> {
    const render = (part: number) =>
      this.prompts.render('taskRetriever', {
        skill: input.skill.text,
        feedback: input.feedback,
        lower: share(input.lower, part).join(', ') || 'none',
      });
    const asked = await askFitting(
      this.llm,
      render,
      { maxTokens: MAX_TOKENS.taskRetriever, seed: this.seed() },
      SHARES,
    );
    const record = { role: 'task-retriever' as const, implementation: this.implementation };
    const fallback = `${input.skill.text}, ${input.feedback}`;
    if ('overflow' in asked) return { value: fallback, record: { ...record, invalid: asked.overflow } };
    const line = firstLine(asked.text, { keepCase: true });
    if (line === '') return { value: fallback, record: { ...record, output: asked.text, invalid: 'an empty answer' } };
    return { value: line, record: { ...record, output: asked.text } };
  }
}
