/**
 * The action vocabulary of VirtualHome scripts, as the reference executor (EAI's fork of VirtualHome's
 * evolving_graph) knows it: every name a script line may use, how many objects it takes, and which names the
 * executor can run. The rules for running them are in `rules.ts`.
 */

/** Actions the reference executor runs (42). */
export const EXECUTABLE_ACTIONS = [
  'WALK',
  'RUN',
  'FIND',
  'GRAB',
  'OPEN',
  'CLOSE',
  'PUTBACK',
  'PUTIN',
  'PUTOBJBACK',
  'SWITCHON',
  'SWITCHOFF',
  'SIT',
  'LIE',
  'STANDUP',
  'TURNTO',
  'LOOKAT',
  'POINTAT',
  'WATCH',
  'DRINK',
  'READ',
  'TOUCH',
  'GREET',
  'TYPE',
  'EAT',
  'SLEEP',
  'WAKEUP',
  'WIPE',
  'WASH',
  'RINSE',
  'SCRUB',
  'PUTON',
  'PUTOFF',
  'DROP',
  'RELEASE',
  'POUR',
  'PUSH',
  'PULL',
  'MOVE',
  'SQUEEZE',
  'PLUGIN',
  'PLUGOUT',
  'CUT',
] as const;
export type ExecutableAction = (typeof EXECUTABLE_ACTIONS)[number];

/**
 * Names the reference parses but has no rule for: executing them fails ("not supported"), as in the reference.
 * (`LOOKAT_MEDIUM` is not here: the reference defines it as another name of `LOOKAT`.)
 */
export const UNSUPPORTED_ACTIONS = ['LOOKAT_SHORT', 'LOOKAT_LONG'] as const;

export type ActionName = ExecutableAction | (typeof UNSUPPORTED_ACTIONS)[number];

/** Other spellings the reference accepts, mapped to the action they stand for. */
export const ACTION_ALIASES: Readonly<Record<string, ActionName>> = { LOOKAT_MEDIUM: 'LOOKAT' };

/** Number of objects each action takes (the reference's arity; a script line with another count is rejected). */
export const ACTION_ARITY: Readonly<Record<ActionName, 0 | 1 | 2>> = {
  WALK: 1,
  RUN: 1,
  FIND: 1,
  GRAB: 1,
  OPEN: 1,
  CLOSE: 1,
  PUTBACK: 2,
  PUTIN: 2,
  PUTOBJBACK: 1,
  SWITCHON: 1,
  SWITCHOFF: 1,
  SIT: 1,
  LIE: 1,
  STANDUP: 0,
  TURNTO: 1,
  LOOKAT: 1,
  POINTAT: 1,
  WATCH: 1,
  DRINK: 1,
  READ: 1,
  TOUCH: 1,
  GREET: 1,
  TYPE: 1,
  EAT: 1,
  SLEEP: 0,
  WAKEUP: 0,
  WIPE: 1,
  WASH: 1,
  RINSE: 1,
  SCRUB: 1,
  PUTON: 1,
  PUTOFF: 1,
  DROP: 1,
  RELEASE: 1,
  POUR: 2,
  PUSH: 1,
  PULL: 1,
  MOVE: 1,
  SQUEEZE: 1,
  PLUGIN: 1,
  PLUGOUT: 1,
  CUT: 1,
  LOOKAT_SHORT: 1,
  LOOKAT_LONG: 1,
};

const executableSet: ReadonlySet<string> = new Set(EXECUTABLE_ACTIONS);

export const isExecutableAction = (name: string): name is ExecutableAction => executableSet.has(name);

/** The action an upper-case name stands for, or undefined when the reference does not know it. */
export function actionNamed(name: string): ActionName | undefined {
  const upper = name.toUpperCase();
  if (Object.hasOwn(ACTION_ARITY, upper)) return upper as ActionName;
  return Object.hasOwn(ACTION_ALIASES, upper) ? ACTION_ALIASES[upper] : undefined;
}
