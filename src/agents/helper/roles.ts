/**
 * HELPER's roles (paper 001, Figure 1), one interface each. The paper gives four of them to a language model; each
 * has an offline implementation named as such, and an LLM implementation in `llm/`:
 *
 * | role                          | paper                                            | offline (default)                  |
 * | ----------------------------- | ------------------------------------------------ | ---------------------------------- |
 * | `Planner`   I, M_k -> P       | memory-augmented prompting: the API, the k = 3   | retrieve-and-adapt (`adapt.ts`):   |
 * |                               | retrieved (language, program) pairs, the input I | the nearest stored blocks rebound   |
 * |                               | (dialogue, or feedback + completed program) -> P | to the dialogue's reading           |
 * | `Corrector` I, F, M_c -> P_c  | the failed step, the VLM's failure description F, | rules keyed by the failure          |
 * |                               | 3 retrieved correction examples -> corrective P_c | (`correction.ts`)                  |
 * | `Locator`   I, c -> places    | "search near the sink", from I and common sense   | the catalog's placements, a place  |
 * |                               |                                                  | the dialogue names first           |
 * | `ClassMapper` name -> class   | an unknown class mapped to the nearest known one  | catalog names and aliases, the     |
 * |                               |                                                  | lexicon, then the offline embedder |
 *
 * The failure description F comes in the paper from a VLM (ALIGN) matching the image against a fixed list of
 * failure texts; hearth has no pixels, so `correction.ts` matches the simulator's error text against the same kind
 * of list. The Executor (pre-condition checks, search, execution) is not a model role.
 */
import type { LocationHint } from '../../language/dialogue.js';
import type { RejectedLine } from './program.js';

/** A (language, program) pair of HELPER's memory. */
export interface MemoryEntry {
  /** Planning examples (dialogue -> program) or correction examples (failure -> corrective program). */
  readonly kind: 'plan' | 'correction';
  /** The language key: the dialogue, or "failed step; failure description" for corrections. */
  readonly key: string;
  readonly program: string;
  /** hearth's seed examples, the user's personal routines, or a program learned from a confirmed execution. */
  readonly source: 'seed' | 'personal' | 'learned';
  /** For learned entries: the run pass and the episode it was learned in. */
  readonly pass?: number;
  readonly episode?: string;
}

/** How a role's answer was made, for traces and counts. */
export interface RoleRecord {
  readonly role: 'planner' | 'corrector' | 'locator' | 'class-mapper';
  /** `offline` or `llm`. */
  readonly implementation: string;
  /** The model's raw output (LLM roles). */
  readonly output?: string;
  /** Lines of the output the grammar rejected. */
  readonly rejected?: readonly RejectedLine[];
  /** The answer was unusable (garbage, or a prompt that could not fit): what happened. */
  readonly invalid?: string;
  /** Examples dropped by the prompt-length guard. */
  readonly dropped?: number;
  /** Extra facts (what the adapter could not adapt, ...). */
  readonly notes?: Readonly<Record<string, unknown>>;
}

export interface RoleAnswer<T> {
  readonly value: T;
  readonly record: RoleRecord;
}

/** The planner's input: the dialogue, and for a re-plan the user's feedback and the program carried out so far. */
export interface PlanInput {
  /** I: the dialogue (or the request). */
  readonly dialogue: string;
  /** The retrieved examples, nearest first (k = 3). */
  readonly examples: readonly MemoryEntry[];
  /** Re-planning after the user's feedback: what the user said, and the program completed. */
  readonly feedback?: { readonly answer: string; readonly completed: string };
}

/** I, M_k -> P: a program's text (parsed by the agent with `program.ts`). */
export interface Planner {
  readonly implementation: string;
  plan(input: PlanInput): Promise<RoleAnswer<string>>;
}

export interface CorrectionInput {
  readonly dialogue: string;
  /** The failed step as program text (`mug.pickup()`). */
  readonly failedStep: string;
  /** The failed step's call: its handle, method and target handle. */
  readonly step: { readonly handle: string; readonly method: string; readonly target?: string };
  /** Handles of what the robot holds. */
  readonly holding: readonly string[];
  /** The class of the closed container the step's object lies in, if any. */
  readonly containerClass?: string;
  /** F: the failure description (`correction.ts`'s list), and the simulator's own words. */
  readonly failure: string;
  readonly error: string;
  readonly errorKind?: string;
  /** The 3 nearest correction examples. */
  readonly examples: readonly MemoryEntry[];
}

/** The failed step and F -> a corrective program (run before the step is tried again). */
export interface Corrector {
  readonly implementation: string;
  correct(input: CorrectionInput): Promise<RoleAnswer<string>>;
}

export interface LocateInput {
  /** The class to find (catalog name). */
  readonly className: string;
  readonly dialogue: string;
  /** Where the dialogue says things are. */
  readonly hints: readonly LocationHint[];
  /** The handle's landmark, when the program gave one. */
  readonly landmark?: string;
}

/** I, c -> up to three host classes to search near, most likely first. */
export interface Locator {
  readonly implementation: string;
  locate(input: LocateInput): Promise<RoleAnswer<string[]>>;
}

/** A class as written in a program -> the catalog class it means, or undefined (unknown: its steps are dropped). */
export interface ClassMapper {
  readonly implementation: string;
  map(written: string): Promise<RoleAnswer<string | undefined>>;
}

/** The roles a HELPER agent runs with. */
export interface HelperRoles {
  readonly planner: Planner;
  readonly corrector: Corrector;
  readonly locator: Locator;
  readonly classes: ClassMapper;
  /**
   * The reader whose reading the planner's program comes from (the offline planner: `OFFLINE_READER`); absent when
   * the planner reads the dialogue itself (the LLM planner), so the agent reports no reading.
   */
  readonly reader?: string;
}
