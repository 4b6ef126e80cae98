/**
 * The probability that a condition (a query of ExRAP) holds now, read from evidence: the quadruples retrieved from
 * the memory, the facts the memory once held and saw contradicted, and the agent's own facts. This is the offline
 * response function of the query evaluator (the part of eq. 5 and 7 an LLM computes from a prompt).
 *
 * Each atom of the condition (a state of an object, a placement, something held) is read from the newest evidence
 * about it: a fact asserting it (value 1), a fact contradicting it (value 0: the opposite state; the object placed
 * elsewhere; the fact removed by the update rule). Evidence seen `a` steps ago decays toward the uninformed prior:
 *
 *   P(atom) = pi + (v - pi) * S(a),   S(a) = exp(-lambda a)  (the hazard model's survival), pi = 1/2,
 *
 * the relaxation of a two-state Markov chain to its uninformed stationary value. An atom without evidence is pi.
 * Atoms combine as independent events: not 1 - p, and a product, or 1 - prod(1 - p), `exists` over the instances of
 * its classes found in the evidence 1 - prod(1 - p), `forall` the product; a quantifier with no instance in the
 * evidence is an unknown proposition (pi).
 */
import { entityClass, entityId, factKey, type Quadruple, quadrupleText } from '../../memory/quadruple.js';
import { oppositeState } from '../../memory/tekg.js';
import type { Condition, NodeRef } from '../../sim/conditions.js';
import { registerCache } from '../../util/caches.js';
import { getOrCreate } from '../../util/collections.js';
import { clamp01, UNINFORMED } from './entropy.js';

/** A fact the memory held and the update rule removed at step `at` (it no longer held then). */
export interface RemovedFact {
  readonly quadruple: Quadruple;
  readonly at: number;
}

export interface Evidence {
  /** Facts of the current memory (the retrieved ones). */
  readonly facts: readonly Quadruple[];
  /** Contradicted facts (the part of G_{1:t} outside G_t), the latest removal of each. */
  readonly removed: readonly RemovedFact[];
  /** The agent's own current facts (its room, what it holds): the agent always knows them. */
  readonly agentFacts: readonly Quadruple[];
  readonly agent: string;
  /** Entity names that are rooms (a placement in a room does not contradict one on a piece of furniture). */
  readonly rooms: ReadonlySet<string>;
  /**
   * The class of the room an entity is in (`bedroom`), for quantifiers restricted to a room ("the bookshelf in the
   * bedroom"); without it such a quantifier ranges over every instance of its classes.
   */
  readonly roomClassOf?: (entity: string) => string | undefined;
  /** Node ids of things the instructions do not speak of (put away: `ExrapMemory.storedAway`). */
  readonly storedAway?: ReadonlySet<number>;
}

/** How long a fact is believed to last: the hazard model, or anything with its `survival`. */
export interface SurvivalModel {
  survival(fact: Pick<Quadruple, 'source' | 'relation' | 'target'>, age: number): number;
}

export interface EvidenceReading {
  /** P(condition holds at step t). */
  readonly p: number;
  /** The evidence the atoms were read from, as sorted text (`(tv.3, is, off, 7)`, `removed (..) at 9`). */
  readonly support: readonly string[];
  /** The newest step among the support (undefined without support). */
  readonly newest: number | undefined;
}

interface AtomEvidence {
  readonly value: 0 | 1;
  /** Step the evidence was observed at. */
  readonly t: number;
  /** The fact whose survival decays it. */
  readonly fact: Pick<Quadruple, 'source' | 'relation' | 'target'>;
  /** What the evidence is: a fact held (or the agent's own), or a fact the update rule removed. */
  readonly seen: Quadruple | RemovedFact;
}

/** The evidence in the text form of the support: `(tv.3, is, off, 7)`, `removed (tv.3, is, on, 5) at 7`. */
function evidenceText(seen: Quadruple | RemovedFact): string {
  return 'quadruple' in seen ? removedText(seen) : quadrupleText(seen);
}

const PLACEMENT = new Set(['inside', 'on']);

/** Class and id of entity names, parsed once: the same names recur in every response of every step. */
const parsedNames = new Map<string, readonly [string, number | undefined]>();
registerCache('exrap: entity names', () => parsedNames.clear());
const PARSED_NAMES_KEPT = 100_000;

