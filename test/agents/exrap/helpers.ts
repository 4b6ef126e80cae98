/** Hand-built memories for the ExRAP role tests: TEKG observations written as fact strings. */
import type { StepFeedback } from '../../../src/agents/agent.js';
import { ExrapMemory, type ExrapMemoryOptions } from '../../../src/agents/exrap/memory.js';
import { type Interpretation, makeInterpretation } from '../../../src/agents/exrap/query.js';
import type { ExrapStep } from '../../../src/agents/exrap/roles.js';
import type { TekgObservation } from '../../../src/memory/quadruple.js';
import { type Fact, isTekgRelation } from '../../../src/memory/quadruple.js';
import { type Condition, exists, isIn, v } from '../../../src/sim/conditions.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { Rng } from '../../../src/util/rng.js';

export const AGENT = 'character.1';
/** A chain of rooms: kitchen.2 - livingroom.3 - bedroom.4. */
export const ROOMS = ['kitchen.2', 'livingroom.3', 'bedroom.4'];
export const ADJACENCY = ['kitchen.2 adjacent livingroom.3', 'livingroom.3 adjacent bedroom.4'];

export function fact(text: string): Fact {
  const [source, relation, target] = text.split(' ');
  if (!isTekgRelation(relation)) throw new Error(`bad relation in test fact '${text}'`);
  return { source, relation, target };
}

/** The agent in `room` at step t, seeing `facts` (plus its room and the adjacency). */
export function see(t: number, room: string, facts: string[], extra: string[] = []): TekgObservation {
  return {
    t,
    agent: AGENT,
    room,
    rooms: ROOMS,
    facts: [fact(`${AGENT} inside ${room}`), ...[...ADJACENCY, ...facts, ...extra].map(fact)],
  };
}

export const tvIsOff: Condition = exists('t', 'tv', isIn(v('t'), 'OFF'));
export const tvIsOn: Condition = exists('t', 'tv', isIn(v('t'), 'ON'));

/** One instruction: "If the tv is off, turn it on." */
export function tvInterpretation(): Interpretation {
  return makeInterpretation([
    { instruction: 'tv', text: 'If the tv is off, turn it on.', query: tvIsOff, execution: tvIsOn },
  ]);
}

const NO_FEEDBACK = {} as StepFeedback;

export function stepOf(memory: ExrapMemory, interpretation: Interpretation, t: number, rng = new Rng(7)): ExrapStep {
  return { t, memory, interpretation, rng, feedback: NO_FEEDBACK, skills: VIRTUALHOME_SKILLS };
}

export function newMemory(options?: ExrapMemoryOptions): ExrapMemory {
  return new ExrapMemory(options);
}
