/**
 * What a provider's calls move over the network, call by call: the bytes of each request body sent and of each
 * response body read. A call runs inside `metered`, and the provider's `fetch` (wrapped by `meteredFetch`) adds to
 * the count of the call it serves, found through the async context, so that calls in flight at once never mix
 * their counts. The bytes are those of the bodies as JSON text, not of headers; a compressed response counts its
 * bytes once decoded.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Transfer } from '../types.js';

const meters = new AsyncLocalStorage<Transfer>();

/** Runs one call with a count of its own; what its requests sent and received is returned with its value. */
export async function metered<T>(run: () => Promise<T>): Promise<{ value: T; transfer: Transfer }> {
  const transfer: Transfer = { sentBytes: 0, receivedBytes: 0 };
  const value = await meters.run(transfer, run);
  return { value, transfer };
}

/** Bytes of a request body as `fetch` is given it (a string or bytes; other kinds are not counted). */
function bodyBytes(body: unknown): number {
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof ArrayBuffer) return body.byteLength;
  if (ArrayBuffer.isView(body)) return body.byteLength;
  return 0;
}

/** The body's length as the response declares it: `content-length` of a body sent as is (not content-encoded). */
function declaredLength(response: Response): number | undefined {
  const encoding = response.headers.get('content-encoding');
  if (encoding !== null && encoding !== 'identity') return undefined;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  return Number.isInteger(length) && length >= 0 ? length : undefined;
}

/**
 * A `fetch` that counts into the running call's meter (none outside `metered`: then it is `inner` unchanged): the
 * request body when it is sent; the response body from its declared length, or, when it has none (chunked, or
 * compressed), chunk by chunk as the caller reads it (a stream stage more: a few milliseconds on a large body).
 */
export function meteredFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const meter = meters.getStore();
    if (!meter) return inner(input, init);
    meter.sentBytes += bodyBytes(init?.body);
    const response = await inner(input, init);
    if (!response.body) return response;
    const declared = declaredLength(response);
    if (declared !== undefined) {
      meter.receivedBytes += declared;
      return response;
    }
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          meter.receivedBytes += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
