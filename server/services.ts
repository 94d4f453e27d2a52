import { DEVELOPMENT_LINK_SECRET, loadConfig, type Config } from './config.ts';
import type { Core } from './core.ts';
import { AuthRateLimits, TEST_AUTH_LIMITS, type AuthLimits } from './modules/auth/rate-limits.ts';
import { LINK_TEST_LIMIT, LinkRateLimit } from './modules/interviews/links.ts';
import { LikeToggles } from './modules/likes/toggles.ts';
import { DEFAULT_SEND_LIMIT, MessageSendLimit, SEND_TEST_LIMIT } from './modules/messages/index.ts';
import { privateFeedReach } from './modules/news/index.ts';
import { StreamTokens } from './modules/users/stream-tokens.ts';

/** What the HTTP modules need beyond the core: settings and the helpers built from them. */
export type Services = {
  streamTokens: StreamTokens;
  rateLimits: AuthRateLimits;
  /** Requests by interview answer link, per address. */
  linkRateLimit: LinkRateLimit;
  likes: LikeToggles;
  /** Messages sent per person. */
  messageSends: MessageSendLimit;
  publicUrl: string;
  secureCookies: boolean;
  devTools: boolean;
  /** Delivers queued mail now rather than at the next poll (no-op without SMTP). */
  mailQueued: () => void;
  /** Which private or loopback addresses an outside news feed may have (news module). */
  newsFeedReach: (url: URL) => boolean;
  /** Sends queued announcement emails now rather than at the next poll (no-op without SMTP). */
  recipientsQueued: () => void;
  /** Signs each recipient's links in announcement emails. */
  linkSecret: string;
  /** Who emails come from, as the announcements' email version shows it. */
  mailFrom: string;
};

export function createServices(
  core: Core,
  config: Pick<Config, 'env' | 'stream' | 'publicUrl' | 'secureCookies' | 'devTools'> & Partial<Pick<Config, 'messagesPerMinute'>> & { mail?: Pick<Config['mail'], 'linkSecret'> & Partial<Pick<Config['mail'], 'from'>> },
  options: { mailQueued?: () => void; recipientsQueued?: () => void; limits?: AuthLimits } = {},
): Services {
  const testing = config.env === 'test';
  return {
    streamTokens: new StreamTokens(config.stream.apiKey, config.stream.apiSecret),
    // Under test, roomy budgets (a test run signs everyone in from one address) and counters
    // of this process's own, so a shared Redis carries none from one run into the next.
    rateLimits: new AuthRateLimits(
      core.redis,
      options.limits ?? (testing ? TEST_AUTH_LIMITS : undefined),
      testing ? `auth-test-${process.pid}-${Math.random().toString(36).slice(2)}` : undefined,
    ),
    linkRateLimit: testing ? new LinkRateLimit(core.redis, LINK_TEST_LIMIT, `interview-links-test-${process.pid}-${Math.random().toString(36).slice(2)}`) : new LinkRateLimit(core.redis),
    messageSends: testing ? new MessageSendLimit(core.redis, SEND_TEST_LIMIT, `message-sends-test-${process.pid}-${Math.random().toString(36).slice(2)}`) : new MessageSendLimit(core.redis, { points: config.messagesPerMinute ?? DEFAULT_SEND_LIMIT.points, seconds: 60 }),
    likes: new LikeToggles(core.database.db, (events) => core.wakeup.signal(events)),
    publicUrl: config.publicUrl,
    secureCookies: config.secureCookies,
    devTools: config.devTools,
    mailQueued: options.mailQueued ?? (() => undefined),
    newsFeedReach: privateFeedReach(config.env, config.publicUrl),
    recipientsQueued: options.recipientsQueued ?? (() => undefined),
    linkSecret: config.mail?.linkSecret ?? DEVELOPMENT_LINK_SECRET,
    mailFrom: config.mail?.from ?? loadConfig({}).mail.from,
  };
}
