/**
 * A stand-in for a model server under load, for the sweeps of LLM agents: the fake OpenAI-compatible server answering
 * every call after `latencyMs` and serving at most `maxConcurrent` at once (`fake-openai-server.ts`), with answers
 * that depend on the request (the log-prob of a token is a hash of the token and the length of the text before it),
 * so that agents choose differently from one prompt to the next and an answer given to the wrong call would change
 * results.
 */
import { type FakeOpenAiServer, startFakeOpenAiServer } from './fake-openai-server.js';

/** FNV-1a of a string: cheap enough for every token of every option (the server runs in the test's process). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export function startStandInModelServer(options: {
  latencyMs: number;
  maxConcurrent: number;
}): Promise<FakeOpenAiServer> {
  return startFakeOpenAiServer({
    ...options,
    script: {
      tokenLogprob: (context, token) => -(hash(`${context.length}\u0000${token}`) % 1000) / 100 - 0.01,
    },
  });
}
