import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ObjectNames } from '../../../src/agents/prompting/object-names.js';
import { describeVisible, historyLines, shortError, situationText } from '../../../src/agents/prompting/situation.js';
import {
  parseSkillText,
  phrasesFor,
  skillCall,
  skillPhrase,
  stripStepMarker,
} from '../../../src/agents/prompting/skill-text.js';
import {
  loadTemplate,
  PromptSet,
  parseTemplate,
  promptsDir,
  renderTemplate,
} from '../../../src/agents/prompting/templates.js';
import { InputError } from '../../../src/util/errors.js';
import { cottageWorld } from './helpers.js';

const dir = mkdtempSync(join(tmpdir(), 'hearth-prompts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('prompt templates', () => {
  it('fills slots and collapses the blank lines of empty slots', () => {
    const template = parseTemplate('t', 'Task: {{task}}\n\n{{examples}}\n\nNext: {{ task }}');
    expect(template.slots).toEqual(['task', 'examples']);
    expect(renderTemplate(template, { task: 'tidy', examples: '' })).toBe('Task: tidy\n\nNext: tidy');
  });

  it('names the file and line of a slot the method does not provide', () => {
    const template = parseTemplate('t', 'one\ntwo {{missing}}', '/p/t.txt');
    expect(() => renderTemplate(template, { task: 'x' })).toThrow(/\/p\/t\.txt:2: unknown slot \{\{missing\}\}/);
  });

  it('rejects a malformed slot with its line', () => {
    expect(() => parseTemplate('t', 'ok\n{{ 1bad }}', 'f.txt')).toThrow(/f\.txt:2:1: malformed slot/);
    expect(() => parseTemplate('t', 'a }} b', 'f.txt')).toThrow(InputError);
  });

  it('loads templates from a folder (HEARTH_PROMPTS_DIR) and versions them by content', () => {
    writeFileSync(join(dir, 'a.txt'), 'A {{x}}');
    writeFileSync(join(dir, 'b.txt'), 'B {{x}}');
    const set = new PromptSet({ first: 'a', second: 'b' }, dir);
    expect(set.render('first', { x: '1' })).toBe('A 1');
    expect(set.version).toMatch(/^a@[0-9a-f]{12} b@[0-9a-f]{12}$/);
    expect(loadTemplate('a', dir).version).not.toBe(loadTemplate('b', dir).version);
    expect(promptsDir({ HEARTH_PROMPTS_DIR: dir })).toBe(dir);
    expect(() => loadTemplate('nope', dir)).toThrow(/prompt template 'nope' not found/);
  });

  it('ships every prompt the baselines use, and each renders with what its method provides', () => {
    for (const name of [
      'saycan/prompt',
      'saycan/demonstration',
      'saycan/choice',
      'zsp/prompt',
      'zsp/demonstration',
      'llm-planner/prompt',
      'llm-planner/demonstration',
      'llm-planner/failure',
      'progprompt/prompt',
      'progprompt/example',
    ]) {
      const template = loadTemplate(name);
      expect(template.slots.length, name).toBeGreaterThan(0);
    }
  });
});

