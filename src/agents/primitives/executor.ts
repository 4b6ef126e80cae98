/**
 * How a primitive action of LLM-State's API runs as hearth's skills (the episodic protocol's VirtualHome skill set):
 *
 * | command          | skills                                                                                  |
 * | ---------------- | --------------------------------------------------------------------------------------- |
 * | `move(o)`        | a walk to each room on the shortest path to the room o was last seen in, then a walk to o |
 * |                  | (to a room: the walks only; already there: none). The paper's move goes anywhere at once |
 * | `pickup(o)`      | grab o                                                                                  |
 * | `placein(o, c)`  | putin o c                                                                               |
 * | `placeon(o, s)`  | put o s                                                                                 |
 * | `open(o)`, ...   | open, close, switchon, switchoff o                                                      |
 * | `wait()`         | a walk to what the robot last moved to, if it is in this room (it stays where it is), else |
 * |                  | the idle walk: hearth's skill set has no wait                                           |
 *
 * Every skill is a step of the episode; the command succeeds when all its skills do and fails with the first that
 * fails. An object the robot has not seen (a name the model made up, "lightswitch3") becomes `UNKNOWN_OBJECT`, an id
 * no home has, so the world refuses the skill as it refuses any unknown target (EAI's `unseen_object`).
 */
import type { Skill } from '../../sim/skill.js';
import type { SkillSet } from '../../sim/skill-sets.js';
import type { StepFeedback } from '../agent.js';
import { idleSkill, roomPath } from '../heuristics/common.js';
import type { Command, Verb } from './commands.js';
import type { ObjectListing } from './listing.js';
import type { PaperNames } from './names.js';

/** The id an unknown object name runs with: no node has it, so the world refuses the skill. */
export const UNKNOWN_OBJECT = -1;

/** One argument as it was read. */
export interface ResolvedArgument {
  readonly text: string;
  /** The node, or `UNKNOWN_OBJECT`. */
  readonly id: number;
  /** Read as a name given, or a bare class taken to mean one instance; absent when unknown. */
  readonly by?: 'name' | 'class';
}

export interface Expansion {
  readonly command: Command;
  readonly args: readonly ResolvedArgument[];
  /** The skills, in order (empty: nothing to do, e.g. moving to the room the robot is in). */
  readonly skills: readonly Skill[];
}

export interface ExecutionContext {
  readonly names: PaperNames;
  readonly listing: ObjectListing;
  readonly feedback: StepFeedback;
  readonly skills: SkillSet;
  /** What the last successful `move` went to (where `wait()` stays). */
  readonly lastMoveTarget?: number;
}

/** The VirtualHome skill each verb runs as (move and wait aside). */
const SKILL_OF: Readonly<Partial<Record<Verb, string>>> = {
  pickup: 'grab',
  placein: 'putin',
  placeon: 'put',
  open: 'open',
  close: 'close',
  switchon: 'switchon',
  switchoff: 'switchoff',
};

/** The skill of this skill set for a VirtualHome skill (the episodic protocol's is VirtualHome's own). */
function skillOf(skills: SkillSet, action: string, objects: readonly number[]): Skill {
  return skills.fromVirtualHome({ action, objects }) ?? { action, objects };
}

/** The skills a command runs as, from where the robot is now. */
export function expandCommand(command: Command, context: ExecutionContext): Expansion {
  const { names, listing, feedback, skills } = context;
  const args: ResolvedArgument[] = command.args.map((text) => {
    const match = names.resolve(text);
    return match ? { text, id: match.id, by: match.by } : { text, id: UNKNOWN_OBJECT };
  });
  const ids = args.map((a) => a.id);
  const expansion = (list: readonly Skill[]): Expansion => ({ command, args, skills: list });
  switch (command.verb) {
    case 'wait': {
      const target = context.lastMoveTarget;
      const stay =
        target !== undefined && feedback.candidates.some((s) => s.action === 'walk' && s.objects[0] === target);
      return expansion([stay ? skillOf(skills, 'walk', [target]) : idleSkill(feedback, skills)]);
    }
    case 'move': {
      const target = ids[0];
      if (target === UNKNOWN_OBJECT) return expansion([skillOf(skills, 'walk', [target])]);
      const here = feedback.observation.roomId;
      const room = listing.roomOf(target) ?? here;
      const path = roomPath(here, room, feedback.adjacentRooms) ?? [room];
      const walks = path.map((r) => skillOf(skills, 'walk', [r]));
      if (!listing.isRoom(target)) walks.push(skillOf(skills, 'walk', [target]));
      return expansion(walks);
    }
    default:
      return expansion([skillOf(skills, SKILL_OF[command.verb]!, ids)]);
  }
}
