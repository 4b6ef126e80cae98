/**
 * Which rules each household skill set compiles, under which skill names, and what a skill set adds to a rule.
 *
 * - `virtualhome`: ExRAP's VirtualHome skills (appendix B.1), as the benchmark's VirtualHome skill set offers them: walk,
 *   grab, switchon, switchoff, put (PUTBACK), putin, open, close. Besides the simulator's rules a skill must be one
 *   the agent is offered (`VIRTUALHOME_SKILLS.candidates`) and not refused (`refusal`): walks go to an adjacent room
 *   or to an object of the current room; every object a skill names is visible in the current room (INSIDE it, not
 *   INSIDE a closed container), not structural (walls, floors, doors, windows, rooms, characters) and not held; grab
 *   needs GRABBABLE, open/close CAN_OPEN, switching HAS_SWITCH, put a SURFACES target and putin a CONTAINERS target.
 * - `alfred`: the ALFRED-like skills of ExRAP's appendix B.2 as the benchmark's ALFRED skill set runs them on the
 *   VirtualHome simulator (goto, pickup, toggle, put, open, close), planned under the B.1 names they rename: the
 *   `virtualhome` skills and restrictions, plus ALFRED's one hand (grab only with nothing held) and its one `put`,
 *   whose relation the receptacle decides (`alfredPutRelation`: INSIDE an openable or surface-less container, ON
 *   anything else), so put (PUTBACK) is planned only where ALFRED's put lands ON and putin only where it lands INSIDE.
 * - `full`: every VirtualHome action whose rule changes the state, named by its lower-case script name (`putback`,
 *   `find`, `standup`...). Actions without effects (LOOKAT, WATCH, CUT, ...) cannot help reach a goal and are left
 *   out; actions that share a rule body with an earlier one (RUN = WALK, RELEASE = DROP, RINSE = SCRUB = WASH) and
 *   FIND's far branch (WALK's body under a stronger precondition) compile once.
 */
import type { ActionRule, Effect, RuleBody, Subject } from '../../sim/actions/descriptors.js';
import { ACTION_ARITY, EXECUTABLE_ACTIONS, type ExecutableAction } from '../../sim/actions/names.js';
import { ACTION_RULES } from '../../sim/actions/rules.js';
import type { SkillCondition, TargetKind } from './compile.js';

export type HouseholdSkillSet = 'virtualhome' | 'alfred' | 'full';
export const HOUSEHOLD_SKILL_SETS: readonly HouseholdSkillSet[] = ['virtualhome', 'alfred', 'full'];

/** One action schema to compile: a rule body, its name in PDDL and as a skill, and any skill-set conditions. */
export interface ActionSource {
  readonly pddlName: string;
  readonly skill: string;
  readonly action: ExecutableAction;
  readonly body: RuleBody;
  readonly target: TargetKind;
  readonly extra: readonly SkillCondition[];
}

/** B.1's "an object of the current room the agent sees" (`candidates`: visible, not structural, not held). */
function inView(of: 0 | 1): SkillCondition[] {
  return [
    { test: 'edge', from: of, relation: 'INSIDE', to: 'charRoom' },
    { test: 'notStructural', of },
    { test: 'not', condition: { test: 'holds', what: of } },
    { test: 'not', condition: { test: 'insideClosed', of } },
  ];
}

const has = (of: Subject, property: 'GRABBABLE' | 'CAN_OPEN' | 'HAS_SWITCH' | 'SURFACES' | 'CONTAINERS') =>
  ({ test: 'property', of, anyOf: [property] }) as const;

interface B1Skill {
  readonly skill: string;
  readonly action: ExecutableAction;
  readonly extra: (target: TargetKind) => SkillCondition[];
}

const B1_SKILLS: readonly B1Skill[] = [
  {
    skill: 'walk',
    action: 'WALK',
    extra: (target) =>
      target === 'room'
        ? [{ test: 'adjacent', a: 'charRoom', b: 0 }]
        : [...inView(0), { test: 'same', a: 'room0', b: 'charRoom' }],
  },
  { skill: 'grab', action: 'GRAB', extra: () => [...inView(0), has(0, 'GRABBABLE')] },
  { skill: 'switchon', action: 'SWITCHON', extra: () => [...inView(0), has(0, 'HAS_SWITCH')] },
  { skill: 'switchoff', action: 'SWITCHOFF', extra: () => [...inView(0), has(0, 'HAS_SWITCH')] },
  {
    skill: 'put',
    action: 'PUTBACK',
    extra: () => [...inView(1), has(1, 'SURFACES'), { test: 'not', condition: { test: 'same', a: 0, b: 1 } }],
  },
  {
    skill: 'putin',
    action: 'PUTIN',
    extra: () => [...inView(1), has(1, 'CONTAINERS'), { test: 'not', condition: { test: 'same', a: 0, b: 1 } }],
  },
  { skill: 'open', action: 'OPEN', extra: () => [...inView(0), has(0, 'CAN_OPEN')] },
  { skill: 'close', action: 'CLOSE', extra: () => [...inView(0), has(0, 'CAN_OPEN')] },
];

