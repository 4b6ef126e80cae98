/**
 * HELPER's Executor (paper 001): carries out a parsed program one statement at a time, one skill per step.
 *
 * - Handles bind lazily, when a call first needs them, to an instance the object memory knows (`binding.ts`); two
 *   handles of one program never bind the same instance. A class the memory does not hold starts a search (the
 *   Locator's places, then random search: `search.ts`); a class never found has its calls skipped, as a class the
 *   mapper could not map does.
 * - A call passes the call-level pre-condition checks, expands into its operations (`macros.ts`; an appliance the
 *   memory does not know is searched for first), and each operation passes the operation-level checks
 *   (`preconditions.ts`) just before it runs: the robot walks to the object (room by room), then acts.
 * - A failed action is described (`correction.ts`): the first failure of a call runs the Corrector's program and
 *   tries the action again, the second binds the object to another instance, the third gives the call up. The caps
 *   of `correction.ts` end correction and then the program.
 * - `for x in all_instances("C")` runs its body for every instance of C not already done (for the block's goal),
 *   searching for more once the known ones are done.
 *
 * The ablations switch parts off: no pre-condition checks, random search instead of the Locator, no correction (a
 * failed action gives its call up at once).
 */

import type { LocationHint } from '../../language/dialogue.js';
import { catalogClass } from '../../sim/catalog/index.js';
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import { ANY_THING } from '../../sim/subgoals.js';
import type { Rng } from '../../util/rng.js';
import type { StepFeedback } from '../agent.js';
import { stepTowards } from '../heuristics/common.js';
import { type Binding, chooseInstance, goalSatisfiedBy } from './binding.js';
import { describeFailure, MAX_API_FAILURES, MAX_FAILED_STEPS } from './correction.js';
import { expandCall, type Op } from './macros.js';
import { checkCall, checkOp } from './preconditions.js';
import { type HandleDecl, type Program, parseProgram, type Statement } from './program.js';
import type { ClassMapper, Corrector, Locator, MemoryEntry, RoleRecord } from './roles.js';
import { RANDOM_BUDGET, RANDOM_ONLY_BUDGET, Search } from './search.js';
import type { HelperView } from './view.js';

export interface ExecutorConfig {
  /** The pre-condition checks (off: `-no-precheck`). */
  readonly precheck: boolean;
  /** Failure correction (off: `-no-correction`: a failed action gives its call up). */
  readonly correction: boolean;
  /** The Locator's places before random search (off: `-no-locator`: random search only). */
  readonly locator: boolean;
}

export interface ExecutorRoles {
  readonly corrector: Corrector;
  readonly locator: Locator;
  readonly classes: ClassMapper;
  /** The correction examples nearest a failure ("failed step; F"), for the Corrector's prompt. */
  readonly corrections?: (key: string) => Promise<MemoryEntry[]>;
}

/** What the executor is told about the task: the dialogue and its location hints (the Locator reads them). */
export interface ExecutorTask {
  readonly dialogue: string;
  readonly hints: readonly LocationHint[];
}

type CallStatement = Extract<Statement, { kind: 'call' }>;
type LoopStatement = Extract<Statement, { kind: 'loop' }>;

/** One loaded program: its handles and blocks. */
interface Scope {
  readonly program: Program;
  readonly handles: Map<string, Binding>;
}

type Work =
  | { readonly kind: 'statement'; readonly statement: Statement; readonly scope: Scope }
  | {
      readonly kind: 'loop-next';
      readonly loop: LoopStatement;
      readonly scope: Scope;
      readonly done: Set<number>;
      /** A loop over the things on its landmark has searched for the landmark once. */
      looked?: boolean;
    }
  | { readonly kind: 'resume' };

interface ActiveCall {
  readonly statement: CallStatement;
  readonly scope: Scope;
  subject?: number;
  target?: number;
  ops: Op[];
  expanded: boolean;
  failures: number;
  /** Operations the checks put first, so far (a guard against rules feeding each other). */
  inserted: number;
}

