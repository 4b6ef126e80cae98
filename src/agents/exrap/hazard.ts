/**
 * How fast the facts of the home change, learned online from what the memory sees change (the hazard-rate model of
 * ExRAP's offline query evaluator). A fact observed at step s is believed to still hold at step t with probability
 * S(t - s) = exp(-lambda * (t - s)), lambda being the rate of change of its class and predicate.
 *
 * What is counted, per (object, predicate) where a predicate is a state pair (`state:off/on`) or `placement`
 * (inside/on):
 *  - exposure: steps during which the agent saw the value unchanged (from one sighting to the next);
 *  - a change: the update rule removed the value (opposite state, state cleared, moved, absent). The change happened
 *    somewhere in (last sighting, removal step]; its midpoint ends the exposure. Changes the agent made itself (the
 *    objects of its own last skill, what it holds) are not counted: the rate is the home's, not the agent's.
 * The rate is the posterior mean under Gamma priors: the predicate's rate pooled over classes shrinks to a prior
 * rate, and each class's rate shrinks to its predicate's pooled rate (few observations of a class fall back on
 * what other classes showed). The pool can be restricted (`poolOver`) to the classes the instructions are about:
 * pooled over every object in view, the placement rate is that of the furniture (hundreds of steps of exposure,
 * no change), and a towel seen twice inherits it, so that its query never becomes uncertain again.
 */
import { entityClass, type Fact, type Quadruple } from '../../memory/quadruple.js';
import { oppositeState, type TekgUpdate } from '../../memory/tekg.js';

export const PLACEMENT_PREDICATE = 'placement';

/** The predicate a fact belongs to (`state:off/on`, `state:sitting`, `placement`), or undefined for static ones. */
export function predicateOf(fact: Pick<Fact, 'relation' | 'target'>): string | undefined {
  if (fact.relation === 'is') {
    const opposite = oppositeState(fact.target);
    return opposite === undefined ? `state:${fact.target}` : `state:${[fact.target, opposite].sort().join('/')}`;
  }
  if (fact.relation === 'inside' || fact.relation === 'on') return PLACEMENT_PREDICATE;
  return undefined;
}

export interface HazardOptions {
  /** Rate of change assumed before anything is seen, per step (default 1/50: a fact's half-life is ~35 steps). */
  readonly priorRate?: number;
  /** Weight of that prior, in steps of exposure (default 50: one change in 50 steps). */
  readonly priorExposure?: number;
  /** Weight of a predicate's pooled rate as the prior of each class, in steps of exposure (default 25). */
  readonly classPriorExposure?: number;
}

interface Counts {
  changes: number;
  exposure: number;
}

export interface HazardRateRecord {
  readonly className: string;
  readonly predicate: string;
  readonly changes: number;
  readonly exposure: number;
  readonly rate: number;
}

const SEP = '\u0000';

export class HazardModel {
  readonly priorRate: number;
  readonly priorExposure: number;
  readonly classPriorExposure: number;
  /** (entity, predicate) -> step of the last sighting of its current value. */
  private readonly lastSeen = new Map<string, number>();
  private readonly byPredicate = new Map<string, Counts>();
  private readonly byClass = new Map<string, Counts>();
  /** The classes whose counts make the pooled rate; undefined: every class. */
  private pool: ReadonlySet<string> | undefined;
  /** The facts whose sightings and changes are counted at all; undefined: every fact. */
  private learnable: ((fact: Pick<Fact, 'source' | 'relation' | 'target'>) => boolean) | undefined;

  constructor(options: HazardOptions = {}) {
    this.priorRate = options.priorRate ?? 1 / 50;
    this.priorExposure = options.priorExposure ?? 50;
    this.classPriorExposure = options.classPriorExposure ?? 25;
    if (!(this.priorRate > 0) || !(this.priorExposure > 0) || !(this.classPriorExposure > 0)) {
      throw new RangeError('hazard model: prior rate and exposures must be positive');
    }
  }

  /** Restricts the pooled rates to these classes (the classes the agent's queries are about). */
  poolOver(classes: Iterable<string>): void {
    this.pool = new Set(classes);
  }

