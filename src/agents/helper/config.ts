/**
 * HELPER's variants as configuration (paper 001, its ablation table and the feedback experiment): the full agent,
 * and the agent without one component each. The paper's perception ablations (ground-truth depth and segmentation)
 * have no counterpart: hearth's observation is exact.
 */

export interface HelperConfig {
  /** Retrieval from the memory (off: the fixed prompt's examples, "w/o Mem Aug"). */
  readonly memory: boolean;
  /** The executor's pre-condition checks ("w/o Pre Check"). */
  readonly precheck: boolean;
  /** The Locator's places before random search ("w/o Locator": random search). */
  readonly locator: boolean;
  /** Failure correction ("w/o Correction"). */
  readonly correction: boolean;
  /** Asking the user after the program, up to `FEEDBACK_ROUNDS` times (an oracle signal: the unmet goal in words). */
  readonly feedback: boolean;
}

/** Rounds of user feedback (the paper's experiment: up to 2). */
export const FEEDBACK_ROUNDS = 2;

export interface HelperVariant {
  readonly name: string;
  readonly description: string;
  readonly config: HelperConfig;
}

const FULL: HelperConfig = { memory: true, precheck: true, locator: true, correction: true, feedback: true };

export const HELPER_VARIANTS: readonly HelperVariant[] = [
  {
    name: 'helper',
    description:
      'HELPER (Sarch et al. 2023): retrieved (dialogue, program) examples, pre-condition checks, Locator, failure ' +
      'correction, and up to 2 rounds of user feedback',
    config: FULL,
  },
  {
    name: 'helper-no-memory',
    description: 'HELPER ablation: a fixed prompt (the first 3 seed examples) instead of retrieval from memory',
    config: { ...FULL, memory: false },
  },
  {
    name: 'helper-no-precheck',
    description: 'HELPER ablation: no pre-condition checks; every step runs as written',
    config: { ...FULL, precheck: false },
  },
  {
    name: 'helper-no-locator',
    description: 'HELPER ablation: random search instead of the Locator',
    config: { ...FULL, locator: false },
  },
  {
    name: 'helper-no-correction',
    description: 'HELPER ablation: no failure correction; a failed step is given up',
    config: { ...FULL, correction: false },
  },
  {
    name: 'helper-no-feedback',
    description: "HELPER without user feedback after the program (the paper's main setting)",
    config: { ...FULL, feedback: false },
  },
];
