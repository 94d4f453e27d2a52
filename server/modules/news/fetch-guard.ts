import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';

/** How far the server goes for one feed. */
export type FetchLimits = {
  /** The most bytes of a body it reads; a larger body fails the fetch. */
  maxBytes: number;
  /** The longest a whole fetch may take, redirects included. */
  timeoutMs: number;
  maxRedirects: number;
  /**
   * Whether this address may be fetched although it is private or loopback: never outside tests,
   * except the app's own demo feeds (their address is the app itself).
   */
  mayReachPrivate: (url: URL) => boolean;
};

export const DEFAULT_LIMITS: Omit<FetchLimits, 'mayReachPrivate'> = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };

/** A fetch the guard would not make, or gave up: its message is what the admin screen shows. */
export class FetchFailed extends Error {}

// Where a request from the server must never go: this machine, the networks behind it, and
// addresses that are not one host (RFC 6890 special-purpose ranges).
const PRIVATE = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one host on the public internet. An IPv4 address inside IPv6 is judged as itself. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6 && /^::ffff:/i.test(address)) return false;
  return !PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusedAddress = (url: URL) => new FetchFailed(`${url.host} is a private or loopback address: feeds are fetched from the public internet only.`);

/**
 * The name's addresses, refused when any is private and this URL may not reach one; the request
 * then connects to an address judged here, so a name that answers differently a moment later
 * (DNS rebinding) changes nothing.
 */
function guardedLookup(url: URL, limits: FetchLimits): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { family: options.family, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      if (addresses.length === 0) return callback(new FetchFailed(`${hostname} has no address.`), '', 0);
      if (!limits.mayReachPrivate(url) && addresses.some((entry) => !isPublicAddress(entry.address))) return callback(refusedAddress(url), '', 0);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

function checkUrl(raw: string, limits: FetchLimits): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchFailed('Url is not a valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailed('Feeds are fetched over http or https only.');
  if (url.username || url.password) throw new FetchFailed('A feed address may not carry a user name or password.');
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (net.isIP(literal) !== 0 && !isPublicAddress(literal) && !limits.mayReachPrivate(url)) throw refusedAddress(url);
  return url;
}

/** One GET: its status, where it redirects to, and its body up to the limit. */
function get(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<{ status: number; location: string | null; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { lookup: guardedLookup(url, limits), signal, headers: { accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1', 'accept-encoding': 'identity', 'user-agent': 'Pressroom newswire' } }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400) {
        response.resume();
        return resolve({ status, location: response.headers.location ?? null, body: Buffer.alloc(0) });
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        response.destroy();
        return reject(new FetchFailed(`The feed is larger than ${limits.maxBytes} bytes.`));
      }
      // Asked for plain bytes, some servers compress anyway: the limit counts what the feed unpacks to.
      const encoding = String(response.headers['content-encoding'] ?? '').toLowerCase();
      const unpack = encoding === 'gzip' || encoding === 'x-gzip' ? zlib.createGunzip() : encoding === 'deflate' ? zlib.createInflate() : encoding === 'br' ? zlib.createBrotliDecompress() : null;
      const body: Readable = unpack ? response.pipe(unpack) : response;
      const chunks: Buffer[] = [];
      let size = 0;
      body.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          body.destroy();
          reject(new FetchFailed(`The feed is larger than ${limits.maxBytes} bytes.`));
          return;
        }
        chunks.push(chunk);
      });
      body.on('end', () => resolve({ status, location: null, body: Buffer.concat(chunks) }));
      body.on('error', (error) => reject(unpack ? new FetchFailed(`The feed's ${encoding} body is broken.`) : error));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/**
 * Fetches a feed as only the server may: http(s) only, never to a private or loopback address
 * (each redirect judged again), at most `maxBytes`, within `timeoutMs` in all.
 */
export async function fetchFeed(raw: string, limits: FetchLimits): Promise<string> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = checkUrl(raw, limits);
  for (let redirects = 0; ; redirects++) {
    let answer: Awaited<ReturnType<typeof get>>;
    try {
      answer = await get(url, limits, signal);
    } catch (error) {
      if (error instanceof FetchFailed) throw error;
      if (signal.aborted) throw new FetchFailed(`No answer within ${limits.timeoutMs / 1000} seconds.`);
      const reason = error as NodeJS.ErrnoException;
      throw new FetchFailed(reason.code ? `Could not connect (${reason.code}).` : reason.message);
    }
    if (answer.location !== null) {
      if (redirects >= limits.maxRedirects) throw new FetchFailed(`More than ${limits.maxRedirects} redirects.`);
      url = checkUrl(new URL(answer.location, url).href, limits);
      continue;
    }
    if (answer.status < 200 || answer.status >= 300) throw new FetchFailed(`The feed answered HTTP ${answer.status}.`);
    return answer.body.toString('utf8');
  }
}
