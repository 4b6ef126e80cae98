/**
 * Bootstrapping the skill database in one training home without a model (the paper's appendix B builds it with an LM
 * that chains and summarises skills; `llm-build.ts` does that with a model). Bottom up, from the home's start state:
 *
 * 1. Level 1: every primitive behaviour on every class the home offers (`levelOnePrimitives`).
 * 2. Level 2: single goals, each planned with the household planner (the shortest plan it finds): each grabbable
 *    class placed on or in each host the catalog allows it, and in each container where the catalog stores things
 *    of its kind (fruit in a kitchen cabinet, as cereal); each food heated in a microwave; each switchable class
 *    switched on and switched off. A goal is planned from the start state and, where a state of the home decides
 *    its plan, from the start state with that state set each way (`variants`): a placement in a container with
 *    every container of the class open and with every one closed, a switch from the other position. A shift may change states either way, so
 *    the database holds both ("put apple in kitchencabinet" beside "open kitchencabinet and put apple in
 *    kitchencabinet", "switch off microwave" beside "switch on microwave"). The plan becomes a chain of level-1
 *    skills over classes (`chainOfPlan`).
 * 3. Level 3: conjunctions of 2-3 level-2 skills that share their kind and destination (two or three things put in
 *    one place, heated, switched), those of one category first ("put fruit on kitchentable"), at least one of each
 *    such name.
 * 4. Level 4: conjunctions of 2-3 level-3 skills that share their things or their destination, then any.
 *
 * Every skill is kept only when its chain runs (`runChain`) from the state it was planned from (level 2) or from the
 * start state (levels 3 and 4: a conjunction opens a container once, then puts into it); the objects it saw on the way
 * are its dn(e). Levels 3 and 4 draw their conjunctions in an order shuffled by the seed and stop
 * at the paper's counts (142 and 90). Deterministic per home and seed.
 */

import { categoryWord } from '../../../language/lexicon.js';
import { holds } from '../../../sim/conditions.js';
import type { EnvGraph } from '../../../sim/graph.js';
import type { Skill } from '../../../sim/skill.js';
import { roomPairs, VIRTUALHOME_SKILLS } from '../../../sim/skill-sets.js';
import { Rng } from '../../../util/rng.js';
import { planSkills } from '../../heuristics/plans.js';
import { type ChainRun, runChain, WENT_ROUND } from '../chain.js';
import { levelOnePrimitives, type Primitive, primitiveText } from '../primitives.js';
import { DATABASE_FORMAT, DATABASE_VERSION, LEVELS, SkillDatabase, type SkillEntry } from './database.js';
import { type Setup, type SingleGoal, type Stage, singleGoals } from './goals.js';
import { conjunctionName, type SkillMeaning, skillName } from './naming.js';

/**
 * The version of what `buildDatabase` makes of a home and seed. Bump it with any change that changes a database (the
 * build's steps, the names, the household planner's plans, the chain runner): databases cached on disk are keyed by
 * it (`bench/episodic/semgro/training.ts`), and runs record it, so that no run reads a database an older build made.
 * test/agents/semgro/database.test.ts pins a fingerprint of a small database to catch a change made without a bump.
 */
export const SEMGRO_DATABASE_BUILD = 3;

/**
 * The version of what `buildDatabase` makes with `people` (the people's-words families' database, docs/alfred.md),
 * beside `SEMGRO_DATABASE_BUILD`: bump it with a change that changes only that database (their skills' goals), so
 * that the other families' cached databases stay valid. 2: a slicing's chain ends with the walk to its food. 3: a tool
 * stands for the tools of its kind in the binding (a cutleryknife for a chefknife).
 */
export const SEMGRO_PEOPLE_DATABASE_BUILD = 3;

/** The paper's sizes of levels 3 and 4 (appendix B), the caps of the conjunctions drawn. */
export const PAPER_LEVEL_SIZES = [3949, 183, 142, 90] as const;

