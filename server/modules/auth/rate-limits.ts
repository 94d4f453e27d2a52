import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { TooManyRequests } from '../../errors.ts';

type Limit = { points: number; seconds: number };
export type AuthLimits = {
  signInPerEmail: Limit;
  signInPerIp: Limit;
  signUpPerIp: Limit;
  signUpPerEmail: Limit;
  recoveryPerEmail: Limit;
  recoveryPerIp: Limit;
};

export const DEFAULT_AUTH_LIMITS: AuthLimits = {
  signInPerEmail: { points: 10, seconds: 15 * 60 },
  signInPerIp: { points: 50, seconds: 15 * 60 },
  signUpPerIp: { points: 10, seconds: 60 * 60 },
  signUpPerEmail: { points: 5, seconds: 60 * 60 },
  recoveryPerEmail: { points: 5, seconds: 60 * 60 },
  recoveryPerIp: { points: 20, seconds: 60 * 60 },
};

/** Budgets no test reaches unless it means to: tests sign many people in from one address. */
export const TEST_AUTH_LIMITS = Object.fromEntries(Object.keys(DEFAULT_AUTH_LIMITS).map((name) => [name, { points: 10_000, seconds: 60 }])) as AuthLimits;

/**
 * Attempt budgets for the doors guessers knock on: per address and per email, so neither a
 * botnet on one account nor one address on many accounts gets far. Counters live in Redis
 * when there is one (shared by every app process), in memory otherwise; while Redis is
 * down, memory stands in rather than letting everyone through.
 */
export class AuthRateLimits {
  private readonly limiters: Record<keyof AuthLimits, RateLimiterAbstract>;

  constructor(redis: Redis | null, limits: AuthLimits = DEFAULT_AUTH_LIMITS, namespace = 'auth') {
    const make = (name: keyof AuthLimits): RateLimiterAbstract => {
      const { points, seconds } = limits[name];
      const options = { keyPrefix: `${namespace}:${name}`, points, duration: seconds };
      return redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false, insuranceLimiter: new RateLimiterMemory(options) })
        : new RateLimiterMemory(options);
    };
    this.limiters = {
      signInPerEmail: make('signInPerEmail'),
      signInPerIp: make('signInPerIp'),
      signUpPerIp: make('signUpPerIp'),
      signUpPerEmail: make('signUpPerEmail'),
      recoveryPerEmail: make('recoveryPerEmail'),
      recoveryPerIp: make('recoveryPerIp'),
    };
  }

  signIn = (ip: string, email: string) => this.consume([['signInPerIp', ip], ['signInPerEmail', email]]);
  signUp = (ip: string, email: string) => this.consume([['signUpPerIp', ip], ['signUpPerEmail', email]]);
  recovery = (ip: string, email?: string) => this.consume(email ? [['recoveryPerIp', ip], ['recoveryPerEmail', email]] : [['recoveryPerIp', ip]]);

  /** A successful sign-in clears that email's failures. */
  async signedIn(email: string): Promise<void> {
    await this.limiters.signInPerEmail.delete(email).catch(() => undefined);
  }

  private async consume(checks: [keyof AuthLimits, string][]): Promise<void> {
    for (const [name, key] of checks) {
      try {
        await this.limiters[name].consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) throw new TooManyRequests(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        throw error;
      }
    }
  }
}