type SearchPurpose =
  | { readonly kind: 'bind'; readonly binding: Binding }
  | { readonly kind: 'appliance' }
  | { readonly kind: 'loop'; readonly work: Extract<Work, { kind: 'loop-next' }> }
  /** The landmark of a loop over the things on it: once found, the loop goes on. */
  | { readonly kind: 'look'; readonly work: Extract<Work, { kind: 'loop-next' }> };

/** What the last skill was for. */
type Pending =
  | { readonly kind: 'action'; readonly op: Op }
  | { readonly kind: 'walk'; readonly op: Op }
  | { readonly kind: 'search' };

export interface ExecutorCounts {
  calls: number;
  skippedCalls: number;
  dropped: Record<string, number>;
  inserted: Record<string, number>;
  corrections: Record<string, number>;
  rebinds: number;
  givenUp: number;
  apiFailures: number;
  searches: number;
  searchSkills: number;
  notFound: number;
}

/** Most operations the checks may put before one operation. */
const MAX_INSERTED = 4;
/** Most loop iterations of one `all_instances` loop. */
const MAX_LOOP_ITERATIONS = 12;

const bump = (record: Record<string, number>, key: string) => {
  record[key] = (record[key] ?? 0) + 1;
};

export class Executor {
  private queue: Work[] = [];
  private call: ActiveCall | undefined;
  private readonly suspended: ActiveCall[] = [];
  private search: { search: Search; purpose: SearchPurpose } | undefined;
  private pending: Pending | undefined;
  private failure: { error: string; errorKind?: string; op: Op } | undefined;
  /** Where the last failed operation acted (the corrective moves go there). */
  private failedSite: number | undefined;
  private failedCalls = 0;
  private stoppedBy: string | undefined;
  private readonly mapped = new Map<string, string | undefined>();
  /** Containers the searches have looked into (their contents are in the memory). */
  private readonly lookedInside = new Set<number>();
  readonly records: RoleRecord[] = [];
  readonly searches: Search['record'][] = [];
  readonly unknownClasses: string[] = [];
  readonly counts: ExecutorCounts = {
    calls: 0,
    skippedCalls: 0,
    dropped: {},
    inserted: {},
    corrections: {},
    rebinds: 0,
    givenUp: 0,
    apiFailures: 0,
    searches: 0,
    searchSkills: 0,
    notFound: 0,
  };

  constructor(
    private readonly config: ExecutorConfig,
    private readonly roles: ExecutorRoles,
    private readonly task: ExecutorTask,
    private readonly view: HelperView,
    private readonly skills: SkillSet,
    private readonly rng: Rng,
  ) {}

  /** Why the executor stopped (a cap), or undefined. */
  get stopped(): string | undefined {
    return this.stoppedBy;
  }

  /** Whether every loaded statement has been carried out (or given up). */
  get idle(): boolean {
    return this.queue.length === 0 && !this.call && !this.search && !this.searchRequest && this.suspended.length === 0;
  }

  /** Queues a program after what is left (its classes mapped first). */
  async load(program: Program): Promise<void> {
    const scope = await this.scopeOf(program);
    this.queue.push(...program.statements.map((statement) => ({ kind: 'statement' as const, statement, scope })));
  }

  /** Drops whatever is left (a new plan replaces it). */
  clear(): void {
    this.queue = [];
    this.call = undefined;
    this.suspended.length = 0;
    this.search = undefined;
    this.searchRequest = undefined;
    this.failure = undefined;
  }

  private async scopeOf(program: Program, parent?: Scope): Promise<Scope> {
    const handles = new Map<string, Binding>(parent?.handles ?? []);
    const declare = async (decl: HandleDecl) => {
      handles.set(decl.name, { decl, ...(await this.classesOf(decl.written)), excluded: new Set() });
      if (decl.landmark) await this.classOf(decl.landmark);
    };
    const visit = async (statements: readonly Statement[]) => {
      for (const s of statements) {
        if (s.kind === 'declare') await declare(s.handle);
        if (s.kind === 'loop') {
          await declare(s.handle);
          await visit(s.body);
        }
      }
    };
    await visit(program.statements);
    return { program, handles };
  }

