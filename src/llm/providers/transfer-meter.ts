/**
 * What a provider's calls move over the network, call by call: the bytes of each request body sent and of each
 * response body read. A call makes its own count (`newTransfer`) and hands it to its request with the request's own
 * options (`meterOptions`: the SDK passes a request's `fetchOptions` on to `fetch`); the provider's `fetch`, wrapped
 * by `meteredFetch`, adds to the count it finds there. No async context is involved (in Node 20 one would put a hook
 * on every promise of the thread), and calls in flight at once keep their counts apart. The bytes are those of the
 * bodies as JSON text, not of headers; a compressed response counts its bytes once decoded.
 */
import type { Transfer } from '../types.js';

/** The key under which a request's options carry its count (stripped before the request goes out). */
const TRANSFER = Symbol('hearth transfer count');

/** A count for one call, from zero. */
export function newTransfer(): Transfer {
  return { sentBytes: 0, receivedBytes: 0 };
}

/** Request options (as the SDK's `fetchOptions`, merged into the `RequestInit`) that make `meteredFetch` count into `transfer`. */
export function meterOptions(transfer: Transfer): { readonly [TRANSFER]: Transfer } {
  return { [TRANSFER]: transfer };
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
 * A `fetch` that counts into the count a request carries (`meterOptions`; none: `inner` unchanged): the request body
 * when it is sent; the response body from its declared length, or, when it has none (chunked, or compressed), chunk
 * by chunk as the caller reads it (a stream stage more: a few milliseconds on a large body).
 */
export function meteredFetch(inner: typeof fetch): typeof fetch {
  return async (input, init) => {
    const meter = (init as { [TRANSFER]?: Transfer } | undefined)?.[TRANSFER];
    if (!meter || !init) return inner(input, init);
    const { [TRANSFER]: _count, ...request } = init as RequestInit & { [TRANSFER]?: Transfer };
    meter.sentBytes += bodyBytes(request.body);
    const response = await inner(input, request);
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