  /**
   * Counts only the facts `learnable` accepts (what the instructions want: a book on the sofa, the TV on), so that
   * the rate is how fast the home undoes a goal, not how often a thing nobody touches stays put. Counts made before
   * are kept. Undefined counts every fact again.
   */
  learnOnly(learnable: ((fact: Pick<Fact, 'source' | 'relation' | 'target'>) => boolean) | undefined): void {
    this.learnable = learnable;
  }

  /**
   * Learns from one memory update. `agent` is the agent's entity (its own facts are not the home's changes);
   * `causedByAgent` the entities the agent's last skill acted on, whose changes are its own.
   */
  observe(update: TekgUpdate, agent: string, causedByAgent: ReadonlySet<string> = new Set()): void {
    const changed = new Set<string>();
    for (const removal of update.removed) {
      const q = removal.quadruple;
      if (removal.reason === 'agent' || q.source === agent || q.target === agent) continue;
      const predicate = predicateOf(q);
      if (predicate === undefined || (this.learnable && !this.learnable(q))) continue;
      const key = q.source + SEP + predicate;
      if (changed.has(key)) continue; // one change per object and predicate (a move removes `on` and `inside`)
      const last = this.lastSeen.get(key);
      if (last === undefined) continue;
      changed.add(key);
      this.lastSeen.delete(key);
      this.count(entityClass(q.source), predicate, causedByAgent.has(q.source) ? 0 : 1, (removal.at - last) / 2);
    }
    const seen = new Set<string>();
    for (const q of [...update.added, ...update.refreshed]) this.sighting(q, agent, changed, seen);
  }

  private sighting(q: Quadruple, agent: string, changed: ReadonlySet<string>, seen: Set<string>): void {
    if (q.source === agent || q.target === agent) return;
    const predicate = predicateOf(q);
    if (predicate === undefined || (this.learnable && !this.learnable(q))) return;
    const key = q.source + SEP + predicate;
    if (seen.has(key)) return;
    seen.add(key);
    const last = this.lastSeen.get(key);
    if (last !== undefined && !changed.has(key) && q.t > last)
      this.count(entityClass(q.source), predicate, 0, q.t - last);
    this.lastSeen.set(key, q.t);
  }

  private count(className: string, predicate: string, changes: number, exposure: number): void {
    const pooled = this.pool === undefined || this.pool.has(className);
    for (const [map, key] of [
      ...(pooled ? ([[this.byPredicate, predicate]] as const) : []),
      [this.byClass, className + SEP + predicate] as const,
    ]) {
      const counts = map.get(key);
      if (counts) {
        counts.changes += changes;
        counts.exposure += exposure;
      } else map.set(key, { changes, exposure });
    }
  }

  /** The predicate's rate pooled over classes (posterior mean). */
  predicateRate(predicate: string): number {
    const c = this.byPredicate.get(predicate);
    return (this.priorRate * this.priorExposure + (c?.changes ?? 0)) / (this.priorExposure + (c?.exposure ?? 0));
  }

  /** The rate of change of a class's predicate, per step (posterior mean). */
  rate(className: string, predicate: string): number {
    const pooled = this.predicateRate(predicate);
    const c = this.byClass.get(className + SEP + predicate);
    if (!c) return pooled;
    return (pooled * this.classPriorExposure + c.changes) / (this.classPriorExposure + c.exposure);
  }

  /** Probability that a fact seen `age` steps ago still holds. */
  survival(fact: Pick<Fact, 'source' | 'relation' | 'target'>, age: number): number {
    const predicate = predicateOf(fact);
    if (predicate === undefined || age <= 0) return 1;
    return Math.exp(-this.rate(entityClass(fact.source), predicate) * age);
  }

  /** Every class and predicate with counts, sorted, for reports and tests. */
  records(): HazardRateRecord[] {
    const out: HazardRateRecord[] = [];
    for (const [key, c] of this.byClass) {
      const [className, predicate] = key.split(SEP);
      out.push({
        className,
        predicate,
        changes: c.changes,
        exposure: c.exposure,
        rate: this.rate(className, predicate),
      });
    }
    return out.sort((a, b) =>
      a.className === b.className ? (a.predicate < b.predicate ? -1 : 1) : a.className < b.className ? -1 : 1,
    );
  }
}
