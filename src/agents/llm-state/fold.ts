/**
 * The offline state estimator's reasoning: a symbolic fold over the action history A_h from step 0, with hearth's
 * simulator rules as its model of what actions need and do (the common sense the paper's estimator gets from the
 * LLM: "a closed cabinet must be opened before placing in it").
 *
 * The model world holds the objects the fold is about (the key objects, the objects the history names, the hosts
 * they were first seen on or in), each where the robot first saw it, the robot close to what it stood beside at the
 * start, and no states: the robot never sees states.
 * A state becomes known only by evidence: the effect of the robot's own successful action (it opened the fridge),
 * a sighting (things were seen inside the cabinet, so it was open), or a diagnosis. Each history entry is replayed:
 *
 * - the states the command needs that are unknown are assumed as it needs them (optimistic), and it is simulated;
 * - it succeeded: its effects are kept (what it needed held before it); if the model said it would fail, the model
 *   is repaired (the robot was close after all, it did hold the thing) and the command applied again;
 * - it failed and the model says why (not close, hands full, the cabinet known closed): explained, nothing changes;
 * - it failed and the model knows no reason: unexplained (an action can simply not work). The second unexplained
 *   failure in a row of the same command is diagnosed: an unknown state it needed is the other way ("open(cabinet1)
 *   failed twice: cabinet1 must already be open"); with no unknown state left to blame, the object gets an invented
 *   attribute, `cannot_<verb>` (the paper's "an object that can't be picked up"). A success of the command clears
 *   its count and the invented attribute.
 *
 * After every successful command the derived-state rules run on the model (`applyPhysics`: the bread in a toaster
 * that is on gets cooked), and things in a sink under a running faucet are known clean.
 *
 * Without diagnosis (the "w/o Summary" variant: the summary is where failures are reasoned about) failures change
 * nothing at all.
 */
import { actionNamed } from '../../sim/actions/names.js';
import { applyPhysics, DerivedStates, waterRuns } from '../../sim/derived-states.js';
import { executeStep } from '../../sim/executor.js';
import { EnvGraph } from '../../sim/graph.js';
import type { State } from '../../sim/vocabulary.js';
import type { Command, Verb } from '../primitives/commands.js';
import { formatCommand } from '../primitives/commands.js';
import { UNKNOWN_OBJECT } from '../primitives/executor.js';
import type { ObjectListing } from '../primitives/listing.js';
import type { HistoryItem } from '../primitives/runner.js';

/** A state pair, named by its first state: OPEN (OPEN / CLOSED), ON (ON / OFF), CLEAN (CLEAN / DIRTY). */
export type StateGroup = 'OPEN' | 'ON' | 'CLEAN';
const GROUP_STATES: Readonly<Record<StateGroup, readonly [State, State]>> = {
  OPEN: ['OPEN', 'CLOSED'],
  ON: ['ON', 'OFF'],
  CLEAN: ['CLEAN', 'DIRTY'],
};
const groupOf = (state: State): StateGroup | undefined =>
  (Object.keys(GROUP_STATES) as StateGroup[]).find((g) => GROUP_STATES[g].includes(state));

/** How a state came to be known. */
export type Evidence = 'effect' | 'seen' | 'diagnosed';

export interface KnownState {
  readonly value: State;
  readonly how: Evidence;
}

/** What the fold made of one history entry. */
export interface FoldEvent {
  readonly item: HistoryItem;
  readonly outcome: 'done' | 'repaired' | 'explained' | 'unexplained' | 'diagnosed' | 'invented';
  /** Why it failed (the model's violated precondition), or what was concluded. */
  readonly reason?: string;
  /** The object and attribute a diagnosis or invention concluded (`cabinet1` must be `open`). */
  readonly concluded?: { readonly id: number; readonly attribute: string };
}

export interface FoldResult {
  /** The model world after the history. */
  readonly graph: EnvGraph;
  readonly derived: DerivedStates;
  readonly known: ReadonlyMap<number, ReadonlyMap<StateGroup, KnownState>>;
  /** Invented attributes (`cannot_pickup`), per object. */
  readonly invented: ReadonlyMap<number, ReadonlySet<string>>;
  readonly events: readonly FoldEvent[];
}

