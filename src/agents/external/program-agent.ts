/**
 * A program agent: any program that speaks the agent protocol (`protocol.ts`, docs/agent-protocol.md) on its standard
 * input and output, run as an agent like any other. Each thread keeps its program's processes in a pool and reuses
 * them across episodes (one per thread, unless episodes of the thread run at once); a process that broke the protocol,
 * exited or hung is stopped, and the next episode starts a fresh one.
 *
 * What the program is told is what a built-in agent is told (`StepFeedback`, `TaskBrief`), in the protocol's words, and
 * no more: the structured meanings and the true state only when its hello asked for them, which the run's reports then
 * name. What it answers is checked before it reaches the world: a line that is not JSON or not a message of the
 * protocol, a skill the skill set has not, the wrong number of objects, an object it was never shown, no answer in
 * time, an exit: each fails the episode with an `AgentFault` that says which, quoting the line (cut short) and the end
 * of what the program wrote to standard error.
 */
import { sortEdges } from '../../sim/diff.js';
import type { Edge, EnvGraph } from '../../sim/graph.js';
import type { Observation } from '../../sim/observation.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { recordDecision } from '../../util/decisions.js';
import { type Agent, type AgentPrivilege, DONE, type StepFeedback, type TaskBrief } from '../agent.js';
import type { AgentContext } from '../context.js';
import type { AgentDefinition, AgentProtocol } from '../definition.js';
import { CandidateIds, ViewChanges } from './changes.js';
import { AgentProcess, type ProcessFault, ProcessFaultError } from './process.js';
import {
  AGENT_PROTOCOLS,
  type CandidateActReply,
  candidateActReply,
  type EndMessage,
  type FromAgentMessage,
  fromAgentMessage,
  type HelloReply,
  type HelloRequest,
  LIMITS,
  PROGRAM_PRIVILEGES,
  PROTOCOL_NAME,
  PROTOCOL_VERSIONS,
  type ProtocolVersion,
  type SkillCall,
  type StartMessage,
  type StartMessageV2,
  type StepMessage,
  type StepMessageV2,
  type WireObservation,
} from './protocol.js';

/** A program named in `--agents "exec:COMMAND"`, with what its hello said when the process that named it started it. */
export interface ProgramSource {
  readonly kind: 'program';
  /** The command as written after `exec:`. */
  readonly command: string;
  readonly argv: readonly string[];
  /** Where it runs (the working directory of the process that named it). */
  readonly cwd: string;
  /** How long an answer may take (`--agent-timeout`), in milliseconds. */
  readonly timeoutMs: number;
  /** `sha256:<hex>` of the command and the files it names (`sources.ts`). */
  readonly digest: string;
  /** The name it runs under: its hello's, or one made from the command when the hello failed (`helloFault`). */
  readonly name: string;
  readonly hello?: HelloReply;
  /** Why the hello failed: every episode of the agent then fails, each trying the program afresh. */
  readonly helloFault?: string;
}

/** An agent program did something the protocol does not allow: the episode fails with this. */
export class AgentFault extends Error {
  override name = 'AgentFault';
  constructor(message: string) {
    super(message);
    // The stack is hearth's, not the program's: the stored error is the message.
    this.stack = `${this.name}: ${message}`;
  }
}

/** A line as quoted in an error: JSON-escaped and cut short. */
export function quoteLine(line: string, max = 120): string {
  const quoted = JSON.stringify(line.length > max ? line.slice(0, max) : line);
  return line.length > max ? `${quoted.slice(0, -1)}…" (${line.length} characters)` : quoted;
}

const seconds = (ms: number) => `${ms / 1000} s`;

/** The cause of a process fault, in words. */
function faultWords(fault: ProcessFault): string {
  switch (fault.kind) {
    case 'timeout':
      return `no answer within ${seconds(fault.ms)} (--agent-timeout); the program was stopped`;
    case 'exit':
      return fault.signal
        ? `the program was killed by ${fault.signal} before answering`
        : `the program exited (code ${fault.code}) before answering`;
    case 'spawn':
      return `the program could not be started: ${fault.message}`;
    case 'long-line':
      return `the program wrote a line of over ${LIMITS.lineBytes} bytes without its end: ${JSON.stringify(fault.start.slice(0, 60)).slice(0, -1)}…"`;
    case 'stray-line':
      return `the program wrote a line nobody asked for: ${quoteLine(fault.line)}`;
  }
}

/** A fault's message with the end of the program's standard error under it. */
function withStderr(message: string, stderr: string): string {
  const text = stderr.trimEnd();
  return text === '' ? message : `${message}\nstandard error of the program (its end):\n${text}`;
}