  /**
   * The classes of a handle written as one class or as alternatives (`"apple|orange"`), each mapped; `*` is any
   * thing (a loop over what lies on its landmark).
   */
  private async classesOf(written: string): Promise<{ className: string | undefined; classes: string[] }> {
    if (written.trim() === ANY_THING) return { className: ANY_THING, classes: [] };
    const classes: string[] = [];
    for (const part of written.split('|')) {
      const mapped = part.trim() === '' ? undefined : await this.classOf(part.trim());
      if (mapped !== undefined && !classes.includes(mapped)) classes.push(mapped);
    }
    return { className: classes[0], classes };
  }

  private async classOf(written: string): Promise<string | undefined> {
    if (this.mapped.has(written)) return this.mapped.get(written);
    const answer = await this.roles.classes.map(written);
    this.mapped.set(written, answer.value);
    if (answer.value === undefined) this.unknownClasses.push(written);
    if (answer.record.implementation !== 'offline' || answer.value === undefined) this.records.push(answer.record);
    return answer.value;
  }

  /** The outcome of the last skill. */
  observe(feedback: StepFeedback): void {
    const pending = this.pending;
    this.pending = undefined;
    if (!pending || pending.kind === 'search') return;
    if (feedback.success !== false) {
      if (pending.kind === 'action' && this.call?.ops[0] === pending.op) {
        this.call.ops.shift();
        // Failures count per operation: a macro's later step starts afresh.
        this.call.failures = 0;
      }
      return;
    }
    this.failure = {
      error: feedback.error ?? 'failed',
      ...(feedback.errorKind && { errorKind: feedback.errorKind }),
      op: pending.op,
    };
  }

  /** The next skill, or undefined when the program is done (or the executor stopped). */
  async next(): Promise<Skill | undefined> {
    for (let guard = 0; guard < 500; guard++) {
      if (this.stoppedBy) return undefined;
      if (this.searchRequest) {
        await this.beginSearch();
        continue;
      }
      if (this.search) {
        const skill = this.searchStep();
        if (skill) return skill;
        continue;
      }
      if (this.failure) {
        await this.handleFailure();
        continue;
      }
      if (this.call) {
        const skill = await this.advanceCall(this.call);
        if (skill) return skill;
        continue;
      }
      const work = this.queue.shift();
      if (!work) return undefined;
      await this.start(work);
    }
    return undefined;
  }

  // ---- statements -----------------------------------------------------------------------------------------------

  private async start(work: Work): Promise<void> {
    if (work.kind === 'resume') {
      this.call = this.suspended.pop();
      return;
    }
    if (work.kind === 'loop-next') {
      this.nextIteration(work);
      return;
    }
    const { statement, scope } = work;
    switch (statement.kind) {
      case 'declare':
        if (!scope.handles.has(statement.handle.name)) {
          scope.handles.set(statement.handle.name, {
            decl: statement.handle,
            ...(await this.classesOf(statement.handle.written)),
            excluded: new Set(),
          });
        }
        return;
      case 'call':
        this.call = { statement, scope, ops: [], expanded: false, failures: 0, inserted: 0 };
        return;
      case 'corrective':
        this.call = {
          statement: { kind: 'call', handle: 'agent', method: statement.move, line: statement.line, block: 0 },
          scope,
          ops: this.correctiveOps(statement.move),
          expanded: true,
          failures: 0,
          inserted: 0,
        };
        return;
      case 'loop':
        this.queue.unshift({ kind: 'loop-next', loop: statement, scope, done: new Set() });
    }
  }

