import { describe, expect, it } from 'vitest';
import { diffGraphs } from '../../src/sim/diff.js';
import { replayProgram } from '../../src/sim/executor.js';
import { readProgram } from '../../src/sim/script.js';
import { InputError } from '../../src/util/errors.js';
import { EXAMPLE_PROGRAM, home, ID } from './fixtures.js';

describe('replayProgram', () => {
  it('runs the built-in example to the end and reports the same diff as comparing the two graphs', () => {
    const g = home();
    const start = g.clone();
    const replay = replayProgram(g, readProgram(EXAMPLE_PROGRAM));
    expect(replay.executable).toBe(true);
    expect(replay.steps).toHaveLength(15);
    expect(replay.steps.every((s) => s.ok && s.error === null && s.errorKind === null)).toBe(true);
    const direct = diffGraphs(start, g);
    expect(replay.edgesAdded).toEqual(direct.edgesAdded);
    expect(replay.edgesRemoved).toEqual(direct.edgesRemoved);
    expect(replay.stateChanges).toEqual(direct.stateChanges);
    expect(replay.stateChanges).toEqual({
      [ID.char]: { before: [], after: ['SITTING'] },
      [ID.tv]: { before: ['OFF', 'PLUGGED_IN'], after: ['ON', 'PLUGGED_IN'] },
    });
  });

  it('stops at the first failing step, which changes nothing', () => {
    const g = home();
    const replay = replayProgram(g, [
      '[WALK] <mug> (14)',
      '[GRAB] <mug> (14)',
      '[GRAB] <mug> (14)',
      '[WALK] <tv> (22)',
    ]);
    expect(replay.executable).toBe(false);
    expect(replay.steps.map((s) => s.ok)).toEqual([true, true, false]);
    expect(replay.steps[2].error).toBe('<mug> (14) already grabbed when executing "[GRAB] <mug> (14) [2]"');
    expect(replay.steps[2].errorKind).toBe('additional_step');
    expect(g.hasEdge(ID.char, 'INSIDE', ID.kitchen)).toBe(true);
  });

  it('nets out changes that were undone within the program', () => {
    const g = home();
    const start = g.clone();
    const replay = replayProgram(g, [
      '[WALK] <tv> (22)',
      '[SWITCHON] <tv> (22)',
      '[SWITCHOFF] <tv> (22)',
      '[WALK] <mug> (14)',
      '[GRAB] <mug> (14)',
      '[PUTOBJBACK] <mug> (14)',
    ]);
    // The tv went on and off, the mug came back to the counter: neither shows.
    expect(replay.stateChanges).toEqual({});
    expect(replay.edgesRemoved).toEqual([]);
    expect(g.hasEdge(ID.mug, 'ON', ID.counter)).toBe(true);
    expect(replay.edgesAdded).toEqual(diffGraphs(start, g).edgesAdded);
    expect(replay.edgesAdded).toContainEqual([ID.char, 'CLOSE', ID.mug]);
  });

  it('a long program costs its steps: 1,000 lines give the same final graph as running them one by one', () => {
    const cycle = [
      '[WALK] <mug> (14)',
      '[GRAB] <mug> (14)',
      '[WALK] <tv> (22)',
      '[SWITCHON] <tv> (22)',
      '[SWITCHOFF] <tv> (22)',
      '[WALK] <kitchencounter> (12)',
      '[PUTBACK] <mug> (14) <kitchencounter> (12)',
      '[WALK] <fridge> (11)',
      '[OPEN] <fridge> (11)',
      '[CLOSE] <fridge> (11)',
    ];
    const lines = Array.from({ length: 100 }, () => cycle).flat();
    const g = home();
    const start = g.clone();
    const replay = replayProgram(g, lines);
    expect(replay.executable).toBe(true);
    expect(replay.steps).toHaveLength(1000);
    const direct = diffGraphs(start, g);
    expect(replay.edgesAdded).toEqual(direct.edgesAdded);
    expect(replay.edgesRemoved).toEqual(direct.edgesRemoved);
  });

  it('an unknown object id is an input error naming the program line, or an unseen step failure', () => {
    const g = home();
    const program = {
      title: 't',
      description: '',
      source: 'p.txt',
      lines: readProgram(EXAMPLE_PROGRAM).lines.slice(0, 2),
      lineNumbers: [5, 9],
    };
    const bad = {
      ...program,
      lines: [program.lines[0], { action: 'GRAB' as const, objects: [{ name: 'cup', id: 999 }], agent: 0 }],
    };
    expect(() => replayProgram(g, bad)).toThrow(InputError);
    expect(() => replayProgram(g, bad)).toThrow('p.txt:9: object id 999 (<cup>) is not a node of the graph');
    const replay = replayProgram(g, bad, { unknownIds: 'fail' });
    expect(replay.steps[1].errorKind).toBe('unseen_object');
  });

  it("reclassifies a missing step whose precondition held earlier as wrong_order (EAI's temporal-order check)", () => {
    const g = home();
    // Walking to the mug made the character close to the counter it stood on; walking away undid that.
    const replay = replayProgram(g, [
      '[WALK] <mug> (14)',
      '[GRAB] <mug> (14)',
      '[WALK] <tv> (22)',
      '[PUTBACK] <mug> (14) <kitchencounter> (12)',
    ]);
    const last = replay.steps[3];
    expect(last.error).toBe(
      '<character> (1) is not close to <kitchencounter> (12) when executing "[PUTBACK] <mug> (14) <kitchencounter> (12) [3]"',
    );
    expect(last.errorKind).toBe('wrong_order');
    expect(last.note).toBe('Precondition CLOSE(1, 12) is satisfied in previous states. ');
    const plain = replayProgram(
      home(),
      ['[WALK] <mug> (14)', '[GRAB] <mug> (14)', '[WALK] <tv> (22)', '[PUTBACK] <mug> (14) <kitchencounter> (12)'],
      {
        temporalOrder: false,
      },
    );
    expect(plain.steps[3].errorKind).toBe('missing_step');
  });

  it('keeps missing_step when the precondition never held', () => {
    const replay = replayProgram(home(), ['[WALK] <fridge> (11)', '[GRAB] <remotecontrol> (23)']);
    expect(replay.steps[1].errorKind).toBe('missing_step');
    // Negated preconditions: a free hand held at the start, so a full-handed failure is wrong_order.
    const hands = replayProgram(home(), [
      '[WALK] <mug> (14)',
      '[GRAB] <mug> (14)',
      '[WALK] <plate> (19)',
      '[GRAB] <plate> (19)',
      '[WALK] <book> (26)',
      '[GRAB] <book> (26)',
    ]);
    expect(hands.steps[5].errorKind).toBe('wrong_order');
    expect(hands.steps[5].note).toBe('Precondition not HOLDS(1, -1) is satisfied in previous states. ');
  });

  it('prefixes a later error with a message the reference recorded on an earlier successful step', () => {
    const replay = replayProgram(home(), [
      '[WALK] <tv> (22)',
      '[SWITCHON] <tv> (22)',
      '[PLUGOUT] <tv> (22)',
      '[GRAB] <tv> (22)',
    ]);
    expect(replay.steps[2].ok).toBe(true);
    expect(replay.steps[3].error).toBe(
      '<tv> (22) is still on when executing "[PLUGOUT] <tv> (22) [2]",<tv> (22) is not grabbable when executing "[GRAB] <tv> (22) [3]"',
    );
  });

  it("follows ProgPrompt's loop under the progprompt protocol: skip failures, forget grabs after each step", () => {
    const replay = replayProgram(
      home(),
      [
        '[GRAB] <mug> (14)',
        '[GRAB] <plate> (19)',
        '[WALK] <mug> (14)',
        '[GRAB] <mug> (14)',
        '[GRAB] <mug> (14)',
        '[PUTOBJBACK] <mug> (14)',
      ],
      { protocol: 'progprompt' },
    );
    expect(replay.steps.map((s) => s.ok)).toEqual([false, false, true, true, true, false]);
    // Consecutive failures share one executor, so their messages accumulate; every line has index 0.
    expect(replay.steps[1].error).toBe(
      '<character> (1) is not close to <mug> (14) when executing "[GRAB] <mug> (14) [0]",' +
        '<character> (1) is not close to <plate> (19) when executing "[GRAB] <plate> (19) [0]"',
    );
    // The grab memo does not survive the rebuilt executor: a second grab succeeds, PUTOBJBACK finds nothing.
    expect(replay.steps[5].error).toBe('<mug> (14) not grabbed when executing "[PUTOBJBACK] <mug> (14) [0]"');
    expect(replay.executable).toBe(false);
  });
});
