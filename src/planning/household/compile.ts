/**
 * Compiles the simulator's action rules (`src/sim/actions/rules.ts`, language in `descriptors.ts`) to PDDL action
 * schemas over the predicate scheme of `naming.ts`. One rule body becomes one schema; conditions become formulas
 * and effects become (conditional, quantified) PDDL effects, each by the meaning `descriptors.ts` documents.
 *
 * Subjects become parameters: `?char`, `?x0`, `?x1`; `'charRoom'`, `'room0'` and `'origin'` become parameters
 * bound by a precondition (`(inside ?char ?charroom)`, `(inside ?x0 ?room0)`, `(grab_origin ?x0 ?origin)`), which
 * is exact where a node is directly INSIDE one room (hearth's homes) and a grab memo has one origin.
 *
 * Effects: the simulator applies a rule's effects one after the other; PDDL evaluates every effect condition in the
 * state before the step and applies deletes before adds. The two agree for every rule of the table because no
 * effect deletes what an earlier effect of the same rule added without adding it again (the property test in
 * test/planning/household/conformance.test.ts checks this on random states). The three compound kinds follow their
 * documentation step by step; where a step reads the graph as an earlier step left it, the condition says so.
 */
import type { Effect, Precondition, RuleBody, RuleCondition, Subject } from '../../sim/actions/descriptors.js';
import type { Relation } from '../../sim/vocabulary.js';
import {
  ADJACENT,
  CHARACTER_TYPE,
  classContainsPredicate,
  classPredicate,
  EXCLUDED,
  GRAB_ORIGIN,
  GRABBED,
  grabOriginRelationPredicate,
  LOCATABLE_TYPE,
  propertyPredicate,
  ROOM_TYPE,
  relationPredicate,
  STRUCTURAL,
  statePredicate,
  THING_TYPE,
} from './naming.js';
import { type SX, sAnd, sNot, sOr } from './sexpr.js';

/** A rule that cannot be compiled faithfully; the domain leaves its action out and lists why. */
export class NotCompilable extends Error {}

/** The relations a grab memo can record, in the order `noteOrigin` tries them (descriptors.ts). */
export const ORIGIN_RELATIONS = ['ON', 'INSIDE', 'CLOSE'] as const satisfies readonly Relation[];

/**
 * Conditions a skill set adds to a rule: any rule condition, plus the two facts only skill sets use (B.1's
 * candidate lists leave out structural nodes; its walk goes to adjacent rooms only).
 */
export type SkillCondition =
  | RuleCondition
  | { readonly test: 'notStructural'; readonly of: Subject }
  | { readonly test: 'adjacent'; readonly a: Subject; readonly b: Subject };

/** What object 0 is: a non-room node, or (for rules that walk to it) a room. */
export type TargetKind = 'thing' | 'room';

export interface CompiledAction {
  /** PDDL action name. */
  readonly name: string;
  /** The skill a plan step becomes, and which parameters are its objects, in order. */
  readonly skill: string;
  readonly skillObjects: readonly string[];
  readonly params: readonly { readonly name: string; readonly type: string }[];
  readonly precondition: SX;
  readonly effect: SX;
}

/** Static predicates the compiled rules mention beyond the fixed scheme (classes by name, class-name substrings). */
export interface CompileVocabulary {
  readonly classes: Set<string>;
  readonly contains: Set<string>;
  /** Approximations made, one line each (documented in docs/household-planning.md). */
  readonly approximations: Set<string>;
}

const PARAM_ORDER = ['?char', '?x0', '?x1', '?charroom', '?room0', '?origin'];

/** Compiles one rule body (plus a skill set's extra conditions) into one action schema. */
export class ActionCompiler {
  private readonly params = new Map<string, string>();
  private readonly bindings: SX[] = [];
  private freshCount = 0;
  /** Subjects whose existence the rule body itself must require (see `checkExistence`). */
  private readonly bodyUses = new Set<'charRoom' | 'room0' | 'origin'>();
  private inBody = false;

  constructor(
    private readonly arity: 0 | 1 | 2,
    private readonly target: TargetKind,
    private readonly vocabulary: CompileVocabulary,
  ) {}

