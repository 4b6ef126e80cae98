/**
 * ExRAP's LLM roles against the loopback fake OpenAI-compatible server (real HTTP, scripted answers): every role's
 * prompt is built from the step and its answer parsed; the query evaluator's P(yes) comes from log-probs in one call
 * or from 10 samples; eq. 5's shortcut skips unchanged evidence; eq. 6-7 filter the refinement responses; the
 * agent runs continual episodes with the LLM roles and the ExRAP-LLM ablation needs a model.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemonstrationLibrary } from '../../../src/agents/demonstrations/library.js';
import { GrammarInterpreter } from '../../../src/agents/exrap/interpreter/index.js';
import {
  INTERPRETATION_SCHEMA,
  LlmExploitationPlanner,
  LlmExplorationPlanner,
  LlmInterpreter,
  LlmQueryEvaluator,
  questionText,
  readingOf,
} from '../../../src/agents/exrap/llm/index.js';
import { commandText } from '../../../src/agents/exrap/llm/text.js';
import { narrowExecution } from '../../../src/agents/exrap/query.js';
import type { QueryEvaluation } from '../../../src/agents/exrap/roles.js';
import { getAgent } from '../../../src/agents/registry.js';
import { runContinualEpisode } from '../../../src/bench/continual/episode.js';
import { closeEpisodeLanguageModels } from '../../../src/bench/llm.js';
import { compileReading } from '../../../src/language/index.js';
import { languageModelFromConfig } from '../../../src/llm/config.js';
import { LlmRequiredError } from '../../../src/llm/errors.js';
import { type LanguageModel, withAccounting } from '../../../src/llm/language-model.js';
import type { Skill } from '../../../src/sim/skill.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../../helpers/fake-openai-server.js';
import { DEMOS } from '../baselines/helpers.js';
import { newMemory, see, stepOf, tvInterpretation } from './helpers.js';

/** The fake model's reading of any numbered instruction list: the TV should be on, if it is off. */
function interpretationAnswer(body: ChatBody): string {
  const prompt = body.messages.map((m) => m.content).join('\n');
  const tail = prompt.slice(prompt.lastIndexOf('Instructions:'));
  const numbers = [...tail.matchAll(/^(\d+)\. /gm)].map((m) => Number(m[1]));
  return JSON.stringify({
    instructions: numbers.map((number) => ({
      number,
      goals: [{ kind: 'state', objects: ['TV'], state: 'ON', relation: 'none', hosts: [], conditional: true }],
    })),
  });
}

const isInterpretation = (body: ChatBody) => body.response_format?.json_schema?.name === 'interpretation';

