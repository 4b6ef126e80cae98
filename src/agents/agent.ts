/**
 * The one interface every agent implements, whatever its method (heuristic, ExRAP, DANLI, an LLM baseline) and
 * whatever the protocol (continual instructions, episodic tasks). The protocol owns the world; the agent sees only
 * what a `StepFeedback` tells it and answers with one skill per step.
 */
import type { ActionGoal } from '../sim/action-goals.js';
import type { Condition } from '../sim/conditions.js';
import type { Observation } from '../sim/observation.js';
import type { Skill } from '../sim/skill.js';
import type { BoundSubgoal, SubgoalSpec } from '../sim/subgoals.js';

export { formatSkill, type Skill, sameSkill } from '../sim/skill.js';

/** The skill an agent takes when a model's output was unusable: the world refuses it (an invalid step). */
export const INVALID_OUTPUT_SKILL: Skill = Object.freeze({ action: 'invalid-output', objects: Object.freeze([]) });

/**
 * The answer with which an agent ends an episodic task before its step limit (ALFRED's and TEACh's Stop): no skill
 * runs, and the episode is scored as the world is. The continual protocol has no end before its last step: there an
 * agent answering it fails the episode.
 */
export const DONE: Skill = Object.freeze({ action: 'done', objects: Object.freeze([]) });

/** Whether an agent's answer is `DONE` (by value: an agent outside hearth's modules makes its own). */
export const isDone = (skill: Skill): boolean => skill.action === DONE.action && skill.objects.length === 0;

/** What the agent learns after each step (and at the start, with no `lastSkill`). */
export interface StepFeedback {
  /** The time step about to be decided (0 at the start). */
  readonly t: number;
  readonly observation: Observation;
  /** Room adjacency of the home (pairs of room ids), known to the agent as in ExRAP's observations. */
  readonly adjacentRooms: readonly (readonly [number, number])[];
  /** The skills the protocol allows now (e.g. ExRAP B.1: walk to adjacent rooms or objects in this room). */
  readonly candidates: readonly Skill[];
  readonly lastSkill?: Skill;
  /** Whether the last skill succeeded; on failure the simulator's message and error kind. */
  readonly success?: boolean;
  readonly error?: string;
  readonly errorKind?: string;
}

/** A standing instruction as the agent receives it. */
export interface InstructionBrief {
  readonly id: string;
  /** The natural-language text (in the episode's style). */
  readonly text: string;
}

/**
 * The structured meaning of an instruction, given only to agents that are allowed to skip language understanding
 * (the Oracle and the heuristics; an interpreter role produces the same shape from the text for the others).
 */
export interface InstructionMeaning {
  readonly id: string;
  readonly query: Condition;
  readonly execution: Condition;
}

/** An episodic task's structured goal (DANLI's subgoal form), given to agents that skip language understanding. */
export interface EpisodicGoal {
  /** Ordered subgoals over classes (privilege `meanings`): what an offline subgoal predictor reads. */
  readonly subgoals: readonly SubgoalSpec[];
  /** The subgoals grounded in the true start state (privilege `true-state`: the Oracle). */
  readonly bound?: readonly BoundSubgoal[];
  /** Ordered action goals to take after the subgoals (EAI's `vh_goal.actions`); absent or empty: none. */
  readonly actionGoals?: readonly ActionGoal[];
}

/**
 * The user an agent may ask whether the task is done (privilege `user-feedback`: HELPER's post-execution feedback).
 * The answer is language: "Yes, the task is done." or what is still missing ("The mug needs to be filled with
 * coffee."), from the task's unmet goal conditions, as TEACh's progress checker reports them: an oracle signal.
 */
export interface UserChannel {
  ask(question: string): string;
}

export interface TaskBrief {
  readonly protocol: string;
  readonly instructions: readonly InstructionBrief[];
  /** Present only for agents whose definition grants `user-feedback`. */
  readonly user?: UserChannel;
  /** Present only for agents whose definition grants it (see `AgentInfo.reads`). */
  readonly meanings?: readonly InstructionMeaning[];
  /** Episodic tasks: the structured goal (present only for agents whose definition grants `meanings`). */
  readonly goal?: EpisodicGoal;
}

/**
 * How an agent that reads the task text understood it: whether its reader made a goal of it, and if not why. An
 * agent given the meanings, or one that never reads a goal from the text (SemGro's text-to-text retrieval alone), has
 * no reading. The episode records it (`read` metric, the trace's first record), so a text no reader understands is a
 * task reported as not read, never an error.
 */
export interface TaskUnderstanding {
  /** Whether the reader made a goal of the text. */
  readonly read: boolean;
  /** Why it could not (one line), when it could not. */
  readonly reason?: string;
  /** Which reader read it ('offline reader', 'llm', ...). */
  readonly reader: string;
  /** The goal as read (the episodic tasks' JSON shape), when it was read. */
  readonly goal?: unknown;
}

export interface Agent {
  readonly name: string;
  /** How the agent understood the task text at `reset` (agents that read one); see `TaskUnderstanding`. */
  reading?(): TaskUnderstanding | undefined;
  /** Starts an episode. */
  reset(task: TaskBrief, first: StepFeedback): void | Promise<void>;
  /** Chooses the next skill (or, in an episodic task, `DONE`). */
  act(): Skill | Promise<Skill>;
  /** Receives the outcome of the skill and what the agent sees afterwards. */
  observe(feedback: StepFeedback): void | Promise<void>;
  /**
   * The episode is over; `confirmed`: the user confirms the task was done (every goal condition holds; always false
   * in the continual protocol, which has no task to finish). Agents that learn from confirmed executions (HELPER's
   * memory expansion) store what they learned here.
   */
  finish?(end: { readonly confirmed: boolean }): void | Promise<void>;
  /**
   * Called once after the episode however it ended (finished, failed, interrupted), after `finish` when that ran:
   * the agent lets go of what it holds beyond the episode (a program agent's process goes back to its pool, or is
   * stopped when the episode did not end cleanly).
   */
  close?(): void | Promise<void>;
}

/**
 * What an agent is given beyond the public feedback; the registry states it so reports can say so. `affordance` is
 * SayCan's oracle affordance: a check of one skill at a time (would the simulator accept it now?), never the state.
 * `user-feedback` is HELPER's simulated user, who says in words which goal conditions are unmet (`UserChannel`).
 */
export type AgentPrivilege = 'meanings' | 'true-state' | 'affordance' | 'user-feedback';

/** What each privilege gives, in words (the cross-method table's footnote, docs/leaderboard.md). */
export const PRIVILEGE_MEANINGS: Readonly<Record<AgentPrivilege, string>> = {
  meanings: "the task's structured goal (or the instructions' meanings) instead of reading the text",
  'true-state': 'the true state of the home',
  affordance: 'whether one skill would succeed now',
  'user-feedback': 'a simulated user who says which goal conditions are unmet',
};
