/**
 * Executing VirtualHome script lines on an EnvGraph with the rules of `actions/rules.ts`, as the reference executor
 * (EAI's fork of VirtualHome's evolving_graph) does: one step at a time, in place, a failed step changing nothing;
 * a program stops at its first failing step.
 *
 * Cost: a step touches only the nodes its rule names. A replay records the effective changes (a ChangeLog) instead
 * of copying the graph, and folds them into the diff once at the end, so a long program costs its steps and
 * nothing per step beyond them.
 */
import { InputError } from '../util/errors.js';
import type { ErrorKind, Precondition, RuleBody } from './actions/descriptors.js';
import {
  applyEffects,
  describeMissing,
  evaluate,
  forgetGrabOrigins,
  type MissingAtom,
  preStep,
  resolve,
  resolveMissing,
  type StepContext,
  stepContext,
} from './actions/evaluate.js';
import { isExecutableAction } from './actions/names.js';
import { ACTION_RULES } from './actions/rules.js';
import { type Change, ChangeLog, changeSign, isEdgeChange } from './change-log.js';
import type { GraphDiff } from './diff.js';
import type { EnvGraph } from './graph.js';
import { formatScriptLine, type Program, parseScriptLine, type ScriptLine } from './script.js';
import type { Relation } from './vocabulary.js';

export interface StepResult {
  /** The line in canonical form, `[ACTION] <name> (id)`. */
  readonly action: string;
  readonly ok: boolean;
  /** The reference's error message (null when ok). */
  readonly error: string | null;
  readonly errorKind: ErrorKind | null;
  /** For missing_step failures: the preconditions EAI's temporal-order checker looks for in earlier states. */
  readonly missing?: readonly MissingAtom[];
  readonly connective?: 'and' | 'or';
  /** Messages the reference records without failing the step (PLUGOUT of a device that is on). */
  readonly warnings?: readonly string[];
  /** For wrong_order: EAI's explanation ("Precondition ... is satisfied in previous states."). */
  readonly note?: string;
}

export interface StepOptions {
  /** Position of the line in its program, which the reference prints in its messages (`[index]`); default 0. */
  readonly index?: number;
  /** Records the step's effective changes. */
  readonly log?: ChangeLog;
}

/** Executes one line in place. On failure the graph is left as it was. A text line is parsed first. */
export function executeStep(graph: EnvGraph, line: ScriptLine | string, options: StepOptions = {}): StepResult {
  return runStep(graph, typeof line === 'string' ? parseScriptLine(line) : line, options, true);
}

/** Checks a line's preconditions without changing the graph (the reference's `check_one_step`). */
export function checkStep(graph: EnvGraph, line: ScriptLine | string, options: StepOptions = {}): StepResult {
  return runStep(graph, typeof line === 'string' ? parseScriptLine(line) : line, options, false);
}

function failure(
  action: string,
  suffix: string,
  message: string,
  errorKind: ErrorKind,
  extra?: Partial<StepResult>,
): StepResult {
  return { action, ok: false, error: message + suffix, errorKind, ...extra };
}

function runStep(graph: EnvGraph, line: ScriptLine, options: StepOptions, apply: boolean): StepResult {
  const action = formatScriptLine(line);
  const suffix = ` when executing "${action} [${options.index ?? 0}]"`;

  const char = graph.characters()[line.agent];
  if (char === undefined) return failure(action, suffix, `the graph has no character <char${line.agent}>`, 'other');
  for (const object of line.objects) {
    if (!graph.has(object.id)) {
      return failure(action, suffix, `<${object.name}> (${object.id}) cannot be found`, 'unseen_object');
    }
  }
  if (!isExecutableAction(line.action)) {
    return failure(action, suffix, `Execution of ${line.action} is not supported`, 'unseen_object');
  }

  const ids: number[] = [];
  for (const object of line.objects) ids.push(object.id);
  const ctx = stepContext(graph, char, ids);
  const rule = ACTION_RULES[line.action];
  const body: RuleBody =
    'branch' in rule ? (evaluate(ctx, rule.branch.when) ? rule.branch.apply : rule.branch.otherwise) : rule;

  let warnings: string[] | undefined;
  for (const pre of body.pre) {
    if (evaluate(ctx, pre.require)) continue;
    const message = formatMessage(ctx, pre);
    if (pre.blocking === false) {
      warnings ??= [];
      warnings.push(message + suffix);
      continue;
    }
    return failure(action, suffix, message, pre.kind, {
      ...(pre.missing ? { missing: resolveMissing(ctx, pre.missing) } : {}),
      ...(pre.connective ? { connective: pre.connective } : {}),
      ...(warnings ? { warnings } : {}),
    });
  }
  if (apply) applyEffects(ctx, preStep(ctx, body), body.effects, options.log);
  return { action, ok: true, error: null, errorKind: null, ...(warnings ? { warnings } : {}) };
}

