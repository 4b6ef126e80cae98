import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { canonicalJson } from '../../src/llm/canonical.js';
import { InvalidOutputError } from '../../src/llm/errors.js';
import { extractJsonText, parseStructuredOutput } from '../../src/llm/json-output.js';
import {
  logSumExp,
  matchOption,
  normalizeOptionText,
  normalizeYesNo,
  parseYesNoAnswer,
  probabilitiesFromCounts,
  softmax,
  yesNoOfToken,
} from '../../src/llm/scoring.js';
import { renderTranscript } from '../../src/llm/transcript.js';

describe('log-prob arithmetic', () => {
  it('logSumExp is stable for large magnitudes and handles -Infinity', () => {
    expect(logSumExp([1000, 1000])).toBeCloseTo(1000 + Math.log(2), 10);
    expect(logSumExp([-1000, -1000])).toBeCloseTo(-1000 + Math.log(2), 10);
    expect(logSumExp([Number.NEGATIVE_INFINITY, 0])).toBe(0);
    expect(logSumExp([])).toBe(Number.NEGATIVE_INFINITY);
  });

  it('softmax normalises and keeps ratios', () => {
    const p = softmax([Math.log(2), Math.log(6)]);
    expect(p[0]).toBeCloseTo(0.25, 12);
    expect(p[1]).toBeCloseTo(0.75, 12);
    expect(softmax([Number.NEGATIVE_INFINITY, Number.NEGATIVE_INFINITY])).toEqual([0.5, 0.5]);
  });

  it('smoothed counts give finite, normalised probabilities', () => {
    const p = probabilitiesFromCounts([7, 3, 0], 0.1);
    expect(p.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(p[0]).toBeCloseTo(7.1 / 10.3, 12);
    expect(p[2]).toBeGreaterThan(0);
    expect(probabilitiesFromCounts([0, 0], 0)).toEqual([0.5, 0.5]);
  });
});

describe('reading answers', () => {
  it('classifies yes/no tokens across tokenizer spellings', () => {
    expect(yesNoOfToken(' Yes')).toBe('yes');
    expect(yesNoOfToken('\u2581no')).toBe('no');
    expect(yesNoOfToken('NO.')).toBe('no');
    expect(yesNoOfToken('yesterday')).toBeUndefined();
    expect(yesNoOfToken('Y')).toBeUndefined();
  });

  it('finds the first yes or no word of a sampled answer', () => {
    expect(parseYesNoAnswer('No, the TV is off.')).toBe('no');
    expect(parseYesNoAnswer('The answer is yes; not no.')).toBe('yes');
    expect(parseYesNoAnswer("I don't know")).toBeUndefined();
    expect(normalizeYesNo(0, 0)).toBeUndefined();
    expect(normalizeYesNo(3, 1)).toEqual({ pYes: 0.75, pNo: 0.25 });
  });

  it('maps a sampled step to the option it names, preferring the longest', () => {
    const options = ['walk to kitchen', 'walk to kitchen table', 'open fridge'].map(normalizeOptionText);
    expect(matchOption('1. Walk to kitchen table.', options)).toBe(1);
    expect(matchOption('walk to kitchen', options)).toBe(0);
    expect(matchOption('I would open fridge now\nthen more', options)).toBe(2);
    expect(matchOption('\n\nopen the fridge', options)).toBe(-1);
  });
});

describe('structured output parsing', () => {
  const schema = z.object({ answer: z.enum(['yes', 'no']), count: z.number().int() });

  it('extracts JSON from prose and code fences, respecting strings', () => {
    expect(extractJsonText('Sure! ```json\n{"a": "}{", "b": [1, {"c": 2}]}\n``` done')).toBe(
      '{"a": "}{", "b": [1, {"c": 2}]}',
    );
    expect(extractJsonText('no json here')).toBeUndefined();
    expect(extractJsonText('{"unclosed": 1')).toBeUndefined();
  });

  it('validates with the zod schema', () => {
    expect(parseStructuredOutput('{"answer":"no","count":3}', schema, 's')).toEqual({ answer: 'no', count: 3 });
  });

  it('rejects non-JSON, broken JSON and schema violations with InvalidOutputError', () => {
    for (const text of ['just words', '{"answer": yes}', '{"answer":"maybe","count":1.5}']) {
      const error = (() => {
        try {
          parseStructuredOutput(text, schema, 's');
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(InvalidOutputError);
      expect((error as InvalidOutputError).output).toBe(text);
      expect((error as Error).message).not.toContain('\n');
    }
    try {
      parseStructuredOutput('{"answer":"maybe","count":1.5}', schema, 's');
    } catch (e) {
      expect((e as InvalidOutputError).problems.map((p) => p.split(':')[0])).toEqual(['answer', 'count']);
    }
  });
});

describe('canonical requests', () => {
  it('sorts keys at every depth and drops undefined, keeping array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe(
      '{"a":{"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('renders a transcript with an open assistant turn', () => {
    expect(
      renderTranscript([
        { role: 'system', content: 'S' },
        { role: 'user', content: 'Q?' },
      ]),
    ).toBe('System: S\n\nUser: Q?\n\nAssistant:');
  });
});