// ---- the pool of processes of this thread ------------------------------------------------------------------------

/**
 * How long a program may take to answer hello, at least, whatever `--agent-timeout` says: its start-up (an
 * interpreter, a library, a model to load) may take far longer than a step.
 */
export const HELLO_TIMEOUT_MS = 30_000;

/** A started program and the protocol version its hello agreed on. */
interface Running {
  readonly process: AgentProcess;
  readonly version: ProtocolVersion;
}

/** Idle processes by program: its words, where it runs and its digest (a name may later be another program's). */
const idle = new Map<string, Running[]>();

type Started = Pick<ProgramSource, 'argv' | 'cwd' | 'timeoutMs' | 'command' | 'digest'>;

const poolKey = (source: Started) => JSON.stringify([source.digest, source.cwd, source.argv]);

/** Starts the program and asks its hello; a fault is thrown as a `ProcessFaultError`, a bad answer as an `AgentFault`. */
async function startProcess(source: Started): Promise<Running & { hello: HelloReply }> {
  const process = new AgentProcess(source);
  const request: HelloRequest = { type: 'hello', protocol: PROTOCOL_NAME, versions: [...PROTOCOL_VERSIONS] };
  try {
    const line = await process.request(JSON.stringify(request), Math.max(source.timeoutMs, HELLO_TIMEOUT_MS));
    const hello = parseHello(line);
    return { process, hello, version: agreedVersion(hello) };
  } catch (error) {
    process.kill();
    throw error;
  }
}

/**
 * The hello of a program started now (and stopped again): what the process that names a program asks before it runs
 * anything. Resolves with the hello, or with the reason there is none.
 */
export async function askHello(
  source: Started,
): Promise<{ hello: HelloReply } | { fault: string; spawnFailed: boolean }> {
  try {
    const { hello, ...running } = await startProcess(source);
    release(poolKey(source), running);
    return { hello };
  } catch (error) {
    if (error instanceof ProcessFaultError) {
      return {
        fault: withStderr(`at hello: ${faultWords(error.fault)}`, error.stderr),
        spawnFailed: error.fault.kind === 'spawn',
      };
    }
    if (error instanceof AgentFault) return { fault: error.message, spawnFailed: false };
    throw error;
  }
}

function acquire(key: string): Running | undefined {
  const list = idle.get(key);
  while (list && list.length > 0) {
    const running = list.pop()!;
    if (running.process.usable) return running;
    running.process.kill();
  }
  return undefined;
}

function release(key: string, running: Running): void {
  if (!running.process.usable) {
    running.process.kill();
    return;
  }
  const list = idle.get(key);
  if (list) list.push(running);
  else idle.set(key, [running]);
}

/** Stops every idle program process of this thread (their standard input closes; they must exit). */
export async function stopIdleAgentProcesses(): Promise<void> {
  const all = [...idle.values()].flat();
  idle.clear();
  await Promise.all(all.map(({ process }) => process.stop()));
}

// ---- reading what a program writes ---------------------------------------------------------------------------------

/**
 * A line of a program as a message of the protocol, or an `AgentFault` quoting it. In version 2 an `act` with a
 * `candidate` is read as `candidateActReply`, anything else as version 1's answers (so that an error names the field
 * at fault, not the union's alternatives).
 */
function parseMessage(line: string, when: string, version: ProtocolVersion): FromAgentMessage | CandidateActReply {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new AgentFault(`${when}: the answer is not JSON: ${quoteLine(line)} (${reason})`);
  }
  const byCandidate =
    version >= 2 && (value as { type?: unknown } | null)?.type === 'act' && Object.hasOwn(value as object, 'candidate');
  const parsed = (byCandidate ? candidateActReply : fromAgentMessage).safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
    throw new AgentFault(
      `${when}: the answer is not a message of the agent protocol (version ${version}): ${quoteLine(line)} ` +
        `(${where}${issue.message})`,
    );
  }
  return parsed.data;
}

const listed = (versions: readonly number[]) =>
  versions.length === 1 ? `version ${versions[0]}` : `versions ${versions.join(', ')}`;

/** The versions a hello says the program speaks: `versions`, or version 1's single `version`. */
const spokenVersions = (hello: Pick<HelloReply, 'version' | 'versions'>): readonly number[] =>
  hello.versions ?? (hello.version === undefined ? [] : [hello.version]);

