/**
 * Which thing a text means: "the book" in a home with several books is read as every book until the home shows which
 * one the instruction is about (someone else takes it off its host), and the hazard model learns only from the facts
 * the instructions want.
 */
import { describe, expect, it } from 'vitest';
import { createExrapAgent } from '../../../src/agents/exrap/agent.js';
import { goalFacts } from '../../../src/agents/exrap/grounding.js';
import { HazardModel } from '../../../src/agents/exrap/hazard.js';
import { GrammarInterpreter } from '../../../src/agents/exrap/interpreter/index.js';
import { inScope, narrowExecution } from '../../../src/agents/exrap/query.js';
import { EpisodeWorld } from '../../../src/bench/environment.js';
import { Tekg } from '../../../src/memory/tekg.js';
import { requireCatalogClass } from '../../../src/sim/catalog/index.js';
import { describeCondition } from '../../../src/sim/conditions.js';
import { moveObject } from '../../../src/sim/dynamics/index.js';
import type { Skill } from '../../../src/sim/skill.js';
import { VIRTUALHOME_SKILLS } from '../../../src/sim/skill-sets.js';
import { IDS, ROOMS, scenarioHome, walk } from '../heuristics/scenario.js';
import { AGENT, see } from './helpers.js';

const BOOK = 'If the book is not on the sofa, put it there.';
const SECOND_BOOK = 25;

const interpret = (...texts: string[]) =>
  new GrammarInterpreter().interpret(texts.map((text, i) => ({ id: `i${i + 1}`, text })));

describe('narrowing a singular reading', () => {
  it('marks singular placements, and restricts the object quantifier of the execution and its query', () => {
    const interpretation = interpret(BOOK, 'If any towels are not in the closet, put them there.');
    expect(interpretation.executions.map((e) => e.singular ?? false)).toEqual([true, false]);
    const narrowed = narrowExecution(interpretation, 'e:i1', 24);
    expect(describeCondition(narrowed.executions[0].goal)).toBe(
      'forall ?x in book (only 24): exists ?h in sofa: ?x on ?h',
    );
    expect(describeCondition(narrowed.queries[0].condition)).toBe(
      'not (forall ?x in book (only 24): exists ?h in sofa: ?x on ?h)',
    );
    // the other instruction is untouched, the original interpretation too
    expect(narrowed.executions[1]).toBe(interpretation.executions[1]);
    expect(describeCondition(interpretation.executions[0].goal)).toBe('forall ?x in book: exists ?h in sofa: ?x on ?h');
  });

  it('tells which entities a scope ranges over: class, room, the nodes it was narrowed to', () => {
    expect(inScope({ classes: ['book'] }, 'book.24', undefined)).toBe(true);
    expect(inScope({ classes: ['book'] }, 'sofa.23', undefined)).toBe(false);
    expect(inScope({ classes: ['sofa'], room: 'bedroom' }, 'sofa.23', 'livingroom')).toBe(false);
    expect(inScope({ classes: ['sofa'], room: 'livingroom' }, 'sofa.23', 'livingroom')).toBe(true);
    expect(inScope({ classes: ['book'], only: [24] }, 'book.25', undefined)).toBe(false);
    expect(inScope({ classes: ['book'], only: [24] }, 'book.24', undefined)).toBe(true);
  });
});

describe('ExRAP learns which book "the book" is', () => {
  async function twoBooks() {
    const home = scenarioHome('livingroom');
    const book = requireCatalogClass('book');
    home.addNode({ id: SECOND_BOOK, className: 'book', category: book.category, properties: book.properties });
    home.addEdge(SECOND_BOOK, 'INSIDE', ROOMS.livingroom);
    home.addEdge(SECOND_BOOK, 'ON', IDS.sofa);
    const world = new EpisodeWorld(home);
    const agent = createExrapAgent({ seed: 1, skills: VIRTUALHOME_SKILLS }, 'exrap');
    await agent.reset({ protocol: 'continual', instructions: [{ id: 'i1', text: BOOK }] }, world.feedback(0));
    let t = 0;
    const force = async (skill: Skill) => {
      const outcome = world.step(skill);
      expect(outcome.success).toBe(true);
      t++;
      await agent.observe(world.feedback(t, { skill, outcome }));
    };
    const goal = () => describeCondition(agent.state.interpretation.executions[0].goal);
    return { world, agent, force, goal };
  }

  it('narrows to the book someone else takes off the sofa, and not to one the agent moves itself', async () => {
    const { world, force, goal } = await twoBooks();
    const every = 'forall ?x in book: exists ?h in sofa: ?x on ?h';
    expect(goal()).toBe(every);
    // the agent takes the second book off the sofa itself: that says nothing about which book is meant
    await force(walk(SECOND_BOOK));
    await force({ action: 'grab', objects: [SECOND_BOOK] });
    expect(goal()).toBe(every);
    // someone moves the first book to the coffee table while the agent looks on
    moveObject(world.graph, IDS.book, { relation: 'ON', host: IDS.coffeetable });
    await force(walk(IDS.coffeetable));
    expect(goal()).toBe(`forall ?x in book (only ${IDS.book}): exists ?h in sofa: ?x on ?h`);
  });
});

describe('what the hazard model learns from', () => {
  it('counts only the facts the executions want when told to', () => {
    const learnable = goalFacts(interpret(BOOK).executions, () => undefined);
    expect(learnable({ source: 'book.24', relation: 'on', target: 'sofa.23' })).toBe(true);
    expect(learnable({ source: 'book.24', relation: 'on', target: 'coffeetable.22' })).toBe(false);
    expect(learnable({ source: 'mug.32', relation: 'on', target: 'sofa.23' })).toBe(false);
    const tv = goalFacts(interpret('If the TV has been left off, switch it on.').executions, () => undefined);
    expect(tv({ source: 'tv.21', relation: 'is', target: 'on' })).toBe(true);
    expect(tv({ source: 'tv.21', relation: 'is', target: 'off' })).toBe(false);

    const tekg = new Tekg();
    const all = new HazardModel({ priorRate: 0.02, priorExposure: 50 });
    const goals = new HazardModel({ priorRate: 0.02, priorExposure: 50 });
    goals.learnOnly(learnable);
    const room = 'livingroom.3';
    for (const [t, facts] of [
      [0, ['book.24 on sofa.23', 'book.26 on coffeetable.22']],
      [20, ['book.24 on sofa.23', 'book.26 on coffeetable.22']],
      [40, ['book.24 on coffeetable.22', 'book.26 on coffeetable.22']],
    ] as const) {
      const update = tekg.update(see(t, room, [...facts]));
      all.observe(update, AGENT);
      goals.observe(update, AGENT);
    }
    // every fact: 20 + 10 steps of the book on the sofa, 40 of the book left on the coffee table, one change
    expect(all.predicateRate('placement')).toBeCloseTo((0.02 * 50 + 1) / (50 + 70), 12);
    // the instruction's fact only: 30 steps, one change
    expect(goals.predicateRate('placement')).toBeCloseTo((0.02 * 50 + 1) / (50 + 30), 12);
  });
});
