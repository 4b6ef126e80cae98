/**
 * The offline query evaluator Phi_Q of ExRAP (eq. 5-7, Algorithm 1 lines 9-20), `BayesianQueryEvaluator`.
 *
 * Response. For a query q at step t and a set of retrieved quadruples, the response is the probability of q's
 * condition read from the evidence with the hazard model's decay (src/agents/exrap/evidence.ts): the retrieved
 * facts of the memory, the facts of q's classes the update rule removed (the part of G_{1:t} outside G_t) and the
 * agent's own facts.
 *
 * Refinement (eq. 6-7), before the memory absorbs the observation of step t: ten retrievals are drawn from G_{t-1}
 * (the k = 12 softmax retriever; the draws are the only source of variety, as the LLM's samples are) and answered at
 * step t; a response whose entropy is below the entropy of P(q | G_{t-1}) (more confident on evidence that has
 * not changed) is discarded; R(q | G_{t-1}) is the mean of the others, or P(q | G_{t-1}) when none remain (the
 * constraint met with equality). Without temporal consistency (ExRAP-TC) there is no refinement:
 * R(q | G_{t-1}) = P(q | G_{t-1}).
 *
 * Evaluation (eq. 5), after the memory absorbed o_t: one retrieval from G_t and its response. When the evidence the
 * response read (its support: facts with their steps, removals) is the same as at the previous step, the refined
 * prior is reused without re-evaluation (P = R, the shortcut). Otherwise the new observation speaks for q when
 * some of that evidence is from step t, and P is the response; when none is (a different draw of old facts), it
 * brings nothing new and P = R.
 */

import { entityClass } from '../../memory/quadruple.js';
import type { Condition } from '../../sim/conditions.js';
import { InputError } from '../../util/errors.js';
import { binaryEntropy, UNINFORMED } from './entropy.js';
import { conditionProbability, conditionValue, type Evidence, EvidenceBase } from './evidence.js';
import type { ExrapMemory } from './memory.js';
import {
  conditionClasses,
  conditionPhrases,
  conditionScopes,
  type ExrapQuery,
  executionOf,
  type Interpretation,
} from './query.js';
import type { ExrapStep, QueryEvaluation, QueryEvaluator } from './roles.js';

export interface BayesianEvaluatorOptions {
  /** Responses sampled for the refinement (Table A.4: 10 iterations of the query evaluator). */
  readonly samples?: number;
  /** Apply the temporal-consistency refinement of eq. 6-7 (false: ExRAP-TC). */
  readonly temporalConsistency?: boolean;
}

/** Tolerance of the entropy comparison of eq. 6 (bits): equal entropies pass. */
const ENTROPY_TOLERANCE = 1e-12;

interface QueryState {
  /** P(q | G_{t-1}) */
  p: number;
  support: readonly string[];
}

interface PreparedQuery {
  readonly query: ExrapQuery;
  readonly directives: string[];
  readonly classes: string[];
}

export class BayesianQueryEvaluator implements QueryEvaluator {
  readonly name: string;
  readonly samples: number;
  readonly temporalConsistency: boolean;
  private readonly state = new Map<string, QueryState>();
  private readonly priors = new Map<string, number>();

  constructor(options: BayesianEvaluatorOptions = {}) {
    this.samples = options.samples ?? 10;
    this.temporalConsistency = options.temporalConsistency ?? true;
    if (!Number.isInteger(this.samples) || this.samples < 1) {
      throw new InputError(`query evaluator: samples must be a positive integer, got ${this.samples}`);
    }
    this.name = this.temporalConsistency ? 'bayesian' : 'bayesian-no-tc';
  }

  /** A new episode: what was evaluated is forgotten (the interpretation comes with each step). */
  reset(_interpretation?: Interpretation): void {
    this.state.clear();
    this.priors.clear();
  }

