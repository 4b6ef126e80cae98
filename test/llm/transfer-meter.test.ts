/**
 * The bytes a provider's calls move: counted per call (calls at once keep their own counts), from the declared
 * length or, for a chunked response, from the chunks read; nothing outside a metered call.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metered, meteredFetch } from '../../src/llm/providers/transfer-meter.js';

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
    const [sized, chunked] = await Promise.all([
      metered(async () => (await counting(`${url}/sized`, { method: 'POST', body: 'é'.repeat(10) })).text()),
      metered(async () => (await counting(`${url}/chunked`, { method: 'POST', body: 'xyz' })).text()),
    ]);
    expect(sized.value).toBe('hello');
    expect(sized.transfer).toEqual({ sentBytes: 20, receivedBytes: 5 }); // UTF-8 bytes, not characters
    expect(chunked.value).toHaveLength(1234);
    expect(chunked.transfer).toEqual({ sentBytes: 3, receivedBytes: 1234 });
  });

  it('leaves calls outside a metered one as they are', async () => {
    const response = await counting(`${url}/sized`, { method: 'POST', body: 'x' });
    expect(await response.text()).toBe('hello');
  });
});