function parseName(name: string): readonly [string, number | undefined] {
  let parsed = parsedNames.get(name);
  if (!parsed) {
    if (parsedNames.size >= PARSED_NAMES_KEPT) parsedNames.clear();
    parsed = [entityClass(name), entityId(name)];
    parsedNames.set(name, parsed);
  }
  return parsed;
}

/** Entities by class and by id. */
class Entities {
  readonly byClass = new Map<string, Set<string>>();
  readonly byId = new Map<number, string>();

  add(name: string): void {
    const [cls, id] = parseName(name);
    const set = getOrCreate(this.byClass, cls, () => new Set());
    set.add(name);
    if (id !== undefined) this.byId.set(id, name);
  }
}

/**
 * The part of the evidence that does not depend on the retrieved facts (removals, what the agent holds), indexed
 * once and shared by every response drawn for a query at a step.
 */
export class EvidenceBase {
  readonly entities = new Entities();
  readonly removed = new Map<string, RemovedFact>();
  readonly held = new Set<string>();

  constructor(readonly evidence: Omit<Evidence, 'facts'>) {
    for (const r of evidence.removed) {
      const q = r.quadruple;
      if (q.source === evidence.agent || q.target === evidence.agent) continue;
      this.entities.add(q.source);
      if (q.relation !== 'is') this.entities.add(q.target);
      const key = factKey(q);
      const known = this.removed.get(key);
      if (!known || known.at < r.at) this.removed.set(key, r);
    }
    for (const q of evidence.agentFacts) {
      if (q.source === evidence.agent && (q.relation === 'holds_rh' || q.relation === 'holds_lh')) {
        this.held.add(q.target);
        this.entities.add(q.target);
      }
    }
  }
}

/**
 * The retrieved facts of one response beside the shared part of the evidence. A response reads a dozen facts, and
 * drawing ten responses per query at every step makes this the evaluator's inner loop: the facts are kept as short
 * lists and scanned, not indexed into maps.
 */
class EvidenceIndex {
  /** Entity names the facts mention (sources, and targets other than states), with their classes and ids. */
  private readonly names: string[] = [];
  private readonly nameClasses: string[] = [];
  private readonly nameIds: (number | undefined)[] = [];
  /** State facts (`is`) and placements (`on`, `inside`), in retrieval order. */
  private readonly stateFacts: Quadruple[] = [];
  private readonly placementFacts: Quadruple[] = [];
  readonly removed: ReadonlyMap<string, RemovedFact>;
  readonly held: ReadonlySet<string>;
  readonly evidence: Omit<Evidence, 'facts'>;

  constructor(
    facts: readonly Quadruple[],
    private readonly base: EvidenceBase,
  ) {
    const evidence = base.evidence;
    this.evidence = evidence;
    this.removed = base.removed;
    this.held = base.held;
    for (const q of facts) {
      if (q.source === evidence.agent || q.target === evidence.agent) continue;
      this.addName(q.source);
      if (q.relation === 'is') {
        this.stateFacts.push(q);
      } else {
        this.addName(q.target);
        if (PLACEMENT.has(q.relation)) this.placementFacts.push(q);
      }
    }
  }

  private addName(name: string): void {
    const [cls, id] = parseName(name);
    this.names.push(name);
    this.nameClasses.push(cls);
    this.nameIds.push(id);
  }

  entityOfId(id: number): string | undefined {
    const i = this.nameIds.lastIndexOf(id);
    return i >= 0 ? this.names[i] : this.base.entities.byId.get(id);
  }

  /**
   * Instances of the classes found in the evidence, sorted: in a room of class `room` when given (and the evidence
   * knows rooms), among `only` when given.
   */
  domain(classes: readonly string[], room?: string, only?: readonly number[]): string[] {
    const out = new Set<string>();
    for (const cls of classes) {
      for (let i = 0; i < this.names.length; i++) if (this.nameClasses[i] === cls) out.add(this.names[i]!);
      for (const e of this.base.entities.byClass.get(cls) ?? []) out.add(e);
    }
    const roomClassOf = this.evidence.roomClassOf;
    const stored = this.evidence.storedAway;
    const kept: string[] = [];
    for (const e of out) {
      if (room !== undefined && roomClassOf && roomClassOf(e) !== room) continue;
      if (only !== undefined || stored?.size) {
        const id = parseName(e)[1];
        if (id !== undefined && stored?.has(id)) continue;
        if (only !== undefined && (id === undefined || !only.includes(id))) continue;
      }
      kept.push(e);
    }
    return kept.sort();
  }

