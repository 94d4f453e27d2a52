import { describe, expect, it } from 'vitest';
import { Batcher, type BatcherOptions } from './batcher.ts';

type Request = { key: string; n: number; weight?: number };

/** A batcher whose flushes are recorded, with the keys found in two flushes at once, and answer each request with its number. */
function recording(options: Partial<BatcherOptions<Request>> = {}) {
  const flushes: number[][] = [];
  const inFlight = new Set<string>();
  const overlapping: string[] = [];
  const batcher = new Batcher<Request, number>(
    async (batch) => {
      flushes.push(batch.map((request) => request.n));
      const keys = new Set(batch.map((request) => request.key));
      for (const key of keys) if (inFlight.has(key)) overlapping.push(key);
      for (const key of keys) inFlight.add(key);
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (const key of keys) inFlight.delete(key);
      return batch.map((request) => ({ ok: request.n }));
    },
    {
      key: (request) => request.key,
      joins: () => true,
      weight: (request) => request.weight ?? 1,
      maxWeight: 3,
      flushesInFlight: 1,
      attempts: 1,
      retryable: () => false,
      exhausted: () => new Error('exhausted'),
      ...options,
    },
  );
  return { batcher, flushes, overlapping };
}

describe('Batcher', () => {
  it('fills each flush up to its weight and leaves the rest queued in order', async () => {
    const { batcher, flushes } = recording();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, n) => batcher.submit({ key: `k${n}`, n })));
    expect(answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(flushes).toEqual([[0, 1, 2], [3, 4, 5], [6, 7]]);
  });

  it('keeps a key in order behind a request of it that did not fit', async () => {
    const { batcher, flushes } = recording();
    const requests: Request[] = [
      { key: 'a', n: 0, weight: 2 },
      { key: 'b', n: 1, weight: 2 },
      { key: 'b', n: 2 },
      { key: 'c', n: 3 },
      { key: 'd', n: 4 },
    ];
    await Promise.all(requests.map((request) => batcher.submit(request)));
    // b's first did not fit beside a's, so b's second waits behind it though it would fit; c fills the flush.
    expect(flushes).toEqual([[0, 3], [1, 2], [4]]);
  });

  it('never has one key in two flushes at once', async () => {
    const { batcher, flushes, overlapping } = recording({ flushesInFlight: 2, joins: (group) => group.length < 1 });
    await Promise.all([0, 1, 2, 3].map((n) => batcher.submit({ key: n < 3 ? 'same' : 'other', n })));
    expect(overlapping).toEqual([]);
    expect(flushes).toEqual([[0, 3], [1], [2]]);
  });
});
