import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultDemonstrationsPath, formatDemonstrations } from '../../../src/agents/demonstrations/io.js';
import { recipeFor, recordDemonstrations } from '../../../src/bench/continual/demonstrations.js';

describe("the city's demonstrations", () => {
  it('are 50 Oracle trajectories on ten training cities, and the shipped file is what npm run demos records', () => {
    const recipe = recipeFor('city');
    expect(recipe.homes).toHaveLength(10);
    expect(recipe.homes.every((home) => home.startsWith('gen-city:10'))).toBe(true);
    const { header, demonstrations } = recordDemonstrations(recipe);
    expect(demonstrations).toHaveLength(50);
    for (const demo of demonstrations) {
      expect(demo.steps.at(-1)?.action, demo.id).toBe('unload');
      expect(demo.instructions[0]).toMatch(/^If the \w+ building calls, take the goods from the \w+ building to/);
    }
    expect(formatDemonstrations(header, demonstrations)).toBe(readFileSync(defaultDemonstrationsPath('city'), 'utf8'));
  });
});