/** The version of a program's episodes: the highest that it and this hearth both speak (its hello was checked). */
export function agreedVersion(hello: Pick<HelloReply, 'version' | 'versions'>): ProtocolVersion {
  const spoken = spokenVersions(hello);
  const both = PROTOCOL_VERSIONS.filter((version) => spoken.includes(version));
  if (both.length === 0) throw new Error(`no version in common: ${listed(spoken)}`);
  return both[both.length - 1];
}

function parseHello(line: string): HelloReply {
  const when = 'at hello';
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return parseMessage(line, when, 1) as never; // throws, quoting the line
  }
  const privileges = (value as { privileges?: unknown } | null)?.privileges;
  if (Array.isArray(privileges)) {
    const offered: readonly string[] = PROGRAM_PRIVILEGES;
    const other = privileges.find((privilege) => !offered.includes(privilege));
    if (typeof other === 'string') {
      throw new AgentFault(
        `${when}: privilege '${other}' is not offered to program agents (they may ask for ${offered.join(', ')})`,
      );
    }
  }
  const message = parseMessage(line, when, 1);
  if (message.type !== 'hello') throw new AgentFault(`${when}: answered '${message.type}' to hello (expected hello)`);
  const spoken = spokenVersions(message);
  if (spoken.length === 0 || (message.version !== undefined && message.versions !== undefined)) {
    throw new AgentFault(
      `${when}: the hello must give either \`version\` (one) or \`versions\` (a list), not ${
        spoken.length === 0 ? 'neither' : 'both'
      }`,
    );
  }
  if (!PROTOCOL_VERSIONS.some((version) => spoken.includes(version))) {
    throw new AgentFault(
      `${when}: the program speaks protocol ${listed(spoken)}; this hearth speaks ${listed(PROTOCOL_VERSIONS)}`,
    );
  }
  return message;
}

// ---- the agent -------------------------------------------------------------------------------------------------------

const toCall = (skill: Skill): SkillCall => ({ skill: skill.action, args: skill.objects as number[] });

/** The true home as the program sees it with `true-state`: every node and edge, as an observation of everything. */
function fullState(graph: EnvGraph): Pick<WireObservation, 'nodes' | 'edges'> {
  const nodes = [...graph.nodes()]
    .sort((a, b) => a.id - b.id)
    .map((node) => ({
      id: node.id,
      className: node.className,
      category: node.category,
      properties: [...node.properties].sort(),
      states: [...node.states].sort(),
    }));
  const edges: Edge[] = [];
  for (const { id } of nodes) {
    for (const [relation, targets] of graph.outgoing(id)) for (const to of targets) edges.push([id, relation, to]);
  }
  // Sorted as an observation's edges are: version 2's program rebuilds the list from changes in this order.
  return { nodes, edges: sortEdges(edges) as WireObservation['edges'] };
}

/** What a version-2 episode has shown its program so far (its observations, true states and candidates). */
interface Shown {
  readonly observation: ViewChanges;
  readonly state: ViewChanges;
  readonly candidates: CandidateIds;
}

export class ProgramAgent implements Agent {
  readonly name: string;
  private process?: AgentProcess;
  /** The protocol version of the process's episodes. */
  private version: ProtocolVersion = 1;
  /** Version 2: what the episode has shown the program, to which the next message's changes are taken. */
  private last?: Shown;
  private answer: Skill = DONE;
  private readonly skills: SkillSet;
  /** Node ids the program has been shown in this episode: the only ones it may name. */
  private readonly shown = new Set<number>();
  private ended = false;
  private stderr = '';
  private stoppedByAgent = false;

  constructor(
    private readonly source: ProgramSource,
    private readonly context: AgentContext,
  ) {
    this.name = source.name;
    this.skills = context.skills;
  }

  async reset(task: TaskBrief, first: StepFeedback): Promise<void> {
    const running = acquire(poolKey(this.source)) ?? (await this.start());
    this.process = running.process;
    this.version = running.version;
    this.keepStderr();
    this.last =
      this.version === 2
        ? { observation: new ViewChanges(), state: new ViewChanges(), candidates: new CandidateIds() }
        : undefined;
    const message = {
      type: 'start',
      ...(this.version === 2 && { version: 2 }),
      protocol: this.context.protocol === 'episodic' ? 'episodic' : 'continual',
      seed: this.context.seed,
      skillSet: this.skills.name,
      skills: this.skills.actions.map((name) => ({ name, args: [...(this.skills.forms[name] ?? [])] })),
      instructions: task.instructions.map(({ id, text }) => ({ id, text })),
      rooms: first.adjacentRooms.map(([a, b]) => [a, b] as [number, number]),
      ...this.shownNow(first),
      ...(task.meanings && { meanings: task.meanings as StartMessage['meanings'] }),
      ...(task.goal && { goal: task.goal as unknown as StartMessage['goal'] }),
    } as StartMessage | StartMessageV2;
    this.answer = await this.ask(message, 'at the start');
  }

