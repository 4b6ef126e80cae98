/**
 * LLM-State's roles as the paper runs them (appendix A): each is one chat call whose answer is code, read with a
 * grammar, never run. The prompts are files under `prompts/llm-state/`, written for hearth after the paper's listings.
 *
 * - Attention: `add_related_objects("x")` calls; names the observation does not list are rejected; no call at all is
 *   an answer too (nothing new is relevant).
 * - State estimator: `update_state(object, "a | b")` or `add_attribute(...)` (the two spellings the paper uses), and
 *   `update_reasoning("...")` or `generate_summary("...")`; the last call per object wins. Asked for the parts the
 *   variant keeps (object entries, summary, or both); calls of the other part are ignored. An answer with no usable
 *   call is invalid: recorded with its text, and the state is the key objects with nothing known (the paper
 *   discards badly formatted calls).
 * - Policy: a numbered plan of primitive actions (`primitives/commands.ts`), at most 20; no readable command is an
 *   invalid answer (the agent spends the step on a refused action).
 */
import type { LanguageModel } from '../../../llm/language-model.js';
import { Rng } from '../../../util/rng.js';
import { parsePlan } from '../../primitives/commands.js';
import { PromptSet } from '../../prompting/templates.js';
import {
  type Attention,
  type AttentionInput,
  type EstimatorInput,
  type LlmState,
  MAX_PLAN_COMMANDS,
  type Policy,
  type PolicyInput,
  type RoleAnswer,
  type RoleObservation,
  type RoleRecord,
  type StateEstimator,
} from '../roles.js';
import { askFitting, LISTING_SIZES } from './ask.js';
import { scanCalls } from './calls.js';
import { historyText, stateLines, stateText } from './render.js';

export const LLM_STATE_PROMPTS = {
  attention: 'llm-state/attention',
  estimator: 'llm-state/estimator',
  estimatorObjects: 'llm-state/estimator-objects',
  estimatorSummary: 'llm-state/estimator-summary',
  policy: 'llm-state/policy',
  policyState: 'llm-state/policy-state',
};

/** New-token limits per role (a plan of 20 lines; a state of a few dozen objects with a summary). */
const MAX_TOKENS = { attention: 256, estimator: 1024, policy: 512 };

/** What every LLM role shares: the model, the prompts, and request seeds per role and step. */
class LlmRole {
  readonly prompts = new PromptSet(LLM_STATE_PROMPTS);
  private readonly seedBase: number;

  constructor(
    protected readonly llm: LanguageModel,
    seed: number,
    private readonly offset: number,
  ) {
    this.seedBase = new Rng(seed).nextUint32() & 0x3fffffff;
  }

  protected seed(t: number): number {
    return (this.seedBase + t * 16 + this.offset) % 0x7fffffff;
  }
}

const situation = (observation: RoleObservation) => {
  const { listing, names } = observation;
  return {
    rooms: listing
      .roomList()
      .map((r) => names.name(r.id))
      .join(', '),
    holding: listing.held.map((id) => names.name(id)).join(', ') || 'nothing',
    room: names.name(listing.currentRoom),
  };
};

export class LlmAttention extends LlmRole implements Attention {
  readonly implementation = 'llm: add_related_objects calls';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 0);
  }

  async select(input: AttentionInput): Promise<RoleAnswer<string[]>> {
    const { listing, names, t } = input.observation;
    const asked = await askFitting(
      this.llm,
      (size) =>
        this.prompts.render('attention', {
          state: stateLines(input.keys),
          observation: listing.render(names, size),
          task: input.instruction.text,
        }),
      { maxTokens: MAX_TOKENS.attention, seed: this.seed(t) },
    );
    if ('overflow' in asked)
      return { value: [], record: { role: 'attention', implementation: 'llm', invalid: asked.overflow } };
    const scanned = scanCalls(asked.text, new Map([['add_related_objects', 1]]));
    const rejected = [...scanned.rejected];
    const added: string[] = [];
    for (const call of scanned.calls) {
      const match = names.resolve(call.args[0]);
      if (match?.by !== 'name') {
        rejected.push({ line: call.line, text: call.args[0], reason: 'not an object the observation lists' });
        continue;
      }
      added.push(names.name(match.id));
    }
    const record: RoleRecord = {
      role: 'attention',
      implementation: 'llm',
      output: asked.text,
      ...(rejected.length > 0 && { rejected }),
      notes: { shrinks: asked.shrinks },
    };
    return { value: added, record };
  }
}

/** The estimator's functions: the paper's appendix spelling first, its text's second. */
const STATE_FUNCTIONS = ['update_state', 'add_attribute'];
const SUMMARY_FUNCTIONS = ['update_reasoning', 'generate_summary'];

