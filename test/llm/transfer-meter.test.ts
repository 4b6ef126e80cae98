/**
 * The bytes a provider's calls move: counted per call into the count its request carries (calls at once keep their
 * own counts), from the declared length or, for a chunked response, from the chunks read; nothing for a request
 * without one, and the count never reaches the server's fetch.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { meteredFetch, meterOptions, newTransfer } from '../../src/llm/providers/transfer-meter.js';

let server: Server;
let url = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.url === '/chunked') {
        res.writeHead(200, { 'content-type': 'text/plain' }); // no length: sent chunked
        res.write('a'.repeat(1000));
        setTimeout(() => res.end('b'.repeat(234)), 5);
      } else {
        res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '5' });
        res.end('hello');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('meteredFetch', () => {
  const counting = meteredFetch(fetch);

  it('counts the request body and the response body of each call apart', async () => {
    const [sized, chunked] = [newTransfer(), newTransfer()];
    const [a, b] = await Promise.all([
      counting(`${url}/sized`, { method: 'POST', body: 'é'.repeat(10), ...meterOptions(sized) }).then((r) => r.text()),
      counting(`${url}/chunked`, { method: 'POST', body: 'xyz', ...meterOptions(chunked) }).then((r) => r.text()),
    ]);
    expect(a).toBe('hello');
    expect(sized).toEqual({ sentBytes: 20, receivedBytes: 5 }); // UTF-8 bytes, not characters
    expect(b).toHaveLength(1234);
    expect(chunked).toEqual({ sentBytes: 3, receivedBytes: 1234 });
  });

  it('passes the request on without the count', async () => {
    let seen: RequestInit | undefined;
    const spying = meteredFetch(async (input, init) => {
      seen = init;
      return fetch(input, init);
    });
    await (await spying(`${url}/sized`, { method: 'POST', body: 'x', ...meterOptions(newTransfer()) })).text();
    expect(Object.getOwnPropertySymbols(seen ?? {})).toEqual([]);
  });

  it('leaves a request without a count as it is', async () => {
    const response = await counting(`${url}/sized`, { method: 'POST', body: 'x' });
    expect(await response.text()).toBe('hello');
  });
});
