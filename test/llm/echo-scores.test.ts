/**
 * Reading an echo-scoring answer of the completions endpoint from its bytes: the tokens' lengths, offsets and
 * log-probs equal what JSON.parse of the same answer gives; an answer that departs from the format (a hostile or
 * broken server) is an EchoScoresError, and through the openai provider an LlmResponseError naming the server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LlmResponseError } from '../../src/llm/errors.js';
import { EchoScoresError, readEchoScores } from '../../src/llm/providers/echo-scores.js';
import { OpenAiBackend } from '../../src/llm/providers/openai.js';
import { tokenize } from '../helpers/fake-openai-server.js';

const bytes = (value: unknown) => new TextEncoder().encode(typeof value === 'string' ? value : JSON.stringify(value));

/** A choice as vLLM writes it: every token of `text` echoed, the first without a log-prob. */
function choice(index: number, text: string, logprob = (i: number) => -(i % 7) / 3 - 0.01) {
  const tokens = tokenize(text);
  const offsets: number[] = [];
  let offset = 0;
  for (const token of tokens) {
    offsets.push(offset);
    offset += token.length;
  }
  return {
    index,
    text,
    finish_reason: 'length',
    logprobs: {
      tokens,
      token_logprobs: tokens.map((_, i) => (i === 0 ? null : logprob(i))),
      text_offset: offsets,
      top_logprobs: null,
    },
  };
}

function answer(choices: unknown[], extra: Record<string, unknown> = {}) {
  return {
    id: 'cmpl-1',
    object: 'text_completion',
    model: 'm',
    choices,
    usage: { prompt_tokens: 12, completion_tokens: 2 },
    ...extra,
  };
}

describe('readEchoScores', () => {
  it('reads each choice by its index: token lengths, offsets and log-probs as JSON.parse gives them', () => {
    const texts = ['Robot: I will\n open the "fridge" end', 'Robot: I will walk to the café end', 'Robot 😀 end'];
    const body = answer([choice(2, texts[2]), choice(0, texts[0]), choice(1, texts[1])]);
    const read = readEchoScores(bytes(body));
    const parsed = JSON.parse(JSON.stringify(body)) as ReturnType<typeof answer>;
    expect(read.choices).toHaveLength(3);
    for (const given of parsed.choices as ReturnType<typeof choice>[]) {
      const tokens = read.choices[given.index]!;
      expect(tokens.lengths).toEqual(given.logprobs.tokens.map((t) => t.length));
      expect(tokens.offsets).toEqual(given.logprobs.text_offset);
      const logprobs = given.logprobs.tokens.map((_, i) => tokens.logprob(i));
      expect(logprobs).toEqual(given.logprobs.token_logprobs.map((v) => v ?? Number.NaN));
    }
    expect(read.usage).toEqual({ promptTokens: 12, completionTokens: 2 });
  });

  it('has no tokens for a choice without log-probs, and no offsets when the server gives none', () => {
    const bare = choice(1, 'a b c');
    const { text_offset: _offsets, ...withoutOffsets } = bare.logprobs;
    const read = readEchoScores(
      bytes(
        answer([
          { index: 0, text: 'x', logprobs: null },
          { ...bare, logprobs: withoutOffsets },
        ]),
      ),
    );
    expect(read.choices[0]).toBeUndefined();
    expect(read.choices[1]?.offsets).toBeUndefined();
    expect(read.choices[1]?.lengths).toEqual([1, 2, 2]);
  });

  it('accepts an answer without usage, or with null usage', () => {
    expect(readEchoScores(bytes({ choices: [choice(0, 'a b')] })).usage).toBeUndefined();
    expect(readEchoScores(bytes({ choices: [choice(0, 'a b')], usage: null })).usage).toBeUndefined();
  });

  const good = choice(0, 'The sky is blue');
  it.each([
    ['a body that is not JSON', '<html>502 Bad Gateway</html>', /unexpected character/],
    ['a truncated body', JSON.stringify(answer([good])).slice(0, 150), /unterminated|unexpected end|expected/],
    ['choices that are not an array', { choices: { 0: good } }, /expected an array, found object/],
    ['the same index twice', answer([good, good]), /index 0 given twice/],
    ['a gap in the indexes', answer([good, { ...good, index: 2 }]), /no 1/],
    ['a choice without an index', answer([{ logprobs: null }]), /without "index"/],
    ['a fractional index', answer([{ ...good, index: 0.5 }]), /not a non-negative integer/],
    ['a negative index', answer([{ ...good, index: -1 }]), /not a non-negative integer/],
    ['an index given as a string', answer([{ ...good, index: '0' }]), /expected a number, found string/],
    [
      'a token that is not a string',
      answer([{ ...good, logprobs: { ...good.logprobs, tokens: [1, 2, 3, 4] } }]),
      /expected a string/,
    ],
    [
      'a log-prob given as a string',
      answer([{ ...good, logprobs: { ...good.logprobs, token_logprobs: [null, '-1', -1, -1] } }]),
      /expected a number/,
    ],
    [
      'fewer log-probs than tokens',
      answer([{ ...good, logprobs: { ...good.logprobs, token_logprobs: [null, -1] } }]),
      /4 tokens, 2 log-probs/,
    ],
    [
      'more offsets than tokens',
      answer([{ ...good, logprobs: { ...good.logprobs, text_offset: [0, 3, 7, 10, 15] } }]),
      /5 offsets/,
    ],
    [
      'a negative offset',
      answer([{ ...good, logprobs: { ...good.logprobs, text_offset: [0, -3, 7, 10] } }]),
      /text offset/,
    ],
    ['"choices" given twice', `{"choices": [], "choices": ${JSON.stringify([good])}}`, /"choices" twice/],
    [
      '"tokens" given twice',
      `{"choices": [{"index": 0, "logprobs": {"tokens": ["a"], "tokens": ["a", "b"], "token_logprobs": [null]}}]}`,
      /"tokens" twice/,
    ],
    ['usage tokens that are not counts', answer([good], { usage: { prompt_tokens: 'many' } }), /expected a number/],
    ['an answer nested without end', `{"choices": [], "x": ${'['.repeat(1000)}${']'.repeat(1000)}}`, /deeper than/],
  ])('rejects %s', (_what, body, message) => {
    const read = () => readEchoScores(bytes(body));
    expect(read).toThrow(EchoScoresError);
    expect(read).toThrow(message);
  });
});

describe('the openai provider on a malformed scoring answer', () => {
  let server: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  it('throws an LlmResponseError naming the server and what is wrong, not retryable', async () => {
    server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer([choice(0, 'The sky is blue'), choice(0, 'The sky is green')])));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const backend = new OpenAiBackend({ baseUrl: url, model: 'm' });
    const error = await backend.score({ prompt: 'The sky is', continuations: [' blue', ' green'] }).catch((e) => e);
    expect(error).toBeInstanceOf(LlmResponseError);
    expect(error.message).toContain(url);
    expect(error.message).toMatch(/malformed: .*index 0 given twice/);
    expect(error.retryable).toBe(false);
  });
});