  /** The operations of a corrective move: back to the failed step's object, or a step away from it. */
  private correctiveOps(move: string): Op[] {
    const site = this.failedSite;
    if (site === undefined || !this.view.knows(site)) return [];
    if (move !== 'move_back') return [{ kind: 'goto', id: site }];
    const elsewhere = this.view.feedback.candidates.find(
      (s) => s.action === 'walk' && s.objects[0] !== site && this.view.roomOf(s.objects[0]) === this.view.room,
    );
    return elsewhere
      ? [
          { kind: 'goto', id: elsewhere.objects[0] },
          { kind: 'goto', id: site },
        ]
      : [];
  }

  private nextIteration(work: Extract<Work, { kind: 'loop-next' }>): void {
    const { loop, scope, done } = work;
    const binding = scope.handles.get(loop.handle.name)!;
    if (binding.className === undefined || done.size >= MAX_LOOP_ITERATIONS) return;
    const goal = scope.program.blocks[loop.block]?.goal;
    const known = this.loopInstances(binding);
    const open = known.inLandmark
      .filter((id) => !done.has(id) && this.view.roomOf(id) !== undefined)
      .filter((id) => !goal || !goalSatisfiedBy(this.view, goal, id));
    if (open.length > 0) {
      this.iterate(work, open[0]);
      return;
    }
    const landmark = this.landmarkOf(loop.handle);
    if (binding.className === ANY_THING) {
      // Every thing on the landmark: once one of it is known the room shows what lies on it, so look for it once.
      if (landmark !== undefined && this.view.instances(landmark).length === 0 && !work.looked) {
        work.looked = true;
        this.startSearch([landmark], new Set(), { kind: 'look', work }, undefined);
      }
      return;
    }
    // Instances outside the landmark are not what the loop wants: they do not end its search.
    const exclude = new Set([
      ...done,
      ...known.inLandmark.filter((id) => goal && goalSatisfiedBy(this.view, goal, id)),
      ...known.all.filter((id) => !known.inLandmark.includes(id)),
    ]);
    this.startSearch(binding.classes, exclude, { kind: 'loop', work }, loop.handle.landmark);
  }

  /** The class a handle's landmark maps to (mapped when its program was loaded). */
  private landmarkOf(handle: HandleDecl): string | undefined {
    return handle.landmark === undefined ? undefined : (this.mapped.get(handle.landmark) ?? undefined);
  }

  /**
   * The known instances a loop ranges over (`all`: of its classes, or every thing for `*`), and those in its
   * landmark: in a room of the landmark's class, or on or in an instance of it.
   */
  private loopInstances(binding: Binding): { all: number[]; inLandmark: number[] } {
    const graph = this.view.belief.graph;
    const all =
      binding.className === ANY_THING
        ? [...graph.nodes()]
            .filter((n) => n.id >= 0 && this.view.has(n.id, 'GRABBABLE') && !this.view.isHeld(n.id))
            .map((n) => n.id)
            .sort((a, b) => a - b)
        : binding.classes.flatMap((c) => this.view.instances(c));
    const landmark = this.landmarkOf(binding.decl);
    if (landmark === undefined) return { all, inLandmark: all };
    const inRoomClass = catalogClass(landmark)?.kind === 'room';
    const inLandmark = all.filter((id) => {
      if (inRoomClass) {
        const room = this.view.roomOf(id);
        return room !== undefined && this.view.className(room) === landmark;
      }
      const hosts = [...graph.targets(id, 'ON'), ...graph.targets(id, 'INSIDE')];
      return hosts.some((h) => this.view.className(h) === landmark);
    });
    return { all, inLandmark };
  }

  private iterate(work: Extract<Work, { kind: 'loop-next' }>, id: number): void {
    const binding = work.scope.handles.get(work.loop.handle.name)!;
    binding.id = id;
    work.done.add(id);
    this.queue.unshift(
      ...work.loop.body.map((statement) => ({ kind: 'statement' as const, statement, scope: work.scope })),
      work,
    );
  }

  // ---- calls ----------------------------------------------------------------------------------------------------

