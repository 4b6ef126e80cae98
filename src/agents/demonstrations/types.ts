/**
 * Expert demonstrations: what the Oracle did on training homes to carry out an instruction, kept as text-level data
 * (entity names like `mug.31`, skill phrases like `put mug.31 in microwave.40`) so that any method can render them
 * in its own prompt format. ExRAP (paper 000, section 4 and appendix C) uses 100 such trajectories over 10
 * VirtualHome settings for in-context learning, of the exploitation planner and of the baselines alike.
 */

/** One skill of a demonstration. */
export interface DemonstrationStep {
  /** Skill name of the domain's skill set (`walk`, `putin`, ...). */
  readonly action: string;
  /** Entity names of the objects (`mug.31`). */
  readonly objects: readonly string[];
  /** Room the agent was in when it took the skill (`kitchen.10`). */
  readonly room: string;
}

export interface Demonstration {
  /** Unique in its file, e.g. `gen:1001/4`. */
  readonly id: string;
  /** The skill set's name (`virtualhome`, `alfred`). */
  readonly domain: string;
  /** The training home it was recorded in. */
  readonly home: string;
  /** The instruction(s) being carried out, as the agent read them. */
  readonly instructions: readonly string[];
  /** Room the agent started in. */
  readonly startRoom: string;
  /** Things visible at the start (entity names), as an agent would have seen them. */
  readonly visible: readonly string[];
  /** Facts that made the instruction pending (`tv.33 is on`), for prompts that show the situation. */
  readonly facts: readonly string[];
  readonly steps: readonly DemonstrationStep[];
}

/** The first line of a demonstrations file. */
export interface DemonstrationsHeader {
  readonly format: 'hearth-demonstrations';
  /** Format version: bumped when the fields change. */
  readonly version: 1;
  readonly domain: string;
  /** The training homes. Evaluation must use other homes. */
  readonly homes: readonly string[];
  readonly count: number;
  /** How the file was made (the command and its settings), for the record. */
  readonly generator: string;
}

export const DEMONSTRATIONS_FORMAT = 'hearth-demonstrations';
export const DEMONSTRATIONS_VERSION = 1;
