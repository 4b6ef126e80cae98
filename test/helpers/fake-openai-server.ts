/**
 * A fake OpenAI-compatible server for tests: real HTTP on 127.0.0.1 (node:http), scripted answers, every request
 * recorded. It can behave like the servers users have: with or without log-probs, echo, JSON-schema support or
 * embeddings; and it can fail on demand (401, 404 unknown model, 429 then OK, 500, slow answers, context-length
 * errors). Tokens are whitespace-led words ("The", " sky", " is"), so counts and offsets are easy to check.
 *
 * As a stand-in for a model server under load (`latencyMs`, `maxConcurrent`), it answers every request after a fixed
 * delay and serves at most so many at once (the rest wait in line, as a batching server's queue), and `load()` says
 * how many requests were in flight over time: what a sweep keeps a real server busy with.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** Path without the /v1 prefix, e.g. "/chat/completions". */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

export interface ChatBody {
  model: string;
  messages: { role: string; content: string }[];
  temperature?: number;
  max_tokens?: number;
  max_completion_tokens?: number;
  seed?: number;
  n?: number;
  stop?: string[];
  logprobs?: boolean;
  top_logprobs?: number;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
}

/** What the fake "model" says. Every function has a default; tests replace the ones they exercise. */
export interface FakeScript {
  /** The answer of sample `sample` (seed = request seed + sample). Default: "OK", or a schema instance. */
  chat(body: ChatBody, sample: { index: number; seed: number }): string;
  /** The first-token distribution reported as top_logprobs (log-probs, most likely first). */
  firstTokens(body: ChatBody): { token: string; logprob: number }[];
  /** Log-prob of a token after the text before it (completions echo). Default -1. */
  tokenLogprob(context: string, token: string): number;
  /** An embedding vector (default: a deterministic function of the text, of length `embeddingDimension`). */
  embed(text: string, dimension: number): number[];
}

export interface FakeServerOptions {
  /** Models the server knows; others get 404 "model does not exist". Default ["m"]. */
  models?: string[];
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401. */
  apiKey?: string;
  /** Return logprobs/top_logprobs in chat completions. Default true. */
  logprobs?: boolean;
  /** /completions: 'echo' (echo + logprobs), 'ignore-echo' (answers without echoing), 'missing' (404). Default 'echo'. */
  completions?: 'echo' | 'ignore-echo' | 'missing';
  /**
   * /completions with `logprobs: 0`: 'own' (vLLM, OpenAI: each token's own log-prob, no alternatives) or 'none' (a
   * server that reads 0 as "no log-probs"). Default 'own'. With `logprobs: k > 0` the answer also lists k
   * alternatives per token (`top_logprobs`), as vLLM does.
   */
  zeroLogprobs?: 'own' | 'none';
  /** Honour response_format json_schema (answer with an instance of the schema). Default true. */
  jsonSchema?: boolean;
  /** Serve /embeddings. Default true. */
  embeddings?: boolean;
  embeddingDimension?: number;
  /** Honour n > 1 (else one choice, like Ollama). Default true. */
  honorsN?: boolean;
  /** Context window in tokens: longer requests get vLLM's 400 context-length error. */
  contextLimit?: number;
  /** Refuse max_tokens and ask for max_completion_tokens, as OpenAI's reasoning models do. */
  requireMaxCompletionTokens?: boolean;
  /** Every request is answered this long after it is served (a model's time per call). */
  latencyMs?: number;
  /** At most this many requests are served at once; the rest wait in arrival order. */
  maxConcurrent?: number;
  script?: Partial<FakeScript>;
}

/** Requests in flight over time, from the first request's arrival to the last answer. */
export interface ServerLoad {
  requests: number;
  /** Requests received and not yet answered (served or waiting in line). */
  maxInFlight: number;
  meanInFlight: number;
  /** Requests being served (at most `maxConcurrent`). */
  maxServing: number;
  meanServing: number;
  /** From the first request's arrival to the last answer. */
  spanMs: number;
}

/** A failure injected into the next request(s). */
export type Fault =
  | { kind: 'status'; status: number; message?: string; retryAfterSeconds?: number }
  | { kind: 'delay'; ms: number }
  | { kind: 'context-overflow'; style?: 'vllm' | 'llama.cpp' | 'openai' };