describe('ExRAP LLM roles', () => {
  let server: FakeOpenAiServer;
  let bare: FakeOpenAiServer;
  let llm: LanguageModel;
  let sampling: LanguageModel;

  beforeAll(async () => {
    server = await startFakeOpenAiServer({
      script: { chat: (body) => (isInterpretation(body) ? interpretationAnswer(body) : 'OK') },
    });
    // A server like Ollama without log-probs: no token log-probs, no completions endpoint, no `n`.
    bare = await startFakeOpenAiServer({
      logprobs: false,
      completions: 'missing',
      honorsN: false,
      script: { chat: (_body, sample) => (sample.seed % 10 < 7 ? 'Yes.' : 'No.') },
    });
    llm = languageModelFromConfig({ provider: 'openai', model: 'm', baseUrl: server.url });
    sampling = languageModelFromConfig({ provider: 'openai', model: 'm', baseUrl: bare.url });
  });
  afterAll(async () => {
    await llm?.close();
    await sampling?.close();
    await closeEpisodeLanguageModels();
    await server?.close();
    await bare?.close();
  });

  describe('interpreter', () => {
    /** A placement goal as the model answers it: "the book on the desk", conditional. */
    const goal = {
      kind: 'placement' as const,
      objects: ['book'],
      state: 'none' as const,
      relation: 'ON' as const,
      hosts: ['desk'],
      conditional: true,
    };

    it('asks with the numbered instructions and compiles the JSON goals like the grammar would', async () => {
      const interpreter = new LlmInterpreter({ llm });
      const prompt = interpreter.prompt([{ id: 'a', text: 'Turn the TV on when it is off.' }]);
      expect(prompt).toContain('Instructions:\n1. Turn the TV on when it is off.\nAnswer:');
      const result = await interpreter.interpret([
        { id: 'a', text: 'Turn the TV on when it is off.' },
        { id: 'b', text: 'Whatever else.' },
      ]);
      const expected = compileReading({
        phrasing: 'if',
        goal: { kind: 'state', object: { classes: ['tv'] }, state: 'ON' },
      });
      expect(result.queries.map((q) => q.id)).toEqual(['q:a', 'q:b']);
      expect(result.queries[0].condition).toEqual(expected.query);
      expect(result.executions[0].goal).toEqual(expected.execution);
      expect(result.conditionMap.get('q:b')).toBe('e:b');
      const sent = server.requests.at(-1)!.body as unknown as ChatBody;
      expect(sent.response_format?.type).toBe('json_schema');
    });

    it('asks again on unknown classes and leaves out what it still cannot read', async () => {
      const original = server.script.chat;
      let asked = 0;
      server.script.chat = (body, sample) => {
        if (!isInterpretation(body)) return original(body, sample);
        asked++;
        return JSON.stringify({
          instructions: [
            {
              number: 1,
              goals: [
                { kind: 'state', objects: ['unicorn'], state: 'ON', relation: 'none', hosts: [], conditional: true },
              ],
            },
          ],
        });
      };
      try {
        const interpreter = new LlmInterpreter({ llm, attempts: 2 });
        const result = await interpreter.interpret([{ id: 'a', text: 'Feed the unicorn.' }]);
        expect(asked).toBe(2);
        expect(result.queries).toEqual([]);
        expect(interpreter.stats.uninterpreted).toBe(1);
        expect(interpreter.problems[0]).toMatch(/unknown object class "unicorn"/);
      } finally {
        server.script.chat = original;
      }
    });

    it('reads the room a goal names into the reading, and refuses a room that is not one', () => {
      const reading = readingOf({ ...goal, room: 'bedroom' });
      expect(typeof reading === 'object' && reading.goal.kind === 'placement' && reading.goal.host.room).toBe(
        'bedroom',
      );
      const tv = readingOf({
        ...goal,
        kind: 'state',
        objects: ['TV'],
        state: 'ON',
        relation: 'none',
        hosts: [],
        room: 'home office',
      });
      expect(typeof tv === 'object' && tv.goal.object.room).toBe('home_office');
      expect(readingOf({ ...goal, room: 'attic' })).toMatch(/unknown room "attic"/);
      expect(readingOf({ ...goal, room: 'sofa' })).toMatch(/unknown room "sofa"/);
      expect(
        INTERPRETATION_SCHEMA.safeParse({ instructions: [{ number: 1, goals: [{ ...goal, room: 'bedroom' }] }] })
          .success,
      ).toBe(true);
    });

    it('words the rooms a text names and a narrowed reading in its questions and commands', () => {
      const read = (text: string) => new GrammarInterpreter().interpret([{ id: 'a', text }]);
      const shelf = read('If the book is not on the bookshelf in the bedroom, put it there.');
      expect(questionText(shelf.queries[0].condition)).toBe('Is some book not on a bookshelf in the bedroom?');
      const narrowed = narrowExecution(shelf, 'e:a', 24);
      expect(questionText(narrowed.queries[0].condition)).toBe(
        'Is some book book.24 not on a bookshelf in the bedroom?',
      );
      expect(commandText(narrowed.executions[0].goal)).toBe('put every book book.24 on a bookshelf in the bedroom');
      const tv = read('If the TV in the home office has been left off, switch it on.');
      expect(questionText(tv.queries[0].condition)).toBe('Is any tv in the home office off?');
    });

    it('reads "count" into one thing or all of them, so that ExRAP-LLM can learn which book "the book" is', () => {
      const quantity = (output: typeof goal & { count?: 'one' | 'all' }) => {
        const reading = readingOf(output);
        return typeof reading === 'object' && reading.goal.kind === 'placement' ? reading.goal.quantity : reading;
      };
      expect(quantity({ ...goal, count: 'one' })).toBe('one');
      expect(quantity({ ...goal, count: 'all' })).toBe('all');
      expect(quantity(goal)).toBe('all');
      const one = readingOf({ ...goal, count: 'one' });
      if (typeof one === 'string') throw new Error(one);
      expect(compileReading(one).singular).toBe(true);
      expect(
        INTERPRETATION_SCHEMA.safeParse({ instructions: [{ number: 1, goals: [{ ...goal, count: 'some' }] }] }).success,
      ).toBe(false);
    });

    it('has a schema that refuses a state goal without its fields', () => {
      expect(
        INTERPRETATION_SCHEMA.safeParse({ instructions: [{ number: 1, goals: [{ kind: 'state' }] }] }).success,
      ).toBe(false);
    });
  });

  describe('query evaluator', () => {
    const tvSeenOff = () => {
      const memory = newMemory();
      memory.ingest(see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
      return memory;
    };

    it('reads P(yes) from the log-probs in one call, and skips the model when the evidence is unchanged', async () => {
      const { model, ledger } = withAccounting(llm);
      const evaluator = new LlmQueryEvaluator({ llm: model });
      const interpretation = tvInterpretation();
      evaluator.reset(interpretation);
      const memory = tvSeenOff();
      const first = await evaluator.evaluate(stepOf(memory, interpretation, 0));
      // The fake's first tokens: Yes 0.6, No 0.3 -> P(yes) = 0.6 / 0.9.
      expect(first[0].p).toBeCloseTo(2 / 3, 6);
      expect(first[0].reused).toBe(false);
      expect(ledger.snapshot().calls).toBe(1);
      const prompt = (server.requests.at(-1)!.body as unknown as ChatBody).messages.at(-1)!.content;
      expect(prompt).toContain(questionText(interpretation.queries[0].condition));
      expect(prompt).toContain('(tv.10, is, off, 0)');
      // Step 1 with the same memory: same retrieval, P = R without a call (eq. 5).
      await evaluator.refine(stepOf(memory, interpretation, 1));
      const callsAfterRefine = ledger.snapshot().calls;
      expect(callsAfterRefine).toBe(1 + 1); // one refinement draw
      const second = await evaluator.evaluate(stepOf(memory, interpretation, 1));
      expect(second[0].reused).toBe(true);
      expect(second[0].p).toBe(second[0].prior);
      expect(ledger.snapshot().calls).toBe(callsAfterRefine);
    });

    it('samples 10 answers at temperature 0.33 without log-probs, and P(yes) is the share of yes', async () => {
      const before = bare.requests.length;
      const evaluator = new LlmQueryEvaluator({ llm: sampling, seed: 0 });
      const interpretation = tvInterpretation();
      evaluator.reset(interpretation);
      const result = await evaluator.evaluate(stepOf(tvSeenOff(), interpretation, 0));
      const chats = bare.requests
        .slice(before)
        .filter((r) => r.path === '/chat/completions' && r.body.temperature === 0.33);
      expect(chats).toHaveLength(10); // the server ignores n: one request per sample, seeds s .. s+9
      const seeds = chats.map((r) => r.body.seed as number);
      const yes = seeds.filter((s) => s % 10 < 7).length;
      expect(result[0].p).toBeCloseTo(yes / 10, 10);
      expect(evaluator.stats.sampled).toBe(1);
    });

    it('keeps only refinement responses at least as uncertain as the last estimate (eq. 6-7)', async () => {
      const original = server.script.firstTokens;
      const interpretation = tvInterpretation();
      const memory = tvSeenOff();
      const evaluator = new LlmQueryEvaluator({ llm, refineDraws: 2 });
      evaluator.reset(interpretation);
      try {
        server.script.firstTokens = () => [
          { token: 'Yes', logprob: Math.log(0.7) },
          { token: 'No', logprob: Math.log(0.3) },
        ];
        await evaluator.evaluate(stepOf(memory, interpretation, 0)); // P(q | G_0) = 0.7
        let draw = 0;
        // The refinement's two responses: 0.95 (more confident than 0.7: discarded) and 0.6 (kept).
        server.script.firstTokens = () => {
          const p = draw++ === 0 ? 0.95 : 0.6;
          return [
            { token: 'Yes', logprob: Math.log(p) },
            { token: 'No', logprob: Math.log(1 - p) },
          ];
        };
        await evaluator.refine(stepOf(memory, interpretation, 1));
        const [evaluation] = await evaluator.evaluate(stepOf(memory, interpretation, 1));
        expect(evaluation.prior).toBeCloseTo(0.6, 6);
        const noTc = new LlmQueryEvaluator({ llm, temporalConsistency: false });
        expect(noTc.name).toBe('llm-no-tc');
      } finally {
        server.script.firstTokens = original;
      }
    });
  });

  describe('planners', () => {
    const candidates: Skill[] = [
      { action: 'walk', objects: [2] },
      { action: 'walk', objects: [10] },
      { action: 'switchon', objects: [10] },
    ];
    const stepWithTv = () => {
      const memory = newMemory();
      memory.ingest(see(0, 'livingroom.3', ['tv.10 is off', 'tv.10 inside livingroom.3']));
      const interpretation = tvInterpretation();
      const step = stepOf(memory, interpretation, 0);
      const observation = { characterId: 1, roomId: 3, nodes: [], edges: [] };
      return { step: { ...step, feedback: { ...step.feedback, observation } } as typeof step, interpretation };
    };
    const evaluation = (interpretation: ReturnType<typeof tvInterpretation>, p: number): QueryEvaluation => ({
      query: interpretation.queries[0],
      p,
      entropy: 0,
      prior: p,
      reused: false,
      retrieved: [],
    });

    it('exploitation: P(skill) given the commands, memory and 3 demonstrations; nothing asked when nothing is pending', async () => {
      const { step, interpretation } = stepWithTv();
      const planner = new LlmExploitationPlanner({ llm, demonstrations: new DemonstrationLibrary(DEMOS) });
      const idle = await planner.values(step, [evaluation(interpretation, 0.2)], [], candidates);
      expect([...idle]).toEqual([0, 0, 0]);
      expect(planner.stats.calls).toBe(0);
      const pending = [evaluation(interpretation, 0.9)];
      const values = await planner.values(step, pending, pending, candidates);
      expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
      expect(planner.lastPrompt).toContain('Tasks to carry out now:\n1. make some tv on');
      expect(planner.lastPrompt!.match(/Robot: 1\./g)).toHaveLength(3); // three demonstrations
      const find = new LlmExploitationPlanner({
        llm,
        findQueries: true,
        demonstrations: new DemonstrationLibrary(DEMOS),
      });
      expect(find.commands(step, [evaluation(interpretation, 0.2)], [])).toEqual([
        `find out: ${questionText(interpretation.queries[0].condition)}`,
      ]);
    });

    it('exploration (ExRAP-LLM): the model prompted to explore values every candidate', async () => {
      const { step, interpretation } = stepWithTv();
      const planner = new LlmExplorationPlanner({ llm });
      const values = await planner.values(step, [evaluation(interpretation, 0.5)], candidates);
      expect(values).toHaveLength(3);
      expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
      expect(planner.prompt(step, [evaluation(interpretation, 0.5)], { demonstrations: 0, memory: 12 })).toContain(
        'Explore the home',
      );
    });
  });

  describe('the agent in continual episodes', () => {
    const episode = (agent: string) => ({
      agent,
      home: 'cottage',
      nonstationarity: 'medium' as const,
      instructions: 2,
      steps: 6,
      seed: 2,
    });

    it('runs exrap with the LLM roles when given a model, and offline without one', async () => {
      expect(getAgent('exrap').acceptsLlm).toBe(true);
      const spec = { provider: 'openai' as const, model: 'm', baseUrl: server.url };
      const withLlm = await runContinualEpisode({ ...episode('exrap'), llm: spec });
      expect(withLlm.llmUsage!.calls).toBeGreaterThan(1); // the interpreter, then questions and plans
      expect(withLlm.metrics.llmCallsPerStep).toBeGreaterThan(0);
      const offline = await runContinualEpisode(episode('exrap'));
      expect(offline.llmUsage).toBeUndefined();
    });

    it('refuses the ExRAP-LLM ablation without a model and runs it with one', async () => {
      expect(getAgent('exrap-llm').needsLlm).toBe(true);
      await expect(runContinualEpisode(episode('exrap-llm'))).rejects.toThrow(LlmRequiredError);
      const spec = { provider: 'openai' as const, model: 'm', baseUrl: server.url };
      const outcome = await runContinualEpisode({ ...episode('exrap-llm'), llm: spec });
      expect(outcome.llmUsage!.byKind.score.calls).toBeGreaterThanOrEqual(6); // one exploration scoring per step
    });
  });
});
