/**
 * SemGro's agent: Algorithm 1 of paper 003 (iterative skill grounding) on the episodic protocol.
 *
 * The instruction stack starts with the user's instruction. A decision pops the top instruction i, retrieves k
 * entries for it and the detected objects (x, c, lc), asks the generator for a skill l̄ ∈ c, and the critic whether
 * l̄ can run here. Executable (E): i stays on the stack and l̄ runs. Not executable (NE, f): l̄ is set aside for i, and
 * the task retriever's finer instruction i* goes on top of i; i* is served from entries no higher than l̄'s level,
 * so skills are only ever decomposed downward, at most M - 1 levels deep (a level-1 skill cannot be decomposed: it
 * is set aside and the generator asked again). A decision ends after `maxIterations` critic verdicts.
 *
 * Decisions hearth makes where the paper is silent or contradicts itself (docs/semgro.md):
 * - after a skill chosen for a finer instruction runs, the agent returns to the user's instruction (the paper's
 *   trajectory, Table 10, does so; its Algorithm 1 would keep i* on the stack); what was set aside is cleared when
 *   the skill changed something besides where the character stands, and otherwise only where the class it failed
 *   on has come into view (a walk does not undo "no bananas in view" unless it finds bananas): a skill the critic
 *   or the world refused is not proposed again for the same instruction in the same situation; a skill that needed
 *   no step (its effect already held) is set aside instead;
 * - a chosen skill runs its stored chain open loop, one level-1 skill at a time (`cursor.ts`, `binding.ts`: one step
 *   each, a walk to another room one step per room); a chain that fails part-way counts as not executable, the
 *   simulator's error its feedback, and is decomposed like a critic's rejection from what it had done;
 * - a finer instruction remembers the skill it stands for: when that skill's last step completes while it is served,
 *   the skill counts as done (carried out in pieces), for the generator's alignment as if it had run whole;
 * - the loop guard (`../loop-guard.ts`) watches the steps: a cycle of 1-8 steps taken a third time with nothing new
 *   seen gives up the skills that made it until a step gets on otherwise, decomposing the highest of them above level
 *   1 with the critic on, looking elsewhere otherwise (`escape`);
 * - with nothing left to choose, or the iteration budget spent, the agent walks to the room it has been in least
 *   recently (what it sees there differs) and starts again from the user's instruction.
 *
 * The fixed-level ablations (Table 4) bypass the critic: the chosen skill runs at once, a failed one is set aside
 * until some skill succeeds, and nothing is decomposed.
 */
import { isRoomType } from '../../sim/catalog/types.js';
import type { Skill } from '../../sim/skill.js';
import { ANY_THING } from '../../sim/subgoals.js';
import { recordDecision } from '../../util/decisions.js';
import { Rng } from '../../util/rng.js';
import type { Agent, StepFeedback, TaskBrief, TaskUnderstanding } from '../agent.js';
import { roomDistances, roomPath } from '../heuristics/common.js';
import { type Loop, LoopGuard, observationFingerprint } from '../loop-guard.js';
import { type Scene, sceneOfObservation } from './binding.js';
import type { SemGroConfig } from './config.js';
import { ChainCursor } from './cursor.js';
import { LEVELS, type SkillDatabase } from './database/database.js';
import { failureOfMessage, hiddenIn, type SkillFailure } from './failures.js';
import type { GoalChain } from './goal-chain.js';
import { primitiveText } from './primitives.js';
import { completedTexts, lastStepText } from './progress.js';
import { SkillRetriever } from './retrieval.js';
import type { Candidate, Detection, Example, HistoryItem, RoleRecord, SemGroRoles } from './roles.js';
import { readTask } from './task-reading.js';
import { remedyOf } from './task-retriever.js';

/** Why a skill was set aside: the class its failure was about ('' when none), and whether only seeing it lifts it. */
interface Refusal {
  readonly object: string;
  /** The class was not in view: what the agent does elsewhere does not bring it back, seeing it does. */
  readonly untilSeen: boolean;
}

/** Failures that say the thing is not to be seen here. */
const UNSEEN: ReadonlySet<string> = new Set(['not-visible', 'unreachable']);

