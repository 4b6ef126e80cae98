/**
 * The reader's own split of the people's-words families: stable, a trial's annotations together, about 70% to
 * develop; the held-out part is measured, never shown.
 */
import { describe, expect, it } from 'vitest';
import { alfredTexts } from '../../../../src/bench/episodic/people/alfred.js';
import { readFamily } from '../../../../src/bench/episodic/people/reading.js';
import { partOf, splitUnit } from '../../../../src/bench/episodic/people/split.js';
import { readFamilyCommand } from '../../../../src/cli/commands/read-family.js';
import { InputError } from '../../../../src/util/errors.js';
import { describeWithShared } from '../../../helpers/shared-data.js';

describe("the reader's split", () => {
  it("keeps a trial's annotations together, and a game whole", () => {
    expect(splitUnit('alfred/valid_seen/trial_T1/ann0')).toBe('trial_T1');
    expect(splitUnit('alfred/llm_planner/trial_T1')).toBe('trial_T1');
    // a TEACh game's sessions together (the hash before '_'), salted (split.ts)
    expect(splitUnit('teach-human/0196f21923a77e88_288f')).toBe(splitUnit('teach-human/0196f21923a77e88_ff45'));
    expect(splitUnit('other/abc')).toBe('other/abc');
    const parts = ['ann0', 'ann1', 'ann2'].map((a) => partOf(`alfred/valid_seen/trial_T20190909_121908_219603/${a}`));
    expect(new Set(parts).size).toBe(1);
  });

  it('sends about 70% of units to develop', () => {
    const units = Array.from({ length: 2000 }, (_, i) => `trial_T${1_000_000 + i * 7919}`);
    const develop = units.filter((u) => partOf(u) === 'develop').length / units.length;
    expect(develop).toBeGreaterThan(0.65);
    expect(develop).toBeLessThan(0.75);
  });

  it('refuses to show the held-out part', () => {
    expect(() => readFamilyCommand('alfred', { part: 'held-out', show: 'refused' })).toThrow(InputError);
    expect(() => readFamilyCommand('alfred', { part: 'training' })).toThrow(InputError);
  });
});

describeWithShared([['alfred', 'valid_seen_turk.tsv']], "the reader's split of ALFRED's texts", () => {
  it('splits every text into one of the two parts', () => {
    const ids = alfredTexts().map((t) => t.id);
    const develop = ids.filter((id) => partOf(id) === 'develop').length;
    expect(develop / ids.length).toBeGreaterThan(0.6);
    expect(develop / ids.length).toBeLessThan(0.8);
    const held = readFamily('alfred', { part: 'held-out', type: 'look_at_obj_in_light' });
    expect(held.part).toBe('held-out');
    expect(held.texts.every((t) => partOf(t.id) === 'held-out')).toBe(true);
  });
});