export interface BuildOptions {
  /** The training home's name, for the record. */
  readonly home: string;
  readonly seed: number;
  /** Caps of levels 3 and 4 (default the paper's 142 and 90). */
  readonly caps?: { readonly level3?: number; readonly level4?: number };
  /** Make level-2 skills for these classes only (default: every class the home offers); a smaller database. */
  readonly patients?: readonly string[];
  /** Also the skills of ALFRED's and TEACh's states (`singleGoals`' `people`: the people's-words families). */
  readonly people?: boolean;
}

/** A skill being made: what it means, its children (ids one level down) and its chain. */
interface Draft {
  readonly meaning: SkillMeaning;
  readonly plan: readonly number[];
  readonly chain: readonly Primitive[];
}

/** Skills that change a thing's state where it stands: the chain walks to their thing first. */
const STATE_CHANGES = new Set(['open', 'close', 'switchon', 'switchoff']);

/**
 * A plan of skills as a chain of level-1 skills over classes. Walks between rooms collapse into one walk to the room
 * where the next thing is dealt with, written before the first skill in each room (the plan's first room too), so that
 * the chain can start wherever the character stands; a walk goes to the next skill's target (`walkToTarget`). A state
 * change of a thing the chain did not walk to last gets a walk to it (the planner walks to the faucet, opens the
 * cabinet beside it, then switches the faucet on; the chain walks to the cabinet): `walk X` takes no step when the
 * character is close to an X already.
 */
export function chainOfPlan(graph: EnvGraph, plan: readonly Skill[]): Primitive[] {
  const chain: Primitive[] = [];
  let room: number | undefined;
  let walkedTo: number | undefined;
  const isRoomWalk = (skill: Skill) => skill.action === 'walk' && graph.isRoom(skill.objects[0]);
  for (const [i, planned] of plan.entries()) {
    if (isRoomWalk(planned)) continue;
    const skill = walkToTarget(planned, plan[i + 1]);
    const place = skill.objects[skill.objects.length - 1];
    const here = graph.roomOf(place);
    if (here !== undefined && here !== room) {
      chain.push({ verb: 'walk', objects: [graph.get(here).className] });
      room = here;
    }
    if (STATE_CHANGES.has(skill.action) && walkedTo !== place) {
      chain.push({ verb: 'walk', objects: [graph.get(place).className] });
    }
    walkedTo = skill.action === 'walk' ? place : STATE_CHANGES.has(skill.action) ? place : walkedTo;
    chain.push({
      verb: skill.action as Primitive['verb'],
      objects: skill.objects.map((id) => graph.get(id).className),
    });
  }
  return chain;
}

/**
 * The planner walks to whatever makes the next target close (the counter a toothbrush lies on, a toy lying on the
 * bed); the chain walks to the next skill's target itself, which does the same and names what the skill is about.
 */
function walkToTarget(skill: Skill, next: Skill | undefined): Skill {
  if (skill.action !== 'walk' || !next || next.action === 'walk') return skill;
  const target = next.objects[next.objects.length - 1];
  return target === skill.objects[0] ? skill : { action: 'walk', objects: [target] };
}

/**
 * The chains to try, in turn, for a goal whose chain ends close to a class (`SingleGoal.approach`): its last walk to
 * the class itself (as `walkToTarget` names the next skill's target); else that walk after the planner's, the place
 * walked to opened first where it holds the thing shut; the chain as planned last. In the training home the planner
 * reaches an apple in the closed fridge by walking to the fridge: a chain ending "walk fridge" walked to the fridge in
 * every home, wherever the apple lay, and cut nothing there (SemGro sliced in none of the sample's tasks with the
 * gold reading, docs/alfred.md); it now ends "walk fridge, open fridge, walk apple".
 */
function approached(chain: readonly Primitive[], approach: string | undefined): Primitive[][] {
  const last = chain[chain.length - 1];
  if (approach === undefined || !last || (last.verb === 'walk' && last.objects[0] === approach)) return [[...chain]];
  const walk: Primitive = { verb: 'walk', objects: [approach] };
  if (last.verb !== 'walk') return [[...chain, walk], [...chain]];
  const open: Primitive = { verb: 'open', objects: [last.objects[0]] };
  return [[...chain.slice(0, -1), walk], [...chain, walk], [...chain, open, walk], [...chain]];
}

