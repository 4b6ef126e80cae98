/**
 * The one way to write a backend wrapper: an interceptor sees every primitive call (its kind and request) and
 * decides whether and how to pass it on. Cache, replay, accounting, retries and the concurrency limit are all
 * interceptors, so each stays a few lines and none repeats the four-method delegation.
 */
import type { BackendCalls, BackendInfo, CallKind, LlmBackend } from '../types.js';

export interface BackendCall<K extends CallKind = CallKind> {
  kind: K;
  request: BackendCalls[K]['request'];
}

export type Interceptor = <K extends CallKind>(
  call: BackendCall<K>,
  next: (request: BackendCalls[K]['request']) => Promise<BackendCalls[K]['response']>,
) => Promise<BackendCalls[K]['response']>;

export function wrapBackend(
  inner: LlmBackend,
  intercept: Interceptor,
  options: { info?: BackendInfo; close?: () => Promise<void> } = {},
): LlmBackend {
  const send = <K extends CallKind>(kind: K, request: BackendCalls[K]['request']) =>
    intercept<K>({ kind, request }, (req) => callBackend(inner, kind, req));
  return {
    info: options.info ?? inner.info,
    probe: () => send('probe', {}),
    chat: (request) => send('chat', request),
    score: (request) => send('score', request),
    embed: (request) => send('embed', request),
    close: async () => {
      await options.close?.();
      await inner.close();
    },
  };
}

/** Calls the primitive of a backend named by kind. */
export function callBackend<K extends CallKind>(
  backend: LlmBackend,
  kind: K,
  request: BackendCalls[K]['request'],
): Promise<BackendCalls[K]['response']> {
  const call = backend[kind] as (r: BackendCalls[K]['request']) => Promise<BackendCalls[K]['response']>;
  return call.call(backend, request);
}
