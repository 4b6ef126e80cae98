/**
 * The offline reading of instruction texts (ExRAP's interpreter of eq. 4, and the text-reading heuristics) against the
 * benchmark's own instructions: every text of both pools, in
 * all three styles, is read into the goal the benchmark's structured instruction states; the compiled query and
 * execution hold exactly when they should on a hand-built home.
 */
import { describe, expect, it } from 'vitest';
import { GrammarInterpreter } from '../../src/agents/exrap/interpreter/index.js';
import { instructionPool } from '../../src/bench/continual/instructions/tables.js';
import { ROOM_WORDS, singleTexts, textsFor } from '../../src/bench/continual/instructions/text.js';
import type { InstructionDef } from '../../src/bench/continual/instructions/types.js';
import { DOMAINS } from '../../src/bench/continual/instructions/types.js';
import { compileReading, parseInstruction, readInstructions } from '../../src/language/index.js';
import { canonicalClassName } from '../../src/sim/catalog/index.js';
import { describeCondition, holds } from '../../src/sim/conditions.js';
import { setState } from '../../src/sim/dynamics/index.js';
import { InputError } from '../../src/util/errors.js';
import { IDS, scenarioHome } from '../agents/heuristics/scenario.js';

const canon = (classes: readonly string[]) => new Set(classes.map((c) => canonicalClassName(c) ?? c));
const overlaps = (a: readonly string[], b: readonly string[]) => [...canon(a)].some((c) => canon(b).has(c));

/** The reading states the definition's goal: kind, state or relation, and the classes it names. */
function expectSameGoal(readingText: string, def: InstructionDef, index = 0, room?: string): void {
  const result = parseInstruction(readingText);
  if (!result.ok) throw new Error(`"${readingText}" does not parse: ${result.reason}`);
  const reading = result.readings[index];
  const goal = def.goal;
  // the room a text names belongs to a state goal's object or a placement's host, never to a carried object
  const named = reading.goal.kind === 'state' ? reading.goal.object.room : reading.goal.host.room;
  expect(named, readingText).toBe(room);
  if (reading.goal.kind === 'placement') expect(reading.goal.object.room, readingText).toBeUndefined();
  expect(reading.goal.kind, readingText).toBe(goal.kind);
  expect(overlaps(reading.goal.object.classes, goal.object.classes), readingText).toBe(true);
  if (goal.kind === 'state' && reading.goal.kind === 'state') expect(reading.goal.state, readingText).toBe(goal.state);
  if (goal.kind === 'placement' && reading.goal.kind === 'placement') {
    expect(reading.goal.relation, readingText).toBe(goal.relation);
    expect(reading.goal.quantity, readingText).toBe(goal.quantity);
    expect(overlaps(reading.goal.host.classes, goal.host.classes), readingText).toBe(true);
  }
}

