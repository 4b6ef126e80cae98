/**
 * `LlmInterpreter`, ExRAP's instruction interpreter Phi_I (eq. 4) by a language model: the numbered instruction texts
 * go in (prompt `prompts/exrap/interpreter.txt`), a JSON object of goals per instruction comes out, constrained by a
 * JSON schema and validated with the same zod schema; object classes must be catalog classes. Each goal is the
 * structured reading the offline grammar would give (`InstructionReading`) and is compiled into a query, an execution
 * and C by the same `compileReading`, so the LLM and the grammar disagree only where they read the text differently.
 *
 * Model output is data: an answer that fails the schema, or names a class the catalog does not know, is asked again
 * with the next seed (`attempts`, default 3). Instructions still not interpreted are left out and counted
 * (`stats.uninterpreted`): the agent serves the others, as ExRAP would with an instruction its LLM misread. A prompt
 * too long for the model's context is asked again with less answer room, then without the worked example; when
 * even that does not fit, the instructions stay uninterpreted (the episode goes on with nothing to serve).
 */
import { z } from 'zod';
import { compileReading, type InstructionReading } from '../../../language/index.js';
import { ContextOverflowError, InvalidOutputError } from '../../../llm/errors.js';
import type { LanguageModel } from '../../../llm/language-model.js';
import { catalogClass } from '../../../sim/catalog/index.js';
import type { Condition } from '../../../sim/conditions.js';
import type { InstructionBrief } from '../../agent.js';
import { numberedLines } from '../../demonstrations/render.js';
import { PromptSet } from '../../prompting/templates.js';
import { type Interpretation, makeInterpretation } from '../query.js';
import type { InstructionInterpreter } from '../roles.js';

export const INTERPRETER_PROMPTS = { interpreter: 'exrap/interpreter', example: 'exrap/interpreter-example' };

/**
 * What is given up, in order, when the request does not fit the model's context: answer room first (256 tokens
 * hold the JSON of a dozen instructions), then the worked example, then more answer room.
 */
const FALLBACKS: readonly { example: boolean; maxTokens: number }[] = [
  { example: true, maxTokens: 256 },
  { example: false, maxTokens: 256 },
  { example: false, maxTokens: 128 },
  { example: false, maxTokens: 64 },
];

const goalSchema = z.strictObject({
  kind: z.enum(['state', 'placement']),
  objects: z.array(z.string().min(1).max(40)).min(1).max(4),
  state: z.enum(['ON', 'OFF', 'OPEN', 'CLOSED', 'none']),
  relation: z.enum(['ON', 'INSIDE', 'none']),
  hosts: z.array(z.string().min(1).max(40)).max(4),
  /** The room the text names for the place (placements) or the thing (state goals): "the desk in the bedroom". */
  room: z.string().min(1).max(40).optional(),
  /**
   * A placement of one thing ("the book": when the home has several, one of them is meant, and ExRAP may find out
   * which) or of all of them ("all the books", "any towels"); absent, a placement is read as all.
   */
  count: z.enum(['one', 'all']).optional(),
  conditional: z.boolean(),
});

/** The interpreter's output schema. */
export const INTERPRETATION_SCHEMA = z.strictObject({
  instructions: z
    .array(z.strictObject({ number: z.number().int().min(1).max(99), goals: z.array(goalSchema).min(1).max(3) }))
    .max(40),
});

export type InterpreterOutput = z.infer<typeof INTERPRETATION_SCHEMA>;
type GoalOutput = z.infer<typeof goalSchema>;

/** A catalog class from what the model wrote (`TV`, `coffee table`, `books`), or undefined. */
export function catalogClassOf(text: string): string | undefined {
  const words = text.trim().toLowerCase().replace(/_/g, ' ');
  const direct = catalogClass(words) ?? catalogClass(words.replace(/\s+/g, ''));
  if (direct) return direct.name;
  const single = words.endsWith('es') ? words.slice(0, -2) : words.endsWith('s') ? words.slice(0, -1) : undefined;
  if (single === undefined) return undefined;
  return (catalogClass(single) ?? catalogClass(`${single}e`) ?? catalogClass(`${words.slice(0, -1)}`))?.name;
}