  compile(name: string, skill: string, body: RuleBody, extra: readonly SkillCondition[] = []): CompiledAction {
    this.inBody = true;
    const pre: SX[] = [];
    for (const p of body.pre) if (p.blocking !== false) pre.push(this.condition(p.require, true));
    const effects = body.effects.flatMap((e) => this.effect(e));
    this.checkExistence(body.pre);
    this.inBody = false;
    for (const c of extra) pre.push(this.condition(c, true));
    const objects = ['?x0', '?x1'].slice(0, this.arity);
    for (const o of objects) this.subject(o === '?x0' ? 0 : 1);
    for (const o of objects) pre.push(sNot([EXCLUDED, o]));
    const params = [...this.params]
      .map(([param, type]) => ({ name: param, type }))
      .sort((a, b) => PARAM_ORDER.indexOf(a.name) - PARAM_ORDER.indexOf(b.name));
    return {
      name,
      skill,
      skillObjects: objects,
      params,
      precondition: sAnd(...this.bindings, ...pre),
      effect: sAnd(...effects),
    };
  }

  // ---- subjects -----------------------------------------------------------------------------------------------

  private param(name: string, type: string): string {
    this.params.set(name, type);
    return name;
  }

  private subject(s: Subject): string {
    switch (s) {
      case 'char':
        return this.param('?char', CHARACTER_TYPE);
      case 0:
      case 1:
        if (s >= this.arity) throw new NotCompilable(`the rule names object ${s} of an action with ${this.arity}`);
        return s === 0
          ? this.param('?x0', this.target === 'room' ? ROOM_TYPE : THING_TYPE)
          : this.param('?x1', THING_TYPE);
      case 'charRoom':
        return this.bound('charRoom', '?charroom', ROOM_TYPE, () => [
          relationPredicate('INSIDE'),
          this.subject('char'),
          '?charroom',
        ]);
      case 'room0':
        // The room of a room is the room itself.
        if (this.target === 'room') return this.subject(0);
        return this.bound('room0', '?room0', ROOM_TYPE, () => [relationPredicate('INSIDE'), this.subject(0), '?room0']);
      case 'origin':
        return this.bound('origin', '?origin', LOCATABLE_TYPE, () => [GRAB_ORIGIN, this.subject(0), '?origin']);
    }
  }

  /** A parameter fixed by a binding precondition, added on first use. */
  private bound(kind: 'charRoom' | 'room0' | 'origin', name: string, type: string, binding: () => SX): string {
    if (this.inBody) this.bodyUses.add(kind);
    if (!this.params.has(name)) {
      this.param(name, type);
      this.bindings.push(binding());
    }
    return name;
  }

  /**
   * A bound parameter makes the action require that the node exists (a room, a memo). That is faithful only where
   * the rule itself requires it before the subject matters: `inRoom` for the rooms, `grabbed` for the origin.
   */
  private checkExistence(pre: readonly Precondition[]): void {
    const top = pre.filter((p) => p.blocking !== false).map((p) => p.require);
    const has = (f: (c: RuleCondition) => boolean) => top.some(f);
    if (this.bodyUses.has('charRoom') && !has((c) => c.test === 'inRoom' && c.of === 'char')) {
      throw new NotCompilable("uses the character's room without requiring that there is one");
    }
    if (this.bodyUses.has('room0') && this.target !== 'room' && !has((c) => c.test === 'inRoom' && c.of === 0)) {
      throw new NotCompilable('uses the room of object 0 without requiring that there is one');
    }
    if (this.bodyUses.has('origin') && !has((c) => c.test === 'grabbed' && c.of === 0)) {
      throw new NotCompilable('uses the grab origin without requiring a grab memo');
    }
  }

  private fresh(): string {
    this.freshCount++;
    return `?v${this.freshCount}`;
  }

  // ---- conditions ---------------------------------------------------------------------------------------------

