import { Redis } from 'ioredis';

type Logger = { warn(obj: object, msg: string): void };

/**
 * The app's one Redis connection (realtime fan-out and rate limits build on it). Redis is a
 * helper, not a dependency of correctness: while it is down the app keeps serving, commands
 * fail fast instead of queueing, and health reports it.
 */
export function connectRedis(url: string, log: Logger): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 250, 5000),
  });
  let lastWarning = 0;
  redis.on('error', (error) => {
    // ioredis repeats the error on every reconnect attempt; one line a minute is enough.
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log.warn({ err: error }, 'redis unavailable');
  });
  return redis;
}

export async function redisStatus(redis: Redis | null): Promise<'ok' | 'down' | 'not configured'> {
  if (!redis) return 'not configured';
  if (redis.status !== 'ready') return 'down';
  const pong = await Promise.race([
    redis.ping().catch(() => null),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 500).unref()),
  ]);
  return pong === 'PONG' ? 'ok' : 'down';
}
