import { describe, expect, it } from 'vitest';
import {
  ALFRED_INSTRUCTIONS,
  bindInstruction,
  checkScale,
  drawInstructions,
  fitsHome,
  homeScale,
  type InstructionDef,
  inPlainSight,
  instancesOf,
  LEXICON,
  PREPOSITIONS,
  REFERENTS,
  ROOM_WORDS,
  roomQualifier,
  SENTENCE_TEMPLATES,
  STATE_WORDS,
  sentenceFor,
  singleTexts,
  summarize,
  templateOf,
  textsFor,
  VIRTUALHOME_INSTRUCTIONS,
} from '../../../src/bench/continual/instructions/index.js';
import { requireCatalogClass } from '../../../src/sim/catalog/index.js';
import { edge, holds } from '../../../src/sim/conditions.js';
import { applyDisturbance, canDisturb, moveObject, setState } from '../../../src/sim/dynamics/index.js';
import type { EnvGraph } from '../../../src/sim/graph.js';
import { builtinHomes, loadHome } from '../../../src/sim/scenes/index.js';
import { alfredPutRelation } from '../../../src/sim/skill-sets.js';
import { InputError } from '../../../src/util/errors.js';
import { Rng } from '../../../src/util/rng.js';

const POOLS = [VIRTUALHOME_INSTRUCTIONS, ALFRED_INSTRUCTIONS];
const HOMES = [...builtinHomes().map((h) => h.name), 'gen:11', 'gen:12:6'];
const graphs = new Map(HOMES.map((name) => [name, loadHome(name).graph] as const));

describe('the instruction pools', () => {
  it('hold the 19 rows of Table A.1 and the 16 of Table A.2, with unique ids', () => {
    expect(VIRTUALHOME_INSTRUCTIONS).toHaveLength(19);
    expect(ALFRED_INSTRUCTIONS).toHaveLength(16);
    for (const pool of POOLS) {
      expect(pool.map((d) => d.row)).toEqual(pool.map((_, i) => i + 1));
      expect(new Set(pool.map((d) => d.id)).size).toBe(pool.length);
    }
  });

  it('name only classes that hearth catalogs and the lexicon words', () => {
    for (const def of [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS]) {
      const classes = [def.goal.object, ...(def.goal.kind === 'placement' ? [def.goal.host] : [])].flatMap(
        (slot) => slot.classes,
      );
      for (const name of classes) expect(LEXICON[name], `${def.id}: ${name}`).toBeDefined();
    }
  });

  it("put ALFRED placements where ALFRED's put leaves things (ON a surface, INSIDE an openable container)", () => {
    const home = graphs.get('cottage')!;
    for (const def of ALFRED_INSTRUCTIONS) {
      if (def.goal.kind !== 'placement') continue;
      const host = instancesOf(home, def.goal.host.classes[0])[0];
      expect(alfredPutRelation(home.get(host)), def.id).toBe(def.goal.relation);
    }
  });
});

/**
 * Independent reading of "fits": the classes exist, a moved object lies in plain sight somewhere, and the thing the
 * text names by its room (a switched object, a host) has an instance alone of its class among the rooms of its room's
 * class (two bedrooms with a desk each: "the desk in the bedroom" would not say which).
 */
function fitsByHand(def: InstructionDef, home: EnvGraph): boolean {
  const goal = def.goal;
  const roomClassesOf = (cls: string) => instancesOf(home, cls).map((id) => home.get(home.roomOf(id)!).className);
  const nameable = (cls: string) => {
    const classes = roomClassesOf(cls);
    const rooms = (roomClass: string) =>
      new Set(
        instancesOf(home, cls)
          .filter((id) => home.get(home.roomOf(id)!).className === roomClass)
          .map((id) => home.roomOf(id)),
      );
    return classes.some((roomClass) => rooms(roomClass).size === 1);
  };
  const objects = instancesOf(home, goal.object.classes[0]);
  if (goal.kind === 'state')
    return objects.some((id) => home.get(id).states.size > 0) && nameable(goal.object.classes[0]);
  return (
    instancesOf(home, goal.host.classes[0]).length > 0 &&
    nameable(goal.host.classes[0]) &&
    objects.some((id) => inPlainSight(home, id))
  );
}

