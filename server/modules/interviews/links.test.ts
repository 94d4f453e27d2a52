import { describe, expect, it } from 'vitest';
import { TooManyRequests } from '../../errors.ts';
import { LinkRateLimit, newLinkToken } from './links.ts';

describe('answer links', () => {
  it('carry at least 128 bits of randomness, in characters a URL keeps as they are', () => {
    const token = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Set(Array.from({ length: 1000 }, newLinkToken)).size).toBe(1000);
  });

  it('are rate limited per address', async () => {
    const limit = new LinkRateLimit(null, { points: 3, seconds: 60 }, `links-${Math.random()}`);
    for (let i = 0; i < 3; i++) await limit.take('203.0.113.7');
    await expect(limit.take('203.0.113.7')).rejects.toBeInstanceOf(TooManyRequests);
    await expect(limit.take('203.0.113.8')).resolves.toBeUndefined();
  });
});