  /** `top`: a precondition of its own (not nested in not/any/all), where `inRoom` may bind a room parameter. */
  condition(c: SkillCondition, top = false): SX {
    const S = (s: Subject) => this.subject(s);
    const rel = relationPredicate;
    switch (c.test) {
      case 'property':
        return sOr(
          ...c.anyOf.map((p): SX => [propertyPredicate(p), S(c.of)]),
          ...(c.orClass ?? []).map((name) => this.classTest(name, S(c.of))),
        );
      case 'class':
        return sOr(...c.anyOf.map((name) => this.classTest(name, S(c.of))));
      case 'state':
        return [statePredicate(c.state), S(c.of)];
      case 'edge':
        return [rel(c.relation), S(c.from), S(c.to)];
      case 'close':
        return this.loose('CLOSE', S(c.to), true);
      case 'facing':
        return this.loose('FACING', S(c.to), false);
      case 'holds':
        return this.held(S(c.what));
      case 'holdsAnything': {
        const v = this.fresh();
        return ['exists', [v, '-', 'object'], this.held(v)];
      }
      case 'holdsClassContaining': {
        this.vocabulary.contains.add(c.text);
        const v = this.fresh();
        return ['exists', [v, '-', 'object'], sAnd([classContainsPredicate(c.text), v], this.held(v))];
      }
      case 'freeHand':
        return sOr(sNot(this.handBusy('HOLDS_RH')), sNot(this.handBusy('HOLDS_LH')));
      case 'insideClosed': {
        const v = this.fresh();
        return ['exists', [v, '-', LOCATABLE_TYPE], sAnd([rel('INSIDE'), S(c.of), v], [statePredicate('CLOSED'), v])];
      }
      case 'grabbed':
        return [GRABBED, S(c.of)];
      case 'full':
        return this.full(S(c.of), c.capacity, c.otherwise);
      case 'bearsAnything': {
        const v = this.fresh();
        return ['exists', [v, '-', 'object'], [rel('ON'), v, S(c.of)]];
      }
      case 'bearsProperty': {
        const v = this.fresh();
        return ['exists', [v, '-', 'object'], sAnd([rel('ON'), v, S(c.of)], [propertyPredicate(c.property), v])];
      }
      case 'inRoom':
        if (!top) throw new NotCompilable('inRoom nested inside not/any/all');
        if (c.of === 'char') this.subject('charRoom');
        else if (c.of === 0) this.subject('room0');
        else throw new NotCompilable(`inRoom of ${String(c.of)}`);
        return sAnd();
      case 'same':
        return ['=', S(c.a), S(c.b)];
      case 'originRelation':
        // A memo never records another relation: the test is false.
        if (!(ORIGIN_RELATIONS as readonly string[]).includes(c.relation)) return sNot(sAnd());
        return [grabOriginRelationPredicate(c.relation), S(0)];
      case 'not':
        return sNot(this.condition(c.condition));
      case 'any':
        return sOr(...c.conditions.map((x) => this.condition(x)));
      case 'all':
        return sAnd(...c.conditions.map((x) => this.condition(x)));
      case 'notStructural':
        return sNot([STRUCTURAL, S(c.of)]);
      case 'adjacent':
        return [ADJACENT, S(c.a), S(c.b)];
    }
  }

  private classTest(name: string, node: string): SX {
    this.vocabulary.classes.add(name);
    return [classPredicate(name), node];
  }

  private held(node: string): SX {
    const char = this.subject('char');
    return sOr([relationPredicate('HOLDS_RH'), char, node], [relationPredicate('HOLDS_LH'), char, node]);
  }

  private handBusy(hand: 'HOLDS_RH' | 'HOLDS_LH'): SX {
    const v = this.fresh();
    return ['exists', [v, '-', 'object'], [relationPredicate(hand), this.subject('char'), v]];
  }

  /**
   * The reference's loose tests: the character has a `relation` edge to the node, or to some n with `n relation
   * node` (and, for CLOSE, `node ON n`).
   */
  private loose(relation: 'CLOSE' | 'FACING', node: string, orBears: boolean): SX {
    const char = this.subject('char');
    const r = relationPredicate(relation);
    const v = this.fresh();
    const via: SX = orBears ? sOr([r, v, node], [relationPredicate('ON'), node, v]) : [r, v, node];
    return sOr([r, char, node], ['exists', [v, '-', 'object'], sAnd([r, char, v], via)]);
  }

  /**
   * At least `capacity[class]` (else `otherwise`) nodes ON the node. Counting to k needs k nested quantifiers, which
   * grounding expands to n^k cases; counts above 2 are tested as "at least 2" (stricter: SIT and LIE are refused on
   * a couch that holds 2 of its 4), so plans stay executable.
   */
  private full(node: string, capacity: Readonly<Record<string, number>>, otherwise: number): SX {
    const byCount = new Map<number, string[]>();
    for (const name of Object.keys(capacity).sort()) {
      const k = capacity[name];
      byCount.set(k, [...(byCount.get(k) ?? []), name]);
    }
    const cases: SX[] = [];
    const named: SX[] = [];
    for (const k of [...byCount.keys()].sort((a, b) => a - b)) {
      const test = sOr(...byCount.get(k)!.map((name) => this.classTest(name, node)));
      named.push(test);
      cases.push(sAnd(test, this.atLeast(node, k)));
    }
    cases.push(sAnd(sNot(sOr(...named)), this.atLeast(node, otherwise)));
    return sOr(...cases);
  }

