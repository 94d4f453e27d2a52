import type { RedisAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createRealtimeServer, mayHaveListeners } from './gateway.ts';

const redisUrl = process.env.REDIS_URL ?? null;

describe('a message for some rooms', () => {
  it('has listeners in a process of its own only once a socket here is in one of the rooms', () => {
    const io = createRealtimeServer(null);
    expect(mayHaveListeners(io, ['user:1', 'conversation:1'])).toBe(false);
    io.sockets.adapter.addAll('socket-a', new Set(['user:2']));
    expect(mayHaveListeners(io, ['user:1', 'conversation:1'])).toBe(false);
    expect(mayHaveListeners(io, [])).toBe(false);
    expect(mayHaveListeners(io, ['user:1', 'user:2'])).toBe(true);
    io.sockets.adapter.delAll('socket-a');
    expect(mayHaveListeners(io, ['user:2'])).toBe(false);
  });

  it.runIf(redisUrl)('may always have listeners through Redis, in processes out of sight, but never without a room', async () => {
    const redis = new Redis(redisUrl!);
    const io = createRealtimeServer(redis);
    try {
      expect(mayHaveListeners(io, ['user:1'])).toBe(true);
      expect(mayHaveListeners(io, [])).toBe(false);
    } finally {
      // Closed once the adapter has subscribed (a PING is answered after it): closed sooner, its
      // subscription would be refused by a closed connection, with nobody there to hear it.
      const { subClient } = io.of('/').adapter as RedisAdapter;
      await subClient.ping();
      await io.of('/').adapter.close();
      await redis.quit();
    }
  });
});