  /** Binds a handle now; false when it cannot be (a search started, or the call must be skipped). */
  private ensureBound(call: ActiveCall, name: string): 'bound' | 'search' | 'skip' {
    const binding = call.scope.handles.get(name);
    if (!binding || binding.className === undefined || binding.notFound) return 'skip';
    if (binding.id !== undefined && this.view.knows(binding.id) && this.view.roomOf(binding.id) !== undefined) {
      return 'bound';
    }
    if (binding.id !== undefined && this.view.isHeld(binding.id)) return 'bound';
    const taken = new Set(
      [...call.scope.handles.values()].filter((b) => b !== binding && b.id !== undefined).map((b) => b.id!),
    );
    const goal = call.scope.program.blocks[call.statement.block]?.goal;
    const landmark = binding.decl.landmark === undefined ? undefined : this.mapped.get(binding.decl.landmark);
    const id = chooseInstance(this.view, binding, goal, taken, landmark);
    if (id !== undefined) {
      binding.id = id;
      return 'bound';
    }
    const exclude = new Set([...binding.excluded, ...taken]);
    this.startSearch(binding.classes, exclude, { kind: 'bind', binding }, binding.decl.landmark);
    return 'search';
  }

  /** The next skill of the call, or undefined when it is done, skipped, or waits for a search. */
  private async advanceCall(call: ActiveCall): Promise<Skill | undefined> {
    const { statement } = call;
    if (!call.expanded) {
      for (const name of [statement.handle, statement.target]) {
        if (name === undefined) continue;
        const state = this.ensureBound(call, name);
        if (state === 'search') return undefined;
        if (state === 'skip') {
          this.counts.skippedCalls++;
          this.call = undefined;
          return undefined;
        }
      }
      call.subject = call.scope.handles.get(statement.handle)!.id!;
      call.target = statement.target === undefined ? undefined : call.scope.handles.get(statement.target)!.id!;
      if (this.config.precheck) {
        const rule = checkCall(statement.method, call.subject, this.view);
        if (rule?.action.kind === 'skip') {
          bump(this.counts.dropped, rule.rule);
          this.finishCall();
          return undefined;
        }
        if (rule?.action.kind === 'first' && call.inserted < MAX_INSERTED) {
          bump(this.counts.inserted, rule.rule);
          call.inserted++;
          this.suspended.push(call);
          this.queue.unshift({ kind: 'resume' });
          this.call = {
            statement: { ...statement, method: rule.action.method, target: undefined },
            scope: call.scope,
            ops: [],
            expanded: false,
            failures: 0,
            inserted: MAX_INSERTED,
          };
          return undefined;
        }
      }
      const expansion = expandCall(statement.method, call.subject, call.target, this.view);
      if ('need' in expansion) {
        this.startSearch(expansion.need, new Set(), { kind: 'appliance' }, undefined);
        return undefined;
      }
      call.ops = [...expansion.ops];
      call.expanded = true;
    }
    for (let guard = 0; guard < 20; guard++) {
      const op = call.ops[0];
      if (!op) {
        this.finishCall();
        return undefined;
      }
      if (this.config.precheck) {
        const rule = checkOp(op, this.view);
        if (rule?.adjustment.kind === 'drop') {
          bump(this.counts.dropped, rule.rule);
          call.ops.shift();
          continue;
        }
        if (rule?.adjustment.kind === 'before' && call.inserted < MAX_INSERTED) {
          bump(this.counts.inserted, rule.rule);
          call.inserted++;
          call.ops.unshift(...rule.adjustment.ops);
          continue;
        }
      }
      const concrete = op.kind === 'put_down' ? this.putDownOp(op.id) : op;
      if (!concrete) {
        call.ops.shift();
        continue;
      }
      if (concrete !== op) call.ops[0] = concrete;
      return this.skillFor(concrete);
    }
    return undefined;
  }

  private finishCall(): void {
    this.counts.calls++;
    this.call = undefined;
  }

