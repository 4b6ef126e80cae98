import { describe, expect, it } from 'vitest';
import { CALL_RULES, checkCall, checkOp, OP_RULES } from '../../../src/agents/helper/preconditions.js';
import { cottageRig } from './support.js';

describe("HELPER's pre-condition checks", () => {
  it("has the paper's rules, each with an id and its text", () => {
    expect([...OP_RULES, ...CALL_RULES].map((r) => r.id)).toEqual([
      'already-holding',
      'not-pickupable',
      'hands-full',
      'closed-container-pickup',
      'nothing-in-hand',
      'not-receptacle',
      'closed-receptacle',
      'switched-on',
      'not-openable',
      'state-holds',
      'attribute-holds',
      'missing-tool',
    ]);
  });

  it('drops picking up what is held or cannot be picked up, and puts a thing down when both hands are full', () => {
    const rig = cottageRig();
    const [mug, apple, potato, fridge] = [rig.id('mug'), rig.id('apple'), rig.id('potato'), rig.id('fridge')];
    expect(checkOp({ kind: 'grab', id: mug }, rig.view)).toBeUndefined();
    rig.run(['walk', mug], ['grab', mug]);
    expect(checkOp({ kind: 'grab', id: mug }, rig.view)?.rule).toBe('already-holding');
    expect(checkOp({ kind: 'grab', id: fridge }, rig.view)).toEqual({
      rule: 'not-pickupable',
      adjustment: { kind: 'drop' },
    });
    rig.run(['walk', apple], ['grab', apple]);
    expect(checkOp({ kind: 'grab', id: potato }, rig.view)).toEqual({
      rule: 'hands-full',
      adjustment: { kind: 'before', ops: [{ kind: 'put_down', id: Math.min(mug, apple) }] },
    });
    // Opening needs a free hand too.
    expect(checkOp({ kind: 'open', id: fridge }, rig.view)?.rule).toBe('hands-full');
  });

  it('opens a closed container first, to take from it or to put into it', () => {
    const rig = cottageRig();
    const [cabinet, fridge, breadslice] = [rig.id('kitchencabinet'), rig.id('fridge'), rig.id('breadslice')];
    const inside = [...rig.graph.sources(cabinet, 'INSIDE')].find(
      (id) => rig.graph.get(id).className === 'breadslice',
    )!;
    // Unseen inside the closed cabinet: nothing to check yet. Seen once (opened, closed): open it first.
    rig.run(['walk', cabinet], ['open', cabinet], ['close', cabinet]);
    expect(checkOp({ kind: 'grab', id: inside }, rig.view)).toEqual({
      rule: 'closed-container-pickup',
      adjustment: { kind: 'before', ops: [{ kind: 'open', id: cabinet }] },
    });
    rig.run(['walk', breadslice], ['grab', breadslice]);
    expect(checkOp({ kind: 'place', id: breadslice, target: fridge }, rig.view)).toEqual({
      rule: 'closed-receptacle',
      adjustment: { kind: 'before', ops: [{ kind: 'open', id: fridge }] },
    });
  });

  it('drops placing what is not in hand, or onto what holds nothing', () => {
    const rig = cottageRig();
    const [mug, table, light] = [rig.id('mug'), rig.id('kitchentable'), rig.id('light', 1)];
    expect(checkOp({ kind: 'place', id: mug, target: table }, rig.view)?.rule).toBe('nothing-in-hand');
    rig.run(['walk', mug], ['grab', mug]);
    expect(checkOp({ kind: 'place', id: mug, target: table }, rig.view)).toBeUndefined();
    expect(checkOp({ kind: 'place', id: mug, target: light }, rig.view)?.rule).toBe('not-receptacle');
  });

  it('switches an appliance off before opening it, drops opening what does not open and what already is so', () => {
    const rig = cottageRig();
    const [coffeemaker, chair, faucet, cabinet] = [
      rig.id('coffeemaker'),
      rig.id('chair'),
      rig.id('faucet', 1),
      rig.id('kitchencabinet'),
    ];
    expect(checkOp({ kind: 'open', id: coffeemaker }, rig.view)).toEqual({
      rule: 'switched-on',
      adjustment: { kind: 'before', ops: [{ kind: 'switchoff', id: coffeemaker }] },
    });
    expect(checkOp({ kind: 'open', id: chair }, rig.view)?.rule).toBe('not-openable');
    expect(checkOp({ kind: 'switchoff', id: faucet }, rig.view)?.rule).toBe('state-holds');
    expect(checkOp({ kind: 'switchon', id: faucet }, rig.view)).toBeUndefined();
    rig.run(['walk', cabinet], ['open', cabinet]);
    expect(checkOp({ kind: 'open', id: cabinet }, rig.view)?.rule).toBe('state-holds');
    expect(checkOp({ kind: 'close', id: cabinet }, rig.view)).toBeUndefined();
  });

  it('skips cleaning what is clean and fills a vessel before pouring', () => {
    const rig = cottageRig();
    const clean = [...rig.graph.idsOfClass('mug')].find((id) => rig.graph.hasState(id, 'CLEAN'))!;
    const dirty = [...rig.graph.idsOfClass('plate')].find((id) => rig.graph.hasState(id, 'DIRTY'))!;
    expect(checkCall('clean', clean, rig.view)).toEqual({ rule: 'attribute-holds', action: { kind: 'skip' } });
    expect(checkCall('clean', dirty, rig.view)).toBeUndefined();
    expect(checkCall('pour', clean, rig.view)).toEqual({
      rule: 'missing-tool',
      action: { kind: 'first', method: 'fill_up' },
    });
  });
});
