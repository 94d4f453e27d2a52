import type { Config } from './config.ts';
import type { Core } from './core.ts';
import { AuthRateLimits, type AuthLimits } from './modules/auth/rate-limits.ts';
import { LikeToggles } from './modules/likes/toggles.ts';
import { StreamTokens } from './modules/users/stream-tokens.ts';

/** What the HTTP modules need beyond the core: settings and the helpers built from them. */
export type Services = {
  streamTokens: StreamTokens;
  rateLimits: AuthRateLimits;
  likes: LikeToggles;
  publicUrl: string;
  secureCookies: boolean;
  devTools: boolean;
  /** Delivers queued mail now rather than at the next poll (no-op without SMTP). */
  mailQueued: () => void;
};

export function createServices(
  core: Core,
  config: Pick<Config, 'stream' | 'publicUrl' | 'secureCookies' | 'devTools'>,
  options: { mailQueued?: () => void; limits?: AuthLimits; rateLimitNamespace?: string } = {},
): Services {
  return {
    streamTokens: new StreamTokens(config.stream.apiKey, config.stream.apiSecret),
    rateLimits: new AuthRateLimits(core.redis, options.limits, options.rateLimitNamespace),
    likes: new LikeToggles(core.database.db, () => core.wakeup.signal()),
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    devTools: config.devTools,
    mailQueued: options.mailQueued ?? (() => undefined),
  };
}
