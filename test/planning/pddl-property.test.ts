/**
 * The PDDL parser on any text: a domain or problem is read, or refused with an InputError naming the file, line and
 * column; nothing else is ever thrown. Texts are small valid domains and problems (the planning tests' and the
 * ALFWorld-style fixture) edited token by token (dropped, doubled, swapped, replaced by PDDL's own words and
 * punctuation), and any string at all. A text that still reads is written back (`domainText`, `problemText`) and
 * read again to the same text.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDomain } from '../../src/planning/pddl/parse-domain.js';
import { parseProblem } from '../../src/planning/pddl/parse-problem.js';
import { domainText, problemText } from '../../src/planning/pddl/write.js';
import { InputError } from '../../src/util/errors.js';
import { propertyRuns } from '../helpers/property.js';
import { CHAIN_DOMAIN, CHAIN_PROBLEM, GRIPPER_DOMAIN, gripperProblem, ROAD_DOMAIN, ROAD_PROBLEM } from './fixtures.js';

const ALFWORLD = readFileSync(new URL('./fixtures/alfworld-style/domain.pddl', import.meta.url), 'utf8');
const PAIRS: ReadonlyArray<readonly [string, string]> = [
  [ROAD_DOMAIN, ROAD_PROBLEM],
  [CHAIN_DOMAIN, CHAIN_PROBLEM],
  [GRIPPER_DOMAIN, gripperProblem(2)],
];
const WORDS = [
  ...['(', ')', '(', ')', 'and', 'or', 'not', 'imply', 'exists', 'forall', 'when', '=', '-', 'either', 'object'],
  ...[':action', ':parameters', ':precondition', ':effect', ':types', ':predicates', ':constants', ':requirements'],
  ...[':objects', ':init', ':goal', ':domain', ':functions', ':metric', 'minimize', 'increase', 'total-cost'],
  ...['define', 'domain', 'problem', '?x', '?y', '?', 'x', '3', '-1', '1.5', ';', ':typing', '"', '#', '\u00e9'],
];

const tokens = (text: string) => text.match(/[()]|[^\s()]+/g) ?? [];

/** One edit of a token list: drop, double, swap with the next, or replace by a word of PDDL. */
const edit = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('drop', 'double', 'swap', 'replace'),
  word: fc.constantFrom(...WORDS),
});
function applyEdits(text: string, edits: ReadonlyArray<{ at: number; kind: string; word: string }>): string {
  const list = tokens(text);
  for (const { at, kind, word } of edits) {
    if (list.length === 0) break;
    const i = at % list.length;
    if (kind === 'drop') list.splice(i, 1);
    else if (kind === 'double') list.splice(i, 0, list[i]);
    else if (kind === 'swap' && i + 1 < list.length) [list[i], list[i + 1]] = [list[i + 1], list[i]];
    else list[i] = word;
  }
  return list.join(' ');
}

/** Runs `read`; a refusal must be an InputError located at a line and column of `file`. */
function readOrRefuse<T>(read: () => T, file: string): T | undefined {
  try {
    return read();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message.startsWith(`${file}:`)).toBe(true);
    return undefined;
  }
}

describe('the PDDL parser on edited and arbitrary texts', () => {
  it('reads a domain or refuses it with a located InputError; what reads, writes back and reads the same', () => {
    const domains = fc.oneof(
      fc
        .tuple(fc.constantFrom(ALFWORLD, ...PAIRS.map(([domain]) => domain)), fc.array(edit, { maxLength: 4 }))
        .map(([text, edits]) => applyEdits(text, edits)),
      fc.string({ maxLength: 200 }),
      fc.array(fc.constantFrom(...WORDS), { maxLength: 40 }).map((words) => words.join(' ')),
    );
    fc.assert(
      fc.property(domains, (text) => {
        const domain = readOrRefuse(() => parseDomain(text, { file: 'd.pddl', strict: true }), 'd.pddl');
        if (domain) expect(domainText(parseDomain(domainText(domain)))).toBe(domainText(domain));
      }),
      propertyRuns(150),
    );
  });

  it('reads a problem of its domain or refuses it with a located InputError', () => {
    const problems = fc
      .tuple(fc.constantFrom(...PAIRS), fc.array(edit, { maxLength: 4 }))
      .map(([[domain, problem], edits]) => [domain, applyEdits(problem, edits)] as const);
    fc.assert(
      fc.property(problems, ([domainSource, text]) => {
        const domain = parseDomain(domainSource);
        const problem = readOrRefuse(() => parseProblem(text, domain, { file: 'p.pddl', strict: true }), 'p.pddl');
        if (problem)
          expect(problemText(domain, parseProblem(problemText(domain, problem), domain))).toBe(
            problemText(domain, problem),
          );
      }),
      propertyRuns(150),
    );
  });
});