/**
 * Calls `visit` with every combination of `count` indices of each of the sizes (the smaller sizes first, each size in
 * lexicographic order). The array passed is reused from one call to the next: level 3 visits some 650,000
 * combinations in the people's home, and made an array for each.
 */
function forEachCombination(count: number, sizes: readonly number[], visit: (picked: readonly number[]) => void): void {
  for (const size of sizes) {
    if (size > count) continue;
    const picked = Array.from({ length: size }, (_, i) => i);
    for (;;) {
      visit(picked);
      // The rightmost index that can still move up moves up by one; those after it follow it.
      let i = size - 1;
      while (i >= 0 && picked[i] === count - size + i) i--;
      if (i < 0) break;
      picked[i]++;
      for (let j = i + 1; j < size; j++) picked[j] = picked[j - 1] + 1;
    }
  }
}

const patientsOf = (meaning: SkillMeaning) => meaning.patients;

/** What groups skills into a conjunction one level up: same kind and the same destination (or direction, content). */
function groupKey(meaning: SkillMeaning): string {
  switch (meaning.kind) {
    case 'place':
      return `place|${meaning.relation}|${meaning.host}`;
    case 'heat':
      return `heat|${meaning.appliance}`;
    case 'switch':
      return `switch|${meaning.on}`;
    case 'open':
      return `open|${meaning.open}`;
    case 'clean':
      return 'clean';
    case 'fill':
      return `fill|${meaning.content}`;
    case 'water':
      return `water|${meaning.vessel}`;
    case 'slice':
      return `slice|${meaning.tool}`;
    case 'cool':
      return `cool|${meaning.appliance}`;
    case 'boil':
      return `boil|${meaning.vessel}`;
    case 'examine':
      return `examine|${meaning.lamp}`;
  }
}

/** A placement the catalog would not make (a fruit in the toilet): drawn into conjunctions after the others. */
const atypical = (meaning: SkillMeaning) => meaning.kind === 'place' && meaning.typical === false;

/** The meaning of a same-kind conjunction (level 3): the parts' patients together. */
function mergedMeaning(parts: readonly SkillMeaning[]): SkillMeaning {
  const first = parts[0];
  const patients = parts.flatMap(patientsOf);
  return first.kind === 'place' ? { ...first, patients, opens: false } : { ...first, patients };
}

/** The one category word (or class) the patients share; undefined when they are of several. */
const categoryOfPatients = (patients: readonly string[]) => {
  const words = new Set(patients.map((p) => categoryWord(p) ?? p));
  return words.size === 1 ? [...words][0] : undefined;
};
const categoryOf = (meaning: SkillMeaning) => categoryOfPatients(meaning.patients);

/** A part's patients, and the category word they share (`categoryOfPatients`). */
interface Patients {
  readonly patients: readonly string[];
  readonly category: string | undefined;
}

const patientsWithCategory = (meaning: SkillMeaning): Patients => ({
  patients: meaning.patients,
  category: categoryOf(meaning),
});

/** Whether no patient occurs twice among the parts' patients (nor twice in one part). */
function distinctPatients(parts: readonly Patients[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    const mine = parts[i].patients;
    for (let a = 0; a < mine.length; a++) {
      for (let b = a + 1; b < mine.length; b++) if (mine[a] === mine[b]) return false;
      for (let j = i + 1; j < parts.length; j++) if (parts[j].patients.includes(mine[a])) return false;
    }
  }
  return true;
}

/**
 * The category word the parts' patients share, all of them together (`categoryOfPatients` of their patients), read
 * from each part's own: a part whose patients are of several words, or of another word than the rest, has none.
 */
