/**
 * `GrammarInterpreter`, the offline instruction interpreter Phi_I of ExRAP (eq. 4): the texts are read by hearth's
 * instruction grammar (src/language: what each reading compiles to is written there), and the readings become
 * ExRAP's queries, executions and condition map.
 */

import { readInstructions } from '../../../language/index.js';
import type { InstructionBrief } from '../../agent.js';
import { type Interpretation, makeInterpretation } from '../query.js';
import type { InstructionInterpreter } from '../roles.js';

export class GrammarInterpreter implements InstructionInterpreter {
  readonly name = 'grammar';

  interpret(instructions: readonly InstructionBrief[]): Interpretation {
    return makeInterpretation(readInstructions(instructions));
  }
}
