/**
 * Ordered action goals (EAI's `vh_goal.actions`, LLM-State's "the toaster was switched on"): an action the agent must
 * take, after the previous action goal's, with alternatives (`"RINSE|WASH"`). Scored by the episodic metrics and
 * pursued by the episodic Oracle, so they live below both.
 */
import { type Condition, held as heldBy, isIn, or } from './conditions.js';
import type { EnvGraph } from './graph.js';
import type { Property, State } from './vocabulary.js';

/** One ordered action goal: any of the alternatives, taken successfully, after the previous action goal. */
export interface ActionGoal {
  readonly anyOf: readonly { readonly action: string; readonly classes?: readonly string[] }[];
}

/** A step as action goals see it: the skill's action, its target's class, whether it succeeded. */
export interface ActionStep {
  readonly action: string;
  /** Class of the skill's target (its last object). */
  readonly targetClass?: string;
  readonly success: boolean;
}

/** How many of the ordered action goals the successful steps meet, in order (each after the previous one's step). */
export function actionGoalsMet(goals: readonly ActionGoal[], steps: readonly ActionStep[]): number {
  let met = 0;
  for (const step of steps) {
    if (met === goals.length) break;
    if (!step.success) continue;
    const goal = goals[met];
    const matches = goal.anyOf.some(
      (alt) =>
        alt.action === step.action &&
        (alt.classes === undefined || (step.targetClass !== undefined && alt.classes.includes(step.targetClass))),
    );
    if (matches) met++;
  }
  return met;
}

/** For each skill action an action goal may name, the state its target must reach, and the state it starts from. */
const EFFECTS: Readonly<Record<string, { readonly to: State; readonly from: State; readonly property: Property }>> = {
  switchon: { to: 'ON', from: 'OFF', property: 'HAS_SWITCH' },
  switchoff: { to: 'OFF', from: 'ON', property: 'HAS_SWITCH' },
  open: { to: 'OPEN', from: 'CLOSED', property: 'CAN_OPEN' },
  close: { to: 'CLOSED', from: 'OPEN', property: 'CAN_OPEN' },
};

/**
 * What to plan for to take an action goal: a state that the goal's action brings about on some candidate target (a
 * node of the alternative's classes, or any node), from a state where it is not yet so, so that the plan's last skill
 * is that action: `held(x)` for grab (x not held), `x ON` for switchon (x OFF now), and so on. Where no candidate is
 * in the start state an action needs (switchoff with every switch OFF), the opposite state, one step towards it.
 * Candidates in the character's room come first, those elsewhere only when it has none (a step towards comes after
 * taking the action anywhere): no plan to act on a thing in another room is shorter (it walks there too), and the
 * search over fewer goals is much faster on large homes.
 * Undefined when the graph offers no candidate or the action has no effect state (walk, put, putin).
 */
export function actionGoalCondition(graph: EnvGraph, goal: ActionGoal): Condition | undefined {
  const room = graph.roomOf(graph.characterId());
  const here = candidates(graph, goal, (id) => graph.roomOf(id) === room);
  const anywhere = candidates(graph, goal, () => true);
  const chosen = [here.options, anywhere.options, here.towards, anywhere.towards].find((list) => list.length > 0);
  if (!chosen) return undefined;
  return chosen.length === 1 ? chosen[0] : or(...chosen);
}

/** The effect conditions over the candidates `within` allows: taking the action now, or a step towards it. */
function candidates(
  graph: EnvGraph,
  goal: ActionGoal,
  within: (id: number) => boolean,
): { options: Condition[]; towards: Condition[] } {
  const options: Condition[] = [];
  const towards: Condition[] = [];
  const held = new Set([
    ...graph.targets(graph.characterId(), 'HOLDS_RH'),
    ...graph.targets(graph.characterId(), 'HOLDS_LH'),
  ]);
  for (const alt of goal.anyOf) {
    const nodes = [...graph.nodes()]
      .filter((n) => (alt.classes === undefined || alt.classes.includes(n.className)) && within(n.id))
      .sort((a, b) => a.id - b.id);
    if (alt.action === 'grab') {
      for (const n of nodes) if (n.properties.has('GRABBABLE') && !held.has(n.id)) options.push(heldBy(n.id));
      continue;
    }
    const effect = EFFECTS[alt.action];
    if (!effect) continue;
    for (const n of nodes) {
      if (!n.properties.has(effect.property)) continue;
      if (n.states.has(effect.from)) options.push(isIn(n.id, effect.to));
      else if (n.states.has(effect.to)) towards.push(isIn(n.id, effect.from));
    }
  }
  return { options, towards };
}
