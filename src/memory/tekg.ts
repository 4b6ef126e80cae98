/**
 * The temporal embodied knowledge graph of ExRAP (section 3.3, eq. 2-3, appendix C.2): the agent's memory of the
 * home as quadruples (source, relation, target, t), updated with each observation by the rule
 *
 *   G_{t+1} = { tau in G_t | c(tau, o_{t+1}) = 0 } U o_{t+1}
 *
 * where the contradiction test c removes, from the older memory:
 *  - `agent`: any fact about the agent (as source or target) that the new observation does not repeat (C.2: only
 *    the newest facts about the agent are kept);
 *  - `opposite-state`: a state of an object in view whose opposite is observed now (TV on vs off);
 *  - `state-cleared`: a state of an object in view that the object no longer shows, nor its opposite;
 *  - `moved`: a placement (inside/on) of an object in view that differs from where it is seen now (C.2: one object
 *    in two places);
 *  - `absent`: the placements of an object not in view whose remembered place is fully in view (negative evidence:
 *    the agent looks where the object should be, and it is not there).
 * A fact observed again is not a contradiction: its quadruple is refreshed to the new step, so the memory holds one
 * quadruple per fact, stamped with the step it was last seen at. docs/memory.md gives the reasons.
 *
 * Indexes by source, target and relation keep an update O(size of the observation + memory about the places in
 * view), independent of the size of the whole memory.
 */
import type { Observation } from '../sim/observation.js';
import { InputError } from '../util/errors.js';
import { type ObservationFactOptions, tekgObservation } from './observation-facts.js';
import {
  type Fact,
  factKey,
  factSentence,
  formatQuadruples,
  isValidName,
  PLACEMENT_RELATIONS,
  type Quadruple,
  type TekgObservation,
  type TekgRelation,
  validateFact,
} from './quadruple.js';

export type RemovalReason = 'agent' | 'opposite-state' | 'state-cleared' | 'moved' | 'absent';

/** A quadruple the update rule took out of the memory. */
export interface Removal {
  /** The fact as last observed. */
  readonly quadruple: Quadruple;
  /** First step of the run of observations that ended at `quadruple.t` (the fact held, as seen, from then on). */
  readonly since: number;
  /** Step of the observation that contradicted it (the fact changed somewhere in (quadruple.t, at]). */
  readonly at: number;
  readonly reason: RemovalReason;
}

/** What one update changed. Removals are sorted by fact key; added and refreshed follow the observation's order. */
export interface TekgUpdate {
  readonly t: number;
  /** Facts new to the memory. */
  readonly added: readonly Quadruple[];
  /** Facts the memory held and the observation repeated, with their new step. */
  readonly refreshed: readonly Quadruple[];
  readonly removed: readonly Removal[];
}

/** Conditions of a query; all given ones must hold. */
export interface FactFilter {
  /** Facts whose source or target is this entity. */
  readonly entity?: string;
  readonly source?: string;
  readonly target?: string;
  readonly relation?: TekgRelation | readonly TekgRelation[];
  /** Observed at or after this step. */
  readonly from?: number;
  /** Observed at or before this step. */
  readonly to?: number;
}

/**
 * Something kept in step with the memory's facts: `add` when a fact enters, `remove` when it leaves. The text
 * indexes of src/retrieval fit this shape, so `tekg.attach(index)` keeps an index on the current memory.
 */
export interface FactSink {
  add(key: string, text: string): void;
  remove(key: string): unknown;
}

export interface TekgOptions {
  /** The agent's entity name; taken from the first observation when not given. */
  readonly agent?: string;
  /** Keep every removal in `removals()` (default true); the update results carry them either way. */
  readonly keepRemovals?: boolean;
}

interface Entry {
  quadruple: Quadruple;
  since: number;
}

const OPPOSITE_STATE: Readonly<Record<string, string>> = {
  on: 'off',
  off: 'on',
  open: 'closed',
  closed: 'open',
  clean: 'dirty',
  dirty: 'clean',
  plugged_in: 'plugged_out',
  plugged_out: 'plugged_in',
};

/** The opposite of a state name (`on` -> `off`), or undefined for a state without one. */
export function oppositeState(state: string): string | undefined {
  return OPPOSITE_STATE[state];
}

const EMPTY: ReadonlySet<string> = new Set();

function addTo<K>(index: Map<K, Set<string>>, key: K, value: string): void {
  const set = index.get(key);
  if (set) set.add(value);
  else index.set(key, new Set([value]));
}