/**
 * ALFRED's restrictions on top of B.1 (`ALFRED_SKILLS` in src/sim/skill-sets.ts): one object at a time, and a put
 * whose relation is the receptacle's (INSIDE a container that opens or has no surface, else ON).
 */
const ALFRED_EXTRA: Readonly<Record<string, readonly SkillCondition[]>> = {
  grab: [{ test: 'not', condition: { test: 'holdsAnything' } }],
  put: [{ test: 'not', condition: { test: 'all', conditions: [has(1, 'CONTAINERS'), has(1, 'CAN_OPEN')] } }],
  putin: [{ test: 'any', conditions: [has(1, 'CAN_OPEN'), { test: 'not', condition: has(1, 'SURFACES') }] }],
};

const ALFRED_SKILLS_B2: readonly B1Skill[] = B1_SKILLS.map((s) => {
  const more = ALFRED_EXTRA[s.skill];
  return more ? { ...s, extra: (target: TargetKind) => [...s.extra(target), ...more] } : s;
});

/** The skill-set action a simulator script action runs as: `put` is PUTBACK, every other name upper-cased. */
export function scriptActionOf(skill: string): string {
  return skill === 'put' ? 'PUTBACK' : skill.toUpperCase();
}

const walksToObject0 = (body: RuleBody) => body.effects.some((e: Effect) => e.effect === 'walkTo' && e.to === 0);

/** Object 0 may be a room only where the body walks to it; such rules compile twice (`<name>_to_room`). */
function targets(body: RuleBody): TargetKind[] {
  return walksToObject0(body) ? ['thing', 'room'] : ['thing'];
}

function variants(base: string, skill: string, action: ExecutableAction, body: RuleBody, extra: B1Skill['extra']) {
  return targets(body).map(
    (target): ActionSource => ({
      pddlName: target === 'room' ? `${base}_to_room` : base,
      skill,
      action,
      body,
      target,
      extra: extra(target),
    }),
  );
}

/** The rule bodies of an action: one, or for a branching rule each arm with its branch condition prepended. */
function bodiesOf(action: ExecutableAction, rule: ActionRule): { suffix: string; body: RuleBody; arm?: RuleBody }[] {
  if (!('branch' in rule)) return [{ suffix: '', body: rule }];
  const { when, apply, otherwise } = rule.branch;
  const guard = (require: typeof when) => ({ require, kind: 'other' as const, message: `${action} branch` });
  return [
    { suffix: '', body: { pre: [guard(when), ...apply.pre], effects: apply.effects }, arm: apply },
    {
      suffix: '_far',
      body: { pre: [guard({ test: 'not', condition: when }), ...otherwise.pre], effects: otherwise.effects },
      arm: otherwise,
    },
  ];
}

/** What each skill set compiles, in a fixed order (the simulator's action list), and what it leaves out and why. */
export function actionSources(skills: HouseholdSkillSet): { sources: ActionSource[]; omitted: string[] } {
  if (skills === 'virtualhome' || skills === 'alfred') {
    const sources = (skills === 'alfred' ? ALFRED_SKILLS_B2 : B1_SKILLS).flatMap((s) => {
      const rule = ACTION_RULES[s.action];
      if ('branch' in rule) throw new Error(`B.1 skill ${s.skill}: a branching rule`);
      return variants(s.skill, s.skill, s.action, rule, s.extra);
    });
    return { sources, omitted: [] };
  }
  const sources: ActionSource[] = [];
  const omitted: string[] = [];
  const seen: { pre: unknown; effects: unknown; name: string }[] = [];
  for (const action of EXECUTABLE_ACTIONS) {
    for (const { suffix, body, arm } of bodiesOf(action, ACTION_RULES[action])) {
      const name = `${action.toLowerCase()}${suffix}`;
      const identity = arm ?? body;
      const twin = seen.find((s) => s.pre === identity.pre && s.effects === identity.effects);
      if (twin) {
        omitted.push(`${name}: the rule body of ${twin.name}${arm ? ' under a stronger precondition' : ''}`);
        continue;
      }
      seen.push({ pre: identity.pre, effects: identity.effects, name });
      if (body.effects.length === 0) {
        omitted.push(`${name}: no effects`);
        continue;
      }
      if (ACTION_ARITY[action] === 0 && walksToObject0(body)) throw new Error(`${action}: walkTo without an object`);
      sources.push(...variants(name, action.toLowerCase(), action, body, () => []));
    }
  }
  return { sources, omitted };
}