const PLACEHOLDER = /\{(char|0|1|charRoom|room0|origin)\}/g;

/** The precondition's message with its placeholders replaced by `<class_name> (id)`. */
function formatMessage(ctx: StepContext, pre: Precondition): string {
  return pre.message.replace(PLACEHOLDER, (_, name: string) => {
    const id = resolve(ctx, /^\d$/.test(name) ? (Number(name) as 0 | 1) : (name as 'char'));
    return id === undefined ? '<none>' : `<${ctx.graph.get(id).className}> (${id})`;
  });
}

// ---- programs -------------------------------------------------------------------------------------------------

export interface ReplayOptions {
  /**
   * What an object id that is not a node of the graph does: 'error' (default) throws an InputError naming the line
   * before anything runs; 'fail' lets the step fail with unseen_object, as a generated program would.
   */
  readonly unknownIds?: 'error' | 'fail';
  /**
   * 'eai' (default): stop at the first failing step, one executor for the whole program (EAI's evaluation).
   * 'progprompt': ProgPrompt's evaluation loop: a failing step is skipped and the program goes on; after every
   * successful step the executor is rebuilt from the graph, which forgets grab origins and earlier messages, and
   * every line is parsed with index 0.
   */
  readonly protocol?: 'eai' | 'progprompt';
  /**
   * Reclassify a missing_step failure as wrong_order when its missing precondition held in an earlier state of the
   * replay (EAI's TemporalOrderChecker). Default true for the 'eai' protocol, false for 'progprompt'.
   */
  readonly temporalOrder?: boolean;
}

export interface Replay extends GraphDiff {
  /** One entry per executed step; the last is the failing one when `executable` is false. */
  readonly steps: readonly StepResult[];
  readonly executable: boolean;
}

/**
 * Executes a program from the graph's current state, in place (the graph ends in the final state; replay on a
 * `clone()` to keep the start). Stops at the first failing step like the reference (under the 'eai' protocol), and
 * reports the edges and states changed relative to the start.
 */
export function replayProgram(
  graph: EnvGraph,
  program: Program | readonly (ScriptLine | string)[],
  options: ReplayOptions = {},
): Replay {
  const lines =
    'lines' in program ? program.lines : program.map((l) => (typeof l === 'string' ? parseScriptLine(l) : l));
  if ((options.unknownIds ?? 'error') === 'error') checkIds(graph, lines, 'lines' in program ? program : undefined);

  const progprompt = options.protocol === 'progprompt';
  const temporalOrder = options.temporalOrder ?? !progprompt;
  const log = new ChangeLog();
  const steps: StepResult[] = [];
  // The reference keeps one message list per executor, so a message recorded earlier (a non-blocking one, or under
  // ProgPrompt an earlier failure) prefixes a later error.
  let earlier: string[] = [];
  let executable = true;
  for (let index = 0; index < lines.length; index++) {
    log.beginStep();
    let result = executeStep(graph, lines[index], { index: progprompt ? 0 : index, log });
    if (result.ok) {
      if (progprompt) {
        forgetGrabOrigins(graph);
        earlier = [];
      } else if (result.warnings) {
        earlier.push(...result.warnings);
      }
      steps.push(result);
      continue;
    }
    executable = false;
    if (result.errorKind === 'missing_step' && temporalOrder) result = checkTemporalOrder(graph, log, result);
    const own = result.error!;
    if (earlier.length > 0) result = { ...result, error: [...earlier, own].join(',') };
    steps.push(result);
    if (!progprompt) break;
    earlier.push(own);
  }
  return { steps, ...log.diff(graph), executable };
}