function deleteFrom<K>(index: Map<K, Set<string>>, key: K, value: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) index.delete(key);
}

/** Order of query answers: by step, then by fact key. */
const byTimeThenKey = (a: [string, Quadruple], b: [string, Quadruple]): number =>
  a[1].t - b[1].t || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

export class Tekg {
  private readonly entries = new Map<string, Entry>();
  private readonly bySource = new Map<string, Set<string>>();
  private readonly byTarget = new Map<string, Set<string>>();
  private readonly byRelation = new Map<TekgRelation, Set<string>>();
  private readonly roomNames = new Set<string>();
  private readonly removalLog: Removal[] = [];
  private readonly sinks: FactSink[] = [];
  private readonly keepRemovals: boolean;
  private agentName: string | undefined;
  private time: number | undefined;

  constructor(options: TekgOptions = {}) {
    this.agentName = options.agent;
    this.keepRemovals = options.keepRemovals ?? true;
  }

  /** The agent's entity name (undefined until given or first observed). */
  get agent(): string | undefined {
    return this.agentName;
  }

  /** Step of the latest observation (undefined before the first). */
  get now(): number | undefined {
    return this.time;
  }

  /** Number of quadruples in the memory. */
  get size(): number {
    return this.entries.size;
  }

  // ---- the update rule (eq. 3) --------------------------------------------------------------------------------

  /** Absorbs what the simulator shows the agent at step t (see `tekgObservation` for what is recorded). */
  observe(observation: Observation, t: number, options?: ObservationFactOptions): TekgUpdate {
    return this.update(tekgObservation(observation, t, options));
  }

  update(o: TekgObservation): TekgUpdate {
    const { t } = o;
    if (!Number.isFinite(t)) throw new RangeError(`TEKG observation step must be a finite number, got ${t}`);
    if (this.time !== undefined && t < this.time) {
      throw new RangeError(`TEKG observation at step ${t} is older than the memory (step ${this.time})`);
    }
    if (typeof o.agent !== 'string' || !isValidName(o.agent)) {
      throw new InputError(`observation at step ${t}: invalid agent name '${String(o.agent)}'`);
    }
    if (this.agentName !== undefined && this.agentName !== o.agent) {
      throw new RangeError(`TEKG of agent '${this.agentName}' got an observation of agent '${o.agent}'`);
    }
    const agent = o.agent;

    // The observation's facts, once each, and what is in view.
    const incoming = new Map<string, Fact>();
    const inView = new Set<string>(o.visible ?? []);
    const observedStates = new Map<string, Set<string>>();
    for (const fact of o.facts) {
      validateFact(fact, `observation at step ${t}`);
      const key = factKey(fact);
      if (incoming.has(key)) continue;
      incoming.set(key, fact);
      inView.add(fact.source);
      if (fact.relation === 'is') addTo(observedStates, fact.source, fact.target);
      else inView.add(fact.target);
    }
    // Checked in full: from here on the update cannot fail half-way.
    this.agentName = agent;
    for (const room of o.rooms ?? []) this.roomNames.add(room);
    if (o.room !== undefined) this.roomNames.add(o.room);
    for (const room of this.roomNames) inView.delete(room);

    const removed: Removal[] = [];
    const remove = (key: string, reason: RemovalReason): void => {
      const entry = this.entries.get(key);
      if (!entry || incoming.has(key)) return;
      this.deleteEntry(key, entry);
      removed.push({ quadruple: entry.quadruple, since: entry.since, at: t, reason });
    };

    // C.2, first rule: about the agent, only the newest observation counts.
    for (const key of [...(this.bySource.get(agent) ?? EMPTY), ...(this.byTarget.get(agent) ?? EMPTY)]) {
      remove(key, 'agent');
    }

    // An object in view shows all its states and placements: what the memory has beyond them no longer holds.
    for (const entity of inView) {
      if (entity === agent) continue;
      const states = observedStates.get(entity) ?? EMPTY;
      for (const key of [...(this.bySource.get(entity) ?? EMPTY)]) {
        const fact = this.entries.get(key)!.quadruple;
        if (fact.relation === 'is') {
          const opposite = oppositeState(fact.target);
          remove(key, opposite !== undefined && states.has(opposite) ? 'opposite-state' : 'state-cleared');
        } else if (PLACEMENT_RELATIONS.has(fact.relation)) {
          remove(key, 'moved');
        }
      }
    }

    // Negative evidence: objects remembered at a place in full view, yet not in view, are no longer there.
    const closed = new Set<string>();
    for (const [entity, states] of observedStates) if (states.has('closed')) closed.add(entity);
    const placeInView = (relation: TekgRelation, place: string): boolean =>
      this.roomNames.has(place) ? place === o.room : inView.has(place) && !(relation === 'inside' && closed.has(place));
    const places = o.room === undefined ? [...inView] : [o.room, ...inView];
    const checked = new Set<string>();
    for (const place of places) {
      for (const key of [...(this.byTarget.get(place) ?? EMPTY)]) {
        const entry = this.entries.get(key);
        if (!entry || !PLACEMENT_RELATIONS.has(entry.quadruple.relation)) continue;
        const object = entry.quadruple.source;
        if (inView.has(object) || object === agent || checked.has(object)) continue;
        checked.add(object);
        const placements = this.placementKeys(object);
        // Every remembered place must be in view: an object remembered inside a closed box may just be hidden.
        if (placements.every((k) => placeInView(this.entries.get(k)!.quadruple.relation, this.targetOf(k)))) {
          for (const k of placements) remove(k, 'absent');
        }
      }
    }

    // Union with the observation: new facts enter, repeated ones move to step t.
    const added: Quadruple[] = [];
    const refreshed: Quadruple[] = [];
    for (const [key, fact] of incoming) {
      const quadruple: Quadruple = { source: fact.source, relation: fact.relation, target: fact.target, t };
      const entry = this.entries.get(key);
      if (entry) {
        entry.quadruple = quadruple;
        refreshed.push(quadruple);
      } else {
        this.insertEntry(key, { quadruple, since: t });
        added.push(quadruple);
      }
    }
    this.time = t;
    removed.sort((a, b) => (factKey(a.quadruple) < factKey(b.quadruple) ? -1 : 1));
    if (this.keepRemovals) this.removalLog.push(...removed);
    return { t, added, refreshed, removed };
  }

