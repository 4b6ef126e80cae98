/**
 * φ_R offline: the finer instruction i* for a skill found not executable is "<remedy> and <skill>", the remedy made
 * from why it failed (the paper's trajectory: "kitchencabinet is closed" -> "Open kitchencabinet and put fruit in
 * it"). Remedies, by the failure's kind:
 *
 * | failure                                  | remedy                         |
 * | ---------------------------------------- | ------------------------------ |
 * | a container closed (to put in, to grab)  | open X                         |
 * | an appliance on that must be opened      | switchoff X                    |
 * | nothing of a class in view, unreachable  | find X                         |
 * | not holding what must be put             | grab X                         |
 * | not close enough                         | walk X                         |
 * | both hands full                          | put down what you hold         |
 * | already open / closed / on / off         | "<skill> with X already open"  |
 *
 * With no structured reason (an LLM critic's free text), the feedback itself is joined to the skill.
 */
import type { SkillFailure } from './failures.js';
import type { RoleAnswer, TaskRetriever, TaskRetrieverInput } from './roles.js';

/** The remedy of a failure as an instruction clause, or undefined when the failure needs no step, only care. */
export function remedyOf(failure: SkillFailure): string | undefined {
  switch (failure.kind) {
    case 'closed':
      return `open ${failure.object}`;
    case 'switched-on':
      return `switchoff ${failure.object}`;
    case 'not-visible':
    case 'unreachable':
      return `find ${failure.object}`;
    case 'not-holding':
      return `grab ${failure.object}`;
    case 'not-close':
      return `walk ${failure.object}`;
    case 'hands-full':
      return 'put down what you hold';
    default:
      return undefined;
  }
}

const STATE_WORDS: Partial<Record<SkillFailure['kind'], string>> = {
  'already-open': 'open',
  'already-closed': 'closed',
  'already-on': 'on',
  'already-off': 'off',
};

export class RemedyTaskRetriever implements TaskRetriever {
  readonly implementation = 'offline: "<remedy of the failure> and <skill>"';

  async retrieve(input: TaskRetrieverInput): Promise<RoleAnswer<string>> {
    const { skill, failure, feedback } = input;
    const remedy = failure ? remedyOf(failure) : undefined;
    const state = failure ? STATE_WORDS[failure.kind] : undefined;
    const text = remedy
      ? `${remedy} and ${skill.text}`
      : state
        ? `${skill.text} with ${failure!.object} already ${state}`
        : `${skill.text}, ${feedback}`;
    return { value: text, record: { role: 'task-retriever', implementation: this.implementation } };
  }
}
