/**
 * Reading a completions answer to an echo-scoring request (`echo: true`, `logprobs: k`): per prompt, each echoed
 * token's length and log-prob and where it starts, and nothing else. Such an answer carries every prompt back with a
 * log-prob per token (about 450 kB for one SayCan step); decoding it and `JSON.parse` building some 12,000 strings
 * that were never used (the tokens' text, the echoed prompts) were about a quarter of hearth's CPU per call in
 * `npm run perf:llm-sweep`, and most of its garbage. This reader walks the bytes (`JsonBytes`), keeps the tokens'
 * lengths and where their log-probs lie, and checks the shape of what it keeps: a server's answer is untrusted data,
 * and any departure from the endpoint's format is an `EchoScoresError` saying where.
 *
 * The format (OpenAI's legacy completions, as vLLM and llama.cpp's server answer it):
 *   { "choices": [ { "index": i, "logprobs": null | { "tokens": [string], "token_logprobs": [number | null],
 *                     "text_offset"?: [integer >= 0], "top_logprobs"?: any }, ...any }, ... ],
 *     "usage"?: null | { "prompt_tokens"?: integer >= 0, "completion_tokens"?: integer >= 0, ...any }, ...any }
 * The choices' indexes must be 0 .. n-1, each once; the arrays of one choice must have one entry per token.
 */
import { JsonBytes, JsonBytesError } from '../../util/json-bytes.js';

/** One prompt's echoed tokens. */
export interface EchoedTokens {
  /** Each token's length in UTF-16 code units (`String.length`), which is all that scoring uses of its text. */
  readonly lengths: readonly number[];
  /**
   * Token i's log-prob; NaN where the server gave null (the first token of a prompt has none). Converted when asked:
   * scoring reads the few tokens of the continuation, of hundreds echoed.
   */
  logprob(i: number): number;
  /** Where each token starts in the text (`text_offset`), when the server says. */
  readonly offsets?: readonly number[];
}

export interface EchoScores {
  /** By index: the choice's tokens, or undefined when it has no log-probs (null, or no tokens or values). */
  readonly choices: readonly (EchoedTokens | undefined)[];
  readonly usage?: { promptTokens?: number; completionTokens?: number };
}

/** An answer that is not the completions endpoint's format. */
export class EchoScoresError extends Error {
  override name = 'EchoScoresError';
}

/** Reads an echo-scoring answer from its body's bytes. */
export function readEchoScores(body: Uint8Array): EchoScores {
  const json = new JsonBytes(body);
  try {
    const byIndex = new Map<number, EchoedTokens | undefined>();
    let choices = 0;
    let usage: EchoScores['usage'];
    members(json, 'the answer', {
      choices: () =>
        json.array(() => {
          choices++;
          const choice = readChoice(json);
          if (byIndex.has(choice.index)) throw json.error(`choice index ${choice.index} given twice`);
          byIndex.set(choice.index, choice.tokens);
        }),
      usage: () => {
        if (!json.null()) usage = readUsage(json);
      },
    });
    json.end();
    const ordered = Array.from({ length: choices }, (_, i) => {
      if (!byIndex.has(i)) throw new EchoScoresError(`choice indexes are not 0..${choices - 1} (no ${i})`);
      return byIndex.get(i);
    });
    return { choices: ordered, ...(usage && { usage }) };
  } catch (error) {
    if (error instanceof JsonBytesError) throw new EchoScoresError(error.message);
    throw error;
  }
}

/** Reads an object's members: those named in `readers` by their reader (each at most once), others skipped. */
function members(json: JsonBytes, what: string, readers: Record<string, () => void>): void {
  const seen = new Set<string>();
  json.object((key) => {
    const read = Object.hasOwn(readers, key) ? readers[key] : undefined;
    if (!read) return json.skip();
    if (seen.has(key)) throw json.error(`${what} gives "${key}" twice`);
    seen.add(key);
    read();
  });
}

function readChoice(json: JsonBytes): { index: number; tokens: EchoedTokens | undefined } {
  let index: number | undefined;
  let tokens: EchoedTokens | undefined;
  members(json, 'a choice', {
    index: () => {
      index = count(json, 'a choice index');
    },
    logprobs: () => {
      if (!json.null()) tokens = readTokens(json);
    },
  });
  if (index === undefined) throw json.error('a choice without "index"');
  return { index, tokens };
}

function readTokens(json: JsonBytes): EchoedTokens | undefined {
  let lengths: number[] | undefined;
  /** Where each log-prob's number starts in the body (-1: null). */
  let logprobs: number[] | undefined;
  let offsets: number[] | undefined;
  members(json, 'a choice\'s "logprobs"', {
    tokens: () => {
      lengths = [];
      const into = lengths;
      json.array(() => into.push(json.stringLength()));
    },
    token_logprobs: () => {
      logprobs = [];
      const into = logprobs;
      json.array(() => {
        into.push(json.null() ? -1 : json.numberOffset());
      });
    },
    text_offset: () => {
      if (json.null()) return;
      offsets = [];
      const into = offsets;
      json.array(() => into.push(count(json, 'a text offset')));
    },
  });
  if (!lengths || !logprobs) return undefined;
  if (logprobs.length !== lengths.length || (offsets && offsets.length !== lengths.length)) {
    const counts = `${lengths.length} tokens, ${logprobs.length} log-probs${offsets ? `, ${offsets.length} offsets` : ''}`;
    throw json.error(`a choice's log-probs do not match its tokens (${counts})`);
  }
  const at = logprobs;
  const logprob = (i: number) => (at[i] >= 0 ? json.numberAt(at[i]) : Number.NaN);
  return offsets ? { lengths, logprob, offsets } : { lengths, logprob };
}

function readUsage(json: JsonBytes): EchoScores['usage'] {
  const usage: NonNullable<EchoScores['usage']> = {};
  members(json, '"usage"', {
    prompt_tokens: () => {
      usage.promptTokens = count(json, 'usage.prompt_tokens');
    },
    completion_tokens: () => {
      usage.completionTokens = count(json, 'usage.completion_tokens');
    },
  });
  return usage;
}

/** A non-negative integer. */
function count(json: JsonBytes, what: string): number {
  const value = json.number();
  if (!Number.isSafeInteger(value) || value < 0) throw json.error(`${what} is not a non-negative integer (${value})`);
  return value;
}
