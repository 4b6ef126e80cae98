/**
 * The folders untrusted data may name files in (`FileRoots`), and JSON from elsewhere parsed without quoting it
 * (`parseJsonText`): each way out of the folders refused with one line, nothing quoted of a text that is not JSON.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/util/errors.js';
import { FileRoots } from '../../src/util/file-roots.js';
import { parseJsonText } from '../../src/util/json-text.js';
import { scratchDir } from '../helpers/scratch.js';

describe('the folders untrusted data may name files in', () => {
  const inside = scratchDir('roots-inside');
  const outside = scratchDir('roots-outside');
  writeFileSync(join(outside, 'secret.json'), '{}');
  mkdirSync(join(inside, 'homes'));
  writeFileSync(join(inside, 'homes', 'home.json'), '{}');
  symlinkSync(join(outside, 'secret.json'), join(inside, 'homes', 'out.json'));
  symlinkSync(join(inside, 'homes', 'home.json'), join(inside, 'homes', 'in.json'));
  symlinkSync(join(inside, 'nowhere.json'), join(inside, 'dangling.json'));
  symlinkSync(outside, join(inside, 'away'));
  const roots = FileRoots.of([inside], { hint: 'start it with --files DIR' });
  const refusal = (path: string) => {
    try {
      roots.check(path, 'field home');
    } catch (error) {
      expect(error).toBeInstanceOf(InputError);
      return (error as Error).message;
    }
    return undefined;
  };

  it('admits files inside, by absolute or relative path, through links that stay inside, and ones not made yet', () => {
    for (const path of ['homes/home.json', 'homes/in.json', 'homes/../homes/home.json', 'homes/new.json']) {
      expect(refusal(join(inside, path)), path).toBeUndefined();
      expect(refusal(relative(process.cwd(), join(inside, path))), path).toBeUndefined();
    }
  });

  it('refuses every way out, in one line naming the field, the path and how to allow a folder', () => {
    expect(refusal(join(outside, 'secret.json'))).toMatch(
      /^field home ".*secret\.json": an absolute path outside the folders this process may read \(.*\); start it with --files DIR$/,
    );
    expect(refusal(relative(process.cwd(), join(inside, '..', 'x.json')))).toMatch(/: leads outside the folders/);
    expect(refusal(join(inside, 'homes', 'out.json'))).toMatch(/: a symbolic link leading outside the folders/);
    expect(refusal(join(inside, 'away', 'secret.json'))).toMatch(/: a symbolic link leading outside the folders/);
    expect(refusal(join(inside, 'away', 'new.json'))).toMatch(/: a symbolic link leading outside the folders/);
    expect(refusal(join(inside, 'dangling.json'))).toMatch(/: a symbolic link to nothing/);
    expect(refusal(`${inside}/a\u0000b`)).toBe('field home: a path with a NUL character');
    expect(refusal('x'.repeat(5000))).toMatch(/a path longer than 4096 characters/);
  });

  it('refuses a folder that is not one', () => {
    expect(() => FileRoots.of([join(inside, 'homes', 'home.json')], { hint: '' })).toThrow(/: not a folder$/);
  });
});

describe('JSON from elsewhere', () => {
  it('is refused at its line and column, never quoted', () => {
    const error = (() => {
      try {
        parseJsonText('{"a": 1,\n "b": root:x:0:0}', { file: 't.json' }, 'not a trace');
      } catch (caught) {
        return caught as Error;
      }
    })();
    expect(error?.message).toBe('t.json:2:7: not a trace: invalid JSON');
    expect(() => parseJsonText(`${'['.repeat(200)}${']'.repeat(200)}`, { file: 't.json' })).toThrow(
      't.json: JSON nested deeper than 100 levels',
    );
    expect(parseJsonText('{"a": [1, {"b": null}]}')).toEqual({ a: [1, { b: null }] });
  });
});
