/**
 * The agent side of ExRAP's memory: the TEKG (src/memory) with a BM25 index attached and the softmax retriever over
 * it (src/retrieval), the hazard model learning how fast things change, and the bookkeeping the evaluator needs
 * beyond the current memory G_t: the facts the update rule removed (the part of G_{1:t} outside G_t, latest removal
 * per fact, dropped when the fact is seen again) and every entity ever seen, by class.
 */

import { Belief } from '../../memory/belief.js';
import { tekgObservation } from '../../memory/observation-facts.js';
import type { TekgObservation } from '../../memory/quadruple.js';
import { entityClass, entityId, factKey, type Quadruple } from '../../memory/quadruple.js';
import { Tekg, type TekgUpdate } from '../../memory/tekg.js';
import { Bm25Index } from '../../retrieval/bm25.js';
import { DEFAULT_RETRIEVAL_K, DirectiveRetriever, selectDocuments } from '../../retrieval/retriever.js';
import type { ScoreTable } from '../../retrieval/text-index.js';
import { canonicalClassName, catalogClass } from '../../sim/catalog/index.js';
import { getOrCreate } from '../../util/collections.js';
import type { Rng } from '../../util/rng.js';
import type { StepFeedback } from '../agent.js';
import type { RemovedFact } from './evidence.js';
import { HazardModel, type HazardOptions } from './hazard.js';

export interface ExrapMemoryOptions {
  readonly hazard?: HazardOptions;
  /** Quadruples retrieved per query (Table A.4: 12). */
  readonly k?: number;
}

export class ExrapMemory {
  readonly tekg = new Tekg({ keepRemovals: false });
  readonly index = new Bm25Index();
  readonly retriever: DirectiveRetriever;
  readonly hazard: HazardModel;
  readonly k: number;
  /**
   * The same observations kept as a believed graph (src/memory/belief.ts), the state the exploitation planner plans
   * on: the TEKG is what the evaluator reads, the belief what the household planner reads.
   */
  readonly belief = new Belief();
  /** Facts removed by the update rule and not seen since: key -> latest removal. */
  private readonly absent = new Map<string, RemovedFact>();
  private readonly absentByEntity = new Map<string, Set<string>>();
  private readonly entitiesByClass = new Map<string, Set<string>>();
  private readonly names = new Map<number, string>();
  private readonly roomVisits = new Map<string, number>();
  private lastUpdate: TekgUpdate | undefined;
  private foreign: readonly Quadruple[] = [];
  private readonly stored = new Set<number>();
  /**
   * Score tables of the current memory by directives, emptied whenever a fact enters or leaves: the evaluator scores
   * a query's directives on G_{t-1} when it evaluates at step t-1 and again when it refines at step t, with nothing
   * absorbed in between.
   */
  private readonly scored = new Map<string, ScoreTable>();

  constructor(options: ExrapMemoryOptions = {}) {
    this.tekg.attach(this.index);
    const changed = () => this.scored.clear();
    this.tekg.attach({ add: changed, remove: changed });
    this.retriever = new DirectiveRetriever(this.index);
    this.hazard = new HazardModel(options.hazard);
    this.k = options.k ?? DEFAULT_RETRIEVAL_K;
  }

  get agent(): string | undefined {
    return this.tekg.agent;
  }

  get now(): number | undefined {
    return this.tekg.now;
  }

  get update(): TekgUpdate | undefined {
    return this.lastUpdate;
  }

  /**
   * Absorbs the observation of a step (eq. 3) and learns from what changed. `causedByAgent` are the ids the agent's
   * last skill acted on: their changes are the agent's, not the home's.
   */
  absorb(feedback: StepFeedback, causedByAgent: readonly number[] = []): TekgUpdate {
    const seen = this.belief.update(feedback.observation, feedback.t, feedback.adjacentRooms);
    this.noteStoredAway(feedback, seen.added);
    const observation = tekgObservation(feedback.observation, feedback.t, { roomAdjacency: feedback.adjacentRooms });
    const caused: string[] = [];
    for (const id of causedByAgent) {
      const name = this.names.get(id);
      if (name !== undefined) caused.push(name);
    }
    return this.ingest(observation, caused);
  }

  /** `absorb` for an observation already in TEKG terms; `causedByAgent` are entity names. */
  ingest(observation: TekgObservation, causedByAgent: readonly string[] = []): TekgUpdate {
    const update = this.tekg.update(observation);
    const agent = this.tekg.agent!;
    for (const removal of update.removed) {
      const key = factKey(removal.quadruple);
      this.absent.set(key, { quadruple: removal.quadruple, at: removal.at });
      for (const entity of [removal.quadruple.source, removal.quadruple.target]) {
        const keys = getOrCreate(this.absentByEntity, entity, () => new Set());
        keys.add(key);
      }
    }
    for (const q of update.added) {
      const key = factKey(q);
      if (this.absent.delete(key)) {
        this.absentByEntity.get(q.source)?.delete(key);
        this.absentByEntity.get(q.target)?.delete(key);
      }
      this.remember(q.source);
      if (q.relation !== 'is') this.remember(q.target);
    }
    const caused = new Set(causedByAgent);
    for (const q of this.agentFacts()) if (q.relation === 'holds_rh' || q.relation === 'holds_lh') caused.add(q.target);
    this.hazard.observe(update, agent, caused);
    this.foreign = update.removed
      .map((r) => r.quadruple)
      .filter((q) => q.source !== agent && q.target !== agent && !caused.has(q.source));
    if (observation.room !== undefined) this.roomVisits.set(observation.room, observation.t);
    this.lastUpdate = update;
    return update;
  }