  private atLeast(node: string, k: number): SX {
    const on = relationPredicate('ON');
    if (k <= 0) return sAnd();
    if (k > 2) this.vocabulary.approximations.add('full: occupancy counts above 2 are tested as "at least 2"');
    const a = this.fresh();
    if (k === 1) return ['exists', [a, '-', 'object'], [on, a, node]];
    const b = this.fresh();
    return ['exists', [a, b, '-', 'object'], sAnd([on, a, node], [on, b, node], sNot(['=', a, b]))];
  }

  // ---- effects ------------------------------------------------------------------------------------------------

  private effect(e: Effect): SX[] {
    const parts = this.effectParts(e);
    if (!e.when) return parts;
    return [['when', this.condition(e.when), sAnd(...parts)]];
  }

  private effectParts(e: Effect): SX[] {
    const S = (s: Subject) => this.subject(s);
    switch (e.effect) {
      case 'addEdge': {
        const r = relationPredicate(e.relation);
        const from = S(e.from);
        if (typeof e.to === 'object') {
          const v = this.fresh();
          const link: SX = e.reverse ? sAnd([r, from, v], [r, v, from]) : [r, from, v];
          return [
            ['forall', [v, '-', 'object'], ['when', [relationPredicate(e.to.relation), S(e.to.targetsOf), v], link]],
          ];
        }
        const to = S(e.to);
        return e.reverse
          ? [
              [r, from, to],
              [r, to, from],
            ]
          : [[r, from, to]];
      }
      case 'addOriginEdge': {
        const from = S(e.from);
        const origin = S('origin');
        return ORIGIN_RELATIONS.map(
          (r): SX => ['when', [grabOriginRelationPredicate(r), S(0)], [relationPredicate(r), from, origin]],
        );
      }
      case 'removeEdges': {
        const from = S(e.from);
        if (e.to === 'anything') {
          const v = this.fresh();
          const dels = e.relations.flatMap((r): SX[] => this.unlink(relationPredicate(r), from, v, e.reverse));
          return [['forall', [v, '-', 'object'], sAnd(...dels)]];
        }
        const to = S(e.to);
        return e.relations.flatMap((r) => this.unlink(relationPredicate(r), from, to, e.reverse));
      }
      case 'addState':
        return [[statePredicate(e.state), S(e.of)]];
      case 'removeState':
        return [sNot([statePredicate(e.state), S(e.of)])];
      case 'hold': {
        const char = S('char');
        const what = S(e.what);
        const rightBusy = this.handBusy('HOLDS_RH');
        return [
          ['when', sNot(rightBusy), [relationPredicate('HOLDS_RH'), char, what]],
          ['when', rightBusy, [relationPredicate('HOLDS_LH'), char, what]],
        ];
      }
      case 'noteOrigin':
        return this.noteOrigin(S(e.of));
      case 'forgetOrigin':
        return this.forgetOrigin(S(e.of));
      case 'walkTo':
        if (e.to !== 0) throw new NotCompilable('walkTo a subject other than object 0');
        return this.walkTo();
    }
  }

  private unlink(r: string, from: string, to: string, reverse?: boolean): SX[] {
    return reverse ? [sNot([r, from, to]), sNot([r, to, from])] : [sNot([r, from, to])];
  }

  private closeBothWays(a: string, b: string): SX {
    const close = relationPredicate('CLOSE');
    return sAnd([close, a, b], [close, b, a]);
  }

