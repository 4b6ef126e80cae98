import { describe, expect, it } from 'vitest';
import { type ActionGoal, actionGoalCondition, actionGoalsMet } from '../../src/sim/action-goals.js';
import type { Condition } from '../../src/sim/conditions.js';
import { setState } from '../../src/sim/dynamics/edits.js';
import { loadHome } from '../../src/sim/scenes/homes.js';

/** The nodes a condition names (an `or` of atoms), with their kind. */
function atoms(condition: Condition): string[] {
  const c = condition as unknown as { kind: string; conditions?: Condition[]; node?: number; state?: string };
  if (c.conditions) return c.conditions.flatMap(atoms);
  return [`${c.kind}:${c.node}${c.state ? `:${c.state}` : ''}`];
}

describe('action goals', () => {
  it('are met in order by successful steps of a matching action and class', () => {
    const goals: ActionGoal[] = [
      { anyOf: [{ action: 'grab' }] },
      { anyOf: [{ action: 'switchoff', classes: ['tv'] }] },
    ];
    expect(
      actionGoalsMet(goals, [
        { action: 'switchoff', targetClass: 'tv', success: true },
        { action: 'grab', targetClass: 'cup', success: false },
        { action: 'grab', targetClass: 'cup', success: true },
        { action: 'switchoff', targetClass: 'light', success: true },
      ]),
    ).toBe(1);
  });

  it('plan for a state the action brings about, in the character’s room first', () => {
    const graph = loadHome('cottage').graph;
    const room = graph.roomOf(graph.characterId());
    const grab = actionGoalCondition(graph, { anyOf: [{ action: 'grab' }] })!;
    const held = atoms(grab);
    expect(held.length).toBeGreaterThan(0);
    for (const atom of held) {
      const id = Number(atom.split(':')[1]);
      expect(atom.startsWith('held:')).toBe(true);
      expect(graph.get(id).properties.has('GRABBABLE')).toBe(true);
      expect(graph.roomOf(id)).toBe(room);
    }
  });

  it('switch a thing on first where nothing is on to switch off', () => {
    const graph = loadHome('cottage').graph;
    const switches = [...graph.nodes()].filter((n) => n.properties.has('HAS_SWITCH')).map((n) => n.id);
    for (const id of switches) setState(graph, id, 'OFF');
    const towards = atoms(actionGoalCondition(graph, { anyOf: [{ action: 'switchoff' }] })!);
    expect(towards.length).toBeGreaterThan(0);
    expect(towards.every((a) => a.endsWith(':ON'))).toBe(true);
    // One switch on, in whatever room: switching it off beats switching another on first.
    setState(graph, switches[switches.length - 1], 'ON');
    const direct = atoms(actionGoalCondition(graph, { anyOf: [{ action: 'switchoff' }] })!);
    expect(direct).toEqual([`state:${switches[switches.length - 1]}:OFF`]);
    expect(actionGoalCondition(graph, { anyOf: [{ action: 'walk' }] })).toBeUndefined();
  });
});
