import { describe, expect, it } from 'vitest';
import type { TekgObservation } from '../../src/memory/quadruple.js';
import { type Fact, factKey, isTekgRelation, parseQuadruple, quadrupleText } from '../../src/memory/quadruple.js';
import { type FactSink, Tekg } from '../../src/memory/tekg.js';
import { InputError } from '../../src/util/errors.js';

const AGENT = 'character.1';
const ROOMS = ['kitchen.2', 'livingroom.3', 'bedroom.4'];

/** `tv.10 is off` -> a fact. */
function fact(text: string): Fact {
  const [source, relation, target] = text.split(' ');
  if (!isTekgRelation(relation)) throw new Error(`bad relation in test fact '${text}'`);
  return { source, relation, target };
}

/** A complete observation: the agent in `room`, seeing the facts given (and `visible` entities without facts). */
function see(t: number, room: string, facts: string[], visible: string[] = []): TekgObservation {
  return {
    t,
    agent: AGENT,
    room,
    rooms: ROOMS,
    visible,
    facts: [fact(`${AGENT} inside ${room}`), ...facts.map(fact)],
  };
}

describe('TEKG update rule: opposite states', () => {
  it('a new state removes the remembered opposite state of the same object', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'livingroom.3', ['tv.10 is on', 'tv.10 inside livingroom.3', 'lamp.11 is on']));
    const update = tekg.update(see(5, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3', 'lamp.11 is on']));
    expect(tekg.has('tv.10 is on')).toBe(false);
    expect(tekg.get('tv.10 is off')).toEqual({ source: 'tv.10', relation: 'is', target: 'off', t: 5 });
    expect(tekg.get('lamp.11 is on')?.t).toBe(5);
    expect(update.removed).toEqual([
      { quadruple: { source: 'tv.10', relation: 'is', target: 'on', t: 0 }, since: 0, at: 5, reason: 'opposite-state' },
    ]);
    expect(update.added.map(factKey)).toEqual(['tv.10 is off']);
  });

  it.each([
    ['open', 'closed'],
    ['clean', 'dirty'],
    ['plugged_in', 'plugged_out'],
    ['off', 'on'],
  ])('%s is removed by %s', (before, after) => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', [`fridge.20 is ${before}`, 'fridge.20 inside kitchen.2']));
    const update = tekg.update(see(1, 'kitchen.2', [`fridge.20 is ${after}`, 'fridge.20 inside kitchen.2']));
    expect(update.removed.map((r) => [factKey(r.quadruple), r.reason])).toEqual([
      [`fridge.20 is ${before}`, 'opposite-state'],
    ]);
  });

  it('a state an object in view no longer shows is cleared; states of objects out of view stay', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', ['plate.21 is dirty', 'plate.21 inside kitchen.2', 'cup.22 inside kitchen.2']));
    tekg.update(see(1, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
    expect(tekg.has('plate.21 is dirty')).toBe(true);
    const update = tekg.update(see(2, 'kitchen.2', ['plate.21 inside kitchen.2', 'cup.22 inside kitchen.2']));
    expect(update.removed.map((r) => [factKey(r.quadruple), r.reason])).toEqual([
      [`${AGENT} inside livingroom.3`, 'agent'],
      ['plate.21 is dirty', 'state-cleared'],
    ]);
    expect(tekg.has('tv.10 is off')).toBe(true);
  });
});

describe('TEKG update rule: one object in two places', () => {
  it('an object seen elsewhere loses its remembered placement', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', ['mug.5 on table.30', 'mug.5 inside kitchen.2', 'table.30 inside kitchen.2']));
    const update = tekg.update(
      see(3, 'livingroom.3', ['mug.5 on sofa.31', 'mug.5 inside livingroom.3', 'sofa.31 inside livingroom.3']),
    );
    expect(update.removed.map((r) => [factKey(r.quadruple), r.reason])).toEqual([
      [`${AGENT} inside kitchen.2`, 'agent'],
      ['mug.5 inside kitchen.2', 'moved'],
      ['mug.5 on table.30', 'moved'],
    ]);
    expect(tekg.query({ source: 'mug.5' }).map(quadrupleText)).toEqual([
      '(mug.5, inside, livingroom.3, 3)',
      '(mug.5, on, sofa.31, 3)',
    ]);
    // The table was not in view: its own placement stays.
    expect(tekg.has('table.30 inside kitchen.2')).toBe(true);
  });

  it('an object moved within the room keeps its room and loses its old surface', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', ['mug.5 on table.30', 'mug.5 inside kitchen.2', 'table.30 inside kitchen.2']));
    tekg.update(
      see(1, 'kitchen.2', [
        'mug.5 inside cabinet.32',
        'mug.5 inside kitchen.2',
        'cabinet.32 is open',
        'cabinet.32 inside kitchen.2',
        'table.30 inside kitchen.2',
      ]),
    );
    expect(tekg.query({ source: 'mug.5' }).map(factKey)).toEqual(['mug.5 inside cabinet.32', 'mug.5 inside kitchen.2']);
    expect(tekg.since('mug.5 inside kitchen.2')).toBe(0);
  });

  it('an object the agent picks up leaves its surface', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', ['mug.5 on table.30', 'mug.5 inside kitchen.2', 'table.30 inside kitchen.2']));
    tekg.update(
      see(1, 'kitchen.2', [`${AGENT} holds_rh mug.5`, 'mug.5 inside kitchen.2', 'table.30 inside kitchen.2']),
    );
    expect(tekg.has('mug.5 on table.30')).toBe(false);
    expect(tekg.latest(AGENT, 'holds_rh')?.target).toBe('mug.5');
  });
});

