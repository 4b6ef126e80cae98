/**
 * LLM-State's primitive actions as hearth runs them (`src/agents/primitives`): paper-style names, the cumulative
 * observation without states, the command grammar, and the expansion of commands into skills, on the cottage (the
 * robot starts in livingroom 2, next to kitchen 1, bedroom 3 and bathroom 4).
 */
import { describe, expect, it } from 'vitest';
import { formatCommand, historyEntry, parseCommandLine, parsePlan } from '../../src/agents/primitives/commands.js';
import { expandCommand, UNKNOWN_OBJECT } from '../../src/agents/primitives/executor.js';
import { ObjectListing } from '../../src/agents/primitives/listing.js';
import { PaperNames } from '../../src/agents/primitives/names.js';
import { CommandRunner } from '../../src/agents/primitives/runner.js';
import { EpisodeWorld, VIRTUALHOME_SKILLS } from '../../src/bench/environment.js';
import { loadHome } from '../../src/sim/scenes/homes.js';
import type { Skill } from '../../src/sim/skill.js';

function cottage() {
  const world = new EpisodeWorld(loadHome('cottage').graph);
  const names = new PaperNames();
  const listing = new ObjectListing();
  let feedback = world.feedback(0);
  const see = (t: number) => {
    names.observe(feedback.observation, t);
    listing.observe(feedback.observation, t, feedback.adjacentRooms);
  };
  see(0);
  const step = (skill: Skill, t: number) => {
    const outcome = world.step(skill);
    feedback = world.feedback(t, { skill, outcome });
    see(t);
    return outcome.success;
  };
  return { world, names, listing, step, feedback: () => feedback };
}

describe('paper-style names', () => {
  it('numbers each class in the order things were first seen, and reads names and bare classes back', () => {
    const { names, step } = cottage();
    expect(names.name(2)).toBe('livingroom1');
    expect([78, 79, 80].map((id) => names.name(id))).toEqual(['book1', 'book2', 'book3']);
    step({ action: 'walk', objects: [3] }, 1); // the bedroom's book is seen later: book4
    expect(names.name(105)).toBe('book4');
    expect(names.resolve('Book 2')).toEqual({ id: 79, by: 'name' });
    expect(names.resolve('book_4')).toEqual({ id: 105, by: 'name' });
    // A bare class is its instance in the room the robot is in.
    expect(names.resolve('book')).toEqual({ id: 105, by: 'class' });
    expect(names.resolve('lightswitch3')).toBeUndefined();
    expect(names.resolve('toaster')).toBeUndefined(); // the kitchen was never seen
  });
});

describe('the observation of LLM-State', () => {
  it('lists names with one IN/ON relation, cumulatively, and never a state', () => {
    const { names, listing, step } = cottage();
    const first = listing.render(names);
    expect(first).toContain("'tv1 ON tvstand1'");
    expect(first).toContain("'book1 IN bookshelf1'");
    expect(first).toContain('Current Room: livingroom1');
    expect(first).toMatch(/Room List: \['kitchen1', 'livingroom1', 'bedroom1', 'bathroom1'\]/);
    expect(first).not.toMatch(/\b(OPEN|CLOSED|ON,|OFF|open|closed|switched)\b/);
    expect(step({ action: 'walk', objects: [1] }, 1)).toBe(true);
    const second = listing.render(names);
    expect(second).toContain("'toaster1 ON kitchencounter1'");
    expect(second).toContain("'tv1 ON tvstand1'"); // still listed: the list is cumulative
    expect(second).toContain("'milk1 ON kitchencounter1'");
    expect(second).not.toContain('lemon'); // in the closed fridge: never seen
    expect(listing.visitedAt(1)).toBe(1);
    expect(listing.get(82)?.first.t).toBe(0);
  });

  it('shrinks to the objects of the current room and the ones to keep, saying how many it leaves out', () => {
    const { names, listing, step } = cottage();
    step({ action: 'walk', objects: [1] }, 1);
    const small = listing.render(names, { objects: 3, furniture: false }, new Set([82]));
    expect(small).toContain("'remotecontrol1 ON coffeetable1'");
    expect(small).toMatch(/\(and \d+ more\)/);
    expect(small).not.toContain('Container List');
  });
});

