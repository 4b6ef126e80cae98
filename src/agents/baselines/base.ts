/**
 * What the four LLM baselines share: the knowledge every method observes (ExRAP appendix C: objects, positions,
 * states, room adjacency; kept as a TEKG with a BM25 index and as the names of everything seen), the history of
 * steps with their outcomes, the demonstrations, seeded requests, and the handling of model failures:
 *
 * - a `ContextOverflowError` shrinks the retrieved context (demonstrations, memory, history, object lists: each
 *   halved) and the step is asked again, until nothing is left to shrink;
 * - an `InvalidOutputError` (output that fails the method's schema or grammar) is counted, and the step is spent on
 *   `INVALID_OUTPUT_SKILL`, which the world refuses: an invalid step, and the episode goes on.
 *
 * Subclasses implement `decide(budget)`, one decision with the given context budget.
 */

import { ContextOverflowError, InvalidOutputError } from '../../llm/errors.js';
import type { LanguageModel } from '../../llm/language-model.js';
import { Tekg } from '../../memory/tekg.js';
import { Bm25Index } from '../../retrieval/bm25.js';
import { DirectiveRetriever } from '../../retrieval/retriever.js';
import type { Skill } from '../../sim/skill.js';
import { registerCache } from '../../util/caches.js';
import { recordDecision } from '../../util/decisions.js';
import { Rng } from '../../util/rng.js';
import {
  type Agent,
  INVALID_OUTPUT_SKILL,
  type InstructionBrief,
  type StepFeedback,
  type TaskBrief,
} from '../agent.js';
import { defaultDemonstrationsPath } from '../demonstrations/io.js';
import { DemonstrationLibrary, type DemonstrationQuery } from '../demonstrations/library.js';
import type { Demonstration } from '../demonstrations/types.js';
import { ObjectNames } from '../prompting/object-names.js';
import { type StepMemory, visibleThings } from '../prompting/situation.js';
import { type PhraseTable, phrasesFor, skillPhrase } from '../prompting/skill-text.js';

export { INVALID_OUTPUT_SKILL } from '../agent.js';

/** The skill set as the baselines need it (a `SkillSet` of the benchmark fits). */
export interface SkillVocabulary {
  readonly name: string;
  readonly actions: readonly string[];
}

/** How much retrieved context goes into a prompt; halved on each context overflow. */
export interface ContextBudget {
  /** In-context demonstrations (Table A.3: 3 for ZSP and LLM-Planner, 2 for ProgPrompt). */
  readonly demonstrations: number;
  /** Retrieved memory quadruples (ExRAP's k = 12). */
  readonly memory: number;
  /** Past steps shown. */
  readonly history: number;
  /** Objects listed (seen-so-far lists grow with the home). */
  readonly objects: number;
}

export const DEFAULT_BUDGET: ContextBudget = Object.freeze({ demonstrations: 3, memory: 12, history: 10, objects: 80 });

/** The next smaller budget, or undefined when everything is already at zero. */
export function shrinkBudget(budget: ContextBudget): ContextBudget | undefined {
  if (budget.demonstrations + budget.memory + budget.history + budget.objects === 0) return undefined;
  const half = (n: number) => Math.floor(n / 2);
  return {
    demonstrations: half(budget.demonstrations),
    memory: half(budget.memory),
    history: half(budget.history),
    objects: half(budget.objects),
  };
}

/** The benchmark protocol a baseline runs: standing instructions, or one task at a time. */
export type BaselineProtocol = 'continual' | 'episodic';

export interface BaselineOptions {
  /** The episode's seed: every request's seed derives from it. */
  readonly seed: number;
  /** Default 'continual'; 'episodic' gives the task prompts and the episodic tasks' demonstrations. */
  readonly protocol?: BaselineProtocol;
  readonly skills: SkillVocabulary;
  readonly llm: LanguageModel;
  /** In-context examples (default: the shipped demonstrations of the skill set's domain). */
  readonly demonstrations?: DemonstrationLibrary;
  /** Overrides of the context budget. */
  readonly budget?: Partial<ContextBudget>;
}

/** Counters an episode records with its results. */
export interface BaselineStats {
  decisions: number;
  /** Model outputs that failed the schema or grammar (each an invalid step). */
  invalidOutputs: number;
  /** Context overflows recovered by shrinking the retrieved context. */
  contextShrinks: number;
}

/** Shipped demonstrations, loaded once per file (a pure cache). */
const LIBRARIES = new Map<string, DemonstrationLibrary>();
registerCache('baselines: demonstration libraries', () => LIBRARIES.clear());

/** The episodic tasks' demonstrations (`prompts/demonstrations/virtualhome-tasks.jsonl`, `npm run demos`). */
export const EPISODIC_DEMONSTRATIONS_FILE = 'virtualhome-tasks';

/** The shipped demonstrations of a domain (continual), or of the episodic tasks. */
export function shippedDemonstrations(domain: string, protocol: BaselineProtocol = 'continual'): DemonstrationLibrary {
  const name = protocol === 'episodic' ? EPISODIC_DEMONSTRATIONS_FILE : domain;
  let library = LIBRARIES.get(name);
  if (!library) {
    library = DemonstrationLibrary.load(domain, defaultDemonstrationsPath(name));
    LIBRARIES.set(name, library);
  }
  return library;
}

/**
 * A method's prompt templates for a protocol: its continual ones, with the episodic replacements (the task prompts,
 * `<method>/task-prompt`) for episodic tasks.
 */
export function promptsFor<T extends Record<string, string>>(
  continual: T,
  episodic: Partial<T>,
  protocol: BaselineProtocol,
): T {
  return protocol === 'episodic' ? { ...continual, ...episodic } : continual;
}