const refusalOf = (failure: SkillFailure | undefined): Refusal => ({
  object: failure?.object ?? '',
  untilSeen: failure !== undefined && UNSEEN.has(failure.kind),
});

/** One instruction of the stack, with the skills set aside for it. */
interface Frame {
  readonly instruction: string;
  /** Entries of at most this level are retrieved for it (a finer instruction: the level of the skill it replaces). */
  readonly ceiling?: number;
  /** The skills set aside for it, with why. */
  readonly rejected: Map<number, Refusal>;
  /** A finer instruction: the skill l̄ it stands for (the one the critic or the world refused). */
  readonly replaces?: Candidate;
}

/** A chosen skill being carried out. */
interface Running {
  readonly skill: Candidate;
  readonly cursor: ChainCursor;
  /** The stack depth it was chosen at. */
  readonly depth: number;
  /** The skill last returned for it, waiting for its outcome. */
  pending?: Skill;
  steps: number;
  /** A step other than a walk succeeded (the world changed, not only the view). */
  acted: boolean;
}

/** Why the critic (or a failed chain) sent the planner down a level: what Table 3 counts. */
export interface IterationRecord {
  readonly t: number;
  readonly skill: string;
  readonly level: number;
  /** The critic refused it, its chain failed in the world, or it went round a loop (`LoopGuard`). */
  readonly source: 'critic' | 'execution' | 'loop';
  /** The failure's kind and the class at fault (the benchmark tells shift-made iterations from the others by it). */
  readonly kind: string;
  readonly object: string;
  readonly finer?: string;
}

/** A loop the guard found, and what the agent did about it. */
export interface LoopRecord {
  readonly t: number;
  /** The cycle's steps and how many times they ran with nothing new seen. */
  readonly steps: readonly string[];
  readonly repeats: number;
  /** The skills whose steps the cycle was made of. */
  readonly skills: readonly string[];
  /** `decompose`: the highest of them refused as not executable (a finer instruction for it); `give up`: all set aside, and a walk to look elsewhere. */
  readonly action: 'decompose' | 'give up';
  readonly finer?: string;
}

/** A step taken, as the loop guard saw it, with the skill that took it and the level-1 skill it carried out. */
interface StepLog {
  readonly step: string;
  readonly skill?: Candidate;
  readonly primitive?: string;
}

/**
 * What a loop made the agent give up until it gets on otherwise (a step other than a walk succeeds that was not one
 * of the cycle's): the skills, and the level-1 skills the cycle carried out.
 */
interface Stuck {
  readonly skills: Set<number>;
  readonly primitives: Set<string>;
  readonly steps: Set<string>;
}

export interface SkillRecord {
  readonly t: number;
  readonly text: string;
  readonly level: number;
  readonly ok: boolean;
  readonly steps: number;
}

/** Failures that say the skill's effect already holds. */
const ALREADY: ReadonlySet<string> = new Set(['already-open', 'already-closed', 'already-on', 'already-off']);

/** Records kept in the episode's stats (the latest ones; counts cover the whole episode). */
const KEEP = 80;

/**
 * Turns of a cycle of 1-8 steps, with nothing new seen, that make a loop: the third time round (the loop check of a
 * run allows 5 turns of a cycle of 2-4 steps; three turns of one step is the same step failing three times).
 */
const LOOP_TURNS = 3;
/**
 * The longest cycle the guard looks for: the run's loop check counts cycles of up to 4 steps, but a walk through
 * three rooms and back is a loop too (gen:27614, heat-food: kitchen, kitchencounter, livingroom, bathroom, livingroom,
 * seven times).
 */
const LOOP_LENGTH = 8;

