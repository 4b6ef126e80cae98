/**
 * `hearth read`: the goal the offline reader makes of a text, as lines or JSON; a text it cannot read is one line on
 * stderr and exit 2; `--dialogue FILE` reads a dialogue, or a dialogue task file against its goals; a bad file is an
 * error naming it. In-process (milliseconds a run); one run of the built CLI checks the wiring end to end.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT, runCli, runCliInProcess } from '../helpers/cli.js';
import { scratchDir } from '../helpers/scratch.js';
import { projectRoot } from '../helpers/shared-data.js';

describe('hearth read', () => {
  it('prints one subgoal per line, with the room, and what the reading assumed', async () => {
    const lights = await runCliInProcess(['read', 'Could you switch the bedroom lights off?']);
    expect(lights.code).toBe(0);
    expect(lights.stdout).toBe('goal:\n  all light isToggledOff in bedroom\n');
    const fruit = await runCliInProcess(['read', 'Some', 'fruit', 'needs', 'refrigeration.']);
    expect(fruit.stdout).toContain('  all apple|bananas|orange|lemon|pear|peach isPlacedTo fridge\n');
    expect(fruit.stdout).toMatch(/notes:\n {2}'fruit': how many is not said/);
    const context = await runCliInProcess(['read', 'The milk is cold. Heat it in the microwave.']);
    expect(context.stdout).toContain('  milk isCooked using microwave\n');
    expect(context.stdout).toContain('not read:\n  "The milk is cold.": a statement, not a request\n');
  });

  it('prints the reading as JSON, the goal in the episodic tasks shape', async () => {
    const result = await runCliInProcess(['read', '--json', 'Use the computer, please.']);
    const reading = JSON.parse(result.stdout);
    expect(reading).toMatchObject({
      ok: true,
      goal: {
        // using it is switching it on; the action a task may add is taken by reaching the state (docs/reader.md)
        subgoals: [{ patient: ['computer'], predicate: 'isToggledOn' }],
        actionGoals: [],
      },
      hints: [],
      corrections: [],
      unread: [],
    });
  });

  it('refuses a text it cannot read in one line on stderr, exit 2', async () => {
    const result = await runCliInProcess(['read', 'Browse internet']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('hearth: cannot read it: "Browse internet": names nothing the robot can act on\n');
    const nothing = await runCliInProcess(['read']);
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toMatch(/nothing to read/);
  });

  it('reads a dialogue file, and a dialogue task file against each goal; a missing file is named', async () => {
    const dir = scratchDir('read');
    const dialogue = join(dir, 'dialogue.txt');
    writeFileSync(
      dialogue,
      '<Driver> hi <Commander> Put all the remotes on the bed.\n<Driver> ok\n<Commander> Sorry, I meant the sofa.\n' +
        '<Driver> where are they? <Commander> One is on the chair and another is in the fridge.\n',
    );
    const read = await runCliInProcess(['read', '--dialogue', dialogue]);
    expect(read.stdout).toBe(
      'goal:\n  all remotecontrol isPlacedTo sofa\nhints:\n  remotecontrol ON chair\n  remotecontrol IN fridge\n' +
        'corrections:\n  bed -> sofa\n',
    );
    const tasks = join(dir, 'tasks.jsonl');
    writeFileSync(
      tasks,
      `${JSON.stringify({ id: 'coffee', dialogue: '<Commander> Make me a coffee in a clean mug.', goal: ['mug isClean', 'mug(isClean) isFilledWithCoffee'] })}\n` +
        `${JSON.stringify({ id: 'lamp', dialogue: '<Commander> Turn the lamp on.', goal: ['tablelamp isToggledOn'] })}\n`,
    );
    const checked = await runCliInProcess(['read', '--dialogue', tasks]);
    expect(checked.stdout).toContain('dialogues/coffee: same\n');
    expect(checked.stdout).toContain('dialogues/lamp: different\n  goal:\n    floorlamp isToggledOn\n');
    const missing = await runCliInProcess(['read', '--dialogue', join(dir, 'none.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${join(dir, 'none.txt')}: cannot read the dialogue file: ENOENT`);
  });

  it('is described by hearth help read', async () => {
    const help = await runCliInProcess(['help', 'read']);
    expect(help.stdout).toContain('print the goal the offline reader makes');
    expect(help.stdout).toContain('--dialogue <file>');
  });

  it.skipIf(!BUILT)('runs from the built CLI', async () => {
    const result = await runCli(['read', 'Open the fridge door, please.'], projectRoot);
    expect(result).toMatchObject({ code: 0, stdout: 'goal:\n  fridge isOpen\n' });
  });
});