  private placementKeys(entity: string): string[] {
    const keys: string[] = [];
    for (const key of this.bySource.get(entity) ?? EMPTY) {
      if (PLACEMENT_RELATIONS.has(this.entries.get(key)!.quadruple.relation)) keys.push(key);
    }
    return keys;
  }

  private targetOf(key: string): string {
    return this.entries.get(key)!.quadruple.target;
  }

  private insertEntry(key: string, entry: Entry): void {
    const q = entry.quadruple;
    this.entries.set(key, entry);
    addTo(this.bySource, q.source, key);
    addTo(this.byTarget, q.target, key);
    addTo(this.byRelation, q.relation, key);
    if (this.sinks.length > 0) {
      const text = factSentence(q);
      for (const sink of this.sinks) sink.add(key, text);
    }
  }

  private deleteEntry(key: string, entry: Entry): void {
    const q = entry.quadruple;
    this.entries.delete(key);
    deleteFrom(this.bySource, q.source, key);
    deleteFrom(this.byTarget, q.target, key);
    deleteFrom(this.byRelation, q.relation, key);
    for (const sink of this.sinks) sink.remove(key);
  }

  // ---- queries ------------------------------------------------------------------------------------------------

  /** All quadruples, oldest first (ties by fact key). */
  facts(): Quadruple[] {
    return this.query({});
  }

  /** The current quadruple of a fact, by its key (`factKey`) or the fact itself. */
  get(fact: string | Fact): Quadruple | undefined {
    return this.entries.get(typeof fact === 'string' ? fact : factKey(fact))?.quadruple;
  }

  has(fact: string | Fact): boolean {
    return this.entries.has(typeof fact === 'string' ? fact : factKey(fact));
  }

  /** Quadruples meeting every condition of the filter, oldest first (ties by fact key). */
  query(filter: FactFilter): Quadruple[] {
    const relations =
      filter.relation === undefined
        ? undefined
        : new Set<TekgRelation>(typeof filter.relation === 'string' ? [filter.relation] : filter.relation);
    const from = filter.from ?? -Infinity;
    const to = filter.to ?? Infinity;
    const out: [string, Quadruple][] = [];
    for (const key of this.candidates(filter, relations)) {
      const q = this.entries.get(key)!.quadruple;
      if (filter.source !== undefined && q.source !== filter.source) continue;
      if (filter.target !== undefined && q.target !== filter.target) continue;
      if (filter.entity !== undefined && q.source !== filter.entity && q.target !== filter.entity) continue;
      if (relations && !relations.has(q.relation)) continue;
      if (q.t < from || q.t > to) continue;
      out.push([key, q]);
    }
    return out.sort(byTimeThenKey).map(([, q]) => q);
  }

