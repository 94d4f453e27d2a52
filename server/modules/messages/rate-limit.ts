import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequests } from '../../errors.ts';

export type SendLimit = { points: number; seconds: number };
/** Thirty messages a minute is a fast typist in several conversations at once; a script goes past it. */
export const DEFAULT_SEND_LIMIT: SendLimit = { points: 30, seconds: 60 };
/** Under test, a budget no test reaches unless it means to. */
export const SEND_TEST_LIMIT: SendLimit = { points: 100_000, seconds: 60 };

export class SendingTooFast extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `You are sending messages too fast. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`;
  }
}

/**
 * Messages sent (and conversations started) per person. Counters in Redis when there is one,
 * shared by every app process; memory stands in while it is down.
 */
export class MessageSendLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(redis: Redis | null, limit: SendLimit = DEFAULT_SEND_LIMIT, namespace = 'message-sends') {
    const options = { keyPrefix: namespace, points: limit.points, duration: limit.seconds };
    const memory = new RateLimiterMemory(options);
    this.limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false, insuranceLimiter: memory }) : memory;
  }

  async take(userId: number): Promise<void> {
    try {
      await this.limiter.consume(String(userId));
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw new SendingTooFast(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      throw refusal;
    }
  }
}
