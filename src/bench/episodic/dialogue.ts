/**
 * Dialogues for the TEACh-style tasks (HELPER's input, paper 001; TEACh's Commander and Driver): a seeded rendering of
 * a bound task as turns, `<Driver> ...` and `<Commander> ...`:
 *
 * - the Driver opens ("hi, what should I do today?");
 * - the Commander asks for the task in one of its paraphrases; for a task with a destination to correct, some
 *   dialogues first name a wrong one and correct it a turn later ("sorry, I meant the sofa"), as TEACh's commanders do;
 * - the Driver asks where things are, and the Commander says where, true to the bound home: for one thing its host,
 *   for a task over every instance where each one is ("one is on the chair and another is in the drawer");
 * - for Execution from Dialogue History (EDH), the turns of the sessions before, "done, what next?", then the next
 *   session's request.
 *
 * Which paraphrase, whether there is a correction and which things get hints all follow from the task's seed.
 */
import { spokenName } from '../../language/lexicon.js';
import type { EnvGraph } from '../../sim/graph.js';
import { type BoundSubgoal, satisfyingPatients, type WorldView } from '../../sim/subgoals.js';
import type { Rng } from '../../util/rng.js';

/** How a TEACh-style task is said, as a whole (TfD) and session by session (EDH). */
export interface DialogueSpec {
  /** Paraphrases of the whole task. */
  readonly requests: readonly string[];
  /** The task's sessions: the subgoal indices each achieves and how the Commander asks for it. */
  readonly sessions?: readonly { readonly subgoals: readonly number[]; readonly requests: readonly string[] }[];
  /**
   * A destination the Commander may first get wrong: requests with `{destination}`, the right class as the request
   * names it, and wrong ones.
   */
  readonly correctable?: {
    readonly requests: readonly string[];
    readonly right: string;
    readonly wrong: readonly string[];
  };
}

const OPENINGS = ['hi, what should I do today?', 'hello, how can I help?', 'what is my task?'];
const NEXT = ['done. what next?', 'finished that. anything else?'];
/** Share of dialogues with a correctable destination that first name a wrong one. */
const CORRECTION_SHARE = 0.4;
/** Things the Driver asks about, at most. */
const HINTED_CLASSES = 2;

/** The host an object lies on or in (not a room), and how. */
function placeOf(graph: EnvGraph, id: number): { host: string; relation: 'in' | 'on' } | undefined {
  for (const [relation, word] of [
    ['ON', 'on'],
    ['INSIDE', 'in'],
  ] as const) {
    for (const host of graph.targets(id, relation)) {
      if (!graph.isRoom(host)) return { host: spokenName(graph.get(host).className), relation: word };
    }
  }
  return undefined;
}

/** The Driver's question and the Commander's answer about a subgoal's patients not done yet, or none. */
function hintTurns(world: WorldView, bound: BoundSubgoal): string[] {
  const { graph } = world;
  const done = new Set(satisfyingPatients(world, bound));
  const open = bound.patients.filter((id) => !done.has(id) && placeOf(graph, id));
  if (open.length === 0) return [];
  const className = spokenName(graph.get(open[0]).className);
  if (bound.need === 1 || open.length === 1) {
    const place = placeOf(graph, open[0])!;
    return [
      `<Driver> where is the ${className}?`,
      `<Commander> The ${className} is ${place.relation} the ${place.host}.`,
    ];
  }
  const places = open.slice(0, 4).map((id) => placeOf(graph, id)!);
  const parts = places.map((p, i) => `${i === 0 ? 'one' : 'another'} is ${p.relation} the ${p.host}`);
  const said = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return [`<Driver> where are the ${className}s?`, `<Commander> ${said.charAt(0).toUpperCase()}${said.slice(1)}.`];
}

/** Hint turns for up to two of the subgoals' patient classes, chosen with the seed. */
function hintsFor(world: WorldView, subgoals: readonly BoundSubgoal[], rng: Rng): string[] {
  const candidates = subgoals.filter((b) => !b.spec.patient.includes('*') && !b.spec.means);
  const seen = new Set<string>();
  const unique = candidates.filter((b) => {
    const key = b.spec.patient.join();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const chosen = rng.sample(unique, HINTED_CLASSES);
  return chosen.flatMap((b) => hintTurns(world, b));
}

/** The request turns: a paraphrase, or a wrong destination and its correction. */
function requestTurns(spec: DialogueSpec, rng: Rng): string[] {
  const correctable = spec.correctable;
  if (correctable && rng.bool(CORRECTION_SHARE)) {
    const wrong = rng.pick(correctable.wrong);
    const request = rng.pick(correctable.requests).replace('{destination}', wrong);
    return [`<Commander> ${request}`, '<Driver> ok.', `<Commander> Sorry, I meant the ${correctable.right}.`];
  }
  return [`<Commander> ${rng.pick(spec.requests)}`];
}

/**
 * The dialogue of a bound task: the whole task (TfD), or its sessions up to `session` (EDH: the history's sessions
 * and the one to do). `world` is the task's start state.
 */
export function renderDialogue(
  spec: DialogueSpec,
  world: WorldView,
  subgoals: readonly BoundSubgoal[],
  rng: Rng,
  session?: number,
): string {
  const turns = [`<Driver> ${rng.pick(OPENINGS)}`];
  if (session === undefined || !spec.sessions) {
    turns.push(...requestTurns(spec, rng.fork('request')), ...hintsFor(world, subgoals, rng.fork('hints')));
  } else {
    for (let s = 0; s <= session; s++) {
      const part = spec.sessions[s];
      if (s > 0) turns.push(`<Driver> ${rng.pick(NEXT)}`);
      turns.push(`<Commander> ${rng.pick(part.requests)}`);
      const own = part.subgoals.map((i) => subgoals[i]).filter((b) => b !== undefined);
      turns.push(...hintsFor(world, own, rng.fork(`hints:${s}`)));
    }
  }
  if (rng.fork('closing').bool()) turns.push('<Commander> thanks!');
  return turns.join(' ');
}
