/**
 * SemGro's roles (paper 003, sections 3.2-3.3, Algorithm 1), one interface each, named after the paper's symbols:
 *
 * - kNN retriever:         e(i, o_t) -> x(i, o_t), c(i, o_t), lc(i, o_t)   eq. 4-5 (`retrieval.ts`, no model)
 * - φ_G, skill generator:  (i, h, x, c) -> l̄ ∈ c                          eq. 3
 * - ψ_VLM, detector:       o_t -> dn(o_t), ds(o_t)                         eq. 7 (the observation, optional noise)
 * - ψ_LM, judge:           (l̄, dn(o_t), ds(o_t)) -> E | (NE, f)            eq. 7
 * - φ_R, task retriever:   (l̄, f, lc) -> i*                               eq. 5
 *
 * φ_G, ψ_LM and φ_R have an offline implementation (named as such in records and reports) and the paper's LLM one
 * (`llm/`). Every answer carries a record of how it was made, for the episode's trace.
 */
import type { Observation } from '../../sim/observation.js';
import type { RoomPairs } from '../../sim/skill-sets.js';
import type { SkillFailure } from './failures.js';
import type { Primitive } from './primitives.js';

/** A skill the generator may choose: an entry of the database. */
export interface Candidate {
  readonly id: number;
  readonly level: number;
  readonly text: string;
}

/** An in-context example: a retrieved entry's text and its one-step plan p_l(e). */
export interface Example {
  readonly text: string;
  readonly plan: readonly string[];
  /** The entry's level (its plan's skills are one level below). */
  readonly level: number;
}

/** One skill the agent carried out, as the history h shows it. */
export interface HistoryItem {
  readonly text: string;
  readonly level: number;
  /** Its whole chain ran. */
  readonly ok: boolean;
}

export interface GeneratorInput {
  /** i: the instruction on top of the stack (the user's, or a finer one from the task retriever). */
  readonly instruction: string;
  /** h: what was carried out so far. */
  readonly history: readonly HistoryItem[];
  /**
   * Texts of the skills carried out with every skill of their plans, in the order they ran (what the offline
   * generator aligns examples with).
   */
  readonly done: readonly string[];
  readonly examples: readonly Example[];
  /** c(i, o_t), without the candidates this instruction already had rejected. */
  readonly candidates: readonly Candidate[];
}

export interface RoleRecord {
  readonly role: 'generator' | 'judge' | 'task-retriever';
  /** `offline: ...` or `llm: ...`. */
  readonly implementation: string;
  /** The model's raw output (LLM roles). */
  readonly output?: string;
  /** The answer was unusable: what happened (asked again, mapped to the nearest candidate, overflow). */
  readonly invalid?: string;
  readonly notes?: Readonly<Record<string, unknown>>;
}

export interface RoleAnswer<T> {
  readonly value: T;
  readonly record: RoleRecord;
}

/** φ_G. `undefined`: nothing to choose (every candidate rejected). */
export interface SkillGenerator {
  readonly implementation: string;
  generate(input: GeneratorInput): Promise<RoleAnswer<Candidate | undefined>>;
}

/** What ψ_VLM detects: dn(o_t) (class names), ds(o_t) ("fridge is OPEN"), and the scene they describe. */
export interface Detection {
  /** dn(o_t): every thing in view (the critic's). */
  readonly names: readonly string[];
  /**
   * The things in view up close (what the character is close to or holds): the retriever's dn(o_t), compared with
   * the close-up views an entry was made in (a camera's frame rather than hearth's whole room; docs/semgro.md).
   */
  readonly near: readonly string[];
  readonly states: readonly string[];
  /** The observation as detected (noise applied): what an offline judge builds its belief from. */
  readonly observation: Observation;
}

/** ψ_VLM. */
export interface Detector {
  readonly implementation: string;
  detect(observation: Observation, t: number): Detection;
}

export type Verdict =
  | { readonly executable: true }
  | { readonly executable: false; readonly feedback: string; readonly failure?: SkillFailure };

export interface JudgeInput {
  readonly skill: Candidate;
  /** The skill's chain of level-1 skills (what carrying it out means). */
  readonly chain: readonly Primitive[];
  readonly detection: Detection;
  /** The other candidates (the paper's critic sees them as "lower level skills"). */
  readonly candidates: readonly Candidate[];
  readonly adjacent: RoomPairs;
  /** Nodes the agent has put somewhere (not taken again by a chain). */
  readonly settled: ReadonlySet<number>;
  readonly t: number;
}

/** ψ_LM. */
export interface Judge {
  readonly implementation: string;
  judge(input: JudgeInput): Promise<RoleAnswer<Verdict>>;
}

export interface TaskRetrieverInput {
  /** l̄, found not executable. */
  readonly skill: Candidate;
  /** f. */
  readonly feedback: string;
  /** Structured, when the critic (offline) or the simulator said why. */
  readonly failure?: SkillFailure;
  /** lc(i, o_t): the texts one level below the candidates. */
  readonly lower: readonly string[];
  readonly t: number;
}

/** φ_R: the finer instruction i*. */
export interface TaskRetriever {
  readonly implementation: string;
  retrieve(input: TaskRetrieverInput): Promise<RoleAnswer<string>>;
}

export interface SemGroRoles {
  readonly generator: SkillGenerator;
  readonly detector: Detector;
  readonly judge: Judge;
  readonly taskRetriever: TaskRetriever;
}