describe('skill text', () => {
  const world = cottageWorld();
  const names = new ObjectNames();
  names.observe(world.observe(), 0);
  const phrases = phrasesFor('virtualhome', ['walk', 'grab', 'switchon', 'switchoff', 'put', 'putin', 'open', 'close']);

  it('writes skills as phrases and calls with entity names', () => {
    const name = (id: number) => names.name(id);
    expect(skillPhrase({ action: 'switchon', objects: [73] }, phrases, name)).toBe('switch on tv.73');
    expect(skillPhrase({ action: 'putin', objects: [78, 75] }, phrases, name)).toBe('put book.78 in cabinet.75');
    expect(skillCall({ action: 'putin', objects: [78, 75] }, name)).toBe("putin('book.78', 'cabinet.75')");
  });

  it('reads phrases, calls and pairs back, whatever the case, articles and list markers', () => {
    const read = (text: string) => {
      const parsed = parseSkillText(text, phrases, names);
      return parsed.ok ? parsed.skill : parsed.reason;
    };
    expect(read('Switch on the tv.73.')).toEqual({ action: 'switchon', objects: [73] });
    expect(read('2. put book.79 in cabinet.75')).toEqual({ action: 'putin', objects: [79, 75] });
    expect(read("putin('book.79', 'cabinet.75')")).toEqual({ action: 'putin', objects: [79, 75] });
    expect(read('(walk, kitchen.1)')).toEqual({ action: 'walk', objects: [1] });
    expect(read('Step 3: walk to Kitchen')).toEqual({ action: 'walk', objects: [1] });
  });

  it('reads a bare class as the instance in view, the lowest id among equals', () => {
    const parsed = parseSkillText('grab book', phrases, names);
    expect(parsed).toEqual({ ok: true, skill: { action: 'grab', objects: [78] } });
  });

  it('rejects unknown actions, unknown objects, wrong arity and prose with the reason', () => {
    const reason = (text: string) => {
      const parsed = parseSkillText(text, phrases, names);
      return parsed.ok ? 'ok' : parsed.reason;
    };
    expect(reason('dance(tv.73)')).toMatch(/unknown action 'dance'/);
    expect(reason('grab fridge.99')).toMatch(/no known object 'fridge.99'/);
    expect(reason('grab(tv.73, sofa.70)')).toMatch(/grab takes 1 object\(s\), got 2/);
    expect(reason('I think the robot should relax')).toMatch(/is not a skill/);
    expect(reason('   ')).toBe('empty step');
  });

  it('strips step markers', () => {
    expect(stripStepMarker('Step 12: Open fridge.')).toBe('Open fridge');
    expect(stripStepMarker('- walk to kitchen')).toBe('walk to kitchen');
    expect(stripStepMarker('Next plans: grab mug')).toBe('grab mug');
  });
});

describe('object names', () => {
  it('prefers the instance in the current room, then the most recently seen', () => {
    const names = new ObjectNames();
    const world = cottageWorld();
    names.observe(world.observe(), 0);
    expect(names.resolve('BOOK')).toBe(78);
    expect(names.resolve('book.80')).toBe(80);
    // An id of another class: the class wins (the model named a sofa, with a wrong number).
    expect(names.resolve('sofa.78')).toBe(70);
    expect(names.resolve('.999')).toBeUndefined();
    expect(names.name(12345)).toBe('object.12345');
  });
});

describe('situation text', () => {
  it('says where the agent is, what it sees with states and placements, and what it holds', () => {
    const world = cottageWorld();
    const names = new ObjectNames();
    const observation = world.observe();
    names.observe(observation, 0);
    const text = situationText(observation, world.adjacent, names);
    expect(text.room).toBe('livingroom.2');
    expect(text.adjacentRooms).toBe('kitchen.1, bedroom.3, bathroom.4');
    expect(text.holding).toBe('nothing');
    expect(describeVisible(observation, names)).toContain('tv.73 (off; plugged_in; on tvstand.72)');
    expect(text.visible).not.toMatch(/\b(wall|floor|ceiling|character)\.\d/);
  });

  it('shows recent steps with outcomes and shortens simulator messages', () => {
    const lines = historyLines(
      [
        { t: 0, skill: { action: 'walk', objects: [1] }, text: 'walk to kitchen.1', success: true },
        {
          t: 1,
          skill: { action: 'grab', objects: [2] },
          text: 'grab mug.2',
          success: false,
          error: '[grab] <mug> (2): the character is not close to <mug> (2)',
        },
      ],
      5,
    );
    expect(lines).toEqual(['walk to kitchen.1 (done)', 'grab mug.2 (failed: the character is not close to <mug> (2))']);
    expect(shortError('plain')).toBe('plain');
  });
});