  /**
   * The newest retrieved fact about an entity (where it is, or a state of it): that the entity is there to quantify
   * over, and when it was last seen.
   */
  entityEvidence(entity: string): Quadruple | undefined {
    let found: Quadruple | undefined;
    for (const facts of [this.placementFacts, this.stateFacts]) {
      for (const q of facts) if (q.source === entity && (!found || q.t > found.t)) found = q;
    }
    return found;
  }

  stateEvidence(entity: string, state: string): AtomEvidence | undefined {
    const opposite = oppositeState(state);
    let asserted: Quadruple | undefined;
    let contrary: Quadruple | undefined;
    for (const q of this.stateFacts) {
      if (q.source !== entity) continue;
      if (q.target === state) asserted = q;
      else if (q.target === opposite) contrary = q;
    }
    const fact = { source: entity, relation: 'is' as const, target: state };
    const candidates: AtomEvidence[] = [];
    if (asserted) candidates.push({ value: 1, t: asserted.t, fact, seen: asserted });
    if (contrary) candidates.push({ value: 0, t: contrary.t, fact, seen: contrary });
    const removed = this.removed.get(factKey(fact));
    if (removed) candidates.push({ value: 0, t: removed.at, fact, seen: removed });
    return newest(candidates);
  }

  placementEvidence(entity: string, relation: 'inside' | 'on', place: string): AtomEvidence | undefined {
    const fact = { source: entity, relation, target: place };
    const candidates: AtomEvidence[] = [];
    const placeIsRoom = this.evidence.rooms.has(place);
    for (const q of this.placementFacts) {
      if (q.source !== entity) continue;
      if (q.target === place && q.relation === relation) {
        candidates.push({ value: 1, t: q.t, fact, seen: q });
      } else if (
        (q.target !== place && this.evidence.rooms.has(q.target) === placeIsRoom) ||
        (q.target === place && !placeIsRoom)
      ) {
        // One object in two places: elsewhere (another room for a room, another piece for a piece) contradicts, and
        // so does the other relation to the same piece (a book inside the bookshelf is not on it).
        candidates.push({ value: 0, t: q.t, fact, seen: q });
      }
    }
    const removed = this.removed.get(factKey(fact));
    if (removed) candidates.push({ value: 0, t: removed.at, fact, seen: removed });
    if (this.held.has(entity) && !placeIsRoom) {
      const q = this.evidence.agentFacts.find((f) => f.target === entity)!;
      candidates.push({ value: 0, t: q.t, fact, seen: q });
    }
    return newest(candidates);
  }
}

const removedText = (r: RemovedFact) => `removed ${quadrupleText(r.quadruple)} at ${r.at}`;

/** The newest piece of evidence; among equally new ones, the contradicting one (the update rule's order). */
function newest(candidates: readonly AtomEvidence[]): AtomEvidence | undefined {
  let best: AtomEvidence | undefined;
  for (const c of candidates) if (!best || c.t > best.t || (c.t === best.t && c.value < best.value)) best = c;
  return best;
}

/** P(condition) at step t from the evidence, with the evidence it was read from (see the module comment). */
export function conditionProbability(
  condition: Condition,
  evidence: Evidence,
  t: number,
  survival: SurvivalModel,
  prior = UNINFORMED,
): EvidenceReading {
  const support = new Set<string>();
  let newestStep: number | undefined;
  const index = new EvidenceIndex(evidence.facts, new EvidenceBase(evidence));
  const p = new ConditionReader(index, t, survival, prior, (seen, at) => {
    support.add(evidenceText(seen));
    if (newestStep === undefined || at > newestStep) newestStep = at;
  }).probability(condition);
  return { p, support: [...support].sort(), newest: newestStep };
}

/**
 * P(condition) at step t from the retrieved facts beside a shared base, without the support: what the refinement's
 * responses need (they are compared by entropy only).
 */