export class SemGroAgent implements Agent {
  private readonly retriever: SkillRetriever;
  private readonly rng: Rng;
  private feedback!: StepFeedback;
  private detection!: Detection;
  private scene!: Scene;
  private root!: Frame;
  private stack: Frame[] = [];
  private running: Running | undefined;
  private readonly history: HistoryItem[] = [];
  private readonly done: string[] = [];
  private readonly settled = new Set<number>();
  private readonly visits = new Map<number, number>();
  /** The room the agent walks to when it found nothing to do (see `lookElsewhere`). */
  private exploring: number | undefined;
  private readonly iterations: IterationRecord[] = [];
  private readonly skills: SkillRecord[] = [];
  private decisions = 0;
  private fallbacks = 0;
  private skillsRun = 0;
  private skillsOk = 0;
  private lastRecords: RoleRecord[] = [];
  /** How the task text was read (`task-reading.ts`), and the goal chain of a task asking for several things. */
  private understanding: TaskUnderstanding | undefined;
  private chain: GoalChain | undefined;
  /** The classes the task is about (`TaskTake.patients`; what a put settles, `settles`). */
  private patients: ReadonlySet<string> | undefined;
  /** With a goal chain: what the generator is shown of `done` starts here (the current subgoal's last progress). */
  private doneFrom = 0;
  private chainProgress = '';
  /** With a goal chain: how the current part's examples fetch each wanted class (`fetchOf`). */
  private readonly fetches = new Map<string, 'walk' | 'held' | 'keep'>();
  private readonly guard = new LoopGuard({ minLength: 1, maxLength: LOOP_LENGTH, repeats: LOOP_TURNS });
  /** The latest steps, as the guard saw them, with what took them. */
  private readonly steps: StepLog[] = [];
  private stuck: Stuck | undefined;
  private readonly loops: LoopRecord[] = [];
  private loopsFound = 0;
  /** When a step last changed the world (succeeded and was not a walk). */
  private actedAt = 0;

  constructor(
    readonly name: string,
    private readonly database: SkillDatabase,
    private readonly roles: SemGroRoles,
    private readonly config: SemGroConfig,
    seed: number,
  ) {
    this.retriever = new SkillRetriever(database);
    this.rng = new Rng(seed).fork(`agent:${name}`);
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    const read = readTask(task);
    this.understanding = read.understanding;
    this.chain = read.chain;
    this.patients = read.patients && new Set(read.patients);
    this.root = { instruction: read.instruction, rejected: new Map() };
    this.stack = [this.root];
    this.see(first);
  }

  reading(): TaskUnderstanding | undefined {
    return this.understanding;
  }

  private see(feedback: StepFeedback): void {
    this.chain?.update(feedback);
    this.feedback = feedback;
    this.scene = sceneOfObservation(feedback.observation);
    this.detection = this.roles.detector.detect(feedback.observation, feedback.t);
    this.visits.set(feedback.observation.roomId, feedback.t);
  }

  async act(): Promise<Skill> {
    if (this.chain && !this.followChain()) return this.lookElsewhere();
    const loop = this.guard.loop();
    if (loop) {
      const away = await this.escape(loop);
      if (away) return away;
    }
    const walk = this.explore();
    if (walk) return walk;
    // Bounded: each pass either returns, finishes a skill or fails one.
    for (let pass = 0; pass < 4 * this.config.maxIterations + 8; pass++) {
      if (this.running) {
        const next = await this.advance(this.running);
        if (next) return next;
        continue;
      }
      const chosen = await this.decide();
      if (!chosen) return this.lookElsewhere();
      this.running = {
        skill: chosen,
        cursor: new ChainCursor(this.database.chain(chosen.id)),
        depth: this.stack.length - 1,
        steps: 0,
        acted: false,
      };
    }
    return this.lookElsewhere();
  }

  async observe(feedback: StepFeedback): Promise<void> {
    const running = this.running;
    const taken = running?.pending;
    this.logStep(feedback, taken && running);
    if (running && taken) {
      running.pending = undefined;
      if (feedback.success) {
        running.steps++;
        if (taken.action !== 'walk') running.acted = true;
        if ((taken.action === 'put' || taken.action === 'putin') && this.settles(taken.objects[0]))
          this.settled.add(taken.objects[0]);
        // A walk between rooms may take several steps; the cursor says when the primitive is done.
        running.cursor.stepped(taken.action === 'walk' && this.isRoom(taken.objects[0]));
      } else {
        const before = this.feedback.observation;
        const names = (id: number) => before.nodes.find((n) => n.id === id)?.className;
        this.see(feedback);
        await this.chainFailed(running, failureOfMessage(taken, feedback.error ?? 'failed', names));
        return;
      }
    }
    this.see(feedback);
  }