  /** put_down as a placement on a surface of the robot's room (undefined: none known, the step is dropped). */
  private putDownOp(id: number): Op | undefined {
    const graph = this.view.belief.graph;
    const surface = [...graph.nodes()]
      .filter(
        (n) =>
          n.id >= 0 &&
          n.properties.has('SURFACES') &&
          !n.properties.has('GRABBABLE') &&
          !n.properties.has('CAN_OPEN') &&
          this.view.roomOf(n.id) === this.view.room,
      )
      .map((n) => n.id)
      .sort((a, b) => a - b)[0];
    return surface === undefined ? undefined : { kind: 'place', id, target: surface };
  }

  /** Where an operation acts: the robot must stand at it. */
  private siteOf(op: Op): number {
    return op.kind === 'place' ? op.target : op.id;
  }

  /** The walk towards the operation's site, or its action when the robot is there. */
  private skillFor(op: Op): Skill | undefined {
    const site = this.siteOf(op);
    const room = this.view.isHeld(site) ? this.view.room : this.view.roomOf(site);
    if (room === undefined) {
      this.failure = { error: `no object ${site} where it was last seen`, errorKind: 'unseen_object', op };
      return undefined;
    }
    if (room !== this.view.room) {
      const step = stepTowards(this.view.room, room, this.view.feedback.adjacentRooms, this.skills);
      if (!step) {
        this.failure = { error: `room ${room} is not adjacent`, errorKind: 'other', op };
        return undefined;
      }
      this.pending = { kind: 'walk', op };
      return step;
    }
    if (op.kind === 'goto') {
      if (this.view.isClose(site)) {
        this.call?.ops.shift();
        return undefined;
      }
      this.pending = { kind: 'action', op };
      return { action: 'walk', objects: [site] };
    }
    if (!this.view.isClose(site) && !this.view.isHeld(site)) {
      this.pending = { kind: 'walk', op };
      return { action: 'walk', objects: [site] };
    }
    this.pending = { kind: 'action', op };
    switch (op.kind) {
      case 'grab':
        return { action: 'grab', objects: [op.id] };
      case 'place':
        return { action: this.view.placesInside(op.target) ? 'putin' : 'put', objects: [op.id, op.target] };
      case 'put_down':
        throw new Error('put_down is made concrete before it runs');
      default:
        return { action: op.kind, objects: [op.id] };
    }
  }

  // ---- search ---------------------------------------------------------------------------------------------------

  /** Asks for a search; it starts at the next `next()` (the Locator is asked first). */
  private startSearch(
    classes: readonly string[],
    exclude: ReadonlySet<number>,
    purpose: SearchPurpose,
    landmark: string | undefined,
  ): void {
    this.searchRequest = { classes, exclude, purpose, landmark };
  }

  private searchRequest:
    | { classes: readonly string[]; exclude: ReadonlySet<number>; purpose: SearchPurpose; landmark?: string }
    | undefined;

  private async beginSearch(): Promise<void> {
    const { classes, exclude, purpose, landmark } = this.searchRequest!;
    this.searchRequest = undefined;
    this.counts.searches++;
    let categories: string[] = [];
    if (this.config.locator) {
      const answer = await this.roles.locator.locate({
        className: classes[0],
        dialogue: this.task.dialogue,
        hints: this.task.hints,
        ...(landmark && { landmark: this.mapped.get(landmark) ?? landmark }),
      });
      if (answer.record.implementation !== 'offline') this.records.push(answer.record);
      categories = answer.value;
    }
    const search = new Search(
      { classes, exclude },
      categories,
      this.skills,
      this.rng.fork(`search:${this.counts.searches}`),
      // No place from the Locator (or none asked): the random search has the whole budget.
      categories.length > 0 ? RANDOM_BUDGET : RANDOM_ONLY_BUDGET,
      this.lookedInside,
    );
    this.search = { search, purpose };
  }