/** The simulator action each verb runs as in the model (move teleports: the model has no passages). */
const ACTION_OF: Readonly<Record<Exclude<Verb, 'wait'>, string>> = {
  move: 'WALK',
  pickup: 'GRAB',
  placein: 'PUTIN',
  placeon: 'PUTBACK',
  open: 'OPEN',
  close: 'CLOSE',
  switchon: 'SWITCHON',
  switchoff: 'SWITCHOFF',
};

/** A state the command needs on one of its objects for the simulator to carry it out. */
interface Need {
  readonly id: number;
  readonly group: StateGroup;
  readonly value: State;
}

const CONTAINERS_OF_ID = (graph: EnvGraph, id: number) =>
  [...graph.targets(id, 'INSIDE')].filter((box) => !graph.isRoom(box) && graph.hasProperty(box, 'CAN_OPEN'));

/** The unobservable states a command needs, in the order a diagnosis blames them. */
function needsOf(graph: EnvGraph, verb: Verb, ids: readonly number[]): Need[] {
  const [a, b] = ids;
  const need = (id: number, value: State): Need[] => [{ id, group: groupOf(value)!, value }];
  switch (verb) {
    case 'open':
      return [...need(a, 'CLOSED'), ...(graph.hasProperty(a, 'HAS_SWITCH') ? need(a, 'OFF') : [])];
    case 'close':
      return need(a, 'OPEN');
    case 'switchon':
      return need(a, 'OFF');
    case 'switchoff':
      return need(a, 'ON');
    case 'placein':
      return graph.hasProperty(b, 'CAN_OPEN') ? need(b, 'OPEN') : [];
    case 'pickup':
      return CONTAINERS_OF_ID(graph, a).flatMap((box) => need(box, 'OPEN'));
    default:
      return [];
  }
}

/** The object a command acts on, which an invented attribute belongs to (the receptacle of a placing). */
const targetOf = (verb: Verb, ids: readonly number[]) => (verb === 'placein' || verb === 'placeon' ? ids[1] : ids[0]);

export interface FoldOptions {
  /** Diagnose failures (false for the "w/o Summary" variant). */
  readonly diagnose: boolean;
  /** Failures in a row, with no known cause, before one is diagnosed (default 2). */
  readonly failuresToDiagnose?: number;
}

export class HistoryFold {
  private readonly graph = new EnvGraph();
  private readonly derived = new DerivedStates();
  private readonly known = new Map<number, Map<StateGroup, KnownState>>();
  private readonly invented = new Map<number, Set<string>>();
  private readonly unexplained = new Map<string, number>();
  private readonly events: FoldEvent[] = [];
  private readonly character: number;

  private constructor(
    private readonly listing: ObjectListing,
    private readonly options: FoldOptions,
    ids: readonly number[],
  ) {
    this.character = listing.characterId;
    this.build(ids);
  }

  /** Replays the history over the objects (ids) the estimate is about. */
  static run(listing: ObjectListing, history: readonly HistoryItem[], ids: readonly number[], options: FoldOptions) {
    const fold = new HistoryFold(listing, options, [...ids, ...history.flatMap((h) => h.ids)]);
    return fold.replay(history);
  }

  // ---- the model world ---------------------------------------------------------------------------------------------

  /** Rooms, the character, the objects and the hosts they were first seen on or in, placed as first seen. */
  private build(wanted: readonly number[]): void {
    const graph = this.graph;
    const listing = this.listing;
    for (const room of listing.roomList()) graph.addNode({ id: room.id, className: room.className, category: 'Rooms' });
    const objects = new Set<number>();
    const queue = wanted.filter((id) => id !== UNKNOWN_OBJECT && listing.get(id) !== undefined);
    while (queue.length > 0) {
      const id = queue.pop()!;
      if (objects.has(id)) continue;
      objects.add(id);
      const host = listing.get(id)!.first.host;
      if (listing.get(host) !== undefined) queue.push(host);
    }
    for (const id of [...objects].sort((a, b) => a - b)) {
      const object = listing.get(id)!;
      graph.addNode({
        id,
        className: object.className,
        category: object.category,
        properties: object.properties,
      });
    }
    graph.addNode({ id: this.character, className: 'character', category: 'Characters' });
    const startRoom = listing.roomList().find((r) => listing.visitedAt(r.id) === 0)?.id ?? listing.currentRoom;
    graph.addEdge(this.character, 'INSIDE', startRoom);
    // Close to what it stood beside at the start (an EDH episode starts where the dialogue's history left it).
    for (const id of listing.closeAtStart) {
      if (!objects.has(id)) continue;
      graph.addEdge(this.character, 'CLOSE', id);
      graph.addEdge(id, 'CLOSE', this.character);
    }
    for (const id of objects) {
      const first = listing.get(id)!.first;
      if (graph.has(first.room)) graph.addEdge(id, 'INSIDE', first.room);
      if (first.relation === 'HELD') graph.addEdge(this.character, 'HOLDS_RH', id);
      else if (first.host !== first.room && graph.has(first.host)) {
        graph.addEdge(id, first.relation === 'ON' ? 'ON' : 'INSIDE', first.host);
      }
    }
  }

