/**
 * One call from PDDL (text, files, or an in-code problem) to a plan: parse, ground, search, with each phase timed.
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../util/errors.js';
import { GroundingTimeLimit } from './grounding/deadline.js';
import { type GroundingStats, groundTask } from './grounding/ground.js';
import type { Domain, Problem } from './pddl/ast.js';
import { parseDomain } from './pddl/parse-domain.js';
import { parseProblem } from './pddl/parse-problem.js';
import { eliminateRedundantActions } from './search/action-elimination.js';
import { improvePlan } from './search/anytime.js';
import { isOptimalSearch, type SearchOptions, search } from './search/index.js';
import type { SearchStatus } from './search/search-space.js';

export interface PlanOptions extends SearchOptions {
  /** Drop init facts naming undeclared predicates or objects instead of failing (text/file input only). */
  lenient?: boolean;
  /**
   * List each deviation from PDDL that the reader accepts anyway (a comma in a typed list, an undeclared domain
   * constant, a mistyped argument; docs/planner.md) as a warning with its file and line (text/file input only).
   */
  strict?: boolean;
  /**
   * Remove redundant steps from the found plan by greedy action elimination (default true; never raises the cost).
   * Off for optimal searches, whose plans have nothing to remove.
   */
  eliminateRedundant?: boolean;
  /**
   * How long to look for cheaper plans once a first one is found (the anytime phase: plan neighbourhood search,
   * then restarting weighted A*; docs/planner.md): milliseconds, counted from the first plan and cut at the time
   * limit, or 'auto': as long as parsing, grounding and the first search took, and at least ANYTIME_MIN_MS (the
   * phase at most doubles the run). Default 0: the first plan is returned. Non-optimal searches only. Time-based,
   * so with a budget the plan may depend on the machine's speed and load.
   */
  anytimeMs?: number | 'auto';
}

export interface PlanStep {
  action: string;
  args: string[];
}

export interface PlanResult {
  solved: boolean;
  status: SearchStatus;
  /** Plan steps as `(action arg ...)`, names as declared. */
  plan: string[];
  steps: PlanStep[];
  cost: number;
  length: number;
  /** Cost of the plan as the search found it, before action elimination. */
  searchCost: number;
  /** Cost of the first plan (after action elimination), before the anytime phase improved it. */
  costFirst: number;
  /** Cheaper plans the anytime phase found (0 without one). */
  improvements: number;
  expanded: number;
  generated: number;
  evaluated: number;
  timesMs: { parse: number; ground: number; search: number; total: number };
  grounding: GroundingStats;
  warnings: string[];
}

/** The least time the 'auto' anytime phase gets (ms). */
export const ANYTIME_MIN_MS = 100;

/** Grounds and solves a parsed problem. `parseMs` is added to the reported times. */
export function plan(domain: Domain, problem: Problem, options: PlanOptions = {}, parseMs = 0): PlanResult {
  const t0 = performance.now();
  // The time limit bounds grounding and search together.
  const deadline = options.timeLimitMs === undefined ? undefined : t0 + options.timeLimitMs;
  let task: ReturnType<typeof groundTask>;
  try {
    task = groundTask(domain, problem, { deadline });
  } catch (error) {
    if (!(error instanceof GroundingTimeLimit)) throw error;
    return groundingTimedOut(parseMs, performance.now() - t0, [...domain.warnings, ...problem.warnings]);
  }
  const t1 = performance.now();
  const result = search(task, {
    ...options,
    timeLimitMs: deadline === undefined ? undefined : Math.max(0, deadline - t1),
  });
  const optimal = isOptimalSearch(options.search);
  let ops = result.plan;
  if (result.status === 'solved' && (options.eliminateRedundant ?? !optimal))
    ops = eliminateRedundantActions(task, ops);
  const costFirst = ops.reduce((sum, o) => sum + task.operators[o].cost, 0);
  let cost = costFirst;
  let improvements = 0;
  let expanded = result.expanded;
  const now = performance.now();
  const anytimeMs =
    options.anytimeMs === 'auto' ? Math.max(ANYTIME_MIN_MS, parseMs + (now - t0)) : (options.anytimeMs ?? 0);
  if (result.status === 'solved' && !optimal && anytimeMs > 0) {
    const better = improvePlan(task, ops, {
      deadline: Math.min(now + anytimeMs, deadline ?? Number.POSITIVE_INFINITY),
      maxStates: options.maxStates,
    });
    ops = better.plan;
    cost = better.cost;
    improvements = better.improvements;
    expanded += better.expanded;
  }
  const t2 = performance.now();
  const steps = ops.map((o) => ({ action: task.operators[o].action, args: task.operators[o].args }));
  return {
    solved: result.status === 'solved',
    status: result.status,
    plan: ops.map((o) => task.operators[o].name),
    steps,
    cost,
    length: ops.length,
    searchCost: result.cost,
    costFirst,
    improvements,
    expanded,
    generated: result.generated,
    evaluated: result.evaluated,
    timesMs: { parse: parseMs, ground: t1 - t0, search: t2 - t1, total: parseMs + (t2 - t0) },
    grounding: task.stats,
    warnings: task.warnings,
  };
}

function groundingTimedOut(parseMs: number, groundMs: number, warnings: string[]): PlanResult {
  return {
    solved: false,
    status: 'time-limit',
    plan: [],
    steps: [],
    cost: 0,
    length: 0,
    searchCost: 0,
    costFirst: 0,
    improvements: 0,
    expanded: 0,
    generated: 0,
    evaluated: 0,
    timesMs: { parse: parseMs, ground: groundMs, search: 0, total: parseMs + groundMs },
    grounding: { reachableAtoms: 0, reachableActions: 0, operators: 0, facts: 0, axioms: 0 },
    warnings,
  };
}

/** Parses domain and problem texts and solves. */
export function planFromText(
  domainText: string,
  problemText: string,
  options: PlanOptions & { domainFile?: string; problemFile?: string } = {},
): PlanResult {
  const t0 = performance.now();
  const domain = parseDomain(domainText, { file: options.domainFile, strict: options.strict });
  const problem = parseProblem(problemText, domain, {
    file: options.problemFile,
    lenient: options.lenient,
    strict: options.strict,
  });
  return plan(domain, problem, options, performance.now() - t0);
}

/** Reads, parses and solves a domain and problem file. */
export function planFromFiles(domainPath: string, problemPath: string, options: PlanOptions = {}): PlanResult {
  return planFromText(readText(domainPath), readText(problemPath), {
    ...options,
    domainFile: domainPath,
    problemFile: problemPath,
  });
}

export function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === 'ENOENT' ? 'file not found' : `cannot read file (${code ?? String(error)})`, {
      file: path,
    });
  }
}