  private searchStep(): Skill | undefined {
    const { search, purpose } = this.search!;
    const found = search.found(this.view);
    if (found !== undefined) {
      this.endSearch(search);
      if (purpose.kind === 'bind') purpose.binding.id = found;
      if (purpose.kind === 'loop') this.iterate(purpose.work, found);
      if (purpose.kind === 'look') this.queue.unshift(purpose.work);
      return undefined;
    }
    const skill = search.next(this.view);
    if (skill) {
      this.pending = { kind: 'search' };
      this.counts.searchSkills++;
      return skill;
    }
    this.endSearch(search);
    this.counts.notFound++;
    if (purpose.kind === 'bind') {
      purpose.binding.notFound = true;
      this.counts.skippedCalls++;
      this.call = undefined;
    } else if (purpose.kind === 'appliance') {
      this.giveUp('no appliance found');
    }
    return undefined;
  }

  private endSearch(search: Search): void {
    this.searches.push(search.record);
    this.search = undefined;
  }

  // ---- failures -------------------------------------------------------------------------------------------------

  private async handleFailure(): Promise<void> {
    const { error, errorKind, op } = this.failure!;
    this.failure = undefined;
    const call = this.call;
    if (!call) return;
    const failure = describeFailure(error, errorKind);
    if (failure.id === 'already') {
      if (call.ops[0] === op) call.ops.shift();
      return;
    }
    this.counts.apiFailures++;
    call.failures++;
    this.failedSite = this.siteOf(op);
    if (!this.config.correction || this.counts.apiFailures > MAX_API_FAILURES || call.failures > 2) {
      this.giveUp(failure.id);
      return;
    }
    if (call.failures === 2 || failure.id === 'surface-full') {
      if (this.rebind(call, op)) return;
    }
    bump(this.counts.corrections, failure.id);
    const holding = [...call.scope.handles.entries()]
      .filter(([, b]) => b.id !== undefined && this.view.isHeld(b.id))
      .map(([name]) => name);
    const container = this.view.closedContainerOf(op.id);
    const failedStep = `${call.statement.handle}.${call.statement.method}(${call.statement.target ?? ''})`;
    const examples = (await this.roles.corrections?.(`${failedStep}; ${failure.text}`)) ?? [];
    const answer = await this.roles.corrector.correct({
      dialogue: this.task.dialogue,
      failedStep,
      step: {
        handle: call.statement.handle,
        method: call.statement.method,
        ...(call.statement.target && { target: call.statement.target }),
      },
      holding,
      ...(container !== undefined && { containerClass: this.view.className(container) }),
      failure: failure.text,
      error,
      ...(errorKind && { errorKind }),
      examples,
    });
    const program = parseProgram(answer.value, call.scope.handles.keys());
    this.records.push(program.rejected.length > 0 ? { ...answer.record, rejected: program.rejected } : answer.record);
    if (program.statements.length === 0) return; // try the action again as it is
    const scope = await this.scopeOf(program, call.scope);
    for (const [name, binding] of scope.handles)
      if (!call.scope.handles.has(name)) call.scope.handles.set(name, binding);
    this.suspended.push(call);
    this.call = undefined;
    this.queue.unshift(
      ...program.statements.map((statement) => ({ kind: 'statement' as const, statement, scope: call.scope })),
      { kind: 'resume' },
    );
  }

  /** Binds the failed operation's object to another instance and starts the call again; false when it cannot. */
  private rebind(call: ActiveCall, op: Op): boolean {
    const site = this.siteOf(op);
    const entry = [...call.scope.handles.values()].find((b) => b.id === site);
    if (!entry) return false;
    entry.excluded.add(site);
    entry.id = undefined;
    call.expanded = false;
    call.ops = [];
    this.counts.rebinds++;
    return true;
  }

  private giveUp(reason: string): void {
    this.counts.givenUp++;
    this.failedCalls++;
    bump(this.counts.corrections, `gave-up:${reason}`);
    this.call = undefined;
    if (this.failedCalls >= MAX_FAILED_STEPS) this.stoppedBy = `${MAX_FAILED_STEPS} steps given up`;
  }
}