  /**
   * Things the agent first saw inside a container it had just opened were put away before it came (docs/exrap.md,
   * "Things put away"): the instructions speak of the things left about the home.
   */
  private noteStoredAway(feedback: StepFeedback, added: readonly number[]): void {
    const skill = feedback.lastSkill;
    if (skill?.action !== 'open' || feedback.success !== true) return;
    const box = skill.objects[0];
    for (const id of added) {
      if (this.belief.graph.hasEdge(id, 'INSIDE', box)) this.stored.add(id);
    }
  }

  /** Node ids first seen inside a container the agent had just opened (see `noteStoredAway`). */
  get storedAway(): ReadonlySet<number> {
    return this.stored;
  }

  private remember(entity: string): void {
    const cls = entityClass(entity);
    const set = getOrCreate(this.entitiesByClass, cls, () => new Set());
    set.add(entity);
    const id = entityId(entity);
    if (id !== undefined) this.names.set(id, entity);
  }

  /** The entity name of a node id the memory has seen (`tv.142`). */
  entityOf(id: number): string | undefined {
    return this.names.get(id);
  }

  /** Entities of a class ever seen, sorted. */
  instances(className: string): string[] {
    return [...(this.entitiesByClass.get(className) ?? [])].sort();
  }

  /** Whether an instance of the class was ever seen (in a room of class `room`, when given). */
  knowsClass(className: string, room?: string): boolean {
    const entities = this.entitiesByClass.get(className);
    if (room === undefined) return (entities?.size ?? 0) > 0;
    for (const entity of entities ?? []) if (this.roomClassOf(entity) === room) return true;
    return false;
  }

  /** The class of the room the belief puts an entity in (`bedroom`), or undefined when it does not know. */
  roomClassOf(entity: string): string | undefined {
    const id = entityId(entity);
    const room = id === undefined ? undefined : this.belief.roomOf(id);
    if (room === undefined) return undefined;
    const className = this.belief.graph.get(room).className;
    return canonicalClassName(className) ?? className;
  }

  /**
   * Facts the last update removed that the agent did not undo itself (its skill did not act on their subject, and it
   * does not hold it): changes someone else made, as far as the agent can tell.
   */
  get changedByOthers(): readonly Quadruple[] {
    return this.foreign;
  }

  /** The agent's current facts (room, what it holds and is close to). */
  agentFacts(): Quadruple[] {
    const agent = this.tekg.agent;
    return agent === undefined ? [] : this.tekg.query({ source: agent });
  }

  rooms(): ReadonlySet<string> {
    return new Set(this.tekg.rooms());
  }

  /** Step the agent was last in a room (undefined: never). */
  lastVisit(room: string): number | undefined {
    return this.roomVisits.get(room);
  }

  /** The removed facts that involve an entity of one of the classes, sorted by key. */
  history(classes: readonly string[]): RemovedFact[] {
    const keys = new Set<string>();
    for (const cls of classes) {
      for (const entity of this.entitiesByClass.get(cls) ?? []) {
        for (const key of this.absentByEntity.get(entity) ?? []) keys.add(key);
      }
    }
    return [...keys].sort().map((key) => this.absent.get(key)!);
  }

  /**
   * The host a node was last seen `relation` (`inside`, `on`) one of the host classes, from the facts the update rule
   * removed and not seen since (the latest removal), or undefined: where the thing was kept before it was moved.
   */
  formerHost(id: number, relation: string, hostClasses: readonly string[]): number | undefined {
    const entity = this.names.get(id);
    if (entity === undefined) return undefined;
    const wanted = new Set(hostClasses.map((c) => canonicalClassName(c) ?? c));
    let best: RemovedFact | undefined;
    for (const key of [...(this.absentByEntity.get(entity) ?? [])].sort()) {
      const removed = this.absent.get(key)!;
      const q = removed.quadruple;
      if (q.source !== entity || q.relation !== relation) continue;
      const hostClass = entityClass(q.target);
      if (!wanted.has(canonicalClassName(hostClass) ?? hostClass)) continue;
      if (!best || removed.at > best.at) best = removed;
    }
    return best === undefined ? undefined : entityId(best.quadruple.target);
  }

  /** Scores of every current fact against the directives (computed once, sampled many times). */
  scores(directives: readonly string[]): ScoreTable {
    return getOrCreate(this.scored, directives.join('\u0000'), () => this.index.scoresSync(directives));
  }

  /** k facts drawn from the softmax of the scores (section 3.3). */
  sample(scores: ScoreTable, rng: Rng): Quadruple[] {
    if (scores.keys.length === 0) return [];
    const out: Quadruple[] = [];
    for (const picked of selectDocuments(scores, { k: this.k, rng })) {
      const q = this.tekg.get(picked.key);
      if (q) out.push(q);
    }
    return out;
  }

  /**
   * Rooms where the catalog says objects of a class are found, among the home's rooms (for retrieval directives when
   * the memory knows no instance of the class yet: the commonsense an LLM brings).
   */
  typicalRooms(className: string): string[] {
    const entry = catalogClass(className);
    if (!entry) return [];
    const types = new Set<string>(entry.rooms);
    return this.tekg.rooms().filter((room) => types.has(entityClass(room)));
  }
}
