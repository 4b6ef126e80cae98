/**
 * Where the job queue lives: a Redis URL (`redis://[user:password@]HOST[:PORT][/DB]`, `rediss://` for TLS), checked
 * when the flags are read, and turned into the connection options BullMQ and ioredis take. This module loads neither,
 * so that reading the flags of a local run costs nothing.
 */
import { InputError } from '../../util/errors.js';

export interface QueueAddress {
  /** The URL as given (for messages; the password, if any, is masked). */
  readonly display: string;
  readonly host: string;
  readonly port: number;
  readonly db: number;
  readonly username?: string;
  readonly password?: string;
  readonly tls: boolean;
}

/** Reads a `--queue` value; an InputError names the flag and the value. */
export function parseQueueUrl(text: string, flag = '--queue'): QueueAddress {
  const expected = `${flag}: expected a Redis URL redis://HOST:PORT[/DB], got '${text}'`;
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    throw new InputError(expected);
  }
  if ((url.protocol !== 'redis:' && url.protocol !== 'rediss:') || url.hostname === '') throw new InputError(expected);
  const port = url.port === '' ? 6379 : Number(url.port);
  const path = url.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d+$/.test(path)) throw new InputError(`${flag}: the database of '${text}' must be a number`);
  const password = url.password === '' ? undefined : decodeURIComponent(url.password);
  const masked = password === undefined ? url.href : url.href.replace(`:${url.password}@`, ':***@');
  return {
    display: masked,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port,
    db: path === '' ? 0 : Number(path),
    ...(url.username !== '' && { username: decodeURIComponent(url.username) }),
    ...(password !== undefined && { password }),
    tls: url.protocol === 'rediss:',
  };
}

/**
 * ioredis options: commands wait for a lost connection to come back (BullMQ's workers require
 * `maxRetriesPerRequest: null`) and reconnection is tried every 0.2-2 s for as long as it takes, so that a restarted
 * Redis server is picked up again by workers and the coordinator alike.
 */
export function redisOptions(address: QueueAddress) {
  return {
    host: address.host,
    port: address.port,
    db: address.db,
    ...(address.username !== undefined && { username: address.username }),
    ...(address.password !== undefined && { password: address.password }),
    ...(address.tls && { tls: {} }),
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => Math.min(200 * times, 2000),
  };
}
