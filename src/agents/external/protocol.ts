/**
 * The agent protocol, version 1: the JSON lines hearth and an agent program exchange on the program's standard input
 * and output (docs/agent-protocol.md). Written once, here, in zod: hearth builds its messages with these types,
 * parses every line a program writes with these schemas, and `agentProtocolJsonSchema()` publishes them as JSON
 * Schema (`schema/agent-protocol.v1.json`, checked against this file by the tests).
 *
 * Every message is one line of JSON, an object with a `type`. hearth writes a request, the program answers with
 * exactly one line:
 *
 *   hello -> hello          which versions hearth speaks; the program's name, version, protocols and privileges
 *   start -> act | done     an episode begins: its texts, skills, rooms, the first observation; the first answer
 *   step  -> act | done     what the last skill did and what the agent sees now; the next answer
 *   end   -> ok             the episode is over (the program may then get another `start`)
 *
 * and may answer any request but `hello` with `error` (the episode fails with its message). Lines a program writes
 * are data, never code: parsed against these schemas and bounded (`LIMITS`).
 */
import { z } from 'zod';
import { AGENT_NAME } from '../registry.js';

export const PROTOCOL_NAME = 'hearth-agent';
export const PROTOCOL_VERSION = 1;

/** Bounds on what a program writes: a longer line, or a longer field, is refused (the episode fails). */
export const LIMITS = {
  /** Bytes in one line (a line without its end after this many is refused as it grows). */
  lineBytes: 1 << 20,
  /** Characters of `description`, `note` and `message`. */
  text: 2000,
  /** Objects of one skill call. */
  args: 8,
} as const;

/** The privileges a program agent may be granted (those that are data; `affordance` and `user-feedback` are calls). */
export const PROGRAM_PRIVILEGES = ['meanings', 'true-state'] as const;
export const AGENT_PROTOCOLS = ['continual', 'episodic'] as const;

const nodeId = z
  .number()
  .int()
  .min(0)
  .max(2 ** 31 - 1)
  .describe('a node id of the home graph');

const skillCall = z
  .object({
    skill: z.string().min(1).max(64).describe('a skill name of `start.skills`, e.g. "grab"'),
    args: z
      .array(nodeId)
      .max(LIMITS.args)
      .describe('the node ids the skill acts on, as many as its form in `start.skills` has'),
  })
  .describe('one skill call, e.g. {"skill": "put", "args": [12, 40]}');

const observedNode = z
  .object({
    id: nodeId,
    className: z.string().optional().describe('VirtualHome class, e.g. "mug", "kitchen", "character"'),
    category: z.string().optional().describe('VirtualHome category, e.g. "Rooms", "Furniture", "Appliances"'),
    properties: z.array(z.string()).optional().describe('fixed properties, e.g. "GRABBABLE", "CONTAINERS", "CAN_OPEN"'),
    states: z.array(z.string()).describe('current states, sorted, e.g. "CLOSED", "ON", "CLEAN"'),
  })
  .describe(
    'a node: className, category and properties (which never change) the first time it is shown in the episode, ' +
      'then only its id and states',
  );

const edge = z
  .tuple([nodeId, z.string(), nodeId])
  .describe('[from, relation, to]: relation one of ON, INSIDE, CLOSE, FACING, HOLDS_RH, HOLDS_LH, BETWEEN, SITTING');

const observation = z
  .object({
    characterId: nodeId.describe('the agent itself (a node of class "character")'),
    roomId: nodeId.describe('the room the agent is in'),
    nodes: z
      .array(observedNode)
      .describe(
        'what the agent sees, sorted by id: every room, its own room and what lies in it (not inside closed containers), what it holds',
      ),
    edges: z.array(edge).describe('relations between seen nodes, sorted'),
  })
  .describe('what the agent sees now');

const worldState = z
  .object({
    nodes: z.array(observedNode),
    edges: z.array(edge),
  })
  .describe('privilege true-state only: every node and edge of the true home, as an observation of everything');

const skillForm = z.object({
  name: z.string(),
  args: z.array(z.string()).describe('what each argument must be, in order, e.g. ["held object", "surface"]'),
});

// ---- hearth -> agent ----------------------------------------------------------------------------------------------

export const helloRequest = z
  .object({
    type: z.literal('hello'),
    protocol: z.literal(PROTOCOL_NAME),
    versions: z.array(z.number().int()).describe('protocol versions hearth speaks; the agent answers with one'),
  })
  .describe('the first line hearth writes to a program it has started');