  private knownOf(id: number): Map<StateGroup, KnownState> {
    let map = this.known.get(id);
    if (!map) {
      map = new Map();
      this.known.set(id, map);
    }
    return map;
  }

  /** Makes a state known (and so in the model graph). */
  private learn(id: number, value: State, how: Evidence): void {
    const group = groupOf(value);
    if (!group || !this.graph.has(id)) return;
    this.knownOf(id).set(group, { value, how });
    for (const state of GROUP_STATES[group]) this.graph.removeState(id, state);
    this.graph.addState(id, value);
  }

  private isKnown(id: number, group: StateGroup): boolean {
    return this.known.get(id)?.has(group) ?? false;
  }

  /** Runs the command in the model; the error message when the model says it cannot be done. */
  private simulate(command: Command, ids: readonly number[]): string | undefined {
    if (command.verb === 'wait') return undefined;
    if (ids.some((id) => id === UNKNOWN_OBJECT || !this.graph.has(id))) return 'it names an object not seen';
    const action = actionNamed(ACTION_OF[command.verb])!;
    const objects = ids.map((id) => ({ name: this.graph.get(id).className, id }));
    const result = executeStep(this.graph, { action, objects, agent: 0 });
    return result.ok ? undefined : shortReason(result.error ?? 'failed');
  }

  /** Makes the model agree that the command could be done: close to its objects, holding what it places. */
  private repair(command: Command, ids: readonly number[]): void {
    const graph = this.graph;
    for (const id of ids) {
      if (!graph.has(id) || graph.isRoom(id)) continue;
      graph.addEdge(this.character, 'CLOSE', id);
      graph.addEdge(id, 'CLOSE', this.character);
    }
    if ((command.verb === 'placein' || command.verb === 'placeon') && graph.has(ids[0])) {
      const item = ids[0];
      const holding =
        graph.hasEdge(this.character, 'HOLDS_RH', item) || graph.hasEdge(this.character, 'HOLDS_LH', item);
      if (!holding) {
        for (const relation of ['ON', 'INSIDE'] as const) {
          for (const host of [...graph.targets(item, relation)])
            if (!graph.isRoom(host)) graph.removeEdge(item, relation, host);
        }
        graph.addEdge(
          this.character,
          graph.targets(this.character, 'HOLDS_RH').size === 0 ? 'HOLDS_RH' : 'HOLDS_LH',
          item,
        );
      }
    }
  }

  // ---- the replay --------------------------------------------------------------------------------------------------

  private replay(history: readonly HistoryItem[]): FoldResult {
    const sightings = this.sightings();
    let next = 0;
    for (const item of history) {
      while (next < sightings.length && sightings[next].t <= item.t) this.learnSighting(sightings[next++]);
      this.step(item);
    }
    while (next < sightings.length) this.learnSighting(sightings[next++]);
    return {
      graph: this.graph,
      derived: this.derived,
      known: this.known,
      invented: this.invented,
      events: this.events,
    };
  }

  /** Things first seen inside an openable container of the model: it was open then. */
  private sightings(): { t: number; container: number }[] {
    const out: { t: number; container: number }[] = [];
    for (const object of this.listing.all()) {
      const { host, relation, t } = object.first;
      if (relation === 'IN' && this.graph.has(host) && !this.graph.isRoom(host)) {
        if (this.graph.hasProperty(host, 'CAN_OPEN')) out.push({ t, container: host });
      }
    }
    return out.sort((a, b) => a.t - b.t || a.container - b.container);
  }

  private learnSighting(sighting: { t: number; container: number }): void {
    const state = this.known.get(sighting.container)?.get('OPEN');
    if (state?.how !== 'effect' || state.value !== 'CLOSED') this.learn(sighting.container, 'OPEN', 'seen');
  }