describe('binding to homes', () => {
  for (const [name, home] of graphs) {
    it(`binds every instruction that fits ${name}, and only those`, () => {
      for (const def of [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS]) {
        const fits = fitsHome(def, home);
        expect(fits, `${name} ${def.id}`).toBe(fitsByHand(def, home));
        const bound = bindInstruction(def, home, new Rng(3));
        expect(bound === undefined, def.id).toBe(!fits);
        if (!bound) continue;
        for (const id of [...bound.objects, ...(bound.host === undefined ? [] : [bound.host])]) {
          expect(home.roomOf(id), `${def.id} binds ${id} in a room`).toBeDefined();
        }
        if (def.goal.kind === 'placement') {
          for (const id of bound.objects) {
            expect(home.get(id).className).toBe(def.goal.object.classes[0]);
            expect(inPlainSight(home, id)).toBe(true);
          }
          if (def.goal.quantity === 'all') {
            const visible = instancesOf(home, def.goal.object.classes[0]).filter((id) => inPlainSight(home, id));
            expect([...bound.objects].sort()).toEqual(visible.sort());
          }
        }
      }
    });
  }

  it('fits every instruction to the built-in homes but those whose objects studio-plus lacks', () => {
    for (const name of ['cottage', 'flat']) {
      for (const pool of POOLS) expect(homeScale(pool, graphs.get(name)!).fitting).toHaveLength(pool.length);
    }
    // family-house's two bedrooms have a desk and a closet each, and no other room has one: "the desk in the
    // bedroom" would not say which desk is scored, so the apple, towel and clothes placements do not fit it
    const family = graphs.get('family-house')!;
    const unfit = [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS].filter((def) => !fitsHome(def, family));
    expect(unfit.map((def) => def.id)).toEqual(['vh-02', 'vh-10', 'al-07']);
    const studio = graphs.get('studio-plus')!;
    expect(instancesOf(studio, 'dishwasher')).toHaveLength(0);
    for (const id of ['vh-04', 'vh-18']) {
      expect(fitsHome(VIRTUALHOME_INSTRUCTIONS.find((d) => d.id === id)!, studio)).toBe(false);
    }
  });

  it('binds only a host its room names: of three bookshelves, the one outside the two bedrooms', () => {
    const home = loadHome('family-house').graph;
    const bedrooms = [...home.nodes()].filter((n) => n.className === 'bedroom').map((n) => n.id);
    expect(bedrooms).toHaveLength(2);
    // a bookshelf in the bedroom that has none: now each bedroom has one, and the living room one
    const bedroom = bedrooms.find((room) => instancesOf(home, 'bookshelf').every((id) => home.roomOf(id) !== room))!;
    const shelf = requireCatalogClass('bookshelf');
    home.addNode({ id: 9000, className: 'bookshelf', category: shelf.category, properties: shelf.properties });
    home.addEdge(9000, 'INSIDE', bedroom);
    const book = VIRTUALHOME_INSTRUCTIONS.find((def) => def.id === 'vh-13')!;
    const rooms = new Set<string>();
    for (let seed = 0; seed < 20; seed++) {
      const bound = bindInstruction(book, home, new Rng(seed))!;
      rooms.add(home.get(home.roomOf(bound.host!)!).className);
    }
    expect([...rooms]).toEqual(['livingroom']);
  });

  it('prefers the kitchen sink for the plate and the bathroom sink for the towels', () => {
    const home = graphs.get('cottage')!;
    const plate = bindInstruction(ALFRED_INSTRUCTIONS[13], home, new Rng(1))!;
    const towels = bindInstruction(ALFRED_INSTRUCTIONS[14], home, new Rng(1))!;
    expect(home.get(home.roomOf(plate.host!)!).className).toBe('kitchen');
    expect(home.get(home.roomOf(towels.host!)!).className).toBe('bathroom');
  });
});

