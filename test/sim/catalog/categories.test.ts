/**
 * The catalog's category nouns (`src/sim/catalog/categories.ts`): each covers catalog classes, food is what is eaten
 * (no drink), drinks and groceries by the kind's properties, bathroom things the kind toiletry.
 */
import { describe, expect, it } from 'vitest';
import {
  CATALOG,
  CATEGORY_NAMES,
  catalogClass,
  categoriesOf,
  categoryClasses,
} from '../../../src/sim/catalog/index.js';

describe('category classes', () => {
  it('covers only catalog classes, by their own names, each category at least one', () => {
    for (const name of CATEGORY_NAMES) {
      const classes = categoryClasses(name);
      expect(classes.length, name).toBeGreaterThan(0);
      for (const c of classes) expect(catalogClass(c)?.name, `${name}: ${c}`).toBe(c);
    }
  });

  it('reads food as the kind food that is eaten: no drink is food, every eaten food is', () => {
    const food = categoryClasses('food');
    expect(food).toContain('chicken');
    expect(food).toContain('cupcake');
    expect(food).not.toContain('milk');
    expect(food).not.toContain('juice');
    const eaten = CATALOG.filter((c) => c.kind === 'food' && c.properties.includes('EATABLE')).map((c) => c.name);
    expect([...food].sort()).toEqual(eaten.sort());
    expect(categoryClasses('drinks')).toEqual(['milk', 'juice', 'wine', 'bottlewater']);
    expect([...categoryClasses('groceries')].sort()).toEqual(
      CATALOG.filter((c) => c.kind === 'food')
        .map((c) => c.name)
        .sort(),
    );
  });

  it('reads fruit, bathroom things and dishes as their lists', () => {
    expect(categoryClasses('fruit')).toEqual(['apple', 'bananas', 'orange', 'lemon', 'pear', 'peach']);
    expect(categoryClasses('bathroom things')).toEqual(CATALOG.filter((c) => c.kind === 'toiletry').map((c) => c.name));
    expect(categoryClasses('dishes')).toContain('plate');
    expect(categoryClasses('dishes')).not.toContain('cookingpot');
    expect(categoriesOf('milk')).toEqual(['drinks', 'groceries']);
    expect(categoriesOf('apple')).toEqual(['fruit', 'food', 'groceries']);
  });
});