/** One goal as a grammar reading, or the problem with it. */
export function readingOf(goal: GoalOutput): InstructionReading | string {
  const objects = goal.objects.map((name) => [name, catalogClassOf(name)] as const);
  const unknown = objects.filter(([, cls]) => cls === undefined).map(([name]) => name);
  if (unknown.length > 0) return `unknown object class ${unknown.map((n) => JSON.stringify(n)).join(', ')}`;
  const classes = [...new Set(objects.map(([, cls]) => cls!))];
  const phrasing = goal.conditional ? 'if' : 'always';
  const room = goal.room === undefined || goal.room === 'none' ? undefined : catalogClassOf(goal.room);
  if (goal.room !== undefined && goal.room !== 'none' && (room === undefined || catalogClass(room)?.kind !== 'room')) {
    return `unknown room ${JSON.stringify(goal.room)}`;
  }
  const inRoom = room === undefined ? {} : { room };
  if (goal.kind === 'state') {
    if (goal.state === 'none') return 'a state goal without a state';
    return { phrasing, goal: { kind: 'state', object: { classes, ...inRoom }, state: goal.state } };
  }
  if (goal.relation === 'none' || goal.hosts.length === 0) return 'a placement goal without a relation or a place';
  const hosts = goal.hosts.map((name) => [name, catalogClassOf(name)] as const);
  const unknownHosts = hosts.filter(([, cls]) => cls === undefined).map(([name]) => name);
  if (unknownHosts.length > 0) return `unknown place class ${unknownHosts.map((n) => JSON.stringify(n)).join(', ')}`;
  return {
    phrasing,
    goal: {
      kind: 'placement',
      object: { classes },
      quantity: goal.count ?? 'all',
      relation: goal.relation,
      host: { classes: [...new Set(hosts.map(([, cls]) => cls!))], ...inRoom },
    },
  };
}

export interface LlmInterpreterOptions {
  readonly llm: LanguageModel;
  /** Requests before giving up on an instruction (default 3). */
  readonly attempts?: number;
  /** Seed of the first request (default 0); attempt i uses seed + i. */
  readonly seed?: number;
  readonly maxTokens?: number;
}

export interface InterpreterStats {
  calls: number;
  invalidOutputs: number;
  uninterpreted: number;
}

export class LlmInterpreter implements InstructionInterpreter {
  readonly name = 'llm';
  readonly prompts = new PromptSet(INTERPRETER_PROMPTS);
  readonly stats: InterpreterStats = { calls: 0, invalidOutputs: 0, uninterpreted: 0 };
  /** Why the last uninterpreted instructions were left out (for traces and tests). */
  problems: string[] = [];
  private readonly llm: LanguageModel;
  private readonly attempts: number;
  private readonly seed: number;
  private readonly maxTokens: number;

  constructor(options: LlmInterpreterOptions) {
    this.llm = options.llm;
    this.attempts = options.attempts ?? 3;
    this.seed = options.seed ?? 0;
    this.maxTokens = options.maxTokens ?? 512;
  }

  prompt(instructions: readonly InstructionBrief[], example = true): string {
    return this.prompts.render('interpreter', {
      example: example ? this.prompts.render('example', {}) : '',
      instructions: numberedLines(instructions.map((i) => i.text)),
    });
  }

  async interpret(instructions: readonly InstructionBrief[]): Promise<Interpretation> {
    const readings = new Map<number, InstructionReading[]>();
    const problems = new Map<number, string>();
    let request = { example: true, maxTokens: this.maxTokens };
    let fallback = 0;
    for (let attempt = 0; attempt < this.attempts && readings.size < instructions.length; attempt++) {
      let output: InterpreterOutput;
      try {
        this.stats.calls++;
        output = (
          await this.llm.structured(this.prompt(instructions, request.example), INTERPRETATION_SCHEMA, {
            name: 'interpretation',
            seed: this.seed + attempt,
            maxTokens: request.maxTokens,
          })
        ).value;
      } catch (error) {
        if (error instanceof ContextOverflowError) {
          if (fallback < FALLBACKS.length) {
            // A small context: ask again with less (this attempt does not count).
            request = FALLBACKS[fallback++];
            attempt--;
            continue;
          }
          // Nothing left to cut: the instructions stay uninterpreted (counted), the episode goes on.
          for (let n = 1; n <= instructions.length; n++) {
            if (!readings.has(n)) problems.set(n, `the prompt does not fit the model's context (${error.message})`);
          }
          break;
        }
        if (!(error instanceof InvalidOutputError)) throw error;
        this.stats.invalidOutputs++;
        for (let n = 1; n <= instructions.length; n++) if (!readings.has(n)) problems.set(n, error.message);
        continue;
      }
      for (const item of output.instructions) {
        if (item.number > instructions.length || readings.has(item.number)) continue;
        const read = item.goals.map(readingOf);
        const problem = read.find((r): r is string => typeof r === 'string');
        if (problem) problems.set(item.number, problem);
        else readings.set(item.number, read as InstructionReading[]);
      }
      for (let n = 1; n <= instructions.length; n++) {
        if (!readings.has(n) && !problems.has(n)) problems.set(n, 'not in the answer');
      }
    }
    const parts: { instruction: string; text: string; query: Condition; execution: Condition }[] = [];
    this.problems = [];
    instructions.forEach((brief, i) => {
      const read = readings.get(i + 1);
      if (!read) {
        this.stats.uninterpreted++;
        this.problems.push(`instruction '${brief.id}': ${problems.get(i + 1) ?? 'not interpreted'}`);
        return;
      }
      read.forEach((reading, n) => {
        const id = read.length === 1 ? brief.id : `${brief.id}#${n + 1}`;
        parts.push({ instruction: id, text: brief.text, ...compileReading(reading) });
      });
    });
    return makeInterpretation(parts);
  }
}