export const startMessage = z
  .object({
    type: z.literal('start'),
    protocol: z
      .enum(AGENT_PROTOCOLS)
      .describe('continual: standing instructions, no end before the last step; episodic: one task'),
    seed: z.number().int().nonnegative().describe("the episode's seed: derive every random choice from it"),
    skillSet: z.string().describe('"virtualhome", "alfred" or "city"'),
    skills: z.array(skillForm).describe('every skill the agent may call, with its argument forms'),
    instructions: z
      .array(z.object({ id: z.string(), text: z.string() }))
      .describe('continual: the standing instructions; episodic: one entry, the task'),
    rooms: z.array(z.tuple([nodeId, nodeId])).describe('pairs of adjacent room ids (each pair once, lower id first)'),
    observation,
    candidates: z.array(skillCall).describe('the skill calls allowed now, from what the agent sees'),
    meanings: z
      .array(z.object({ id: z.string(), query: z.unknown(), execution: z.unknown() }))
      .optional()
      .describe('privilege meanings, continual: each instruction as conditions (hearth condition JSON)'),
    goal: z
      .object({
        subgoals: z.array(z.unknown()),
        actionGoals: z.array(z.unknown()).optional(),
        bound: z.array(z.unknown()).optional(),
      })
      .optional()
      .describe('privilege meanings, episodic: the structured goal (`bound` with true-state too)'),
    state: worldState.optional(),
  })
  .describe('an episode begins; the answer is the first skill call');

export const stepMessage = z
  .object({
    type: z.literal('step'),
    t: z.number().int().positive().describe('the step about to be decided (the start is step 0)'),
    last: skillCall
      .extend({
        success: z.boolean(),
        error: z.string().optional().describe("the simulator's message when the skill failed"),
        errorKind: z
          .string()
          .optional()
          .describe(
            "its kind (EAI's categories): wrong_order, missing_step, affordance, unseen_object, additional_step, other",
          ),
      })
      .describe('the skill just taken and what came of it'),
    observation,
    candidates: z.array(skillCall),
    state: worldState.optional(),
  })
  .describe('what the last skill did and what the agent sees now; the answer is the next skill call');

export const endMessage = z
  .object({
    type: z.literal('end'),
    reason: z
      .enum(['goal', 'limit', 'done'])
      .describe("goal: the task's goal holds (episodic); limit: the steps ran out; done: the agent said so"),
  })
  .describe('the episode is over; answer ok, then wait for the next start (or the end of input)');

export const toAgentMessage = z.discriminatedUnion('type', [helloRequest, startMessage, stepMessage, endMessage]);

// ---- agent -> hearth ----------------------------------------------------------------------------------------------

const note = z
  .string()
  .max(LIMITS.text)
  .optional()
  .describe("a line about why (kept in the episode's trace with --trace, shown by the dashboard)");

export const helloReply = z
  .strictObject({
    type: z.literal('hello'),
    version: z.literal(PROTOCOL_VERSION),
    name: z
      .string()
      .regex(AGENT_NAME)
      .describe(
        'the name the agent runs and reports under: lower-case letters, digits and dashes, a letter first, at most 64',
      ),
    description: z.string().max(LIMITS.text).optional(),
    protocols: z.array(z.enum(AGENT_PROTOCOLS)).min(1).optional().describe('default: both'),
    privileges: z
      .array(z.enum(PROGRAM_PRIVILEGES))
      .optional()
      .describe(
        'what the agent asks to be given beyond what every agent sees (reports name it with them); default none',
      ),
  })
  .describe("the program's answer to hello");

export const actReply = z
  .strictObject({ type: z.literal('act'), ...skillCall.shape, note })
  .describe('the skill to take now');

export const doneReply = z
  .strictObject({ type: z.literal('done'), note })
  .describe('episodic only: the task is done (or given up); the episode is scored as the world is');

export const okReply = z.strictObject({ type: z.literal('ok') }).describe('the answer to end');

export const errorReply = z
  .strictObject({ type: z.literal('error'), message: z.string().max(LIMITS.text) })
  .describe('the agent cannot go on: the episode fails with this message');

export const fromAgentMessage = z.discriminatedUnion('type', [helloReply, actReply, doneReply, okReply, errorReply]);

export type HelloRequest = z.infer<typeof helloRequest>;
export type StartMessage = z.infer<typeof startMessage>;
export type StepMessage = z.infer<typeof stepMessage>;
export type EndMessage = z.infer<typeof endMessage>;
export type ToAgentMessage = z.infer<typeof toAgentMessage>;
export type HelloReply = z.infer<typeof helloReply>;
export type FromAgentMessage = z.infer<typeof fromAgentMessage>;
export type SkillCall = z.infer<typeof skillCall>;
export type WireObservation = z.infer<typeof observation>;

/** The protocol as one JSON Schema document: every message each way, under `$defs`. */
export function agentProtocolJsonSchema(): Record<string, unknown> {
  const of = (schema: z.ZodType) => {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    return rest;
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `hearth agent protocol, version ${PROTOCOL_VERSION}`,
    description:
      "JSON lines on a program's standard input (toAgent) and output (fromAgent); docs/agent-protocol.md. " +
      'hearth writes hello, then per episode start, step..., end; the program answers each with one line: ' +
      'hello -> hello; start, step -> act | done | error; end -> ok.',
    oneOf: [{ $ref: '#/$defs/toAgent' }, { $ref: '#/$defs/fromAgent' }],
    $defs: {
      toAgent: of(toAgentMessage),
      fromAgent: of(fromAgentMessage),
    },
  };
}