/** Makes the execution hold by editing the graph directly. */
function satisfy(home: EnvGraph, bound: ReturnType<typeof bindInstruction> & object): void {
  const goal = bound.def.goal;
  if (goal.kind === 'state') setState(home, bound.objects[0], goal.state);
  else for (const id of bound.objects) moveObject(home, id, { relation: goal.relation, host: bound.host! });
}

describe('query, execution and disturbance', () => {
  for (const [name, base] of graphs) {
    it(`agree on ${name}: query is the negated execution, the disturbance makes the query true`, () => {
      for (const def of [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS]) {
        for (const [seed, referents] of [1, 2, 3].flatMap((seed) => REFERENTS.map((r) => [seed, r] as const))) {
          const home = base.clone();
          const bound = bindInstruction(def, home, new Rng(seed), referents);
          if (!bound) continue;
          expect(holds(bound.query, home), def.id).toBe(!holds(bound.execution, home));
          satisfy(home, bound);
          expect(holds(bound.execution, home), `${def.id} satisfied`).toBe(true);
          expect(holds(bound.query, home)).toBe(false);
          expect(canDisturb(home, bound.disturbance), `${name} ${def.id} can be disturbed`).toBe(true);
          const change = applyDisturbance(home, bound.id, bound.disturbance, new Rng(seed + 10));
          expect(holds(bound.query, home), `${def.id} query after ${JSON.stringify(change)}`).toBe(true);
          expect(holds(bound.execution, home)).toBe(false);
          if (change.kind === 'move') {
            expect(inPlainSight(home, change.object)).toBe(true);
            expect(change.place.host).not.toBe(bound.host);
          }
        }
      }
    });
  }
});

describe('reading the referents of one-thing instructions (--referents all)', () => {
  const placementsOfOne = [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS].filter(
    (def) => def.goal.kind === 'placement' && def.goal.quantity === 'one',
  );

  it('binds every instance in plain sight where the home has several, the same host, and says so in the text', () => {
    let several = 0;
    let single = 0;
    for (const [name, home] of graphs) {
      for (const def of placementsOfOne) {
        const goal = def.goal;
        if (goal.kind !== 'placement' || !fitsHome(def, home)) continue;
        const one = bindInstruction(def, home, new Rng(7))!;
        const all = bindInstruction(def, home, new Rng(7), 'all')!;
        expect(all.host, `${name} ${def.id}`).toBe(one.host);
        const candidates = instancesOf(home, goal.object.classes[0]).filter(
          (id) => home.roomOf(id) !== undefined && inPlainSight(home, id) && id !== one.host,
        );
        if (all.objects.length > 1) {
          several++;
          expect(all.def.goal.kind === 'placement' && all.def.goal.quantity, `${name} ${def.id}`).toBe('all');
          expect(all.objects).toEqual(candidates);
          expect(all.objects).toContain(one.objects[0]);
          expect(sentenceFor(all.def)).toBe(sentenceFor({ ...def, goal: { ...goal, quantity: 'all' } }));
          // every instance must be placed: the one the default draws is not enough
          const relation = goal.relation;
          const placed = home.clone();
          moveObject(placed, one.objects[0], { relation, host: one.host! });
          const othersInPlace = all.objects.every(
            (id) => id === one.objects[0] || holds(edge(id, relation, one.host!), home),
          );
          expect(holds(all.execution, placed), `${name} ${def.id}`).toBe(othersInPlace);
        } else {
          single++;
          // one instance in plain sight: the text already says which, and the binding is the default's
          expect(all.def).toBe(def);
          expect(all.objects).toEqual(one.objects);
        }
      }
    }
    expect(several).toBeGreaterThan(0);
    expect(single).toBeGreaterThan(0);
  });

  it('keeps the draw of an episode: the same instructions, in the same order, with the same hosts', () => {
    const home = graphs.get('gen:11')!;
    for (const seed of [1, 2, 3]) {
      const one = drawInstructions(VIRTUALHOME_INSTRUCTIONS, home, 7, new Rng(seed));
      const all = drawInstructions(VIRTUALHOME_INSTRUCTIONS, home, 7, new Rng(seed), 'gen:11', 'all');
      expect(all.map((b) => [b.id, b.host])).toEqual(one.map((b) => [b.id, b.host]));
    }
  });
});

