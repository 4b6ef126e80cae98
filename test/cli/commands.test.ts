import { describe, expect, it } from 'vitest';
import { commandGroups, groupsFor } from '../../src/cli/commands/index.js';
import { buildProgram } from '../../src/cli/main.js';

describe('the command groups, loaded on demand', () => {
  it('loads only the group owning the command line first word, and every group for help or an unknown word', () => {
    expect(groupsFor(['scene', 'list']).map((g) => g.commands)).toEqual([['scene']]);
    expect(groupsFor(['worker', '--queue', 'redis://x']).map((g) => g.commands)).toEqual([['worker', 'queue']]);
    expect(groupsFor(['--help'])).toBe(commandGroups);
    expect(groupsFor(['help', 'run'])).toBe(commandGroups);
    expect(groupsFor(['scen'])).toBe(commandGroups);
  });

  it('registers each command the group says it owns, in the order help lists them', async () => {
    const program = await buildProgram();
    expect(program.commands.map((c) => c.name())).toEqual(commandGroups.flatMap((g) => g.commands));
    const scene = await buildProgram(['node', 'hearth', 'scene', 'list']);
    expect(scene.commands.map((c) => c.name())).toEqual(['scene']);
  });
});
