import { describe, expect, it } from 'vitest';
import { newMemory, see } from './helpers.js';

describe("ExRAP's memory: score tables", () => {
  it('scores directives once while the memory is unchanged, and again once a fact enters or leaves', () => {
    const memory = newMemory();
    memory.ingest(see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
    const directives = ['tv is off', 'tv is on'];
    const first = memory.scores(directives);
    expect(memory.scores(directives)).toBe(first);
    expect([...first.scores]).toEqual([...memory.index.scoresSync(directives).scores]);
    // Other directives are their own table.
    expect(memory.scores(['tv is on'])).not.toBe(first);

    memory.ingest(see(1, 'livingroom.3', ['tv.10 is on', 'tv.10 inside livingroom.3']));
    const after = memory.scores(directives);
    expect(after).not.toBe(first);
    expect(after.keys).toContain('tv.10 is on');
    expect(after.keys).not.toContain('tv.10 is off');
    expect([...after.scores]).toEqual([...memory.index.scoresSync(directives).scores]);
  });
});