function sharedCategory(parts: readonly Patients[]): string | undefined {
  let shared: string | undefined;
  for (const part of parts) {
    if (part.patients.length === 0) continue;
    if (part.category === undefined || (shared !== undefined && part.category !== shared)) return undefined;
    shared = part.category;
  }
  return shared;
}

/** Whether every item gives the same value. */
function allSame<T>(items: readonly T[], value: (item: T) => string): boolean {
  for (let i = 1; i < items.length; i++) if (value(items[i]) !== value(items[0])) return false;
  return true;
}

/** Whether the items give values that differ pairwise. */
function allDifferent<T>(items: readonly T[], value: (item: T) => string): boolean {
  for (let i = 0; i < items.length; i++) {
    for (let j = i + 1; j < items.length; j++) if (value(items[i]) === value(items[j])) return false;
  }
  return true;
}

/** A database being made in a training home: the entries so far, and how a chain is checked there. */
export class Bootstrap {
  readonly entries: SkillEntry[] = [];
  readonly character: number;
  readonly adjacent: ReturnType<typeof roomPairs>;
  /** Level-1 entries by text. */
  readonly primitiveIds = new Map<string, number>();

  constructor(
    readonly graph: EnvGraph,
    private readonly patients?: readonly string[],
    private readonly people = false,
  ) {
    this.character = graph.characterId();
    this.adjacent = roomPairs(graph);
    for (const primitive of levelOnePrimitives(graph)) {
      const text = primitiveText(primitive);
      this.primitiveIds.set(text, this.add(1, text, [...new Set(primitive.objects)].sort(), []));
    }
  }

  add(level: number, text: string, objects: readonly string[], plan: readonly number[]): number {
    const id = this.entries.length + 1;
    this.entries.push({ id, level, text, objects: [...objects], plan: [...plan] });
    return id;
  }

  /** The chain run from the start state (the graph is left as it was), with what it saw up close. */
  check(chain: readonly Primitive[]): ChainRun {
    return this.graph.tryChanges((g) =>
      runChain(g, this.character, chain, { adjacent: this.adjacent, collectSeen: true }),
    );
  }

  /** The level-2 skills to make: each single goal planned, as a chain that runs, with what it saw. */
  levelTwo(): { meaning: SkillMeaning; chain: Primitive[]; plan: number[]; seen: readonly string[] }[] {
    type Made = { meaning: SkillMeaning; chain: Primitive[]; plan: number[]; seen: readonly string[] };
    const goals = singleGoals(this.graph, { people: this.people }).filter(
      ({ meaning }) => !this.patients || meaning.patients.every((p) => this.patients!.includes(p)),
    );
    const composed = (meaning: SkillMeaning) => meaning.kind === 'place' && meaning.typical === false;
    // The planned goals first; a placement the catalog does not make is composed from one of them (`composed`).
    const made = new Map<SingleGoal, Made[]>();
    const fetches = new Map<string, Primitive[]>();
    for (const goal of goals) {
      if (composed(goal.meaning)) continue;
      const { meaning, stages, variants, variantsOnly } = goal;
      const setups: (Setup | undefined)[] = [...(variantsOnly ? [] : [undefined]), ...(variants ?? [])];
      const list: Made[] = [];
      for (const setup of setups) {
        const planned = this.graph.tryChanges((g) => {
          setup?.(g);
          return holds(stages[0], g) ? undefined : this.planned(g, stages, goal.approach);
        });
        if (!planned) continue;
        const { chain } = planned;
        if (meaning.kind === 'place' && setup === undefined) {
          const patient = meaning.patients[0];
          const grab = chain.findIndex((p) => p.verb === 'grab' && p.objects[0] === patient);
          if (grab >= 0 && !fetches.has(patient)) fetches.set(patient, chain.slice(0, grab + 1));
        }
        const opens = meaning.kind === 'place' && chain.some((p) => p.verb === 'open' && p.objects[0] === meaning.host);
        list.push({ ...planned, meaning: meaning.kind === 'place' ? { ...meaning, opens } : meaning });
      }
      made.set(goal, list);
    }
    const out: Made[] = [];
    for (const goal of goals) {
      if (!composed(goal.meaning)) {
        out.push(...made.get(goal)!);
        continue;
      }
      const fetch = fetches.get(goal.meaning.patients[0]);
      const placed = fetch
        ? this.placedAfter(fetch, goal.meaning as Extract<SkillMeaning, { kind: 'place' }>)
        : this.graph.tryChanges((g) => this.planned(g, goal.stages));
      if (placed) {
        const host = (goal.meaning as Extract<SkillMeaning, { kind: 'place' }>).host;
        const opens = placed.chain.some((p) => p.verb === 'open' && p.objects[0] === host);
        out.push({ ...placed, meaning: { ...goal.meaning, opens } as SkillMeaning });
      }
    }
    return out;
  }

