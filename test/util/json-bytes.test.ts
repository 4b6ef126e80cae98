/**
 * The strict byte-level JSON reader: what it reads equals what JSON.parse gives, what it skips is still checked
 * against the grammar, and anything that is not JSON (or nests too deep) is a JsonBytesError at a byte offset.
 */
import { describe, expect, it } from 'vitest';
import { JsonBytes, JsonBytesError } from '../../src/util/json-bytes.js';

const reader = (text: string, maxDepth?: number) => new JsonBytes(new TextEncoder().encode(text), maxDepth);

/** Reads an array of numbers with `number()`. */
function numbers(text: string): number[] {
  const json = reader(text);
  const out: number[] = [];
  json.array(() => out.push(json.number()));
  json.end();
  return out;
}

describe('JsonBytes: values read', () => {
  it('reads numbers exactly as JSON.parse does, short and long, with and without exponents', () => {
    const values: number[] = [0, -0, 1, -1, 0.1, 0.3, 1e21, 1e-7, 123456789012345, 1234567890123456800];
    for (let i = 0; i < 3000; i++) {
      values.push(-((i * 7919) % 1000) / 100 - 0.01, (i * 104729) / 997, -i * 1e-5, i * 1.5e300);
    }
    const text = JSON.stringify(values);
    const read = numbers(text);
    expect(read).toEqual(JSON.parse(text));
    expect(Object.is(numbers('[-0]')[0], -0)).toBe(true);
    // Digits beyond a double's precision round as JSON.parse rounds them.
    const long = '[9007199254740993, 1234567890123456789, 0.30000000000000001665, 2.2250738585072011e-308]';
    expect(numbers(long)).toEqual(JSON.parse(long));
    expect(numbers('[1E2, 2e+3, -5E-1, 0.000000000000000000000000001]')).toEqual([100, 2000, -0.5, 1e-27]);
  });

  it('reads strings and their lengths as JSON.parse does, escapes and non-ASCII included', () => {
    const strings = [
      'plain',
      '',
      ' word\n',
      'tab\there',
      'quote " and \\ slash /',
      'é',
      '日本',
      '😀 pair',
      '\u0001',
      '\u2028',
    ];
    const text = `[${strings.map((s) => JSON.stringify(s)).join(',')}, "\\u00e9\\ud83d\\ude00\\/"]`;
    const json = reader(text);
    const read: string[] = [];
    json.array(() => read.push(json.string()));
    expect(read).toEqual(JSON.parse(text));
    const lengths: number[] = [];
    const again = reader(text);
    again.array(() => lengths.push(again.stringLength()));
    expect(lengths).toEqual((JSON.parse(text) as string[]).map((s) => s.length));
  });

  it('reads objects member by member and skips what it is not asked for', () => {
    const json = reader(' { "a" : [1, {"x": null}, "s", true, false], "b": { "c": -2.5e1 }, "d": null } ');
    const seen: Record<string, unknown> = {};
    json.object((key) => {
      if (key === 'b') json.object((inner) => (seen[inner] = json.number()));
      else if (key === 'd') seen.d = json.null();
      else json.skip();
    });
    json.end();
    expect(seen).toEqual({ c: -25, d: true });
  });

  it('leaves a number to read after null() says it is not null, and reads booleans', () => {
    const json = reader('[null, 3, true, false]');
    const out: unknown[] = [];
    json.array((i) => out.push(i < 2 ? (json.null() ? null : json.number()) : json.boolean()));
    expect(out).toEqual([null, 3, true, false]);
  });

  it('converts a number later from where numberOffset found it', () => {
    const json = reader('[12.5, -0.25, 3e2]');
    const offsets: number[] = [];
    json.array(() => offsets.push(json.numberOffset()));
    expect(offsets.map((at) => json.numberAt(at))).toEqual([12.5, -0.25, 300]);
  });
});

describe('JsonBytes: what is not JSON', () => {
  const skipAll = (text: string, maxDepth?: number) => {
    const json = reader(text, maxDepth);
    json.skip();
    json.end();
  };

  it.each([
    ['an empty body', ''],
    ['an unclosed object', '{"a": 1'],
    ['a trailing comma in an object', '{"a": 1,}'],
    ['a trailing comma in an array', '[1,]'],
    ['a missing colon', '{"a" 1}'],
    ['a missing comma', '[1 2]'],
    ['an unquoted key', '{a: 1}'],
    ['a single-quoted string', "['a']"],
    ['a leading zero', '[01]'],
    ['a bare decimal point', '[1.]'],
    ['a fraction without its integer', '[.5]'],
    ['a lone minus', '[-]'],
    ['an empty exponent', '[1e]'],
    ['NaN', '[NaN]'],
    ['Infinity', '[Infinity]'],
    ['a raw control character in a string', '["a\u0001b"]'],
    ['a raw newline in a string', '["a\nb"]'],
    ['an unknown escape', '["\\x41"]'],
    ['a short \\u escape', '["\\u12g4"]'],
    ['an unterminated string', '["abc'],
    ['a misspelt literal', '[tru]'],
    ['a second document', '{} {}'],
    ['a comment', '[1 /* one */]'],
  ])('rejects %s', (_what, text) => {
    expect(() => skipAll(text)).toThrow(JsonBytesError);
  });

  it('says where it stopped', () => {
    expect(() => skipAll('{"a": [1, 2,, 3]}')).toThrow(/at byte 12/);
  });

  it('refuses to nest deeper than its limit, and accepts the limit itself', () => {
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    expect(() => skipAll(nested(64))).not.toThrow();
    expect(() => skipAll(nested(65))).toThrow(/deeper than 64/);
    expect(() => skipAll(nested(100_000))).toThrow(/deeper than 64/);
    expect(() => skipAll(nested(5), 4)).toThrow(/deeper than 4/);
  });

  it('rejects invalid UTF-8 in a string it reads', () => {
    const bytes = new Uint8Array([0x5b, 0x22, 0x61, 0xff, 0x62, 0x22, 0x5d]);
    const json = new JsonBytes(bytes);
    expect(() => json.array(() => json.string())).toThrow(/invalid UTF-8/);
  });

  it('says which kind it expected when a value has the wrong type', () => {
    const json = reader('{"a": "1"}');
    expect(() => json.object(() => json.number())).toThrow(/expected a number, found string/);
    expect(() => reader('[1]').object(() => {})).toThrow(/expected an object, found array/);
  });
});