function checkIds(graph: EnvGraph, lines: readonly ScriptLine[], program: Program | undefined): void {
  const characters = graph.characters().length;
  lines.forEach((line, i) => {
    const where = { file: program?.source, line: program ? program.lineNumbers[i] : i + 1 };
    if (line.agent >= characters) {
      throw new InputError(`<char${line.agent}>: the graph has ${characters} character(s)`, where);
    }
    for (const object of line.objects) {
      if (!graph.has(object.id)) {
        throw new InputError(`object id ${object.id} (<${object.name}>) is not a node of the graph`, where);
      }
    }
  });
}

/**
 * EAI's TemporalOrderChecker: a missing_step failure whose missing precondition(s) held in some state of the replay
 * so far (the start, or after any executed step) becomes wrong_order. Several preconditions combine with the
 * failure's connective ('and': all, 'or': any, none: the first alone). `log` must hold the steps executed on `graph`
 * so far, with `beginStep()` called for the failed one too; a loop that runs steps itself (EAI's evaluation, which
 * skips additional steps and goes on) calls this on each missing_step failure.
 */
export function checkTemporalOrder(graph: EnvGraph, log: ChangeLog, result: StepResult): StepResult {
  const atoms = result.missing ?? [];
  if (atoms.length === 0) return result;
  const probes = atoms.map((atom) => new AtomProbe(graph, atom));
  const found = atoms.map(() => false);
  log.walkBack(
    (change) => {
      for (const probe of probes) probe.undo(change);
    },
    () => {
      probes.forEach((probe, i) => {
        if (!found[i] && probe.satisfied()) found[i] = true;
      });
      return found.every(Boolean);
    },
  );
  const wrongOrder =
    result.connective === 'and' ? found.every(Boolean) : result.connective === 'or' ? found.some(Boolean) : found[0];
  if (!wrongOrder) return result;
  const note = atoms
    .filter((_, i) => found[i])
    .map((atom) => `Precondition ${describeMissing(atom)} is satisfied in previous states. `)
    .join(' ');
  return { ...result, errorKind: 'wrong_order', note };
}

/** Tracks whether one missing precondition holds while the log is walked backwards. */
class AtomProbe {
  private count: number;
  private readonly relations: readonly Relation[];

  constructor(
    graph: EnvGraph,
    private readonly atom: MissingAtom,
  ) {
    if ('state' in atom) {
      this.relations = [];
      this.count = graph.hasState(atom.id, atom.state) ? 1 : 0;
      return;
    }
    this.relations = atom.relation === 'HOLDS' ? ['HOLDS_RH', 'HOLDS_LH'] : [atom.relation as Relation];
    this.count = 0;
    for (const relation of this.relations) {
      if (atom.to === -1) this.count += graph.targets(atom.from, relation).size;
      else if (graph.hasEdge(atom.from, relation, atom.to)) this.count++;
    }
  }

  undo(change: Change): void {
    const atom = this.atom;
    if ('state' in atom) {
      if (!isEdgeChange(change) && change[1] === atom.id && change[2] === atom.state) this.count -= changeSign(change);
    } else if (
      isEdgeChange(change) &&
      change[1] === atom.from &&
      this.relations.includes(change[2]) &&
      (atom.to === -1 || change[3] === atom.to)
    ) {
      this.count -= changeSign(change);
    }
  }

  satisfied(): boolean {
    return this.atom.negate ? this.count === 0 : this.count > 0;
  }
}
