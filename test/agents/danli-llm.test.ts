/**
 * DANLI's LLM subgoal predictor: the answer grammar, and the agent against a fake OpenAI-compatible server (real HTTP
 * on 127.0.0.1) through the episodic runner, as a run with `--llm openai` does.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { parseSubgoalAnswer } from '../../src/agents/danli/llm-predictor.js';
import { agentsWithoutLlm, getAgent } from '../../src/agents/registry.js';
import { runEpisodicEpisode } from '../../src/bench/episodic/episode.js';
import { LlmRequiredError } from '../../src/llm/errors.js';
import { type ChatBody, type FakeOpenAiServer, startFakeOpenAiServer } from '../helpers/fake-openai-server.js';

let server: FakeOpenAiServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const promptOf = (body: ChatBody) => body.messages.map((m) => m.content).join('\n');

describe("DANLI's LLM subgoal answer grammar", () => {
  it('reads completed and future subgoals in words, bullets and tuples, with catalog aliases', () => {
    const answer = parseSubgoalAnswer(
      [
        'Completed:',
        '- fridge isClosed',
        'Future:',
        '1. Mug isPlacedTo sink',
        '2) (tablelamp, isToggledOn)',
        '* breadslice iscooked',
      ].join('\n'),
    );
    expect(answer.rejected).toEqual([]);
    expect(answer.completed).toEqual([{ patient: ['fridge'], predicate: 'isClosed' }]);
    expect(answer.future).toEqual([
      { patient: ['mug'], predicate: 'isPlacedTo', destination: ['sink'] },
      { patient: ['tablelamp'], predicate: 'isToggledOn' },
      { patient: ['breadslice'], predicate: 'isCooked' },
    ]);
  });

  it('rejects lines outside the grammar with the reason, and keeps the valid ones', () => {
    const answer = parseSubgoalAnswer(
      [
        'Sure! Here are the subgoals.',
        'Future: tv isToggledOn',
        'tv turnOn',
        'unicorn isPickedUp',
        'mug isPlacedTo',
        'tv isToggledOn sofa',
        'mug isPlacedTo dragonnest',
        'tv isToggledOn',
        'import os; os.system("rm -rf /")',
        'none',
      ].join('\n'),
    );
    expect(answer.future).toEqual([{ patient: ['tv'], predicate: 'isToggledOn' }]);
    expect(answer.rejected.map((r) => [r.line, r.reason.split(' (')[0]])).toEqual([
      [1, 'outside the Completed: / Future: sections'],
      [3, "unknown predicate 'turnOn'"],
      [4, "unknown class 'unicorn'"],
      [5, 'isPlacedTo needs a DESTINATION'],
      [6, 'isToggledOn takes no DESTINATION'],
      [7, "unknown class 'dragonnest'"],
      [8, 'repeats an earlier subgoal'],
      [9, 'expected PATIENT PREDICATE [DESTINATION], got 5 part(s)'],
    ]);
  });

  it('takes every line as a future subgoal when the answer has no section header', () => {
    expect(parseSubgoalAnswer('fridge isOpen\nmilk isPickedUp').future).toEqual([
      { patient: ['fridge'], predicate: 'isOpen' },
      { patient: ['milk'], predicate: 'isPickedUp' },
    ]);
  });
});

/** One danli-llm episode whose model answers every chat with `answer` (the server is kept for inspection). */
async function runWithAnswer(task: string, answer: string) {
  server = await startFakeOpenAiServer({ script: { chat: () => answer } });
  return runEpisodicEpisode({
    agent: 'danli-llm',
    home: 'cottage',
    task,
    seed: 0,
    llm: { provider: 'openai', model: 'm', baseUrl: server.url },
  });
}

describe('danli-llm', () => {
  it('is registered as an episodic agent that needs a language model and reads no structured goal', async () => {
    const definition = getAgent('danli-llm');
    expect(definition.needsLlm).toBe(true);
    expect(definition.privileges).toEqual([]);
    expect(definition.protocols).toEqual(['episodic']);
    expect(agentsWithoutLlm('episodic')).not.toContain('danli-llm');
    await expect(
      runEpisodicEpisode({ agent: 'danli-llm', home: 'cottage', task: 'llm-state/open-fridge', seed: 0 }),
    ).rejects.toThrow(LlmRequiredError);
  });

  it('reaches the goal from a well-formed answer (the instruction and the view are in the prompt)', async () => {
    const outcome = await runWithAnswer('llm-state/book-on-desk', 'Completed:\nnone\nFuture:\n1. book isPlacedTo desk');
    expect(outcome.score.sr).toBe(1);
    const chats = server!.requests.filter((r) => r.path === '/chat/completions');
    expect(chats).toHaveLength(1);
    const prompt = promptOf(chats[0].body as unknown as ChatBody);
    expect(prompt).toContain('Instruction: Put a book on the desk.');
    expect(prompt).toMatch(/It sees: .+/);
    expect(outcome.agentStats?.prediction).toEqual({ completed: 0, future: 1, rejected: [] });
    expect(outcome.agentStats?.llm).toMatchObject({ calls: 1 });
  });

  it('drops malformed lines with a report and still follows the valid ones', async () => {
    const outcome = await runWithAnswer(
      'llm-state/open-fridge',
      'Future:\nfridge open\nfridge isOpen\nfridge isOpen kitchen',
    );
    expect(outcome.score.sr).toBe(1);
    const prediction = outcome.agentStats?.prediction as { rejected: { line: number; reason: string }[] };
    expect(prediction.rejected.map((r) => r.line)).toEqual([2, 4]);
  });

  it('with no valid subgoal it says so and does not reach the goal', async () => {
    const outcome = await runWithAnswer('llm-state/book-on-desk', 'I would put the book on the desk for you.');
    expect(outcome.score.sr).toBe(0);
    expect(outcome.agentStats?.prediction).toMatchObject({ future: 0, fallback: 'no-valid-subgoal' });
  });
});
