/**
 * A guard against loops that any agent can use: the same short cycle of steps taken again and again while what the
 * agent sees does not change. Walking back and forth between two rooms that look the same each time, opening and
 * closing the microwave, grabbing and putting down the same thing: each turn of the cycle brings the agent back to a
 * situation it was in, so the next turn will too, until the episode's step limit.
 *
 * The guard keeps, per step, the step taken and a fingerprint of the observation it led to (`observationFingerprint`):
 * a cycle is a loop only when both repeat, so a cycle of steps that reveals something new each turn (a walk that
 * finds another room's things, a grab that empties a shelf) is not one. What to do about a loop is the agent's
 * decision (SemGro decomposes or gives up the skill that repeats, docs/semgro.md); the guard only says that one runs.
 *
 * `repeatedCycles` finds every such run in a finished episode's steps (the loop check of a run's traces,
 * `scripts/check-loops.ts`); `trailingCycle` the one the latest steps are in. Both compare items by `===`.
 */
import type { Observation } from '../sim/observation.js';
import { hashString } from '../util/rng.js';

/** A cycle of `length` items repeated `repeats` times back to back, from item `start` on. */
export interface Cycle {
  readonly start: number;
  readonly length: number;
  readonly repeats: number;
}

export interface CycleBounds {
  /** Shortest cycle looked for (default 2). */
  readonly minLength?: number;
  /** Longest cycle looked for (default 4). */
  readonly maxLength?: number;
}

/**
 * How many times the last `length` items repeat back to back at the end of `items` (1 when they do not repeat; 0
 * when there are fewer than `length` items).
 */
export function trailingRepeats<T>(items: readonly T[], length: number): number {
  if (length < 1 || items.length < length) return 0;
  let same = 0;
  for (let i = items.length - 1; i >= length && items[i] === items[i - length]; i--) same++;
  return Math.floor((same + length) / length);
}

/**
 * The cycle the end of `items` repeats most often, of `minLength` to `maxLength` items (the shortest on a tie), or
 * undefined when no cycle repeats at the end.
 */
export function trailingCycle<T>(items: readonly T[], bounds: CycleBounds = {}): Cycle | undefined {
  const { minLength = 2, maxLength = 4 } = bounds;
  let best: Cycle | undefined;
  for (let length = minLength; length <= maxLength; length++) {
    const repeats = trailingRepeats(items, length);
    if (repeats >= 2 && (!best || repeats > best.repeats)) {
      best = { start: items.length - repeats * length, length, repeats };
    }
  }
  return best;
}

/**
 * Every run in `items` of a cycle of `minLength` to `maxLength` items repeated back to back more than `moreThan`
 * times, the longest run of each length (a run of a shorter cycle is also one of its multiples: ABABABAB is AB four
 * times and ABAB twice; each length reports it once), in the order they start.
 */
export function repeatedCycles<T>(items: readonly T[], moreThan: number, bounds: CycleBounds = {}): Cycle[] {
  const { minLength = 2, maxLength = 4 } = bounds;
  const found: Cycle[] = [];
  for (let length = minLength; length <= maxLength; length++) {
    // Runs of positions i with items[i] === items[i - length]: such a run of m positions from i makes the items
    // from i - length to i + m periodic, floor((m + length) / length) turns of the cycle.
    for (let i = length; i < items.length; ) {
      if (items[i] !== items[i - length]) {
        i++;
        continue;
      }
      let end = i;
      while (end < items.length && items[end] === items[end - length]) end++;
      const repeats = Math.floor((end - i + length) / length);
      if (repeats > moreThan) found.push({ start: i - length, length, repeats });
      i = end;
    }
  }
  return found.sort((a, b) => a.start - b.start || a.length - b.length);
}

/**
 * What an agent sees, as one number: the room, every node in view with its states, and the relations among them (the
 * character's own: where it stands, what it holds). Equal observations give equal fingerprints; a thing moved,
 * opened or picked up changes it.
 */
export function observationFingerprint(observation: Observation): number {
  const parts: string[] = [`r${observation.roomId}`];
  for (const node of observation.nodes) parts.push(`${node.id}:${node.states.join(',')}`);
  for (const [from, relation, to] of observation.edges) parts.push(`${from}${relation}${to}`);
  return hashString(parts.join(' '));
}

export interface LoopGuardOptions extends CycleBounds {
  /** Turns of a cycle that make a loop (default 3: the third time round with nothing new seen). */
  readonly repeats?: number;
}

/** A loop the guard found: the steps of the cycle, in the order taken, and how many times they ran. */
export interface Loop {
  readonly steps: readonly string[];
  readonly repeats: number;
}

/**
 * Steps and what they led to, watched for loops. `record` each step with the fingerprint of the observation after
 * it; `loop` says whether the latest steps go round a cycle; `clear` after acting on it, so that the same turns are
 * not reported again (the steps before are forgotten; a loop needs its repeats anew).
 */
export class LoopGuard {
  private readonly keys: string[] = [];
  private readonly steps: string[] = [];
  private readonly options: Required<LoopGuardOptions>;

  constructor(options: LoopGuardOptions = {}) {
    this.options = { minLength: 2, maxLength: 4, repeats: 3, ...options };
    if (this.options.minLength < 1 || this.options.maxLength < this.options.minLength || this.options.repeats < 2) {
      throw new RangeError(`loop guard: bad bounds ${JSON.stringify(this.options)}`);
    }
  }

  /** A step taken (any stable text: `formatSkill`) and the fingerprint of what the agent saw after it. */
  record(step: string, seen: number): void {
    this.steps.push(step);
    this.keys.push(`${step}\u0000${seen}`);
    // Only the latest turns matter: keep enough for the longest cycle's repeats, and some.
    const keep = 2 * this.options.maxLength * this.options.repeats;
    if (this.keys.length > 2 * keep) {
      this.keys.splice(0, this.keys.length - keep);
      this.steps.splice(0, this.steps.length - keep);
    }
  }

  /** The loop the latest steps go round, or undefined. */
  loop(): Loop | undefined {
    const cycle = trailingCycle(this.keys, this.options);
    if (!cycle || cycle.repeats < this.options.repeats) return undefined;
    return { steps: this.steps.slice(this.steps.length - cycle.length), repeats: cycle.repeats };
  }

  /** Forget the steps so far (after the agent acted on a loop). */
  clear(): void {
    this.keys.length = 0;
    this.steps.length = 0;
  }
}