  private step(item: HistoryItem): void {
    const { command, ids } = item;
    const key = `${command.verb}(${ids.join(',')})`;
    const needs =
      command.verb === 'wait' ? [] : needsOf(this.graph, command.verb, ids).filter((n) => this.graph.has(n.id));
    const assumed = needs.filter((n) => !this.isKnown(n.id, n.group));
    // What the model predicts, with the unknown states it needs assumed as it needs them; nothing is kept.
    const verdict = this.graph.tryChanges(() => {
      for (const n of assumed) this.assume(n);
      return this.simulate(command, ids);
    });
    if (item.success) {
      // It worked, so what it needed held before it ran.
      for (const n of needs) this.learn(n.id, n.value, 'effect');
      let outcome: FoldEvent['outcome'] = 'done';
      if (this.simulate(command, ids) !== undefined) {
        this.repair(command, ids);
        if (this.simulate(command, ids) === undefined) outcome = 'repaired';
      }
      this.confirmEffects(command, ids);
      this.unexplained.delete(key);
      this.invented.get(targetOf(command.verb, ids))?.delete(`cannot_${command.verb}`);
      this.afterSuccess();
      this.events.push({ item, outcome, ...(verdict !== undefined && { reason: verdict }) });
      return;
    }
    if (verdict !== undefined) {
      this.events.push({ item, outcome: 'explained', reason: verdict });
      return;
    }
    if (!this.options.diagnose) {
      this.events.push({ item, outcome: 'unexplained' });
      return;
    }
    this.diagnose(item, key, assumed);
  }

  /** Sets a state the model does not know, as a command needs it, for one prediction. */
  private assume(need: Need): void {
    for (const state of GROUP_STATES[need.group]) this.graph.removeState(need.id, state);
    this.graph.addState(need.id, need.value);
  }

  /** An unexplained failure: counted; repeated, an unknown state it needed is blamed, or an attribute invented. */
  private diagnose(item: HistoryItem, key: string, assumed: readonly Need[]): void {
    const { command, ids } = item;
    const count = (this.unexplained.get(key) ?? 0) + 1;
    this.unexplained.set(key, count);
    const target = targetOf(command.verb, ids);
    if (count < (this.options.failuresToDiagnose ?? 2) || (assumed.length === 0 && !this.graph.has(target))) {
      this.events.push({ item, outcome: 'unexplained', reason: `failure ${count} in a row with no known cause` });
      return;
    }
    const reason = `failed ${count} times in a row with nothing known to stop it`;
    const blamed = assumed[0];
    if (blamed) {
      const other = GROUP_STATES[blamed.group].find((s) => s !== blamed.value)!;
      this.learn(blamed.id, other, 'diagnosed');
      this.unexplained.delete(key);
      this.events.push({
        item,
        outcome: 'diagnosed',
        reason,
        concluded: { id: blamed.id, attribute: other.toLowerCase() },
      });
      return;
    }
    const attribute = `cannot_${command.verb}`;
    const set = this.invented.get(target) ?? new Set<string>();
    set.add(attribute);
    this.invented.set(target, set);
    this.events.push({ item, outcome: 'invented', reason, concluded: { id: target, attribute } });
  }

  /** A successful command's state effects are known (the simulator has already set them in the model). */
  private confirmEffects(command: Command, ids: readonly number[]): void {
    const effect: Partial<Record<Verb, State>> = { open: 'OPEN', close: 'CLOSED', switchon: 'ON', switchoff: 'OFF' };
    const state = effect[command.verb];
    if (state !== undefined && this.graph.has(ids[0])) this.learn(ids[0], state, 'effect');
  }

  /** The derived-state rules, and rinsing: what a sink under a running faucet holds is clean. */
  private afterSuccess(): void {
    applyPhysics(this.graph, this.derived, this.character);
    for (const sink of this.graph.idsOfClass('sink')) {
      if (!waterRuns(this.graph, sink)) continue;
      for (const id of this.graph.sources(sink, 'INSIDE')) this.learn(id, 'CLEAN', 'effect');
    }
  }
}

/** A simulator message without the script line it repeats: `<fridge> (12) is not closed`. */
function shortReason(error: string): string {
  return error.replace(/\s+when executing\s+".*"\s*$/, '').trim();
}

export { formatCommand };