  /** The smallest index set that holds every answer of the filter. */
  private candidates(filter: FactFilter, relations: ReadonlySet<TekgRelation> | undefined): Iterable<string> {
    if (filter.source !== undefined) return this.bySource.get(filter.source) ?? EMPTY;
    if (filter.target !== undefined) return this.byTarget.get(filter.target) ?? EMPTY;
    if (filter.entity !== undefined) {
      return new Set([...(this.bySource.get(filter.entity) ?? EMPTY), ...(this.byTarget.get(filter.entity) ?? EMPTY)]);
    }
    if (relations && relations.size === 1) return this.byRelation.get([...relations][0]) ?? EMPTY;
    return this.entries.keys();
  }

  /**
   * The newest quadruple with this source and relation (`latest('tv.142', 'is')`); among several of the same step
   * (a mug inside a cabinet and inside the kitchen), the first by fact key.
   */
  latest(source: string, relation: TekgRelation): Quadruple | undefined {
    let best: Quadruple | undefined;
    for (const key of this.bySource.get(source) ?? EMPTY) {
      const q = this.entries.get(key)!.quadruple;
      if (q.relation !== relation) continue;
      if (!best || q.t > best.t || (q.t === best.t && key < factKey(best))) best = q;
    }
    return best;
  }

  /** Steps since the fact was last observed (`now` defaults to the latest observation), undefined if not held. */
  age(fact: string | Fact, now = this.time): number | undefined {
    const q = this.get(fact);
    return q === undefined || now === undefined ? undefined : now - q.t;
  }

  /** First step of the current run of observations of a fact (it has held, as seen, since then). */
  since(fact: string | Fact): number | undefined {
    return this.entries.get(typeof fact === 'string' ? fact : factKey(fact))?.since;
  }

  /** Removed quadruples, in removal order, optionally only those about an entity or for a reason. */
  removals(filter: { entity?: string; reason?: RemovalReason } = {}): Removal[] {
    return this.removalLog.filter(
      (r) =>
        (filter.reason === undefined || r.reason === filter.reason) &&
        (filter.entity === undefined || r.quadruple.source === filter.entity || r.quadruple.target === filter.entity),
    );
  }

  /** Room entities seen so far, sorted. */
  rooms(): string[] {
    return [...this.roomNames].sort();
  }

  isRoom(name: string): boolean {
    return this.roomNames.has(name);
  }

  /**
   * Hop distances in the memory's graph from the given entities (distance 0) to every entity reachable through
   * facts between entities (states are values, not entities, so `is` facts are no links). Links are undirected.
   * `maxDepth` bounds the search. Used by ExRAP's exploration value (eq. 11: distance between the agent and the
   * facts a query needs).
   */
  distances(from: string | readonly string[], maxDepth = Infinity): Map<string, number> {
    const dist = new Map<string, number>();
    let frontier = typeof from === 'string' ? [from] : [...from];
    for (const e of frontier) dist.set(e, 0);
    for (let depth = 1; frontier.length > 0 && depth <= maxDepth; depth++) {
      const next: string[] = [];
      for (const entity of frontier) {
        for (const key of this.bySource.get(entity) ?? EMPTY) {
          const q = this.entries.get(key)!.quadruple;
          if (q.relation !== 'is' && !dist.has(q.target)) {
            dist.set(q.target, depth);
            next.push(q.target);
          }
        }
        for (const key of this.byTarget.get(entity) ?? EMPTY) {
          const q = this.entries.get(key)!.quadruple;
          if (q.relation !== 'is' && !dist.has(q.source)) {
            dist.set(q.source, depth);
            next.push(q.source);
          }
        }
      }
      frontier = next;
    }
    return dist;
  }

  /** The whole memory in text form, oldest first, one quadruple a line. */
  toText(): string {
    return formatQuadruples(this.facts());
  }

  // ---- keeping indexes in step --------------------------------------------------------------------------------

  /**
   * Keeps a sink (a retrieval index) in step with the memory: it receives every current fact now (key and
   * `factSentence`), then each fact that enters or leaves. Returns a function that detaches it.
   */
  attach(sink: FactSink): () => void {
    for (const [key, entry] of this.entries) sink.add(key, factSentence(entry.quadruple));
    this.sinks.push(sink);
    return () => {
      const i = this.sinks.indexOf(sink);
      if (i >= 0) this.sinks.splice(i, 1);
    };
  }
}