describe('TEKG update rule: facts about the agent', () => {
  it('keeps only the newest observation of the agent, as source or as target', () => {
    const tekg = new Tekg();
    tekg.update({
      t: 0,
      agent: AGENT,
      room: 'kitchen.2',
      rooms: ROOMS,
      facts: [
        fact(`${AGENT} inside kitchen.2`),
        fact(`${AGENT} holds_lh cup.22`),
        fact(`${AGENT} close table.30`),
        fact(`dog.40 close ${AGENT}`),
        fact('cup.22 inside kitchen.2'),
        fact('table.30 inside kitchen.2'),
        fact('dog.40 inside kitchen.2'),
      ],
    });
    const update = tekg.update(see(1, 'livingroom.3', ['tv.10 inside livingroom.3', `${AGENT} close tv.10`]));
    expect(update.removed.filter((r) => r.reason === 'agent').map((r) => factKey(r.quadruple))).toEqual([
      `${AGENT} close table.30`,
      `${AGENT} holds_lh cup.22`,
      `${AGENT} inside kitchen.2`,
      `dog.40 close ${AGENT}`,
    ]);
    expect(tekg.query({ entity: AGENT }).map(quadrupleText)).toEqual([
      '(character.1, close, tv.10, 1)',
      '(character.1, inside, livingroom.3, 1)',
    ]);
  });

  it('an agent fact observed again is refreshed, not duplicated', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', []));
    const update = tekg.update(see(4, 'kitchen.2', []));
    expect(update.removed).toEqual([]);
    expect(update.refreshed.map(quadrupleText)).toEqual(['(character.1, inside, kitchen.2, 4)']);
    expect(tekg.size).toBe(1);
    expect(tekg.since(`${AGENT} inside kitchen.2`)).toBe(0);
  });
});

describe('TEKG update rule: negative evidence', () => {
  const kitchen = ['table.30 inside kitchen.2', 'fridge.20 inside kitchen.2'];

  it('an object missing from a surface in view loses its placement, and keeps its states', () => {
    const tekg = new Tekg();
    tekg.update(
      see(0, 'kitchen.2', [
        ...kitchen,
        'fridge.20 is closed',
        'mug.5 on table.30',
        'mug.5 inside kitchen.2',
        'mug.5 is dirty',
      ]),
    );
    const update = tekg.update(see(6, 'kitchen.2', [...kitchen, 'fridge.20 is closed']));
    expect(update.removed.map((r) => [factKey(r.quadruple), r.reason])).toEqual([
      ['mug.5 inside kitchen.2', 'absent'],
      ['mug.5 on table.30', 'absent'],
    ]);
    expect(tekg.query({ source: 'mug.5' }).map(factKey)).toEqual(['mug.5 is dirty']);
  });

  it('an object remembered only in the room is absent when the room is in view without it', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'bedroom.4', ['shoe.50 inside bedroom.4']));
    tekg.update(see(1, 'kitchen.2', kitchen));
    expect(tekg.has('shoe.50 inside bedroom.4')).toBe(true);
    tekg.update(see(2, 'bedroom.4', []));
    expect(tekg.has('shoe.50 inside bedroom.4')).toBe(false);
    expect(tekg.removals({ reason: 'absent' }).map((r) => [factKey(r.quadruple), r.at])).toEqual([
      ['shoe.50 inside bedroom.4', 2],
    ]);
  });

  it('an object inside a closed container may be hidden: no evidence until the container is open', () => {
    const tekg = new Tekg();
    tekg.update(
      see(0, 'kitchen.2', [...kitchen, 'fridge.20 is open', 'milk.60 inside fridge.20', 'milk.60 inside kitchen.2']),
    );
    tekg.update(see(1, 'kitchen.2', [...kitchen, 'fridge.20 is closed']));
    expect(tekg.query({ source: 'milk.60' }).map(factKey)).toEqual([
      'milk.60 inside fridge.20',
      'milk.60 inside kitchen.2',
    ]);
    tekg.update(see(2, 'kitchen.2', [...kitchen, 'fridge.20 is open']));
    expect(tekg.query({ source: 'milk.60' })).toEqual([]);
  });

  it('a place not in view gives no evidence: other rooms, containers out of sight', () => {
    const tekg = new Tekg();
    tekg.update(
      see(0, 'kitchen.2', [
        'cabinet.33 inside kitchen.2',
        'cabinet.33 is open',
        'box.34 inside cabinet.33',
        'box.34 inside kitchen.2',
        'box.34 is open',
        'book.35 inside box.34',
        'book.35 inside kitchen.2',
        'mug.5 inside kitchen.2',
      ]),
    );
    // The agent is in the living room: the kitchen room node is known but not in view.
    tekg.update(see(1, 'livingroom.3', []));
    expect(tekg.has('mug.5 inside kitchen.2')).toBe(true);
    // Back in the kitchen with the cabinet closed: the box and the book are out of sight, the mug is gone.
    const update = tekg.update(see(2, 'kitchen.2', ['cabinet.33 inside kitchen.2', 'cabinet.33 is closed']));
    expect(update.removed.filter((r) => r.reason === 'absent').map((r) => factKey(r.quadruple))).toEqual([
      'mug.5 inside kitchen.2',
    ]);
    expect(tekg.has('book.35 inside box.34')).toBe(true);
    expect(tekg.has('box.34 inside cabinet.33')).toBe(true);
  });

  it('an observation without a room in view gives no evidence about rooms', () => {
    const tekg = new Tekg();
    tekg.update(see(0, 'kitchen.2', ['mug.5 inside kitchen.2']));
    tekg.update({ t: 1, agent: AGENT, rooms: ROOMS, facts: [] });
    expect(tekg.has('mug.5 inside kitchen.2')).toBe(true);
  });
});

