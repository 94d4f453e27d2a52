import { describe, expect, it, vi } from 'vitest';
import { importWithRetry } from './lazy.ts';

describe('lazy route loading', () => {
  it('tries 3 more times, waiting 3000 ms times the attempt number', async () => {
    const waits: number[] = [];
    const load = vi.fn().mockRejectedValue(new Error('chunk missing'));
    await expect(importWithRetry(load, async (ms) => void waits.push(ms))).rejects.toThrow('chunk missing');
    expect(load).toHaveBeenCalledTimes(4);
    expect(waits).toEqual([3000, 6000, 9000]);
  });

  it('answers with the first load that succeeds', async () => {
    vi.useFakeTimers();
    try {
      const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Page: 'page' });
      const loaded = importWithRetry(load);
      await vi.advanceTimersByTimeAsync(2999);
      expect(load).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      await expect(loaded).resolves.toEqual({ Page: 'page' });
      expect(load).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