  /**
   * A placement the catalog does not make (a magazine on the bed: most of level 2, and a plan costs milliseconds),
   * composed without the planner: the thing fetched as a planned placement of it fetches it (its chain up to the
   * grab, opening what holds it), then a walk to the room of the nearest such host, to the host, and the put. Kept
   * when it runs from the start state and leaves the thing there.
   */
  private placedAfter(
    fetch: readonly Primitive[],
    meaning: Extract<SkillMeaning, { kind: 'place' }>,
  ): { chain: Primitive[]; plan: number[]; seen: readonly string[] } | undefined {
    const graph = this.graph;
    const patient = meaning.patients[0];
    const from = graph.roomOf(graph.idsOfClass(patient)[0] ?? -1);
    const hosts = [...graph.idsOfClass(meaning.host)].sort(
      (a, b) => Number(graph.roomOf(b) === from) - Number(graph.roomOf(a) === from) || a - b,
    );
    const room = hosts.length > 0 ? graph.roomOf(hosts[0]) : undefined;
    if (room === undefined) return undefined;
    // A container that opens and is closed is opened first (ALFRED's toilet, safe, drawer).
    const opens =
      meaning.relation === 'INSIDE' && graph.hasProperty(hosts[0], 'CAN_OPEN') && graph.hasState(hosts[0], 'CLOSED');
    const chain: Primitive[] = [
      ...fetch,
      { verb: 'walk', objects: [graph.get(room).className] },
      { verb: 'walk', objects: [meaning.host] },
      ...(opens ? [{ verb: 'open' as const, objects: [meaning.host] }] : []),
      { verb: meaning.relation === 'ON' ? 'put' : 'putin', objects: [patient, meaning.host] },
    ];
    const plan = chain.map((p) => this.primitiveIds.get(primitiveText(p)));
    if (plan.some((c) => c === undefined)) return undefined;
    const run = graph.tryChanges((g) => {
      const ran = runChain(g, this.character, chain, { adjacent: this.adjacent, collectSeen: true });
      const there = g
        .idsOfClass(patient)
        .some((x) => g.idsOfClass(meaning.host).some((h) => g.hasEdge(x, meaning.relation, h)));
      return ran.ok && there ? ran : undefined;
    });
    return run ? { chain, plan: plan as number[], seen: run.seen } : undefined;
  }

  /**
   * Goals planned one after the other in the graph as it stands, each from where the chain of the one before left
   * it, as one chain of level-1 skills that runs there (the graph is changed).
   */
  private planned(
    graph: EnvGraph,
    stages: readonly Stage[],
    approach?: string,
  ): { chain: Primitive[]; plan: number[]; seen: readonly string[] } | undefined {
    // Each stage planned where the chain of the one before leaves the home (tried, then undone) ...
    const chain = graph.tryChanges((g) => {
      const parts: Primitive[] = [];
      for (const stage of stages) {
        const goal = typeof stage === 'function' ? stage(g) : stage;
        if (!goal) return undefined;
        if (holds(goal, g)) continue;
        const planned = planSkills(g, goal, VIRTUALHOME_SKILLS);
        if (!planned || planned.length === 0) return undefined;
        const part = chainOfPlan(g, planned);
        if (stages.length > 1 && !runChain(g, this.character, part, { adjacent: this.adjacent }).ok) return undefined;
        parts.push(...part);
      }
      return parts;
    });
    if (!chain) return undefined;
    // ... and the whole chain run at once, as an agent runs it (one binding of each class throughout).
    for (const tried of approached(chain, approach)) {
      const plan = tried.map((p) => this.primitiveIds.get(primitiveText(p)));
      if (tried.length < 2 || plan.some((c) => c === undefined)) continue;
      const runs = graph.tryChanges((g) => runChain(g, this.character, tried, { adjacent: this.adjacent }).ok);
      if (!runs) continue;
      const run = runChain(graph, this.character, tried, { adjacent: this.adjacent, collectSeen: true });
      return { chain: tried, plan: plan as number[], seen: run.seen };
    }
    return undefined;
  }