describe('the command grammar', () => {
  it('reads numbered lines with comments, list-style calls and spelling variants', () => {
    const plan = parsePlan(
      [
        'Low-level Action Plan:',
        '1. move(lightswitch2)',
        '2. switchoff("lightswitch2")',
        '3. move(lightswitch3) (assuming there is a lightswitch3 in the kitchen)',
        "4. ['placein', 'cup1', 'cupboard1']",
        '5. Pick_Up(mug1)',
        '6. wait()',
      ].join('\n'),
    );
    expect(plan.rejected).toEqual([]);
    expect(plan.commands.map(formatCommand)).toEqual([
      'move(lightswitch2)',
      'switchoff(lightswitch2)',
      'move(lightswitch3)',
      'placein(cup1, cupboard1)',
      'pickup(mug1)',
      'wait()',
    ]);
  });

  it('rejects lines outside the grammar with their reason, and keeps at most the limit', () => {
    const plan = parsePlan(
      '1. grab(mug1)\n2. placein(mug1)\n3. move(a) and then some\nI will now open it.\n4. open(fridge1)',
      20,
    );
    expect(plan.commands.map(formatCommand)).toEqual(['open(fridge1)']);
    expect(plan.rejected.map((r) => [r.line, r.reason])).toEqual([
      [1, "unknown function 'grab' (move, pickup, placein, placeon, open, close, switchon, switchoff, wait)"],
      [2, 'placein takes 2 argument(s), got 1'],
      [3, 'unexpected text after the call: "and then some"'],
      [4, 'not a call of the form verb(object)'],
    ]);
    const long = parsePlan(Array.from({ length: 25 }, (_, i) => `${i + 1}. move(room${i})`).join('\n'), 20);
    expect(long.commands).toHaveLength(20);
    expect(long.rejected).toHaveLength(5);
    expect(parseCommandLine('open(fridge1')).toEqual({ reason: 'not a call of the form verb(object)' });
  });

  it('prints history entries as the paper does', () => {
    expect(historyEntry({ verb: 'placein', args: ['cup1', 'cupboard1'] }, false)).toBe(
      "['placein', 'cup1', 'cupboard1'](Fail)",
    );
  });
});

describe('commands as skills', () => {
  it('moves room by room to where a thing was last seen, then to it', () => {
    const { names, listing, step, feedback } = cottage();
    step({ action: 'walk', objects: [1] }, 1); // see the kitchen
    step({ action: 'walk', objects: [2] }, 2); // back to the living room
    const context = { names, listing, feedback: feedback(), skills: VIRTUALHOME_SKILLS };
    const move = expandCommand({ verb: 'move', args: ['toaster1'] }, context);
    expect(move.skills).toEqual([
      { action: 'walk', objects: [1] },
      { action: 'walk', objects: [23] },
    ]);
    expect(expandCommand({ verb: 'move', args: ['livingroom1'] }, context).skills).toEqual([]);
    expect(expandCommand({ verb: 'placein', args: ['bread1', 'toaster1'] }, context).skills).toEqual([
      { action: 'putin', objects: [UNKNOWN_OBJECT, 23] },
    ]);
    const unknown = expandCommand({ verb: 'move', args: ['lightswitch3'] }, context);
    expect(unknown.args).toEqual([{ text: 'lightswitch3', id: UNKNOWN_OBJECT }]);
    expect(unknown.skills).toEqual([{ action: 'walk', objects: [UNKNOWN_OBJECT] }]);
  });

  it('records each command once in the history, and a failed skill drops the rest of the plan', () => {
    const { names, listing, world, step, feedback } = cottage();
    const runner = new CommandRunner(names, listing, VIRTUALHOME_SKILLS);
    step({ action: 'walk', objects: [1] }, 1);
    step({ action: 'walk', objects: [2] }, 2);
    runner.setPlan([
      { verb: 'move', args: ['toaster1'] },
      { verb: 'pickup', args: ['lightswitch9'] },
      { verb: 'switchon', args: ['toaster1'] },
    ]);
    let t = 3;
    const outcomes: string[] = [];
    for (let skill = runner.next(feedback()); skill; skill = runner.next(feedback())) {
      const ok = step(skill, t++);
      outcomes.push(runner.outcome(ok));
    }
    expect(outcomes).toEqual(['running', 'succeeded', 'failed']);
    expect(runner.history.map((h) => [formatCommand(h.command), h.success, h.steps])).toEqual([
      ['move(toaster1)', true, 2],
      ['pickup(lightswitch9)', false, 1],
    ]);
    expect(runner.pending).toEqual([]);
    expect(world.graph.hasState(23, 'ON')).toBe(false);
  });
});
