import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, fetchFeed, isPublicAddress, type FetchLimits } from './fetch-guard.ts';
import { rss, useFeedServer } from './testing.ts';

const outlet = useFeedServer();
const FEED = rss('Local', [{ guid: '1', title: 'One', link: 'https://example.com/1' }]);

/** As outside tests: no private address at all. */
const production: FetchLimits = { ...DEFAULT_LIMITS, timeoutMs: 1500, mayReachPrivate: () => false };
/** Only the test's own outlet on this machine may be reached, as the app's demo feeds are. */
const onlyOutlet = (limits: Partial<FetchLimits> = {}): FetchLimits => ({ ...production, mayReachPrivate: (url) => url.port === String(outlet.port), ...limits });

describe('the request-forgery guard on feed fetches', () => {
  it.each([
    ['127.0.0.1', false],
    ['127.1.2.3', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['::', false],
    ['fd00::1', false],
    ['fe80::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:10.0.0.1', false],
    ['8.8.8.8', true],
    ['151.101.1.69', true],
    ['2606:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['not an address', false],
  ])('judges %s public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it('fetches over http or https only', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.com/feed.xml', 'gopher://example.com/', 'data:text/xml,<rss/>']) {
      await expect(fetchFeed(url, production), url).rejects.toThrow('Feeds are fetched over http or https only.');
    }
    await expect(fetchFeed('not a url', production)).rejects.toThrow('Url is not a valid');
  });

  it('never reaches a private or loopback address, by number or by name, and sends nothing there', async () => {
    outlet.serve('/private.xml', { status: 200, body: FEED });
    for (const host of ['127.0.0.1', 'localhost', '[::1]', '[::ffff:127.0.0.1]', '0.0.0.0']) {
      await expect(fetchFeed(`http://${host}:${outlet.port}/private.xml`, production), host).rejects.toThrow(/private or loopback address/);
    }
    for (const url of ['http://10.0.0.1/feed.xml', 'http://169.254.169.254/latest/meta-data/', 'https://192.168.0.1/']) {
      await expect(fetchFeed(url, production), url).rejects.toThrow(/private or loopback address/);
    }
    expect(outlet.hits('/private.xml')).toBe(0);
    // The same fetch where the address is allowed (a test's server) works.
    await expect(fetchFeed(outlet.url('/private.xml'), onlyOutlet())).resolves.toContain('<title>One</title>');
  });

  it('judges every redirect again', async () => {
    outlet.serve('/moved.xml', { status: 301, body: '', headers: { location: 'http://127.0.0.1:9/admin' } });
    await expect(fetchFeed(outlet.url('/moved.xml'), onlyOutlet())).rejects.toThrow(/127\.0\.0\.1:9 is a private or loopback address/);
    outlet.serve('/hop.xml', { status: 302, body: '', headers: { location: '/private.xml' } });
    await expect(fetchFeed(outlet.url('/hop.xml'), onlyOutlet())).resolves.toContain('<title>One</title>');
    outlet.serve('/loop.xml', { status: 302, body: '', headers: { location: '/loop.xml' } });
    await expect(fetchFeed(outlet.url('/loop.xml'), onlyOutlet())).rejects.toThrow('More than 3 redirects.');
  });

  it('reads at most its size limit and waits at most its time limit', async () => {
    outlet.serve('/huge.xml', { status: 200, body: 'x'.repeat(300_000) });
    await expect(fetchFeed(outlet.url('/huge.xml'), onlyOutlet({ maxBytes: 100_000 }))).rejects.toThrow('The feed is larger than 100000 bytes.');
    outlet.serve('/silent.xml', 'hang');
    const started = Date.now();
    await expect(fetchFeed(outlet.url('/silent.xml'), onlyOutlet({ timeoutMs: 300 }))).rejects.toThrow('No answer within 0.3 seconds.');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('unpacks a body compressed though plain bytes were asked for, and counts the limit on what it unpacks to', async () => {
    outlet.serve('/packed.xml', { status: 200, body: zlib.gzipSync(FEED), headers: { 'content-encoding': 'gzip' } });
    await expect(fetchFeed(outlet.url('/packed.xml'), onlyOutlet())).resolves.toContain('<title>One</title>');
    // A few kilobytes that unpack to megabytes.
    outlet.serve('/bomb.xml', { status: 200, body: zlib.gzipSync(Buffer.alloc(5_000_000, 32)), headers: { 'content-encoding': 'gzip' } });
    await expect(fetchFeed(outlet.url('/bomb.xml'), onlyOutlet({ maxBytes: 100_000 }))).rejects.toThrow('The feed is larger than 100000 bytes.');
    outlet.serve('/garbled.xml', { status: 200, body: 'not gzip at all', headers: { 'content-encoding': 'gzip' } });
    await expect(fetchFeed(outlet.url('/garbled.xml'), onlyOutlet())).rejects.toThrow("The feed's gzip body is broken.");
  });
});