  finish(options: BuildOptions, builder: string): SkillDatabase {
    const levels = Array.from({ length: LEVELS }, (_, i) => this.entries.filter((e) => e.level === i + 1).length);
    const header = {
      format: DATABASE_FORMAT,
      version: DATABASE_VERSION,
      home: options.home,
      seed: options.seed,
      builder,
      levels,
    } as const;
    return new SkillDatabase(header, this.entries);
  }
}

export function buildDatabase(graph: EnvGraph, options: BuildOptions): SkillDatabase {
  const rng = new Rng(options.seed).fork('semgro-database');
  const bootstrap = new Bootstrap(graph, options.patients, options.people ?? false);
  const check = (chain: readonly Primitive[]) => bootstrap.check(chain);

  // Level 2: planned single goals, named by template.
  const level2: { id: number; draft: Draft }[] = [];
  const texts = new Set<string>();
  for (const { meaning, chain, plan, seen } of bootstrap.levelTwo()) {
    const text = skillName(meaning);
    if (texts.has(text)) continue;
    texts.add(text);
    level2.push({ id: bootstrap.add(2, text, seen, plan), draft: { meaning, plan, chain } });
  }

  // Level 3: same-kind conjunctions of level-2 skills.
  const level3 = conjoin(level2, options.caps?.level3 ?? PAPER_LEVEL_SIZES[2], rng.fork('level3'), {
    traits: (meaning) => ({ ...patientsWithCategory(meaning), group: groupKey(meaning), atypical: atypical(meaning) }),
    rank: (parts) => {
      if (!allSame(parts, (p) => p.group)) return undefined;
      // Different things (a placement and its variant from the other position are one thing twice).
      if (!distinctPatients(parts)) return undefined;
      return parts.some((p) => p.atypical) ? 2 : sharedCategory(parts) !== undefined ? 0 : 1;
    },
    made: (parts) => {
      const merged = mergedMeaning(parts.map((p) => p.meaning));
      return { meaning: merged, text: skillName(merged) };
    },
    // Placements the catalog would not make are combined among themselves, from a few parts of each destination.
    key: (meaning) => `${groupKey(meaning)}${atypical(meaning) ? '|atypical' : ''}`,
    limit: (key) => (key.endsWith('|atypical') ? ATYPICAL_PARTS : undefined),
    everyPreferred: true,
    sizes: [2, 3],
    check,
    add: (text, objects, plan) => bootstrap.add(3, text, objects, plan),
  });

  // Level 4: conjunctions of level-3 skills that share their things or their destination first, then any.
  conjoin(level3, options.caps?.level4 ?? PAPER_LEVEL_SIZES[3], rng.fork('level4'), {
    traits: (meaning) => {
      const own = patientsWithCategory(meaning);
      return {
        ...own,
        name: skillName(meaning),
        phrase: own.category ?? meaning.patients.join(),
        group: groupKey(meaning),
      };
    },
    rank: (parts) => {
      if (!distinctPatients(parts) || !allDifferent(parts, (p) => p.name)) return undefined;
      return allSame(parts, (p) => p.phrase) || allSame(parts, (p) => p.group) ? 0 : 1;
    },
    made: (parts) => ({ meaning: parts[0].meaning, text: conjunctionName(parts.map((p) => p.meaning)) }),
    key: () => 'all',
    sizes: [2, 3],
    check,
    add: (text, objects, plan) => bootstrap.add(4, text, objects, plan),
    pool: 60,
  });

  return bootstrap.finish(options, 'offline: household planner (single goals), conjunctions, templates');
}