export interface FakeOpenAiServer {
  /** Base URL including /v1. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  readonly options: Required<Omit<FakeServerOptions, 'apiKey' | 'contextLimit' | 'script'>> &
    Pick<FakeServerOptions, 'apiKey' | 'contextLimit'>;
  script: FakeScript;
  /** Queues faults; each is consumed by one request (optionally only by requests to `path`). */
  inject(fault: Fault, times?: number, path?: string): void;
  /** Requests seen, optionally only those to a path. */
  count(path?: string): number;
  /** Most requests that were being answered at the same time. */
  readonly maxInFlight: number;
  /** Requests in flight over time (time-weighted means), since the start or the last `resetLoad`. */
  load(): ServerLoad;
  /** Bytes of the request bodies received and of the response bodies sent, since the start. */
  bytes(): { received: number; sent: number };
  resetLoad(): void;
  close(): Promise<void>;
}

/** A count that changes over time, with its maximum and its time integral. */
class Gauge {
  value = 0;
  max = 0;
  private area = 0;
  private last = 0;
  first: number | undefined;
  end = 0;

  change(delta: number): void {
    const now = performance.now();
    if (this.first !== undefined) this.area += this.value * (now - this.last);
    this.first ??= now;
    this.last = now;
    this.value += delta;
    this.max = Math.max(this.max, this.value);
    if (delta < 0) this.end = now;
  }

  mean(spanStart: number | undefined, spanEnd: number): number {
    if (spanStart === undefined || spanEnd <= spanStart) return 0;
    const tail = this.value * Math.max(0, spanEnd - this.last);
    return (this.area + tail) / (spanEnd - spanStart);
  }

  reset(): void {
    this.max = this.value;
    this.area = 0;
    this.first = this.value > 0 ? performance.now() : undefined;
    this.last = performance.now();
    this.end = 0;
  }
}