  /**
   * Whether a thing the agent put somewhere is settled there (not taken again by a chain): always, but a thing of
   * another class than those the task is about (`TaskTake.patients`): the glass a watering puts in the sink is a
   * means, fetched again once filled (before, the chain refused to take it out of the sink, and SemGro watered no
   * plant: TEACh's Water Plant, 0 of 3 with the gold reading on gen:90533 and gen:52213; with the shared reader, which
   * reads a means beside the watering, a goal chain, 0 of 10 on gen:61357, gen:90533 and gen:52213 until a chain's
   * ends said which classes settle).
   */
  private settles(id: number): boolean {
    const patients = this.patients;
    if (!patients || patients.has(ANY_THING)) return true;
    const className = this.feedback.observation.nodes.find((n) => n.id === id)?.className;
    return className === undefined || patients.has(className);
  }

  /** The step just taken, for the loop guard; a loop's hold lifts once a step gets on otherwise. */
  private logStep(feedback: StepFeedback, running: Running | undefined): void {
    const skill = feedback.lastSkill;
    if (!skill) return;
    const step = `${skill.action} ${skill.objects.join(' ')}${feedback.success ? '' : ' (failed)'}`;
    const primitive = running?.cursor.chain[running.cursor.index];
    this.steps.push({
      step,
      ...(running && { skill: running.skill }),
      ...(primitive && { primitive: primitiveText(primitive) }),
    });
    // The guard reports a loop at its third turn: the log covers that many turns of the longest cycle.
    if (this.steps.length > LOOP_LENGTH * LOOP_TURNS) this.steps.shift();
    this.guard.record(step, observationFingerprint(feedback.observation));
    // A walk of the agent's own between rooms (looking elsewhere) is in the history too: the generator's remedies
    // ("find X": a room not just walked to) read the walks made.
    const room = feedback.observation.nodes.find((n) => n.id === skill.objects[0] && n.category === 'Rooms');
    if (!running && feedback.success && skill.action === 'walk' && room) this.done.push(`walk ${room.className}`);
    if (feedback.success && skill.action !== 'walk') this.actedAt = feedback.t;
    if (this.stuck && feedback.success && skill.action !== 'walk' && !this.stuck.steps.has(step))
      this.stuck = undefined;
  }

  /**
   * The latest steps went round a cycle with nothing new seen (`LoopGuard`): whatever the agent chooses here brings it
   * back. The skills whose steps made the cycle, and the level-1 skills they carried out, are given up until a step
   * gets on otherwise; a skill still running stops (not run whole). With the critic, the highest of them above level 1
   * is refused as not executable and decomposed (a finer instruction for it, served without what was given up);
   * otherwise (level-1 skills only, or the fixed-level ablations) the agent looks elsewhere. The trace and the stats
   * say which.
   */
  private async escape(loop: Loop): Promise<Skill | undefined> {
    this.guard.clear();
    this.loopsFound++;
    const turns = this.steps.slice(-loop.steps.length * loop.repeats);
    const skills = new Map<number, Candidate>();
    for (const { skill } of turns) if (skill) skills.set(skill.id, skill);
    this.stuck = {
      skills: new Set(skills.keys()),
      primitives: new Set(turns.flatMap((s) => (s.primitive === undefined ? [] : [s.primitive]))),
      steps: new Set(loop.steps),
    };
    if (this.running) this.finished(this.running, false);
    let highest: Candidate | undefined;
    for (const skill of skills.values()) if (!highest || skill.level >= highest.level) highest = skill;
    const text = `went round the same ${loop.steps.length} step${loop.steps.length > 1 ? 's' : ''} ${loop.repeats} times with nothing new seen`;
    const record = (action: LoopRecord['action'], finer?: string) => {
      const entry: LoopRecord = {
        t: this.feedback.t,
        steps: loop.steps,
        repeats: loop.repeats,
        skills: [...skills.values()].map((s) => s.text),
        action,
        ...(finer !== undefined && { finer }),
      };
      this.keep(this.loops, entry);
      recordDecision('loop-guard', () => ({ agent: this.name, ...entry }));
    };
    if (this.config.critic && highest && highest.level > 1) {
      this.stack = [this.root];
      await this.setAside(this.root, highest, text, { kind: 'loop', object: '', text }, 'loop');
      record('decompose', this.stack.length > 1 ? this.stack[this.stack.length - 1].instruction : undefined);
      return undefined;
    }
    record('give up');
    return this.lookElsewhere(skills.size === 0);
  }

