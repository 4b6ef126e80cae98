/**
 * Reading instruction texts offline: each text is parsed by the grammar (grammar.ts) into structured readings, and
 * each reading is compiled into a query and an execution over catalog classes, so that one reading serves any home.
 * ExRAP's offline interpreter (eq. 4) and the text-reading heuristics both read the texts this way.
 *
 * - a state goal "the C should be S":  execution  forall x in C: x is S;
 *   query  exists x in C: x is (opposite of S)  for a conditional ("if the TV has been left off"), and
 *   not (execution) for a standing rule ("keep the microwave open"); for two-valued states they agree.
 * - a placement goal "the C should be PREP the H":  execution  forall x in C: exists h in H: x PREP h;
 *   query  not (execution).
 *
 * Objects are read universally, hosts existentially. "The book" in a home with four books is one book the speaker
 * has in mind and the text does not say which; reading it as every book the agent knows guarantees that the one
 * meant is covered (at the cost of carrying the others once), where "some book" could be satisfied by the wrong
 * one for ever. "The bookshelf" is any bookshelf; "the bookshelf in the bedroom" (how the benchmark names a host or a
 * switched thing the home has several of) is a quantifier restricted to that room.
 */
import { type Condition, edge, exists, forall, isIn, not, v } from '../sim/conditions.js';
import { OPPOSITE_STATE } from '../sim/vocabulary.js';
import { InputError } from '../util/errors.js';
import { type InstructionReading, parseInstruction } from './grammar.js';

/** A text to read and the id it goes by (an agent's InstructionBrief has this shape). */
export interface InstructionText {
  readonly id: string;
  readonly text: string;
}

/** One instruction as read from a text. */
export interface ReadInstruction {
  /** The brief's id, or `<id>#<n>` when its text states several instructions. */
  readonly instruction: string;
  /** The text it was read from. */
  readonly text: string;
  readonly query: Condition;
  readonly execution: Condition;
  /** The text names one thing to place ("the book"), not all of its class. */
  readonly singular: boolean;
}

/** The query and execution of one reading. */
export function compileReading(reading: InstructionReading): Pick<ReadInstruction, 'query' | 'execution' | 'singular'> {
  const goal = reading.goal;
  const objects = [...goal.object.classes];
  if (goal.kind === 'state') {
    const room = goal.object.room;
    const execution = forall('x', objects, isIn(v('x'), goal.state), room);
    const opposite = OPPOSITE_STATE[goal.state]!;
    const query = reading.phrasing === 'if' ? exists('x', objects, isIn(v('x'), opposite), room) : not(execution);
    return { query, execution, singular: false };
  }
  const host = exists('h', [...goal.host.classes], edge(v('x'), goal.relation, v('h')), goal.host.room);
  const execution = forall('x', objects, host);
  return { query: not(execution), execution, singular: goal.quantity === 'one' };
}

/** The readings of one text, with ids: the brief's id, or `<id>#<n>` when the text states several instructions. */
export function readInstruction(brief: InstructionText): { id: string; reading: InstructionReading }[] {
  const result = parseInstruction(brief.text);
  if (!result.ok) throw new InputError(`instruction '${brief.id}': cannot interpret "${brief.text}": ${result.reason}`);
  const { readings } = result;
  return readings.map((reading, n) => ({ id: readings.length === 1 ? brief.id : `${brief.id}#${n + 1}`, reading }));
}

/** Every instruction the texts state; one InputError naming every text that does not parse. */
export function readInstructions(briefs: readonly InstructionText[]): ReadInstruction[] {
  const read: ReadInstruction[] = [];
  const problems: string[] = [];
  for (const brief of briefs) {
    try {
      for (const { id, reading } of readInstruction(brief))
        read.push({ instruction: id, text: brief.text, ...compileReading(reading) });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      problems.push(error.message);
    }
  }
  if (problems.length > 0) throw new InputError(problems.join('; '));
  return read;
}
