/**
 * Why a level-1 skill cannot run, as the offline critic and the chain runner report it: a kind a remedy can be made
 * from (`task-retriever.ts`), the class at fault, and a sentence (the paper's critic feedback: "kitchencabinet is
 * closed"). Failures of the binding rule (nothing of the class in view, nothing held) come from `binding.ts`; those
 * of the simulator are diagnosed here from the state the skill failed in, the simulator's own message kept for
 * anything else.
 */
import { catalogClass } from '../../sim/catalog/index.js';
import type { EnvGraph } from '../../sim/graph.js';
import type { Observation } from '../../sim/observation.js';
import type { Skill } from '../../sim/skill.js';

export type FailureKind =
  | 'not-visible'
  | 'not-holding'
  | 'unreachable'
  | 'closed'
  | 'already-open'
  | 'already-closed'
  | 'already-on'
  | 'already-off'
  | 'switched-on'
  | 'hands-full'
  | 'not-close'
  | 'loop'
  | 'other';

export interface SkillFailure {
  readonly kind: FailureKind;
  /** The class at fault (the closed container, the missing thing). */
  readonly object: string;
  readonly text: string;
}

const hands = (graph: EnvGraph, character: number) =>
  graph.targets(character, 'HOLDS_RH').size + graph.targets(character, 'HOLDS_LH').size;

/** The closed container a node lies in, if any. */
function closedContainer(graph: EnvGraph, id: number): number | undefined {
  for (const box of graph.targets(id, 'INSIDE')) if (!graph.isRoom(box) && graph.hasState(box, 'CLOSED')) return box;
  return undefined;
}

/** Why `skill` failed in `graph` (the state it failed in), `simulatorError` kept when no rule below explains it. */
export function diagnose(graph: EnvGraph, character: number, skill: Skill, simulatorError: string): SkillFailure {
  const name = (id: number) => graph.node(id)?.className ?? 'object';
  const [a, b] = skill.objects;
  const failure = (kind: FailureKind, id: number, text: string): SkillFailure => ({ kind, object: name(id), text });
  switch (skill.action) {
    case 'open':
      if (graph.hasState(a, 'OPEN')) return failure('already-open', a, `${name(a)} is already open`);
      if (graph.hasState(a, 'ON')) return failure('switched-on', a, `${name(a)} is on, it must be switched off first`);
      if (hands(graph, character) >= 2) return failure('hands-full', a, 'both hands are full');
      break;
    case 'close':
      if (graph.hasState(a, 'CLOSED')) return failure('already-closed', a, `${name(a)} is already closed`);
      break;
    case 'switchon':
      if (graph.hasState(a, 'ON')) return failure('already-on', a, `${name(a)} is already on`);
      if (graph.hasState(a, 'OPEN')) return failure('closed', a, `${name(a)} is open, it must be closed first`);
      break;
    case 'switchoff':
      if (graph.hasState(a, 'OFF')) return failure('already-off', a, `${name(a)} is already off`);
      break;
    case 'grab': {
      const box = closedContainer(graph, a);
      if (box !== undefined) return failure('closed', box, `${name(box)} is closed, you need to open the ${name(box)}`);
      if (hands(graph, character) >= 2) return failure('hands-full', a, 'both hands are full');
      break;
    }
    case 'putin':
      if (b !== undefined && graph.hasState(b, 'CLOSED')) {
        return failure('closed', b, `${name(b)} is closed, you need to open the ${name(b)}`);
      }
      break;
  }
  const target = skill.objects[skill.objects.length - 1];
  if (target !== undefined && /not close/.test(simulatorError)) {
    return failure('not-close', target, `${name(target)} is not close enough`);
  }
  return { kind: 'other', object: target === undefined ? 'object' : name(target), text: simulatorError };
}

/** Phrases of the simulator's messages (`src/sim/actions/rules.ts`) and the failure kind each means. */
const MESSAGE_KINDS: readonly (readonly [RegExp, FailureKind, 'target' | 'patient'])[] = [
  [/is not open or is not openable/, 'closed', 'target'],
  [/is inside other closed thing/, 'closed', 'target'],
  [/is not closed/, 'already-open', 'target'],
  [/is not open\b/, 'already-closed', 'target'],
  [/is not off/, 'already-on', 'target'],
  [/is not on\b/, 'already-off', 'target'],
  [/is still on/, 'switched-on', 'target'],
  [/is not holding/, 'not-holding', 'patient'],
  [/does not have a free hand/, 'hands-full', 'target'],
  [/is not close to/, 'not-close', 'target'],
  [/not in the current room|no object/, 'not-visible', 'target'],
];

/**
 * Why a step failed in the world, from the simulator's message the agent was told (it never sees the true state):
 * the kind, and the class of the skill's object concerned, whose name the agent read in its observation.
 */
export function failureOfMessage(
  skill: Skill,
  message: string,
  className: (id: number) => string | undefined,
): SkillFailure {
  const target = skill.objects[skill.objects.length - 1];
  const patient = skill.objects[0];
  for (const [pattern, kind, which] of MESSAGE_KINDS) {
    if (!pattern.test(message)) continue;
    const object = className(which === 'patient' ? patient : target) ?? 'object';
    return { kind, object, text: `${object}: ${message}` };
  }
  return { kind: 'other', object: className(target) ?? 'object', text: message };
}

/** Appliances that close on what they heat or cool (ALFRED's microwave and fridge). */
const CLOSING_APPLIANCES = ['microwave', 'fridge'];

/**
 * Where a thing not in view may be: a closed container in view of a class the catalog keeps it in ("no bananas in
 * view", the fridge closed: "the fridge is closed, the bananas may be inside"), or, for food and dishes, a closed
 * microwave or fridge (where heating and cooling leave them), the catalog's places first, then by id; undefined when there
 * is none, or the failure is not about a thing out of view. The critic's reading of what it sees, as the paper's
 * critic says "kitchencabinet is closed": the remedy is then to open it, which a search for the thing by rooms and
 * candidates ("find bananas") may never reach (no opening skill among its candidates).
 */
export function hiddenIn(failure: SkillFailure, observation: Observation): SkillFailure | undefined {
  if (failure.kind !== 'not-visible') return undefined;
  // Where the catalog keeps it, then, for food and dishes, the appliances that close on what they heat or cool (a
  // potato heated in the microwave is in the microwave, whatever the catalog says of potatoes).
  const entry = catalogClass(failure.object);
  const heatsOrCools = entry?.kind === 'food' || entry?.kind === 'kitchenware';
  const keeps = [...(entry?.inside ?? []), ...(heatsOrCools ? CLOSING_APPLIANCES : [])];
  const closed = observation.nodes.filter((n) => keeps.includes(n.className) && n.states.includes('CLOSED'));
  const box = closed.sort((a, b) => keeps.indexOf(a.className) - keeps.indexOf(b.className) || a.id - b.id)[0];
  if (!box) return undefined;
  return {
    kind: 'closed',
    object: box.className,
    text: `no ${failure.object} in view; ${box.className} is closed, you need to open the ${box.className}`,
  };
}