  private isStuck(candidate: Candidate): boolean {
    const stuck = this.stuck;
    if (!stuck) return false;
    return stuck.skills.has(candidate.id) || (candidate.level === 1 && stuck.primitives.has(candidate.text));
  }

  private isRoom(id: number): boolean {
    return this.feedback.observation.nodes.some((n) => n.id === id && n.category === 'Rooms');
  }

  /**
   * With a goal chain: the user's instruction is the current subgoal's query (`GoalChain.instruction`). When the
   * subgoal changes, or one more thing satisfies it, the agent starts afresh on it (the skill running stops, the
   * generator's history of what is done starts over, from the room the agent stands in: the same skill serves the
   * next slice of toast, and an example's walk to the kitchen is not walked again from the kitchen). False when every
   * subgoal is done as far as the agent knows.
   */
  private followChain(): boolean {
    const chain = this.chain!;
    const current = chain.instruction();
    if (current === undefined) return false;
    const progress = `${chain.progress()}|${current}`;
    if (progress === this.chainProgress) return true;
    this.chainProgress = progress;
    if (this.running) this.finished(this.running, true, false);
    this.doneFrom = this.done.length;
    this.fetches.clear();
    this.exploring = undefined;
    // A subgoal is one skill's goal: served from the database's single goals (level 2), decomposed as usual.
    this.root = { instruction: current, ceiling: 2, rejected: new Map() };
    this.stack = [this.root];
    return true;
  }

  /**
   * The in-context examples as they apply where the agent stands: with a goal chain and a thing its subgoal wants
   * here or in hand, an example's first walks to rooms are left out (they go to where the thing lay in the training
   * home; the chain runner passes over such a walk the same way, `cursor.ts`), and so is its fetch of that thing from
   * where it lay there (walks and openings before the grab): "walk cabinet, open cabinet, grab apple" becomes "walk
   * apple, grab apple" for an apple on the counter in view, and "grab apple" drops out for one in hand. Without it
   * the generator imitated the walk to the training home's cabinet, the critic refused it (no cabinet here), and the
   * agent looked for a cabinet with the apple in view (gen:73019, fruits-in-fridge, 0 of 20 outside the OL shifts).
   */
  private examplesHere(examples: readonly Example[]): readonly Example[] {
    const chain = this.chain;
    if (!chain?.wantedHere()) return examples;
    const here = chain.wantedClassesHere();
    // Any room class, this home's or the training home's (a walk to the dining room of a home with none).
    const isRoomWalk = (step: string) => step.startsWith('walk ') && isRoomType(step.slice(5));
    const isFetch = (step: string) => step.startsWith('walk ') || step.startsWith('open ');
    return examples.map((example) => {
      const first = example.plan.findIndex((step) => !isRoomWalk(step));
      let plan = first <= 0 ? example.plan : example.plan.slice(first);
      const grab = plan.findIndex((step) => !isFetch(step));
      const grabbed = grab >= 0 && plan[grab].startsWith('grab ') ? plan[grab].slice(5) : undefined;
      const fetch = grabbed === undefined ? undefined : this.fetchOf(grabbed, here.get(grabbed));
      if (fetch === 'held') plan = plan.slice(grab + 1);
      else if (fetch === 'walk') plan = [`walk ${grabbed}`, ...plan.slice(grab)];
      return plan === example.plan ? example : { ...example, plan };
    });
  }