  refine(step: ExrapStep): void {
    for (const prepared of this.prepare(step)) {
      const { query } = prepared;
      const last = this.state.get(query.id);
      if (!last) {
        this.priors.set(query.id, UNINFORMED);
        continue;
      }
      if (!this.temporalConsistency) {
        this.priors.set(query.id, last.p);
        continue;
      }
      const scores = step.memory.scores(prepared.directives);
      const base = new EvidenceBase(evidenceBase(step.memory, prepared.classes));
      const responses: number[] = [];
      for (let i = 0; i < this.samples; i++) {
        const facts = step.memory.sample(scores, step.rng);
        responses.push(conditionValue(query.condition, facts, base, step.t, step.memory.hazard, UNINFORMED));
      }
      this.priors.set(query.id, temporallyConsistentPrior(last.p, responses));
    }
  }

  evaluate(step: ExrapStep): QueryEvaluation[] {
    const out: QueryEvaluation[] = [];
    for (const prepared of this.prepare(step)) {
      const { query } = prepared;
      const retrieved = step.memory.sample(step.memory.scores(prepared.directives), step.rng);
      const evidence = { ...evidenceBase(step.memory, prepared.classes), facts: retrieved };
      const reading = conditionProbability(query.condition, evidence, step.t, step.memory.hazard, UNINFORMED);
      const prior = this.priors.get(query.id) ?? UNINFORMED;
      const last = this.state.get(query.id);
      const reused = last !== undefined && sameSupport(last.support, reading.support);
      const p = !reused && reading.newest === step.t ? reading.p : prior;
      this.state.set(query.id, { p, support: reading.support });
      out.push({ query, p, entropy: binaryEntropy(p), prior, reused, retrieved });
    }
    return out;
  }

  private prepare(step: ExrapStep): PreparedQuery[] {
    // The step's interpretation: the agent may narrow a reading during the episode (`narrowExecution`).
    const interpretation = step.interpretation;
    return interpretation.queries.map((query) => {
      const goal = executionOf(interpretation, query).goal;
      const { classes } = conditionClasses(query.condition);
      return { query, classes, directives: queryDirectives(query, goal, step.memory) };
    });
  }
}

/**
 * Eq. 6-7: the mean of the responses whose entropy is at least that of the previous step's P(q | G_{t-1}); the
 * previous P itself when every response is more confident.
 */
export function temporallyConsistentPrior(previous: number, responses: readonly number[]): number {
  const floor = binaryEntropy(previous) - ENTROPY_TOLERANCE;
  let sum = 0;
  let kept = 0;
  for (const p of responses) {
    if (binaryEntropy(p) >= floor) {
      sum += p;
      kept++;
    }
  }
  return kept > 0 ? sum / kept : previous;
}

/**
 * The task directives a query's evidence is retrieved with (section 3.3): the query and execution in the words of
 * fact sentences, and, for a class the memory knows no instance of yet, that class with the rooms the
 * catalog finds it in (`towel bathroom`: where to look, the commonsense an LLM would add), or with the room the
 * instruction names (`bookshelf bedroom`).
 */
export function queryDirectives(query: ExrapQuery, goal: Condition, memory: ExrapMemory): string[] {
  const name = (id: number) => {
    const entity = memory.entityOf(id);
    return entity === undefined ? 'object' : entityClass(entity);
  };
  const directives = [...conditionPhrases(query.condition, name), ...conditionPhrases(goal, name)];
  const scopes = [...conditionScopes(query.condition), ...conditionScopes(goal)];
  for (const { classes, room } of scopes) {
    for (const cls of [...classes].sort()) {
      if (memory.knowsClass(cls, room)) continue;
      const rooms = room === undefined ? [...new Set(memory.typicalRooms(cls).map(entityClass))] : [room];
      if (rooms.length > 0) directives.push(`${cls} ${rooms.join(' ')}`);
    }
  }
  return [...new Set(directives)];
}

function evidenceBase(memory: ExrapMemory, classes: readonly string[]): Omit<Evidence, 'facts'> {
  return {
    removed: memory.history(classes),
    agentFacts: memory.agentFacts(),
    agent: memory.agent ?? '',
    rooms: memory.rooms(),
    roomClassOf: (entity) => memory.roomClassOf(entity),
    storedAway: memory.storedAway,
  };
}

function sameSupport(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}
