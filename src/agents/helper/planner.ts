/**
 * The offline Planner: the dialogue (or the user's feedback) read with hearth's offline readers (`reading.ts`), and
 * the program built from the retrieved examples by retrieve-and-adapt (`adapt.ts`). It answers with program text, as
 * the LLM planner does, so that both go through the same grammar. A dialogue the reader cannot read gets no program.
 */
import { readFeedback } from '../../language/feedback.js';
import { adaptGoals, retrieveAndAdapt } from './adapt.js';
import { readRequest } from './reading.js';
import type { PlanInput, Planner, RoleAnswer } from './roles.js';

export class OfflinePlanner implements Planner {
  readonly implementation = 'offline (retrieve-and-adapt)';

  async plan(input: PlanInput): Promise<RoleAnswer<string>> {
    const reading = readRequest(input.dialogue);
    if (input.feedback) {
      const feedback = readFeedback(input.feedback.answer);
      const { program, notes } = adaptGoals(feedback.subgoals, input.examples, reading.hints);
      return {
        value: program,
        record: {
          role: 'planner',
          implementation: this.implementation,
          notes: { ...notes, ...(feedback.unread.length > 0 && { unread: feedback.unread }) },
        },
      };
    }
    const { program, notes } = retrieveAndAdapt(input.dialogue, reading, input.examples);
    return {
      value: program,
      record: {
        role: 'planner',
        implementation: this.implementation,
        notes: { ...notes, ...(reading.unread.length > 0 && { unread: reading.unread }) },
      },
    };
  }
}