/** Parts of a group of atypical placements (one destination) that level 3 combines, drawn by the seed. */
const ATYPICAL_PARTS = 6;

interface ConjoinRules<Traits> {
  /** What `rank` reads of a part, worked out once per part (the rank is asked of every combination). */
  traits(meaning: SkillMeaning): Traits;
  /** The conjunction's rank (conjunctions are drawn rank 0 first, then 1, then 2); undefined: not one to make. */
  rank(parts: readonly Traits[]): number | undefined;
  /**
   * The conjunction's meaning and text: asked only for the ranks drawn from (level 3 makes some 600,000 candidates of
   * rank 1 in the people's home, and the cap is reached within rank 0).
   */
  made(parts: readonly { meaning: SkillMeaning }[]): { meaning: SkillMeaning; text: string };
  /** Parts are combined only with parts of the same key. */
  key(meaning: SkillMeaning): string;
  /** Combine at most this many parts of a group (drawn by the seed) when it has more; undefined: all. */
  limit?(key: string): number | undefined;
  readonly sizes: readonly number[];
  check(chain: readonly Primitive[]): ChainRun;
  add(text: string, objects: readonly string[], plan: readonly number[]): number;
  /** Consider only this many parts (drawn by the seed) when there are more: combinations grow fast. */
  readonly pool?: number;
  /** Draw past the cap until every name of rank 0 has a conjunction (one of each kind of chore). */
  readonly everyPreferred?: boolean;
}

/**
 * The candidates by name, in drawing order: names in shuffled order, each name's candidates shuffled. Drawn one name
 * in turn (`conjoin`), so that a name with many combinations does not crowd out the others.
 */
function queuesByName<T extends { made: { text: string } }>(candidates: readonly T[], rng: Rng): T[][] {
  const byName = new Map<string, T[]>();
  for (const candidate of candidates) {
    const list = byName.get(candidate.made.text) ?? [];
    list.push(candidate);
    byName.set(candidate.made.text, list);
  }
  return rng.shuffle([...byName.keys()].sort()).map((name) => rng.shuffle(byName.get(name)!));
}

/**
 * Conjunctions known not to run, by the parts they begin with. A chain's run from the start state, up to the primitive
 * where it failed, read nothing of the chain after that primitive but the next one, and that only from a walk (the
 * cursor looks one primitive ahead to pass over a walk to a room): so a conjunction that begins with the parts holding
 * those primitives fails there too, and is not run again. Most candidates fail (in the people's home some 4,800 of
 * the 5,000 tried), many for their first part: a placement planned with its container open, which the start state
 * has closed. A run that went round says nothing of another chain (its limit of steps depends on the chain's length).
 */
export class FailingPrefixes {
  private readonly keys = new Set<string>();

  /** Whether the conjunction begins with parts known to fail. */
  fails(ids: readonly number[]): boolean {
    for (let count = 1; count <= ids.length; count++) if (this.keys.has(ids.slice(0, count).join())) return true;
    return false;
  }

  /** Notes a conjunction's failed run (its parts' ids and chains): the parts it failed within. */
  note(ids: readonly number[], chains: readonly (readonly Primitive[])[], run: ChainRun): void {
    if (!run.failed || run.failed.failure.text === WENT_ROUND) return;
    const at = run.failed.index;
    const chain = chains.flat();
    const read = chain[at]?.verb === 'walk' ? at + 1 : at; // the last primitive the run may have looked at
    let end = 0;
    for (let count = 1; count <= ids.length; count++) {
      end += chains[count - 1].length;
      if (read < end) {
        this.keys.add(ids.slice(0, count).join());
        return;
      }
    }
  }
}