describe('TEKG queries', () => {
  function memory(): Tekg {
    const tekg = new Tekg();
    tekg.update(
      see(0, 'kitchen.2', [
        'fridge.20 inside kitchen.2',
        'fridge.20 is closed',
        'stove.23 is off',
        'stove.23 inside kitchen.2',
      ]),
    );
    tekg.update(
      see(3, 'livingroom.3', [
        'tv.10 is on',
        'tv.10 inside livingroom.3',
        'tv.10 on tvstand.12',
        'tvstand.12 inside livingroom.3',
      ]),
    );
    tekg.update(see(7, 'bedroom.4', ['lamp.13 is off', 'lamp.13 inside bedroom.4']));
    return tekg;
  }

  it('by entity, source, target and relation, oldest first', () => {
    const tekg = memory();
    expect(tekg.query({ entity: 'tv.10' }).map(factKey)).toEqual([
      'tv.10 inside livingroom.3',
      'tv.10 is on',
      'tv.10 on tvstand.12',
    ]);
    expect(tekg.query({ target: 'off' }).map(quadrupleText)).toEqual([
      '(stove.23, is, off, 0)',
      '(lamp.13, is, off, 7)',
    ]);
    expect(tekg.query({ relation: 'is' }).map(factKey)).toEqual([
      'fridge.20 is closed',
      'stove.23 is off',
      'tv.10 is on',
      'lamp.13 is off',
    ]);
    expect(tekg.query({ relation: ['on', 'is'], source: 'tv.10' }).map(factKey)).toEqual([
      'tv.10 is on',
      'tv.10 on tvstand.12',
    ]);
    expect(tekg.query({ entity: 'nothing.99' })).toEqual([]);
  });

  it('by time window, inclusive', () => {
    const tekg = memory();
    expect(tekg.query({ from: 3, to: 3 }).map(factKey)).toEqual([
      'tv.10 inside livingroom.3',
      'tv.10 is on',
      'tv.10 on tvstand.12',
      'tvstand.12 inside livingroom.3',
    ]);
    expect(tekg.query({ from: 7 }).map(factKey)).toEqual([
      `${AGENT} inside bedroom.4`,
      'lamp.13 inside bedroom.4',
      'lamp.13 is off',
    ]);
    expect(tekg.query({ to: 0, relation: 'is' }).map(factKey)).toEqual(['fridge.20 is closed', 'stove.23 is off']);
  });

  it('latest fact about (entity, relation), age and since', () => {
    const tekg = memory();
    expect(tekg.latest('tv.10', 'is')).toEqual({ source: 'tv.10', relation: 'is', target: 'on', t: 3 });
    expect(tekg.latest('tv.10', 'holds_rh')).toBeUndefined();
    expect(tekg.latest(AGENT, 'inside')?.target).toBe('bedroom.4');
    expect(tekg.age('tv.10 is on')).toBe(4);
    expect(tekg.age({ source: 'stove.23', relation: 'is', target: 'off' }, 10)).toBe(10);
    expect(tekg.age('tv.10 is off')).toBeUndefined();
    expect(tekg.now).toBe(7);
    // Between two placements observed at one step, the first by key.
    tekg.update(
      see(9, 'livingroom.3', [
        'tv.10 is on',
        'tv.10 inside livingroom.3',
        'tv.10 on tvstand.12',
        'tvstand.12 inside livingroom.3',
      ]),
    );
    expect(tekg.latest('tv.10', 'inside')?.t).toBe(9);
    expect(tekg.since('tv.10 is on')).toBe(3);
  });

  it('hop distances through facts between entities, not through states', () => {
    const tekg = memory();
    const d = tekg.distances(AGENT);
    expect(d.get(AGENT)).toBe(0);
    expect(d.get('bedroom.4')).toBe(1);
    expect(d.get('lamp.13')).toBe(2);
    expect(d.has('kitchen.2')).toBe(false);
    expect(d.has('off')).toBe(false);
    const fromLivingroom = tekg.distances(['livingroom.3'], 1);
    expect([...fromLivingroom.keys()].sort()).toEqual(['livingroom.3', 'tv.10', 'tvstand.12']);
  });

  it('rooms seen so far', () => {
    const tekg = memory();
    expect(tekg.rooms()).toEqual(['bedroom.4', 'kitchen.2', 'livingroom.3']);
    expect(tekg.isRoom('tv.10')).toBe(false);
  });
});