  act(): Skill {
    return this.answer;
  }

  async observe(feedback: StepFeedback): Promise<void> {
    const last = feedback.lastSkill;
    const message = {
      type: 'step',
      t: feedback.t,
      last: {
        ...(last ? toCall(last) : { skill: '', args: [] }),
        success: feedback.success ?? false,
        ...(feedback.error !== undefined && { error: feedback.error }),
        ...(feedback.errorKind !== undefined && { errorKind: feedback.errorKind }),
      },
      ...this.shownNow(feedback),
    } as StepMessage | StepMessageV2;
    this.answer = await this.ask(message, `step ${feedback.t}`);
  }

  /**
   * The observation, the candidates and (with true-state) the true state of a start or step: version 1 sends them
   * whole; version 2 as changes to what the program knows (`changes.ts`). Either way a node's fixed fields go with
   * it only the first time it is shown.
   */
  private shownNow(feedback: StepFeedback) {
    const world = this.context.world;
    const state = world && fullState(world.graph);
    const last = this.last;
    if (!last) {
      return {
        observation: this.show(feedback.observation),
        candidates: feedback.candidates.map(toCall),
        ...(state && { state: { nodes: this.nodesToSend(state.nodes), edges: state.edges } }),
      };
    }
    const { nodes, edges, ...where } = feedback.observation;
    const changes = (view: ViewChanges, of: Pick<WireObservation, 'nodes' | 'edges'>) => {
      const next = view.next(of.nodes, of.edges as readonly Edge[]);
      return { nodes: { ...next.nodes, set: this.nodesToSend(next.nodes.set) }, edges: next.edges };
    };
    return {
      observation: { ...where, ...changes(last.observation, { nodes, edges } as unknown as WireObservation) },
      ...last.candidates.next(feedback.candidates),
      ...(state && { state: changes(last.state, state) }),
    };
  }

  async finish(end: { readonly confirmed: boolean }): Promise<void> {
    const message: EndMessage = {
      type: 'end',
      reason: end.confirmed ? 'goal' : this.stoppedByAgent ? 'done' : 'limit',
    };
    const reply = await this.request(message, 'at the end');
    if (reply.type === 'error') throw new AgentFault(`at the end: the agent reported an error: ${reply.message}`);
    if (reply.type !== 'ok') throw new AgentFault(`at the end: answered '${reply.type}' to end (expected ok)`);
    this.ended = true;
  }

  async close(): Promise<void> {
    const process = this.process;
    if (!process) return;
    // Standard error written just before the last answer may arrive just after it: let it be read first.
    await new Promise((resolve) => setImmediate(resolve));
    this.keepStderr();
    this.process = undefined;
    if (this.ended) release(poolKey(this.source), { process, version: this.version });
    else process.kill(); // the episode did not end cleanly: what the program holds is not to be trusted
  }

  /** What the episode keeps of the agent (its details): what the program wrote to standard error, when anything. */
  stats(): Record<string, unknown> {
    return this.stderr === '' ? {} : { stderr: this.stderr };
  }

  private async start(): Promise<Running> {
    // A program whose hello failed when the run started fails every episode with that fault, at once: a program that
    // hangs before its hello would otherwise cost the wait again in every episode.
    if (this.source.helloFault !== undefined) {
      throw new AgentFault(this.source.helloFault.replace(/^at hello: /, 'at hello, when the run started: '));
    }
    try {
      const { hello, ...running } = await startProcess(this.source);
      if (hello.name !== this.name) {
        running.process.kill();
        throw new AgentFault(
          `at hello: the program now calls itself '${hello.name}', not '${this.name}' as when the run started`,
        );
      }
      return running;
    } catch (error) {
      if (error instanceof ProcessFaultError)
        throw new AgentFault(withStderr(`at hello: ${faultWords(error.fault)}`, error.stderr));
      throw error;
    }
  }

  private keepStderr(): void {
    const text = this.process?.takeStderr() ?? '';
    if (text !== '') this.stderr = (this.stderr + text).slice(-4000);
  }

  /** The observation as sent: each node in full the first time it is shown in the episode, then its id and states. */
  private show(observation: Observation): WireObservation {
    return { ...observation, nodes: this.nodesToSend(observation.nodes) } as unknown as WireObservation;
  }

