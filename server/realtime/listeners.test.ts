import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createRealtimeServer, mayHaveListeners } from './gateway.ts';

const redisUrl = process.env.REDIS_URL ?? null;
const links: Redis[] = [];
afterAll(() => links.forEach((link) => link.disconnect()));

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

  it.runIf(redisUrl)('may always have listeners through Redis, in processes out of sight, but never without a room', () => {
    const redis = new Redis(redisUrl!, { lazyConnect: true });
    links.push(redis);
    const io = createRealtimeServer(redis);
    expect(mayHaveListeners(io, ['user:1'])).toBe(true);
    expect(mayHaveListeners(io, [])).toBe(false);
  });
});