export abstract class LlmBaselineAgent implements Agent {
  abstract readonly name: string;
  protected readonly llm: LanguageModel;
  protected readonly skills: SkillVocabulary;
  protected readonly phrases: PhraseTable;
  protected readonly budget: ContextBudget;
  private readonly library?: DemonstrationLibrary;
  private readonly seedBase: number;
  protected readonly protocol: BaselineProtocol;

  protected instructions: readonly InstructionBrief[] = [];
  protected feedback!: StepFeedback;
  protected names = new ObjectNames();
  protected tekg = new Tekg();
  protected retriever!: DirectiveRetriever;
  protected history: StepMemory[] = [];
  /** What the last `act` chose, as the prompt showed it. */
  private pendingText: string | undefined;
  readonly stats: BaselineStats = { decisions: 0, invalidOutputs: 0, contextShrinks: 0 };
  /** The last model output that failed (for traces and tests). */
  lastInvalidOutput: InvalidOutputError | undefined;

  constructor(
    protected readonly options: BaselineOptions,
    defaults: Partial<ContextBudget> = {},
  ) {
    this.llm = options.llm;
    this.skills = options.skills;
    this.phrases = phrasesFor(options.skills.name, options.skills.actions);
    this.budget = { ...DEFAULT_BUDGET, ...defaults, ...options.budget };
    this.library = options.demonstrations;
    this.seedBase = new Rng(options.seed).nextUint32() & 0x3fffffff;
    this.protocol = options.protocol ?? 'continual';
  }

  reset(task: TaskBrief, first: StepFeedback): void {
    this.instructions = task.instructions;
    this.names = new ObjectNames();
    this.tekg = new Tekg({ keepRemovals: false });
    const index = new Bm25Index();
    this.tekg.attach(index);
    this.retriever = new DirectiveRetriever(index);
    this.history = [];
    this.pendingText = undefined;
    this.stats.decisions = 0;
    this.stats.invalidOutputs = 0;
    this.stats.contextShrinks = 0;
    this.onReset();
    this.see(first);
  }

  observe(feedback: StepFeedback): void {
    if (feedback.lastSkill) {
      this.history.push({
        t: feedback.t - 1,
        skill: feedback.lastSkill,
        text: this.pendingText ?? this.phrase(feedback.lastSkill),
        success: feedback.success ?? false,
        ...(feedback.error !== undefined && { error: feedback.error }),
      });
      this.pendingText = undefined;
    }
    this.see(feedback);
    this.onFeedback(feedback);
  }

  async act(): Promise<Skill> {
    this.stats.decisions++;
    let budget: ContextBudget | undefined = this.budget;
    for (;;) {
      try {
        const skill = await this.decide(budget);
        this.pendingText = skill === INVALID_OUTPUT_SKILL ? 'an unreadable step' : this.phrase(skill);
        const chosen = this.pendingText;
        recordDecision('baseline', () => ({ agent: this.name, chosen }));
        return skill;
      } catch (error) {
        if (error instanceof ContextOverflowError) {
          budget = shrinkBudget(budget);
          if (budget === undefined) throw error;
          this.stats.contextShrinks++;
          continue;
        }
        if (error instanceof InvalidOutputError) {
          this.stats.invalidOutputs++;
          this.lastInvalidOutput = error;
          this.onInvalidOutput(error);
          this.pendingText = 'an unreadable step';
          recordDecision('baseline', () => ({
            agent: this.name,
            chosen: 'an unreadable step',
            invalid: error.message,
          }));
          return INVALID_OUTPUT_SKILL;
        }
        throw error;
      }
    }
  }

  /** One decision with this much context. Throw `InvalidOutputError` for output the method cannot use. */
  protected abstract decide(budget: ContextBudget): Promise<Skill>;

  /** Clears a subclass's episode state. */
  protected onReset(): void {}

  /** Sees the outcome of the last skill (after the shared state is updated). */
  protected onFeedback(_feedback: StepFeedback): void {}

  /** Called when a decision's output was unusable. */
  protected onInvalidOutput(_error: InvalidOutputError): void {}

  /** The seed of the requests of step t (samples of one request use seed, seed + 1, ...: steps are 16 apart). */
  protected requestSeed(t = this.feedback.t): number {
    return (this.seedBase + t * 16) % 0x7fffffff;
  }

  protected phrase(skill: Skill): string {
    return skillPhrase(skill, this.phrases, (id) => this.names.name(id));
  }

  /** The standing instructions as a numbered list. */
  protected instructionList(): string {
    return this.instructions.map((instruction, i) => `${i + 1}. ${instruction.text}`).join('\n');
  }

  /** The demonstrations closest to the current situation. */
  protected async demonstrationsFor(k: number): Promise<Demonstration[]> {
    if (k <= 0) return [];
    const library = this.library ?? shippedDemonstrations(this.skills.name, this.protocol);
    const texts = this.instructions.map((i) => i.text);
    const query: DemonstrationQuery = {
      instructions: texts,
      visible: visibleThings(this.feedback.observation).map((id) => this.names.name(id)),
      // An episodic task's own demonstrations are left out: the agent never sees its task solved.
      ...(this.protocol === 'episodic' && { excludeInstructions: texts }),
    };
    return library.retrieve(query, k);
  }

  private see(feedback: StepFeedback): void {
    this.feedback = feedback;
    this.names.observe(feedback.observation, feedback.t);
    this.tekg.observe(feedback.observation, feedback.t, { roomAdjacency: feedback.adjacentRooms });
  }
}
