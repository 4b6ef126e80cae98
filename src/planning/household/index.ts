/**
 * Household planning: the PDDL domain compiled from the simulator's action rules, problems from a (true or
 * believed) state plus a goal condition, and one call from request to executable skills. See
 * docs/household-planning.md.
 */
import type { Domain, Problem } from '../pddl/ast.js';
import { householdDomainInfo } from './domain.js';
import { type HouseholdPlanRequest, householdProblemFor } from './plan.js';
import type { HouseholdSkillSet } from './skill-sets.js';

export type { CompiledAction } from './compile.js';
export { type HouseholdDomainInfo, householdDomainInfo } from './domain.js';
export { idOfObjectName, objectName } from './naming.js';
export {
  executionFailure,
  type HouseholdPlan,
  type HouseholdPlanRequest,
  type HouseholdProblem,
  type HypotheticalObject,
  householdProblemFor,
  planForGoal,
  type SearchName,
  withExtraObjects,
} from './plan.js';
export { goalFormula } from './problem.js';
export { heldObjects, relevantObjects, STRUCTURAL_CATEGORIES } from './prune.js';
export { HOUSEHOLD_SKILL_SETS, type HouseholdSkillSet, scriptActionOf } from './skill-sets.js';

/** The parsed domain of a skill set (compiled once per process). */
export function householdDomain(skills: HouseholdSkillSet = 'virtualhome'): Domain {
  return householdDomainInfo(skills).domain;
}

/** The domain's PDDL text. */
export function householdDomainText(skills: HouseholdSkillSet = 'virtualhome'): string {
  return householdDomainInfo(skills).text;
}

/** The problem `planForGoal` would solve for the request (for inspection and export). */
export function householdProblem(request: HouseholdPlanRequest): Problem {
  return householdProblemFor(request).problem;
}