  /**
   * A node's class, category and properties never change: they go with the node the first time the program is shown
   * it in the episode, and later only its id and states (docs/agent-protocol.md, "Observations"). Each step's line
   * is about half as long, and so is the time both sides spend writing and parsing it.
   */
  private nodesToSend(nodes: readonly { readonly id: number; readonly states: readonly string[] }[]) {
    const out: WireObservation['nodes'] = [];
    for (const node of nodes) {
      if (this.shown.has(node.id)) {
        out.push({ id: node.id, states: node.states as string[] });
      } else {
        this.shown.add(node.id);
        out.push(node as WireObservation['nodes'][number]);
      }
    }
    return out;
  }

  private async request(message: object, when: string): Promise<FromAgentMessage | CandidateActReply> {
    const process = this.process;
    if (!process) throw new AgentFault(`${when}: the program is not running`);
    let line: string;
    try {
      line = await process.request(JSON.stringify(message));
    } catch (error) {
      if (error instanceof ProcessFaultError) {
        this.keepStderr();
        throw new AgentFault(withStderr(`${when}: ${faultWords(error.fault)}`, error.stderr));
      }
      throw error;
    }
    try {
      return parseMessage(line, when, this.version);
    } catch (error) {
      await new Promise((resolve) => setImmediate(resolve));
      this.keepStderr();
      throw error instanceof AgentFault ? new AgentFault(withStderr(error.message, this.stderr)) : error;
    }
  }

  /** Sends a start or a step and checks the answer: a skill of the set, with its objects, each one shown. */
  private async ask(
    message: StartMessage | StartMessageV2 | StepMessage | StepMessageV2,
    when: string,
  ): Promise<Skill> {
    const reply = await this.request(message, when);
    if (reply.type === 'error') throw new AgentFault(`${when}: the agent reported an error: ${reply.message}`);
    if (reply.type === 'done') {
      if (reply.note !== undefined) this.note(reply.note);
      this.stoppedByAgent = true;
      return DONE;
    }
    if (reply.type !== 'act') {
      throw new AgentFault(`${when}: answered '${reply.type}' to ${message.type} (expected act, done or error)`);
    }
    if ('candidate' in reply) return this.candidate(reply, when);
    const form = this.skills.forms[reply.skill];
    if (!this.skills.actions.includes(reply.skill) || form === undefined) {
      throw new AgentFault(
        `${when}: unknown skill ${quoteLine(reply.skill, 64)} (the skills of ${this.skills.name}: ` +
          `${this.skills.actions.join(', ')})`,
      );
    }
    if (reply.args.length !== form.length) {
      throw new AgentFault(
        `${when}: skill '${reply.skill}' takes ${form.length} object${form.length === 1 ? '' : 's'} ` +
          `(${form.join(', ')}), got ${reply.args.length}`,
      );
    }
    const unknown = reply.args.find((id) => !this.shown.has(id));
    if (unknown !== undefined) {
      throw new AgentFault(
        `${when}: unknown object ${unknown} in '${reply.skill}': never shown to the agent in this episode`,
      );
    }
    if (reply.note !== undefined) this.note(reply.note);
    return { action: reply.skill, objects: reply.args };
  }

  /** Version 2: the call of the candidate an `act` names, which must be one the message offered. */
  private candidate(reply: CandidateActReply, when: string): Skill {
    const candidates = this.last?.candidates;
    const call = candidates?.offeredCall(reply.candidate);
    if (!candidates || !call) {
      const count = candidates?.offeredCount ?? 0;
      throw new AgentFault(
        `${when}: unknown candidate ${reply.candidate}: not one of the ${count} candidate${count === 1 ? '' : 's'} ` +
          'of this message',
      );
    }
    if (reply.note !== undefined) this.note(reply.note);
    return call;
  }

  private note(text: string): void {
    recordDecision('agent-note', () => ({ agent: this.name, note: text }));
  }
}

/** The agent definition of a program, from what its hello said (or, when it failed, what the command says). */
export function programDefinition(source: ProgramSource): AgentDefinition {
  const hello = source.hello;
  return {
    name: source.name,
    description: hello?.description ?? `a program agent: exec:${source.command}`,
    privileges: (hello?.privileges ?? []) as AgentPrivilege[],
    needsLlm: false,
    protocols: (hello?.protocols ?? AGENT_PROTOCOLS) as readonly AgentProtocol[],
    create: (context) => new ProgramAgent(source, context),
  };
}