  /**
   * How the current part's examples fetch a wanted class: from where it lies ('walk'), not at all ('held'), or as the
   * example does ('keep': the thing in a closed container). Decided once per part, when the class is first here, so
   * that the examples do not change under the generator's alignment with what it has done (a grab dropped once the
   * thing is in hand left "grab plate" done and nowhere in the example, and the agent took the plate out of the sink).
   */
  private fetchOf(className: string, here: { held: boolean } | undefined): 'walk' | 'held' | 'keep' | undefined {
    const decided = this.fetches.get(className);
    if (decided !== undefined || here === undefined) return decided;
    const fetch = here.held ? 'held' : this.chain!.enclosed(className) ? 'keep' : 'walk';
    this.fetches.set(className, fetch);
    return fetch;
  }

  /**
   * With a goal chain, what the generator is shown as done before the current part's skills: the walk to the room
   * the agent stands in (an example's first walk goes to where its things lay in the training home).
   */
  private standing(): string[] {
    const room = this.scene.rooms.get(this.scene.roomId);
    return room === undefined ? [] : [`walk ${room}`];
  }

  /**
   * The nodes not taken again as the patient of a walk or a grab: those the agent put somewhere; with a goal chain,
   * less those its subgoal wants next (the slice it toasted), plus those that satisfy the subgoal already.
   */
  private unavailable(): ReadonlySet<number> {
    if (!this.chain) return this.settled;
    const { prefer, avoid } = this.chain.focus();
    return new Set([...[...this.settled].filter((id) => !prefer.has(id)), ...avoid]);
  }

  /** The next skill of the running chain, or undefined when it finished or failed (handled here). */
  private async advance(running: Running): Promise<Skill | undefined> {
    const bound = running.cursor.next({
      scene: this.scene,
      adjacent: this.feedback.adjacentRooms,
      settled: this.unavailable(),
      ...(this.chain && { prefer: this.chain.focus().prefer }),
    });
    if (bound.kind === 'skill') {
      running.pending = bound.skill;
      return bound.skill;
    }
    if (bound.kind === 'fail') await this.chainFailed(running, bound.failure);
    else this.finished(running, true);
    return undefined;
  }

  /**
   * Records a skill that ran (whole or in part) and returns to the user's instruction after a success (`resume`:
   * false when a goal chain has moved on and set the instruction itself).
   */
  private finished(running: Running, ok: boolean, resume = true): void {
    this.running = undefined;
    const { skill } = running;
    this.history.push({ text: skill.text, level: skill.level, ok });
    const completed = completedTexts(this.database, skill.id, running.cursor.index);
    this.done.push(...completed);
    this.creditDecomposed(completed);
    this.skillsRun++;
    if (ok) this.skillsOk++;
    this.keep(this.skills, { t: this.feedback.t, text: skill.text, level: skill.level, ok, steps: running.steps });
    if (!ok || !resume) return;
    // A skill whose effect already held took no step and changed nothing: set aside, not chosen again for now.
    if (running.steps === 0) {
      this.stack[Math.min(running.depth, this.stack.length - 1)].rejected.set(skill.id, refusalOf(undefined));
    } else this.restart(running.acted ? 'acted' : 'walked');
  }

  /**
   * The skills the finer instructions on the stack stand for, done by what just completed: a skill whose last level-1
   * step completed while a finer instruction for it was being served ("put bananas on kitchentable", refused, then
   * done as "grab bananas", "walk kitchentable", "put bananas kitchentable"), and below it each skill whose plan is
   * all done. They count as done for what follows (the generator's alignment): a model reading the history sees that
   * the bananas are on the table, whether the skill ran whole or in pieces.
   */
  private creditDecomposed(completed: readonly string[]): void {
    if (completed.length === 0) return;
    const did = new Set(this.done);
    for (let i = this.stack.length - 1; i >= 1; i--) {
      const replaced = this.stack[i].replaces;
      if (!replaced || did.has(replaced.text)) continue;
      const whole =
        replaced.level <= 2
          ? completed.includes(lastStepText(this.database, replaced.id))
          : this.database.planTexts(replaced.id).every((text) => did.has(text));
      if (!whole) break;
      this.done.push(replaced.text);
      did.add(replaced.text);
    }
  }

