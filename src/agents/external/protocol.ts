/**
 * The agent protocol, versions 1 and 2: the JSON lines hearth and an agent program exchange on the program's standard
 * input and output (docs/agent-protocol.md). Written once, here, in zod: hearth builds its messages with these types,
 * parses every line a program writes with these schemas, and `agentProtocolJsonSchema(version)` publishes them as JSON
 * Schema (`schema/agent-protocol.v1.json`, `schema/agent-protocol.v2.json`, checked against this file by the tests).
 *
 * Version 2 differs from version 1 only in how `start` and `step` carry the observation, the true state and the
 * candidates: as changes to what the episode has shown the program (the start's to nothing), so that a step's line
 * holds what changed rather than everything again; and an `act` may name a candidate by its id.
 * The hello says which versions each side speaks, and the episode's messages are of the highest both know.
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
/** The versions this hearth speaks, oldest first. */
export const PROTOCOL_VERSIONS = [1, 2] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];
/** The newest version. */
export const PROTOCOL_VERSION: ProtocolVersion = 2;

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

/** A non-negative 32-bit integer id, described. */
const idOf = (description: string) =>
  z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1)
    .describe(description);

const nodeId = idOf('a node id of the home graph');

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
    versions: z
      .array(z.number().int())
      .describe('protocol versions hearth speaks; the agent answers with those it speaks (or with one of them)'),
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

// ---- version 2: what start and step show, as changes ------------------------------------------------------------

const candidateId = idOf(
  "a candidate's id: its place among all the `newCandidates` of the episode so far (the start's first is 0)",
);

const nodeChanges = z
  .object({
    set: z
      .array(observedNode)
      .describe(
        'nodes in view whose states the program does not know (new in the episode, or changed since last shown), ' +
          'sorted by id: whole the first time the episode shows the node, else its id and states',
      ),
    show: z.array(nodeId).describe('ids of the nodes back in view with the states last shown, sorted'),
    drop: z.array(nodeId).describe('ids of the nodes that left view, sorted (their states stay known)'),
  })
  .describe(
    "the nodes as changes: the nodes in view are the previous message's (none at the start) less `drop`, plus " +
      '`show` and `set`, sorted by id, each with the states last shown (those of `set` now)',
  );

const edgeChanges = z
  .object({
    add: z.array(edge).describe('edges between nodes in view that the program does not know, sorted'),
    drop: z.array(edge).describe('known edges between nodes in view that no longer hold, sorted'),
  })
  .describe(
    'the edges as changes to the known edges (every edge shown in the episode and not dropped since): the edges ' +
      'are the known ones whose two ends are in view, sorted by (from, relation, to), relations compared as strings',
  );

const observationChanges = observation
  .extend({ nodes: nodeChanges, edges: edgeChanges })
  .describe('what the agent sees now, as changes to what it has been shown in the episode');

const worldStateChanges = z
  .object({ nodes: nodeChanges, edges: edgeChanges })
  .describe('privilege true-state only: the true home, as changes to what the program has been shown of it');

const candidateChanges = {
  candidates: z.array(candidateId).describe('the skill calls allowed now, in order, by id'),
  newCandidates: z
    .array(skillCall)
    .describe(
      'the calls never offered before in this episode, in order: they take the next ids (0, 1, ... at the start)',
    ),
};

export const startMessageV2 = startMessage
  .extend({
    version: z.literal(2).describe('the version of the episode: the highest that hearth and the program both speak'),
    observation: observationChanges,
    ...candidateChanges,
    state: worldStateChanges.optional(),
  })
  .describe('an episode begins (its observation, state and candidates as changes against nothing)');

export const stepMessageV2 = stepMessage
  .extend({ observation: observationChanges, ...candidateChanges, state: worldStateChanges.optional() })
  .describe('what the last skill did and what changed in what the agent sees; the answer is the next skill call');

export const toAgentMessageV2 = z.discriminatedUnion('type', [helloRequest, startMessageV2, stepMessageV2, endMessage]);

// ---- agent -> hearth ----------------------------------------------------------------------------------------------

const note = z
  .string()
  .max(LIMITS.text)
  .optional()
  .describe("a line about why (kept in the episode's trace with --trace, shown by the dashboard)");

export const helloReply = z
  .strictObject({
    type: z.literal('hello'),
    version: z
      .number()
      .int()
      .optional()
      .describe("version 1's form: the one version the program speaks (one of `versions`); give this or `versions`"),
    versions: z
      .array(z.number().int())
      .min(1)
      .max(16)
      .optional()
      .describe('the versions the program speaks: the episodes are of the highest one hearth speaks too'),
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

export const candidateActReply = z
  .strictObject({ type: z.literal('act'), candidate: candidateId, note })
  .describe("version 2: the skill to take now, by its candidate id (one of the last message's `candidates`)");

/**
 * What a program may answer in version 2: version 1's answers, and an `act` naming a candidate. (hearth parses an
 * `act` with `candidate` against `candidateActReply` and anything else against `fromAgentMessage`, so that an error
 * names the field at fault rather than the union's; this union is the published form.)
 */
export const fromAgentMessageV2 = z.union([fromAgentMessage, candidateActReply]);

export type HelloRequest = z.infer<typeof helloRequest>;
export type StartMessage = z.infer<typeof startMessage>;
export type StepMessage = z.infer<typeof stepMessage>;
export type StartMessageV2 = z.infer<typeof startMessageV2>;
export type StepMessageV2 = z.infer<typeof stepMessageV2>;
export type NodeChanges = z.infer<typeof nodeChanges>;
export type EdgeChanges = z.infer<typeof edgeChanges>;
export type CandidateActReply = z.infer<typeof candidateActReply>;
export type EndMessage = z.infer<typeof endMessage>;
export type ToAgentMessage = z.infer<typeof toAgentMessage>;
export type HelloReply = z.infer<typeof helloReply>;
export type FromAgentMessage = z.infer<typeof fromAgentMessage>;
export type SkillCall = z.infer<typeof skillCall>;
export type WireObservation = z.infer<typeof observation>;

/** One version of the protocol as one JSON Schema document: every message each way, under `$defs`. */
export function agentProtocolJsonSchema(version: ProtocolVersion = PROTOCOL_VERSION): Record<string, unknown> {
  const of = (schema: z.ZodType) => {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<
      string,
      unknown
    >;
    return rest;
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: `hearth agent protocol, version ${version}`,
    description:
      "JSON lines on a program's standard input (toAgent) and output (fromAgent); docs/agent-protocol.md. " +
      'hearth writes hello, then per episode start, step..., end; the program answers each with one line: ' +
      'hello -> hello; start, step -> act | done | error; end -> ok.' +
      (version === 2 ? ' Version 2: start and step carry the observation, state and candidates as changes.' : ''),
    oneOf: [{ $ref: '#/$defs/toAgent' }, { $ref: '#/$defs/fromAgent' }],
    $defs: {
      toAgent: of(version === 1 ? toAgentMessage : toAgentMessageV2),
      fromAgent: of(version === 1 ? fromAgentMessage : fromAgentMessageV2),
    },
  };
}