export class LlmStateEstimator extends LlmRole implements StateEstimator {
  readonly implementation = 'llm: update_state / update_reasoning calls';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 1);
  }

  async estimate(input: EstimatorInput): Promise<RoleAnswer<LlmState>> {
    const { names, t } = input.observation;
    const where = situation(input.observation);
    const functions = [
      ...(input.parts.summary ? [this.prompts.render('estimatorSummary', {})] : []),
      ...(input.parts.objects ? [this.prompts.render('estimatorObjects', {})] : []),
    ].join('\n');
    const prompt = this.prompts.render('estimator', {
      state: stateLines(input.keys),
      history: historyText(input.history),
      ...where,
      functions,
    });
    // The history is never cut: the prompt is asked whole, or it is a context overflow, named.
    const asked = await askFitting(this.llm, () => prompt, { maxTokens: MAX_TOKENS.estimator, seed: this.seed(t) }, [
      LISTING_SIZES[0],
    ]);
    const empty: LlmState = {
      ...(input.parts.objects && { objects: new Map(input.keys.map((k) => [k, []])) }),
    };
    if ('overflow' in asked)
      return { value: empty, record: { role: 'estimator', implementation: 'llm', invalid: asked.overflow } };
    const arity = new Map<string, number>([
      ...STATE_FUNCTIONS.map((name) => [name, 2] as [string, number]),
      ...SUMMARY_FUNCTIONS.map((name) => [name, 1] as [string, number]),
    ]);
    const scanned = scanCalls(asked.text, arity);
    const objects = new Map<string, string[]>(input.keys.map((k) => [k, []]));
    let summary: string | undefined;
    let used = 0;
    for (const call of scanned.calls) {
      if (STATE_FUNCTIONS.includes(call.name)) {
        if (!input.parts.objects) continue;
        const match = names.resolve(call.args[0]);
        const name = match?.by === 'name' ? names.name(match.id) : call.args[0];
        objects.set(name, splitAttributes(call.args[1]));
        used++;
      } else {
        if (!input.parts.summary) continue;
        summary = call.args[0];
        used++;
      }
    }
    const repaired = scanned.calls.filter((c) => c.writtenAs !== undefined).map((c) => `${c.writtenAs} -> ${c.name}`);
    const record: RoleRecord = {
      role: 'estimator',
      implementation: 'llm',
      output: asked.text,
      ...(scanned.rejected.length > 0 && { rejected: scanned.rejected }),
      ...(used === 0 && { invalid: 'no usable update_state or update_reasoning call' }),
      notes: { calls: scanned.calls.length, ...(repaired.length > 0 && { repaired }) },
    };
    if (used === 0) return { value: empty, record };
    return {
      value: {
        ...(input.parts.objects && { objects }),
        ...(input.parts.summary && summary !== undefined && { summary: { text: summary } }),
      },
      record,
    };
  }
}

/** `"closed | in_kitchen1"` -> ['closed', 'in_kitchen1']; `[]` and '' -> []. */
export function splitAttributes(text: string): string[] {
  return text
    .replace(/^\[|\]$/g, '')
    .split(/[|,]/)
    .map((a) => a.trim().replace(/^['"]|['"]$/g, ''))
    .filter((a) => a !== '');
}

export class LlmPolicy extends LlmRole implements Policy {
  readonly implementation = 'llm: numbered plan of primitive actions';

  constructor(llm: LanguageModel, seed: number) {
    super(llm, seed, 2);
  }

  async plan(input: PolicyInput) {
    const { listing, names, t } = input.observation;
    const state = input.state ? this.prompts.render('policyState', { state: stateText(input.keys, input.state) }) : '';
    const asked = await askFitting(
      this.llm,
      (size) =>
        this.prompts.render('policy', {
          history: historyText(input.history),
          observation: listing.render(names, size, new Set(input.keys.map((k) => names.resolve(k)?.id ?? -1))),
          state,
          task: input.instruction.text,
        }),
      { maxTokens: MAX_TOKENS.policy, seed: this.seed(t) },
    );
    if ('overflow' in asked)
      return { value: [], record: { role: 'policy' as const, implementation: 'llm', invalid: asked.overflow } };
    const plan = parsePlan(asked.text, MAX_PLAN_COMMANDS);
    const record: RoleRecord = {
      role: 'policy',
      implementation: 'llm',
      output: asked.text,
      ...(plan.rejected.length > 0 && { rejected: plan.rejected }),
      ...(plan.commands.length === 0 && { invalid: 'no readable command in the plan' }),
      notes: { shrinks: asked.shrinks },
    };
    return { value: plan.commands, record };
  }
}