  /**
   * A chain that failed part-way: not executable, with the simulator's (or the binding's) reason as feedback; with
   * the critic, a thing not in view as the closed container in view that may hold it (`hiddenIn`).
   */
  private async chainFailed(running: Running, failure: SkillFailure): Promise<void> {
    this.finished(running, false);
    this.stack.length = Math.min(this.stack.length, running.depth + 1);
    const why = (this.config.critic && hiddenIn(failure, this.detection.observation)) || failure;
    await this.setAside(this.stack[this.stack.length - 1], running.skill, why.text, why, 'execution');
  }

  /**
   * The user's instruction again. What was set aside for it and failed on a class now in view is cleared (the view
   * changed); when the world changed (`acted`), the rest too, but for what failed because its class was not in view:
   * putting the orange away does not bring the bananas back, seeing them does. `retry`: everything (nothing new is to
   * be seen anywhere; see `lookElsewhere`).
   */
  private restart(why: 'walked' | 'acted' | 'retry'): void {
    const seen = new Set(this.detection.names);
    for (const [id, refusal] of this.root.rejected) {
      const lifted = why === 'retry' || seen.has(refusal.object) || (why === 'acted' && !refusal.untilSeen);
      if (lifted) this.root.rejected.delete(id);
    }
    this.stack = [this.root];
  }

  private keep<T>(list: T[], item: T): void {
    list.push(item);
    if (list.length > KEEP) list.shift();
  }

  /**
   * NE: the skill is set aside for the frame's instruction and, with the critic on, the task retriever's finer
   * instruction goes on top (at most M - 1 finer instructions deep), served from entries no higher than the skill's
   * level. A level-1 skill cannot be decomposed; it gets a finer instruction only when its failure has a remedy
   * (another skill first: switch the microwave off before opening it), served from level-2 entries.
   */
  private async setAside(
    frame: Frame,
    skill: Candidate,
    feedback: string,
    failure: SkillFailure | undefined,
    source: IterationRecord['source'],
    retrievedLower?: readonly string[],
  ): Promise<void> {
    frame.rejected.set(skill.id, refusalOf(failure));
    // A level-1 skill refused because its effect already holds ("fridge is already open") is, for what comes next,
    // as good as done: the imitation goes on from the step after it.
    if (skill.level === 1 && failure && ALREADY.has(failure.kind)) {
      this.done.push(skill.text);
      this.creditDecomposed([skill.text]);
    }
    let finer: string | undefined;
    const remedied = skill.level > 1 || failure === undefined || remedyOf(failure) !== undefined;
    if (this.config.critic && remedied && this.stack.length < LEVELS) {
      const all =
        retrievedLower ??
        this.retriever.retrieve(this.query(frame), this.config.retrieval, this.rng.fork('lower')).lower;
      const lower = all.filter((t) => t !== skill.text);
      const answer = await this.roles.taskRetriever.retrieve({
        skill,
        feedback,
        lower,
        t: this.feedback.t,
        ...(failure && { failure }),
      });
      this.lastRecords.push(answer.record);
      finer = answer.value;
      // i* replaces the refused skill: proposing that skill again for i* would be the same refused choice.
      const rejected = new Map([[skill.id, refusalOf(failure)]]);
      this.stack.push({ instruction: finer, ceiling: Math.max(2, skill.level), rejected, replaces: skill });
    }
    this.iterations.push({
      t: this.feedback.t,
      skill: skill.text,
      level: skill.level,
      source,
      kind: failure?.kind ?? 'other',
      object: failure?.object ?? '',
      ...(finer !== undefined && { finer }),
    });
  }

  private query(frame: Frame) {
    return {
      instruction: frame.instruction,
      names: this.detection.near,
      ...(frame.ceiling !== undefined && { ceiling: frame.ceiling }),
    };
  }

