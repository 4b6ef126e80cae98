import { describe, expect, it } from 'vitest';
import { bindInstruction, checkScale, homeScale } from '../../../src/bench/continual/instructions/bind.js';
import { CITY_INSTRUCTIONS, instructionPool } from '../../../src/bench/continual/instructions/tables.js';
import { textsFor } from '../../../src/bench/continual/instructions/text.js';
import { readInstructions } from '../../../src/language/index.js';
import { buildingClass, goodsClass } from '../../../src/sim/catalog/index.js';
import { isCalling } from '../../../src/sim/city/index.js';
import { holds } from '../../../src/sim/conditions.js';
import { applyDisturbance, canDisturb } from '../../../src/sim/dynamics/resident.js';
import { loadHome } from '../../../src/sim/scenes/index.js';
import { Rng } from '../../../src/util/rng.js';

describe("the city's instructions (ExRAP B.3)", () => {
  it('are 16 deliveries, two per sending building, and fit every built-in and generated city up to 8 at once', () => {
    expect(instructionPool('city')).toBe(CITY_INSTRUCTIONS);
    expect(CITY_INSTRUCTIONS.length).toBe(16);
    expect(new Set(CITY_INSTRUCTIONS.map((d) => d.group)).size).toBe(8);
    for (const spec of ['downtown', 'harbour', 'suburb', 'gen-city:12']) {
      const { fitting, maxScale } = homeScale(CITY_INSTRUCTIONS, loadHome(spec).graph);
      expect(fitting.length, spec).toBe(16);
      expect(maxScale, spec).toBe(8);
    }
    // and no home fits them
    expect(homeScale(CITY_INSTRUCTIONS, loadHome('cottage').graph).fitting).toEqual([]);
    expect(() => checkScale(CITY_INSTRUCTIONS, loadHome('cottage').graph, 5, 'cottage')).toThrow(
      /home cottage fits none of the 16 city instructions: the city's deliveries need a city/,
    );
  });

  it('bind to the goods and the receiver; the resident puts the goods back at the sender, which calls again', () => {
    const graph = loadHome('downtown').graph.clone();
    const def = CITY_INSTRUCTIONS[0]; // red -> green
    const bound = bindInstruction(def, graph, new Rng(1))!;
    const goods = [...graph.idsOfClass(goodsClass('red'))][0];
    const sender = [...graph.idsOfClass(buildingClass('red'))][0];
    const receiver = [...graph.idsOfClass(buildingClass('green'))][0];
    expect(bound.objects).toEqual([goods]);
    expect(bound.host).toBe(receiver);
    expect(holds(bound.query, graph)).toBe(true); // the goods wait at the sender: an event at the start
    // delivered by hand, then disturbed
    graph.removeEdge(goods, 'INSIDE', sender);
    graph.addEdge(goods, 'INSIDE', receiver);
    expect(holds(bound.execution, graph)).toBe(true);
    expect(canDisturb(graph, bound.disturbance)).toBe(true);
    const change = applyDisturbance(graph, def.id, bound.disturbance, new Rng(2));
    expect(change).toMatchObject({ kind: 'move', object: goods, place: { relation: 'INSIDE', host: sender } });
    expect(holds(bound.query, graph)).toBe(true);
    expect(isCalling(graph, sender)).toBe(true);
  });

  it('are said in the three styles and read back by the grammar as the same deliveries', () => {
    const defs = CITY_INSTRUCTIONS.slice(5, 10);
    const sentence = textsFor(defs, 'sentence');
    expect(sentence[0].text).toBe(
      'If the black building calls, take the goods from the black building to the orange building.',
    );
    expect(textsFor(defs, 'ambiguous')[0].text).toBe(
      'If the black building calls, take the load waiting at the black building to the orange building.',
    );
    const summary = textsFor(defs, 'summarized');
    expect(summary.length).toBe(1);
    expect(summary[0].text).toMatch(/^Whenever a building calls, take the goods from the black building to the orange/);
    for (const style of ['sentence', 'ambiguous', 'summarized'] as const) {
      const read = readInstructions(textsFor(defs, style).map((part, i) => ({ id: `b${i}`, text: part.text })));
      expect(read.length, style).toBe(defs.length);
    }
  });
});