export function conditionValue(
  condition: Condition,
  facts: readonly Quadruple[],
  base: EvidenceBase,
  t: number,
  survival: SurvivalModel,
  prior = UNINFORMED,
): number {
  return new ConditionReader(new EvidenceIndex(facts, base), t, survival, prior, undefined).probability(condition);
}

/** One reading of a condition (a class, not closures: it is made for every response, ten per query a step). */
class ConditionReader {
  /** Bindings of the quantified variables, set and restored around each instance (reading is depth-first). */
  private readonly bindings = new Map<string, string>();

  constructor(
    private readonly index: EvidenceIndex,
    private readonly t: number,
    private readonly survival: SurvivalModel,
    private readonly prior: number,
    /** Told of each piece of evidence read and its step (the support); absent where only P is wanted. */
    private readonly onEvidence: ((seen: Quadruple | RemovedFact, at: number) => void) | undefined,
  ) {}

  /** P(condition), clamped to [0, 1]. */
  probability(condition: Condition): number {
    return clamp01(this.read(condition));
  }

  private read(c: Condition): number {
    const { index, prior } = this;
    switch (c.kind) {
      case 'state': {
        const entity = this.resolve(c.node);
        return entity === undefined ? prior : this.atom(index.stateEvidence(entity, c.state.toLowerCase()));
      }
      case 'held': {
        const entity = this.resolve(c.node);
        if (entity === undefined) return 0;
        return index.held.has(entity) ? 1 : 0;
      }
      case 'edge': {
        const from = this.resolve(c.from);
        const to = this.resolve(c.to);
        if (from === undefined || to === undefined) return prior;
        if (c.relation === 'ON' || c.relation === 'INSIDE') {
          return this.atom(index.placementEvidence(from, c.relation === 'ON' ? 'on' : 'inside', to));
        }
        if ((c.relation === 'HOLDS_RH' || c.relation === 'HOLDS_LH') && from === index.evidence.agent) {
          return index.held.has(to) ? 1 : 0;
        }
        return prior;
      }
      case 'not':
        return 1 - this.read(c.condition);
      case 'and': {
        let p = 1;
        for (const inner of c.conditions) p *= this.read(inner);
        return p;
      }
      case 'or': {
        let none = 1;
        for (const inner of c.conditions) none *= 1 - this.read(inner);
        return 1 - none;
      }
      case 'exists':
      case 'forall': {
        const domain = index.domain(c.classes, c.room, c.only);
        if (domain.length === 0) return prior;
        if (this.onEvidence) this.domainRead(domain);
        const bindings = this.bindings;
        const outer = bindings.get(c.var);
        let acc = 1;
        for (const entity of domain) {
          bindings.set(c.var, entity);
          const p = this.read(c.condition);
          acc *= c.kind === 'forall' ? p : 1 - p;
        }
        if (outer === undefined) bindings.delete(c.var);
        else bindings.set(c.var, outer);
        return c.kind === 'forall' ? acc : 1 - acc;
      }
    }
  }

  /**
   * A quantifier reads which instances there are: the fact that shows each one is evidence too. Without it, a
   * placement whose host was first seen after its object ("the goods from the green building to the white
   * building": the goods seen at step 4, the white building at step 11) read only the goods' old fact, the new
   * host counted as nothing new, and the prior of an unknown query stayed 1/2 until the goods were passed again.
   */
  private domainRead(domain: readonly string[]): void {
    for (const entity of domain) {
      const seen = this.index.entityEvidence(entity);
      if (seen) this.onEvidence?.(seen, seen.t);
    }
  }

  private atom(found: AtomEvidence | undefined): number {
    const prior = this.prior;
    if (!found) return prior;
    this.onEvidence?.(found.seen, found.t);
    const age = Math.max(0, this.t - found.t);
    return prior + (found.value - prior) * this.survival.survival(found.fact, age);
  }

  private resolve(ref: NodeRef): string | undefined {
    if (typeof ref === 'number') return this.index.entityOfId(ref);
    const bound = this.bindings.get(ref.var);
    if (bound === undefined) throw new Error(`condition uses unbound variable ?${ref.var}`);
    return bound;
  }
}