/** The ranks of conjunctions: 0 (drawn first), 1, and 2 or above. */
const RANKS = 3;

/** Draws conjunctions of the lower skills (rank 0 first, names in turn), keeps those that run. */
function conjoin<Traits>(
  lower: readonly { id: number; draft: Draft }[],
  cap: number,
  rng: Rng,
  rules: ConjoinRules<Traits>,
): { id: number; draft: Draft }[] {
  const parts =
    rules.pool !== undefined && lower.length > rules.pool ? rng.fork('pool').sample(lower, rules.pool) : lower;
  // Combinations are made within groups of parts that may go together.
  const groups = new Map<string, number[]>();
  parts.forEach((part, i) => {
    const key = rules.key(part.draft.meaning);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key)!.push(i);
  });
  const memberLists = [...groups].map(([key, all]) => {
    const limit = rules.limit?.(key);
    return limit !== undefined && all.length > limit ? rng.fork(`limit:${key}`).sample(all, limit) : all;
  });
  const traits = parts.map((part) => rules.traits(part.draft.meaning));
  const picked: Traits[] = [];
  /**
   * The combinations of a rank (the last rank: of that rank or above), in the order made, as indices into `parts`.
   * Made when the rank is drawn from: most combinations are of a rank never drawn from (some 600,000 in the people's
   * home), and were kept, as arrays, for nothing.
   */
  const ofRank = (wanted: number): number[][] => {
    const found: number[][] = [];
    for (const members of memberLists) {
      forEachCombination(members.length, rules.sizes, (combination) => {
        picked.length = combination.length;
        for (let k = 0; k < combination.length; k++) picked[k] = traits[members[combination[k]]];
        const rank = rules.rank(picked);
        if (rank !== undefined && Math.min(rank, RANKS - 1) === wanted) found.push(combination.map((i) => members[i]));
      });
    }
    return found;
  };
  const byId = new Map(parts.map((p) => [p.id, p]));
  const out: { id: number; draft: Draft }[] = [];
  const names = ['preferred', 'others', 'atypical'];
  type Candidate = { ids: number[]; made: { meaning: SkillMeaning; text: string } };
  const failing = new FailingPrefixes();
  /** The next candidate of the queue that runs, added; false when none does. */
  const draw = (queue: Candidate[]): boolean => {
    while (queue.length > 0) {
      const candidate = queue.shift()!;
      if (failing.fails(candidate.ids)) continue;
      const children = candidate.ids.map((id) => byId.get(id)!);
      const chain = children.flatMap((c) => c.draft.chain);
      const run = rules.check(chain);
      if (!run.ok) {
        failing.note(
          candidate.ids,
          children.map((c) => c.draft.chain),
          run,
        );
        continue;
      }
      const id = rules.add(candidate.made.text, run.seen, candidate.ids);
      out.push({ id, draft: { meaning: candidate.made.meaning, plan: candidate.ids, chain } });
      return true;
    }
    return false;
  };
  // Rank by rank, one conjunction of each name in turn: a name's turn passes over its candidates that do not run
  // (two openings of the fridge) to the next one, so that a name is not lost to the cap for its first draw. With
  // `everyPreferred`, the first round of the preferred names goes past the cap (one of each kind of chore); every
  // other draw stops at it.
  for (let rank = 0; rank < RANKS; rank++) {
    const pastCapFirst = rank === 0 && rules.everyPreferred === true;
    if (out.length >= cap && !pastCapFirst) break; // nothing more is drawn: the later ranks are never made
    const candidates = ofRank(rank).map((members) => ({
      ids: members.map((i) => parts[i].id),
      made: rules.made(members.map((i) => parts[i].draft)),
    }));
    const queues = queuesByName(candidates, rng.fork(names[rank]));
    for (let round = 0; queues.some((q) => q.length > 0); round++) {
      const pastCap = rank === 0 && round === 0 && rules.everyPreferred === true;
      for (const queue of queues) if (pastCap || out.length < cap) draw(queue);
      if (out.length >= cap) break;
    }
  }
  return out;
}
