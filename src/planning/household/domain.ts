/**
 * The household PDDL domain of a skill set, compiled from the simulator's rule table on first use and cached: its
 * text (for people and for export with `householdDomainText`), the parsed domain the planner grounds, and what the
 * problem builder and plan reader need to know about it.
 */
import { ACTION_ARITY } from '../../sim/actions/names.js';
import { PROPERTIES, RELATIONS, STATES } from '../../sim/vocabulary.js';
import { registerCache } from '../../util/caches.js';
import type { Domain } from '../pddl/ast.js';
import { parseDomain } from '../pddl/parse-domain.js';
import {
  ActionCompiler,
  type CompiledAction,
  type CompileVocabulary,
  NotCompilable,
  ORIGIN_RELATIONS,
} from './compile.js';
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
import { pretty } from './sexpr.js';
import { actionSources, type HouseholdSkillSet } from './skill-sets.js';

export interface HouseholdDomainInfo {
  readonly skills: HouseholdSkillSet;
  readonly text: string;
  readonly domain: Domain;
  /** Compiled actions by lower-case PDDL name. */
  readonly actions: ReadonlyMap<string, CompiledAction>;
  /** Class names with a `class_<name>` predicate, and substrings with a `class_contains_<text>` predicate. */
  readonly classes: readonly string[];
  readonly contains: readonly string[];
  /** Whether the skill set's `adjacent` and `structural` facts are declared. */
  readonly restricted: boolean;
  /** Lines saying what was left out, what could not be compiled, and what is approximated. */
  readonly omitted: readonly string[];
  readonly notCompiled: readonly string[];
  readonly approximations: readonly string[];
}

const cache = new Map<HouseholdSkillSet, HouseholdDomainInfo>();
registerCache('household: parsed domains', () => cache.clear());

export function householdDomainInfo(skills: HouseholdSkillSet): HouseholdDomainInfo {
  let info = cache.get(skills);
  if (!info) {
    info = compileHouseholdDomain(skills);
    cache.set(skills, info);
  }
  return info;
}

function compileHouseholdDomain(skills: HouseholdSkillSet): HouseholdDomainInfo {
  const vocabulary: CompileVocabulary = { classes: new Set(), contains: new Set(), approximations: new Set() };
  const { sources, omitted } = actionSources(skills);
  const compiled: CompiledAction[] = [];
  const notCompiled: string[] = [];
  for (const source of sources) {
    try {
      const compiler = new ActionCompiler(ACTION_ARITY[source.action] as 0 | 1 | 2, source.target, vocabulary);
      compiled.push(compiler.compile(source.pddlName, source.skill, source.body, source.extra));
    } catch (error) {
      if (!(error instanceof NotCompilable)) throw error;
      notCompiled.push(`${source.pddlName}: ${error.message}`);
    }
  }
  // The benchmark's skill sets walk only between adjacent rooms and never name structural nodes.
  const restricted = skills !== 'full';
  const classes = [...vocabulary.classes].sort();
  const contains = [...vocabulary.contains].sort();
  const approximations = [...vocabulary.approximations].sort();

  const predicates: string[] = [
    ...STATES.map((s) => `(${statePredicate(s)} ?o - object)`),
    ...PROPERTIES.map((p) => `(${propertyPredicate(p)} ?o - object)`),
    ...RELATIONS.map((r) => `(${relationPredicate(r)} ?a ?b - object)`),
    ...classes.map((c) => `(${classPredicate(c)} ?o - object)`),
    ...contains.map((t) => `(${classContainsPredicate(t)} ?o - object)`),
    `(${GRABBED} ?o - object)`,
    `(${GRAB_ORIGIN} ?o ?from - object)`,
    ...ORIGIN_RELATIONS.map((r) => `(${grabOriginRelationPredicate(r)} ?o - object)`),
    `(${EXCLUDED} ?o - object)`,
    ...(restricted ? [`(${ADJACENT} ?a ?b - room)`, `(${STRUCTURAL} ?o - object)`] : []),
  ];
  const header = [
    `; The household domain for the '${skills}' skill set, compiled by hearth from the simulator's action rules`,
    '; (src/sim/actions/rules.ts). Do not edit: change the rules. See docs/household-planning.md.',
    ...omitted.map((line) => `; left out: ${line}`),
    ...notCompiled.map((line) => `; not compiled: ${line}`),
    ...approximations.map((line) => `; approximated: ${line}`),
  ];
  const actionTexts = compiled.map((a) => {
    const params = a.params.map((p) => `${p.name} - ${p.type}`).join(' ');
    return [
      `  (:action ${a.name}`,
      `    :parameters (${params})`,
      `    :precondition ${pretty(a.precondition, 4)}`,
      `    :effect ${pretty(a.effect, 4)})`,
    ].join('\n');
  });
  const text = [
    ...header,
    `(define (domain household-${skills})`,
    '  (:requirements :adl :typing :equality)',
    `  (:types ${ROOM_TYPE} ${LOCATABLE_TYPE} - object ${CHARACTER_TYPE} ${THING_TYPE} - ${LOCATABLE_TYPE})`,
    '  (:predicates',
    ...predicates.map((p) => `    ${p}`),
    '  )',
    ...actionTexts,
    ')',
    '',
  ].join('\n');
  const domain = parseDomain(text, { file: `<household-${skills}>` });
  return {
    skills,
    text,
    domain,
    actions: new Map(compiled.map((a) => [a.name.toLowerCase(), a])),
    classes,
    contains,
    restricted,
    omitted,
    notCompiled,
    approximations,
  };
}