describe('TEKG text form', () => {
  it('writes quadruples as (source, relation, target, t)', () => {
    const tekg = new Tekg();
    tekg.update(see(27, 'livingroom.3', ['tv.10 is off']));
    expect(tekg.toText()).toBe('(character.1, inside, livingroom.3, 27)\n(tv.10, is, off, 27)');
    expect(quadrupleText({ source: 'tv', relation: 'is', target: 'off', t: 27 })).toBe('(tv, is, off, 27)');
  });

  it('reads the text form back and names the line of a bad one', () => {
    expect(parseQuadruple(' (tv.10, is, off, 27) ')).toEqual({ source: 'tv.10', relation: 'is', target: 'off', t: 27 });
    expect(() => parseQuadruple('(tv.10, is, off)', { file: 'memory.txt', line: 4 })).toThrow(
      /^memory\.txt:4: not a quadruple/,
    );
    expect(() => parseQuadruple('(tv.10, likes, off, 1)')).toThrow(InputError);
  });
});

describe('TEKG input checks and index sinks', () => {
  it('rejects bad names and relations, time going back, and a second agent', () => {
    const tekg = new Tekg();
    expect(() =>
      tekg.update({ t: 0, agent: AGENT, facts: [{ source: 'tv 10', relation: 'is', target: 'off' }] }),
    ).toThrow(/invalid entity or state name 'tv 10'/);
    expect(() => tekg.update({ t: 0, agent: 'the agent', facts: [] })).toThrow(InputError);
    expect(tekg.agent).toBeUndefined();
    expect(() =>
      tekg.update({ t: 0, agent: AGENT, facts: [{ source: 'tv.10', relation: 'likes' as 'is', target: 'off' }] }),
    ).toThrow(/unknown TEKG relation 'likes'/);
    tekg.update(see(5, 'kitchen.2', []));
    expect(() => tekg.update(see(4, 'kitchen.2', []))).toThrow(RangeError);
    expect(() => tekg.update({ t: 6, agent: 'character.9', facts: [] })).toThrow(/agent/);
  });

  it('keeps an attached sink in step with the memory until detached', () => {
    const log: string[] = [];
    const sink: FactSink = { add: (key, text) => log.push(`+${key} | ${text}`), remove: (key) => log.push(`-${key}`) };
    const tekg = new Tekg();
    tekg.update(see(0, 'livingroom.3', ['tv.10 is on']));
    const detach = tekg.attach(sink);
    expect(log).toEqual(['+character.1 inside livingroom.3 | character inside livingroom', '+tv.10 is on | tv is on']);
    log.length = 0;
    tekg.update(see(1, 'livingroom.3', ['tv.10 is off', `${AGENT} holds_rh remotecontrol.14`]));
    expect(log).toEqual([
      '-tv.10 is on',
      '+tv.10 is off | tv is off',
      '+character.1 holds_rh remotecontrol.14 | character holds remotecontrol',
    ]);
    detach();
    log.length = 0;
    tekg.update(see(2, 'kitchen.2', []));
    expect(log).toEqual([]);
  });
});