describe("drawing an episode's instructions", () => {
  const home = graphs.get('cottage')!;

  it('is fixed by the seed, never draws two of one group, and changes with the seed', () => {
    const ids = (seed: number, n: number) =>
      drawInstructions(VIRTUALHOME_INSTRUCTIONS, home, n, new Rng(seed)).map((b) => b.id);
    expect(ids(4, 7)).toEqual(ids(4, 7));
    const sets = new Set<string>();
    for (let seed = 0; seed < 30; seed++) {
      const drawn = drawInstructions(VIRTUALHOME_INSTRUCTIONS, home, 7, new Rng(seed));
      expect(drawn).toHaveLength(7);
      const groups = drawn.map((b) => b.def.group).filter((g) => g !== undefined);
      expect(new Set(groups).size).toBe(groups.length);
      sets.add(drawn.map((b) => b.id).join());
    }
    expect(sets.size).toBeGreaterThan(25);
  });

  it('refuses a scale larger than the instructions that can be drawn together, naming the home', () => {
    const { maxScale, fitting } = homeScale(VIRTUALHOME_INSTRUCTIONS, home);
    const groups = new Set(fitting.map((d) => d.group ?? d.id));
    expect(maxScale).toBe(groups.size);
    expect(() => drawInstructions(VIRTUALHOME_INSTRUCTIONS, home, maxScale, new Rng(1))).not.toThrow();
    expect(() => checkScale(VIRTUALHOME_INSTRUCTIONS, home, maxScale + 1, 'cottage')).toThrow(InputError);
    expect(() => checkScale(VIRTUALHOME_INSTRUCTIONS, home, maxScale + 1, 'cottage')).toThrow(
      new RegExp(`home cottage fits 19 of the 19 virtualhome instructions, of which at most ${maxScale}`),
    );
  });
});

/** A regular expression for a template, its slots matching the lexicon's phrases. */
function templateRegex(template: string, vague: boolean): RegExp {
  const quote = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const words = Object.values(LEXICON);
  const alt = (items: string[]) => `(?:${items.map(quote).join('|')})`;
  const slots: Record<string, string> = {
    object: alt(vague ? words.map((w) => w.vague) : words.map((w) => `the ${w.name}`)),
    objects: alt(vague ? words.map((w) => w.vaguePlural) : words.map((w) => w.plural)),
    host: alt(words.map((w) => `the ${w.name}`)),
    prep: alt(Object.values(PREPOSITIONS)),
    current: alt(Object.values(STATE_WORDS).map((w) => w.current)),
    state: alt(Object.values(STATE_WORDS).map((w) => w.state)),
    action: alt(Object.values(STATE_WORDS).map((w) => w.action)),
  };
  const parts = template.split(/(\{[a-z]+\})/).map((part) => {
    const slot = /^\{([a-z]+)\}$/.exec(part);
    return slot ? slots[slot[1]] : quote(part);
  });
  return new RegExp(`^${parts.join('')}$`);
}