export async function startFakeOpenAiServer(options: FakeServerOptions = {}): Promise<FakeOpenAiServer> {
  const settings = {
    models: options.models ?? ['m'],
    logprobs: options.logprobs ?? true,
    completions: options.completions ?? 'echo',
    zeroLogprobs: options.zeroLogprobs ?? 'own',
    jsonSchema: options.jsonSchema ?? true,
    embeddings: options.embeddings ?? true,
    embeddingDimension: options.embeddingDimension ?? 8,
    honorsN: options.honorsN ?? true,
    apiKey: options.apiKey,
    contextLimit: options.contextLimit,
    requireMaxCompletionTokens: options.requireMaxCompletionTokens ?? false,
    latencyMs: options.latencyMs ?? 0,
    maxConcurrent: options.maxConcurrent ?? Number.POSITIVE_INFINITY,
  };
  const script: FakeScript = { ...defaultScript(), ...options.script };
  const requests: RecordedRequest[] = [];
  const faults: { fault: Fault; path?: string }[] = [];
  const open = new Set<ServerResponse>();
  let inFlight = 0;
  let maxInFlight = 0;
  const received = new Gauge();
  const serving = new Gauge();
  let loadRequests = 0;
  const bytes = { received: 0, sent: 0 };
  const line: (() => void)[] = [];
  /** Waits for one of the `maxConcurrent` places; the returned function frees it. */
  const servePlace = async (): Promise<() => void> => {
    if (serving.value >= settings.maxConcurrent) await new Promise<void>((resolve) => line.push(resolve));
    serving.change(1);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      serving.change(-1);
      line.shift()?.();
    };
  };

  const server: Server = createServer((req, res) => {
    open.add(res);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    received.change(1);
    loadRequests++;
    res.on('close', () => {
      open.delete(res);
      inFlight--;
      received.change(-1);
    });
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    res.end = ((chunk?: unknown) => {
      if (typeof chunk === 'string') bytes.sent += Buffer.byteLength(chunk);
      return end(chunk);
    }) as typeof res.end;
    void handle(req, res).catch((error) => send(res, 500, { error: { message: String(error) } }));
  });

  const fake: FakeOpenAiServer = {
    url: '',
    requests,
    options: settings,
    script,
    inject(fault, times = 1, path) {
      for (let i = 0; i < times; i++) faults.push({ fault, path });
    },
    count(path) {
      return path === undefined ? requests.length : requests.filter((r) => r.path === path).length;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    load() {
      const end = inFlight > 0 ? performance.now() : received.end;
      return {
        requests: loadRequests,
        maxInFlight: received.max,
        meanInFlight: received.mean(received.first, end),
        maxServing: serving.max,
        meanServing: serving.mean(received.first, end),
        spanMs: received.first === undefined ? 0 : end - received.first,
      };
    },
    bytes() {
      return { ...bytes };
    },
    resetLoad() {
      received.reset();
      serving.reset();
      loadRequests = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    bytes.received += Buffer.byteLength(raw);
    const body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
    const url = req.url ?? '';
    const path = url.replace(/^\/v1/, '');
    requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body });
    if (!url.startsWith('/v1/')) return send(res, 404, { error: { message: `Not Found: ${url}`, type: 'not_found' } });

    if (settings.latencyMs > 0 || Number.isFinite(settings.maxConcurrent)) {
      const free = await servePlace();
      if (res.destroyed)
        free(); // the client gave up while it waited in line
      else res.on('close', free);
      if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    }
    const index = faults.findIndex((f) => f.path === undefined || f.path === path);
    const fault = index >= 0 ? faults.splice(index, 1)[0].fault : undefined;
    if (fault?.kind === 'delay') await new Promise((resolve) => setTimeout(resolve, fault.ms));
    if (res.destroyed) return;
    if (fault?.kind === 'status') {
      const headers: Record<string, string> = {};
      if (fault.retryAfterSeconds !== undefined) headers['retry-after'] = String(fault.retryAfterSeconds);
      return send(
        res,
        fault.status,
        { error: { message: fault.message ?? `injected ${fault.status}`, type: 'fault' } },
        headers,
      );
    }
    if (fault?.kind === 'context-overflow') return send(res, 400, contextError(fault.style ?? 'vllm', 4096, 5000));

    if (settings.apiKey !== undefined && req.headers.authorization !== `Bearer ${settings.apiKey}`) {
      return send(res, 401, {
        error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', code: 'invalid_api_key' },
      });
    }
    const model = typeof body.model === 'string' ? body.model : '';
    if (path !== '/models' && !settings.models.includes(model)) {
      return send(res, 404, {
        error: { message: `The model \`${model}\` does not exist.`, type: 'NotFoundError', code: 'model_not_found' },
      });
    }
    if (req.method === 'POST' && path === '/chat/completions') return chat(res, body as unknown as ChatBody);
    if (req.method === 'POST' && path === '/completions' && settings.completions !== 'missing') {
      return completions(res, body);
    }
    if (req.method === 'POST' && path === '/embeddings' && settings.embeddings) return embeddings(res, body);
    return send(res, 404, { error: { message: `Not Found: ${req.method} ${req.url}`, type: 'not_found' } });
  }

  function chat(res: ServerResponse, body: ChatBody): void {
    if (settings.requireMaxCompletionTokens && body.max_tokens !== undefined) {
      send(res, 400, {
        error: {
          message:
            "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          code: 'unsupported_parameter',
        },
      });
      return;
    }
    const promptText = body.messages.map((m) => m.content).join('\n');
    const maxTokens = body.max_tokens ?? body.max_completion_tokens ?? 16;
    const promptTokens = tokenize(promptText).length;
    if (settings.contextLimit !== undefined && promptTokens + maxTokens > settings.contextLimit) {
      send(res, 400, contextError('vllm', settings.contextLimit, promptTokens + maxTokens));
      return;
    }
    const n = settings.honorsN ? (body.n ?? 1) : 1;
    const seed = body.seed ?? 0;
    let completionTokens = 0;
    const choices = [];
    for (let i = 0; i < n; i++) {
      let text = script.chat(body, { index: i, seed: seed + i });
      const schema = body.response_format?.json_schema?.schema;
      if (settings.jsonSchema && schema && text === 'OK') text = JSON.stringify(instanceOf(schema));
      let tokens = tokenize(text);
      let finish = 'stop';
      if (tokens.length > maxTokens) {
        tokens = tokens.slice(0, maxTokens);
        text = tokens.join('');
        finish = 'length';
      }
      completionTokens += tokens.length;
      const choice: Record<string, unknown> = {
        index: i,
        message: { role: 'assistant', content: text },
        finish_reason: finish,
      };
      if (settings.logprobs && body.logprobs) {
        const top = script.firstTokens(body).slice(0, body.top_logprobs ?? 0);
        choice.logprobs = {
          content: tokens.map((token, j) => ({
            token,
            logprob: j === 0 ? (top.find((t) => t.token === token)?.logprob ?? -5) : -0.1,
            bytes: null,
            top_logprobs: j === 0 ? top.map((t) => ({ ...t, bytes: null })) : [],
          })),
        };
      }
      choices.push(choice);
    }
    send(res, 200, {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 0,
      model: body.model,
      choices,
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: completionTokens,
        total_tokens: promptTokens + completionTokens,
      },
    });
  }

  function completions(res: ServerResponse, body: Record<string, unknown>): void {
    const prompts = Array.isArray(body.prompt) ? (body.prompt as string[]) : [String(body.prompt)];
    const echo = body.echo === true && settings.completions === 'echo';
    const choices = prompts.map((text, index) => {
      const generated = ' end';
      const tokens = echo ? [...tokenize(text), generated] : [generated];
      const offsets: number[] = [];
      let offset = echo ? 0 : text.length;
      for (const token of tokens) {
        offsets.push(offset);
        offset += token.length;
      }
      const logprobs = echo ? [...echoLogprobs(text), -1] : [-1];
      const alternatives = typeof body.logprobs === 'number' ? body.logprobs : 0;
      const none = alternatives === 0 && settings.zeroLogprobs === 'none';
      return {
        index,
        text: echo ? text + generated : generated,
        finish_reason: 'length',
        logprobs: none
          ? null
          : {
              tokens,
              token_logprobs: logprobs,
              text_offset: offsets,
              // The token itself stands for the k most likely (the fake has no vocabulary to rank).
              top_logprobs:
                alternatives > 0
                  ? tokens.map((token, i) => (logprobs[i] === null ? null : { [token]: logprobs[i] }))
                  : null,
            },
      };
    });
    const promptTokens = prompts.reduce((sum, p) => sum + tokenize(p).length, 0);
    send(res, 200, {
      id: 'cmpl-fake',
      object: 'text_completion',
      created: 0,
      model: body.model,
      choices,
      usage: {
        prompt_tokens: promptTokens,
        completion_tokens: prompts.length,
        total_tokens: promptTokens + prompts.length,
      },
    });
  }

  /** Log-probs of every token of `text` (the first null, as real servers report it). */
  function echoLogprobs(text: string): (number | null)[] {
    let context = '';
    return tokenize(text).map((token, i) => {
      const value = i === 0 ? null : script.tokenLogprob(context, token);
      context += token;
      return value;
    });
  }

  function embeddings(res: ServerResponse, body: Record<string, unknown>): void {
    const inputs = Array.isArray(body.input) ? (body.input as string[]) : [String(body.input)];
    send(res, 200, {
      object: 'list',
      model: body.model,
      data: inputs.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: script.embed(text, settings.embeddingDimension),
      })),
      usage: { prompt_tokens: inputs.reduce((s, t) => s + tokenize(t).length, 0), total_tokens: 0 },
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  (fake as { url: string }).url = `http://127.0.0.1:${port}/v1`;
  return fake;
}