describe('the instruction grammar on the continual pools', () => {
  for (const domain of DOMAINS) {
    const pool = instructionPool(domain);
    it(`reads every ${domain} instruction in the sentence and ambiguous styles as its goal`, () => {
      const texts = singleTexts(pool);
      expect(texts.length).toBe(pool.length * 2);
      for (const { id, text } of texts) expectSameGoal(text, pool.find((d) => d.id === id)!);
    });

    it(`reads the room every ${domain} instruction names for a thing the home has several of`, () => {
      for (const room of Object.keys(ROOM_WORDS)) {
        for (const { id, text } of singleTexts(pool, room))
          expectSameGoal(text, pool.find((d) => d.id === id)!, 0, room);
        const qualifiers = new Map(pool.map((d) => [d.id, { object: room, host: room }] as const));
        for (const part of textsFor(pool, 'summarized', qualifiers)) {
          for (const [i, id] of part.covers.entries())
            expectSameGoal(part.text, pool.find((d) => d.id === id)!, i, room);
        }
      }
    });

    it(`reads every ${domain} one-thing placement read over all its instances (--referents all) as all of them`, () => {
      const everyOne = pool.flatMap((def) =>
        def.goal.kind === 'placement' && def.goal.quantity === 'one'
          ? [{ ...def, goal: { ...def.goal, quantity: 'all' as const } }]
          : [],
      );
      expect(everyOne.length).toBeGreaterThan(3);
      for (const { id, text } of singleTexts(everyOne)) expectSameGoal(text, everyOne.find((d) => d.id === id)!);
      for (const part of textsFor(everyOne, 'summarized')) {
        for (const [i, id] of part.covers.entries()) expectSameGoal(part.text, everyOne.find((d) => d.id === id)!, i);
      }
    });

    it(`reads every ${domain} summary sentence as the instructions it covers, in order`, () => {
      // summaries of the whole pool and of small sets: every group shape occurs
      const sets = [pool, pool.slice(0, 3), pool.slice(3, 8), pool.slice(8)];
      for (const set of sets) {
        for (const part of textsFor(set, 'summarized')) {
          const result = parseInstruction(part.text);
          if (!result.ok) throw new Error(`"${part.text}" does not parse: ${result.reason}`);
          expect(result.readings.length, part.text).toBe(part.covers.length);
          for (const [i, id] of part.covers.entries()) {
            expectSameGoal(part.text, pool.find((d) => d.id === id)!, i);
          }
        }
      }
    });
  }

  it('names every instruction it cannot interpret', () => {
    const briefs = [
      { id: 'tv', text: 'If the TV has been left off, switch it on.' },
      { id: 'moon', text: 'Sing about the moon.' },
      { id: 'gadget', text: 'If the flux capacitor has been left off, switch it on.' },
    ];
    for (const run of [() => readInstructions(briefs), () => new GrammarInterpreter().interpret(briefs)]) {
      expect(run).toThrow(InputError);
      expect(run).toThrow(/'moon'.*'gadget'/);
    }
  });

  it('gives each instruction of a summary its own id, and ExRAP one query and execution per instruction', () => {
    const briefs = [
      { id: 'summary-1', text: 'If the TV or the radio has been left off, switch it on.' },
      { id: 'vh-15', text: 'Make sure the paper stays in the cabinet.' },
    ];
    const read = readInstructions(briefs);
    expect(read.map((r) => r.instruction)).toEqual(['summary-1#1', 'summary-1#2', 'vh-15']);
    expect(read.map((r) => r.singular)).toEqual([false, false, true]);
    const interpretation = new GrammarInterpreter().interpret(briefs);
    expect(interpretation.executions.map((e) => e.goal)).toEqual(read.map((r) => r.execution));
    expect(interpretation.queries.map((q) => q.condition)).toEqual(read.map((r) => r.query));
  });
});

/** The query and execution of a text's first reading (the text must parse). */
function compiled(text: string): ReturnType<typeof compileReading> {
  const result = parseInstruction(text);
  if (!result.ok) throw new Error(`"${text}" does not parse: ${result.reason}`);
  return compileReading(result.readings[0]);
}

describe('rooms in noun phrases', () => {
  it('compiles "in the ROOM" into a quantifier restricted to that room', () => {
    const shelf = compiled('If the book is not on the shelf for books in the living room, put it there.');
    expect(describeCondition(shelf.execution)).toBe(
      'forall ?x in book: exists ?h in bookshelf (in a livingroom): ?x on ?h',
    );
    const tv = compiled('If the TV in the home office has been left off, switch it on.');
    expect(describeCondition(tv.query)).toBe('exists ?x in tv (in a home_office): ?x is off');
  });

  it('refuses a room for a thing to be carried: it leaves that room', () => {
    const result = parseInstruction('If the book in the bedroom is not on the sofa, put it there.');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/book to be moved cannot be named by the room/);
  });
});

describe('compiled queries and executions', () => {
  it('a conditional state instruction: the query holds when some TV is off, the execution when every TV is on', () => {
    const { query, execution } = compiled('If the TV has been left off, switch it on.');
    const home = scenarioHome('livingroom');
    expect(holds(query, home)).toBe(true);
    expect(holds(execution, home)).toBe(false);
    setState(home, IDS.tv, 'ON');
    expect(holds(query, home)).toBe(false);
    expect(holds(execution, home)).toBe(true);
  });

  it('a standing placement: the query is the execution negated', () => {
    const { query, execution } = compiled('Make sure the book stays on the sofa.');
    const home = scenarioHome('livingroom');
    // the scenario's book lies on the sofa
    expect(holds(execution, home)).toBe(true);
    expect(holds(query, home)).toBe(false);
    home.removeEdge(IDS.book, 'ON', IDS.sofa);
    home.addEdge(IDS.book, 'ON', IDS.coffeetable);
    expect(holds(execution, home)).toBe(false);
    expect(holds(query, home)).toBe(true);
  });
});