describe('instruction texts', () => {
  it('follow the closed templates, in the sentence and ambiguous styles', () => {
    for (const pool of POOLS) {
      for (const entry of singleTexts(pool)) {
        const template = SENTENCE_TEMPLATES[entry.template];
        expect(entry.text, entry.id).toMatch(templateRegex(template, entry.style === 'ambiguous'));
      }
    }
  });

  it('name the object by what it is for in the ambiguous style', () => {
    for (const def of [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS]) {
      const words = LEXICON[def.goal.object.classes[0]];
      const plain = sentenceFor(def, 'sentence');
      const vague = sentenceFor(def, 'ambiguous');
      expect(vague).not.toBe(plain);
      expect(vague).not.toContain(`the ${words.name} `);
      expect(vague.includes(words.vague) || vague.includes(words.vaguePlural)).toBe(true);
    }
  });

  it('condense a set into fewer sentences in the summarized style, covering each instruction once', () => {
    const defs = VIRTUALHOME_INSTRUCTIONS;
    const parts = summarize(defs);
    expect(parts.length).toBeLessThan(defs.length);
    expect(parts.flatMap((p) => p.covers).sort()).toEqual(defs.map((d) => d.id).sort());
    const onSwitches = parts.find((p) => p.covers.includes('vh-01'))!;
    expect(onSwitches.covers).toEqual(['vh-01', 'vh-11', 'vh-14', 'vh-17', 'vh-19']);
    expect(onSwitches.text).toBe(
      'If the TV, the computer, the stove, the radio or the microwave has been left off, switch it on.',
    );
    // A set without shared shapes keeps one sentence per instruction.
    const mixed = [defs[0], defs[1], defs[3]];
    expect(textsFor(mixed, 'summarized').map((p) => p.text)).toEqual(mixed.map((d) => sentenceFor(d)));
  });

  it('name the room of a host or a switched thing the home has several of, and only then', () => {
    let qualified = 0;
    for (const [name, home] of graphs) {
      for (const def of [...VIRTUALHOME_INSTRUCTIONS, ...ALFRED_INSTRUCTIONS]) {
        const bound = bindInstruction(def, home, new Rng(5));
        if (!bound) continue;
        const goal = def.goal;
        const slot = goal.kind === 'state' ? goal.object : goal.host;
        const node = goal.kind === 'state' ? bound.objects[0] : bound.host!;
        const several = new Set(slot.classes.flatMap((c) => [...instancesOf(home, c)])).size > 1;
        const qualifier = roomQualifier(home, bound);
        const room = goal.kind === 'state' ? qualifier.object : qualifier.host;
        const text = sentenceFor(def, 'sentence', qualifier);
        if (!several) {
          expect(room, `${name} ${def.id}`).toBeUndefined();
          expect(text).toBe(sentenceFor(def));
          continue;
        }
        qualified++;
        expect(room, `${name} ${def.id}`).toBe(home.get(home.roomOf(node)!).className);
        expect(text, `${name} ${def.id}`).toContain(`in the ${ROOM_WORDS[room!]}`);
        // carried objects are never named by a room
        expect(goal.kind === 'state' || qualifier.object === undefined).toBe(true);
      }
    }
    expect(qualified).toBeGreaterThan(0);
    const gen11 = graphs.get('gen:11')!;
    const bookshelf = bindInstruction(VIRTUALHOME_INSTRUCTIONS[12], gen11, new Rng(2))!;
    const room = gen11.get(gen11.roomOf(bookshelf.host!)!).className;
    expect(
      textsFor([bookshelf.def], 'sentence', new Map([[bookshelf.def.id, roomQualifier(gen11, bookshelf)]]))[0].text,
    ).toBe(`If the book is not on the bookshelf in the ${ROOM_WORDS[room]}, put it there.`);
  });

  it('give each instruction its template by phrasing and goal', () => {
    expect(templateOf(VIRTUALHOME_INSTRUCTIONS[0])).toBe('if-state');
    expect(templateOf(VIRTUALHOME_INSTRUCTIONS[4])).toBe('always-state');
    expect(templateOf(VIRTUALHOME_INSTRUCTIONS[6])).toBe('always-place-one');
    expect(templateOf(VIRTUALHOME_INSTRUCTIONS[8])).toBe('if-place-all');
  });
});