/** Whitespace-led word tokens: "The sky is" -> ["The", " sky", " is"]. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+|\s+$/g) ?? [];
}

function defaultScript(): FakeScript {
  return {
    chat: () => 'OK',
    firstTokens: () => [
      { token: 'Yes', logprob: Math.log(0.6) },
      { token: 'No', logprob: Math.log(0.3) },
      { token: ' maybe', logprob: Math.log(0.1) },
    ],
    tokenLogprob: () => -1,
    embed: (text, dimension) => {
      const v = Array.from({ length: dimension }, (_, i) => ((hash(`${i}:${text}`) % 2000) - 1000) / 1000);
      return v;
    },
  };
}

function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A minimal instance of a JSON schema (first enum value, empty strings, zeros, required fields only). */
export function instanceOf(schema: Record<string, unknown>): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if ('const' in schema) return schema.const;
  switch (schema.type) {
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
      const required = (schema.required ?? Object.keys(properties)) as string[];
      return Object.fromEntries(required.map((key) => [key, instanceOf(properties[key] ?? {})]));
    }
    case 'array':
      return [];
    case 'string':
      return '';
    case 'integer':
    case 'number':
      return typeof schema.minimum === 'number' && schema.minimum > 0 ? schema.minimum : 0;
    case 'boolean':
      return false;
    default:
      return null;
  }
}

function contextError(style: 'vllm' | 'llama.cpp' | 'openai', limit: number, requested: number): object {
  if (style === 'llama.cpp') {
    return {
      error: {
        code: 400,
        message: 'the request exceeds the available context size, try increasing it',
        type: 'exceed_context_size_error',
      },
    };
  }
  if (style === 'openai') {
    return {
      error: {
        message: `This model's maximum context length is ${limit} tokens. However, your messages resulted in ${requested} tokens.`,
        type: 'invalid_request_error',
        code: 'context_length_exceeded',
      },
    };
  }
  return {
    object: 'error',
    message: `This model's maximum context length is ${limit} tokens. However, you requested ${requested} tokens.`,
    type: 'BadRequestError',
    code: 400,
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}