  /**
   * GRAB's memo: the origin is the first non-room node among the ON, then INSIDE, then CLOSE targets. Where the
   * first non-empty group holds several nodes the simulator takes one in CPython's set order; the domain notes them
   * all (an over-approximation that hearth's homes never reach with the B.1 skills; see the docs).
   */
  private noteOrigin(of: string): SX[] {
    const char = this.subject('char');
    const out: SX[] = [];
    const earlier: SX[] = [];
    const anyCandidate: SX[] = [];
    for (const relation of ORIGIN_RELATIONS) {
      const r = relationPredicate(relation);
      const v = this.fresh();
      out.push([
        'forall',
        [v, '-', LOCATABLE_TYPE],
        [
          'when',
          sAnd([r, of, v], ...earlier),
          sAnd(
            this.closeBothWays(char, v),
            [GRABBED, of],
            [GRAB_ORIGIN, of, v],
            [grabOriginRelationPredicate(relation), of],
          ),
        ],
      ]);
      const w = this.fresh();
      const some: SX = ['exists', [w, '-', LOCATABLE_TYPE], [r, of, w]];
      earlier.push(sNot(some));
      anyCandidate.push(some);
    }
    // A new memo replaces an old one (GRAB refuses grabbed objects, so there is none; kept for exactness).
    // (PDDL applies deletes before adds, so the facts of the new memo survive.)
    out.push(['when', sOr(...anyCandidate), sAnd(...this.forgetOrigin(of))]);
    return out;
  }

  private forgetOrigin(of: string): SX[] {
    const u = this.fresh();
    return [
      sNot([GRABBED, of]),
      ['forall', [u, '-', 'object'], sNot([GRAB_ORIGIN, of, u])],
      ...ORIGIN_RELATIONS.map((r) => sNot([grabOriginRelationPredicate(r), of])),
    ];
  }

  /** WALK's compound move, steps numbered as in its documentation (descriptors.ts). */
  private walkTo(): SX[] {
    const char = this.subject('char');
    const to = this.subject(0);
    const room0 = this.subject('room0');
    const charRoom = this.subject('charRoom');
    const inside = relationPredicate('INSIDE');
    const isHeld = (node: string) => this.held(node);
    const dropEdges = (node: string, v: string): SX =>
      sAnd(
        ...(['INSIDE', 'CLOSE', 'FACING'] as const).flatMap((r) => this.unlink(relationPredicate(r), node, v, true)),
      );
    const out: SX[] = [];
    // 1. The character loses its INSIDE, CLOSE and FACING edges, both ways.
    const v1 = this.fresh();
    out.push(['forall', [v1, '-', 'object'], dropEdges(char, v1)]);
    // 2. It is INSIDE the target's room.
    out.push([inside, char, room0]);
    // 3. Unless the target is that room: CLOSE to what the target is INSIDE (the character's own INSIDE edges are
    //    gone by then), to every body part, and to the target.
    if (this.target === 'thing') {
      const v3 = this.fresh();
      out.push([
        'forall',
        [v3, '-', LOCATABLE_TYPE],
        ['when', sAnd([inside, to, v3], sNot(['=', v3, char])), this.closeBothWays(char, v3)],
      ]);
      const b = this.fresh();
      out.push([
        'forall',
        [b, '-', 'object'],
        ['when', [propertyPredicate('BODY_PART'), b], this.closeBothWays(char, b)],
      ]);
      out.push(this.closeBothWays(char, to));
    }
    // 4. What the character held before the step loses its INSIDE, CLOSE and FACING edges, then is CLOSE to the
    //    character and INSIDE the room the walk started from.
    for (const hand of ['HOLDS_LH', 'HOLDS_RH'] as const) {
      const h = this.fresh();
      const v = this.fresh();
      out.push([
        'forall',
        [h, '-', 'object'],
        [
          'when',
          [relationPredicate(hand), char, h],
          sAnd(['forall', [v, '-', 'object'], dropEdges(h, v)], this.closeBothWays(char, h), [inside, h, charRoom]),
        ],
      ]);
    }
    // 5. If the target can open: CLOSE to what is INSIDE it, read after step 4 (a held target has lost its
    //    contents' INSIDE edges by then) and after step 1 (the character is INSIDE nothing but its room).
    const v5 = this.fresh();
    out.push([
      'forall',
      [v5, '-', 'object'],
      [
        'when',
        sAnd([propertyPredicate('CAN_OPEN'), to], sNot(isHeld(to)), [inside, v5, to], sNot(['=', v5, char])),
        this.closeBothWays(char, v5),
      ],
    ]);
    // 6. CLOSE to what the target is ON.
    const v6 = this.fresh();
    out.push([
      'forall',
      [v6, '-', 'object'],
      ['when', [relationPredicate('ON'), to, v6], this.closeBothWays(char, v6)],
    ]);
    return out;
  }
}