  /** Algorithm 1's inner loop: the first skill the critic accepts, or undefined. */
  private async decide(): Promise<Candidate | undefined> {
    this.decisions++;
    this.lastRecords = [];
    for (let verdicts = 0; verdicts < this.config.maxIterations; ) {
      const frame = this.stack[this.stack.length - 1];
      const retrieved = this.retriever.retrieve(
        this.query(frame),
        this.config.retrieval,
        this.rng.fork(this.decisions),
      );
      const candidates = retrieved.candidates.filter((c) => !frame.rejected.has(c.id) && !this.isStuck(c));
      const generated = await this.roles.generator.generate({
        instruction: frame.instruction,
        history: this.history,
        done: this.chain ? [...this.standing(), ...this.done.slice(this.doneFrom)] : this.done,
        examples: this.examplesHere(retrieved.examples),
        candidates,
      });
      this.lastRecords.push(generated.record);
      const skill = generated.value;
      if (!skill) {
        // Nothing left for a finer instruction: back to the one it refined.
        if (this.stack.length === 1) return undefined;
        this.stack.pop();
        verdicts++;
        continue;
      }
      if (!this.config.critic) return this.chose(skill, retrieved.examples.length);
      const verdict = await this.roles.judge.judge({
        skill,
        chain: this.database.chain(skill.id),
        detection: this.detection,
        candidates,
        adjacent: this.feedback.adjacentRooms,
        settled: this.unavailable(),
        t: this.feedback.t,
      });
      this.lastRecords.push(verdict.record);
      verdicts++;
      if (verdict.value.executable) return this.chose(skill, retrieved.examples.length);
      const { feedback } = verdict.value;
      await this.setAside(frame, skill, feedback, verdict.value.failure, 'critic', retrieved.lower);
    }
    return undefined;
  }

  private chose(skill: Candidate, examples: number): Candidate {
    recordDecision('semgro', () => ({
      agent: this.name,
      instruction: this.stack[this.stack.length - 1].instruction,
      stack: this.stack.map((f) => f.instruction),
      chosen: skill.text,
      level: skill.level,
      examples,
      roles: this.lastRecords,
    }));
    return skill;
  }

  /**
   * With nothing to do here: a walk towards the room visited least recently (never visited first, then the nearest,
   * then the lowest id), kept up until the agent is there; then it decides again from the user's instruction. A walk
   * changes what is seen, not the world: what was set aside stays so, but for what failed on a class in view there
   * (`restart`, on arrival). Once every room was seen since the last step that changed the world, or with `retry` (a
   * loop of walks alone), nothing new is to be seen anywhere: everything set aside is cleared and tried again.
   */
  private lookElsewhere(retry = false): Skill {
    this.fallbacks++;
    const here = this.feedback.observation.roomId;
    const distances = roomDistances(here, this.feedback.adjacentRooms);
    const everywhere = [...distances.keys()].every((room) => (this.visits.get(room) ?? -1) >= this.actedAt);
    this.restart(retry || everywhere ? 'retry' : 'walked');
    const rooms = [...distances.keys()].filter((r) => r !== here);
    rooms.sort(
      (a, b) =>
        (this.visits.get(a) ?? -1) - (this.visits.get(b) ?? -1) || distances.get(a)! - distances.get(b)! || a - b,
    );
    this.exploring = rooms[0];
    return this.explore() ?? { action: 'walk', objects: [here] };
  }

  /** The next walk towards the room being explored, or undefined when there (or no longer reachable). */
  private explore(): Skill | undefined {
    if (this.exploring === undefined) return undefined;
    const path = roomPath(this.feedback.observation.roomId, this.exploring, this.feedback.adjacentRooms);
    if (!path || path.length === 0) {
      this.exploring = undefined;
      this.restart('walked');
      return undefined;
    }
    return { action: 'walk', objects: [path[0]] };
  }

  stats(): Record<string, unknown> {
    return {
      roles: {
        generator: this.roles.generator.implementation,
        detector: this.roles.detector.implementation,
        judge: this.config.critic ? this.roles.judge.implementation : 'bypassed',
        taskRetriever: this.config.critic ? this.roles.taskRetriever.implementation : 'bypassed',
      },
      decisions: this.decisions,
      fallbacks: this.fallbacks,
      skillsRun: this.skillsRun,
      skillsOk: this.skillsOk,
      iterations: this.iterations,
      skills: this.skills,
      loopsFound: this.loopsFound,
      loops: this.loops,
    };
  }
}
