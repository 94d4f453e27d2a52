import path from 'node:path';
import { z } from 'zod';
import { defaultRelease, sampleRateFor } from '../contracts/error-reporting.ts';
import packageJson from '../package.json' with { type: 'json' };
import type { ErrorReportingSettings } from './reporting/index.ts';

const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const MB = 1024 * 1024;

/** Signs links in development and tests; a deployment sets LINK_SECRET (the app warns at start when it does not). */
export const DEVELOPMENT_LINK_SECRET = 'pressroom-development-link-secret';

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  UPLOADS_DIR: z.string().min(1).optional(),
  UPLOAD_MAX_IMAGE_MB: z.coerce.number().positive().default(10),
  UPLOAD_MAX_VIDEO_MB: z.coerce.number().positive().default(500),
  UPLOAD_MAX_VIDEO_SECONDS: z.coerce.number().positive().default(600),
  MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  VIDEO_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RUN_PROCESSORS: flag.default(true),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Pressroom <no-reply@pressroom.local>'),
  LINK_SECRET: z.string().min(16).optional(),
  DISTRIBUTION_LEASE_SECONDS: z.coerce.number().positive().default(60),
  DKIM_DOMAIN: z.string().min(1).optional(),
  DKIM_SELECTOR: z.string().min(1).optional(),
  DKIM_PRIVATE_KEY: z.string().min(1).optional(),
  STREAM_API_KEY: z.string().min(1).default('pressroom-development'),
  STREAM_API_SECRET: z.string().min(1).default('pressroom-development-secret-not-for-production'),
  STREAM_API_URL: z.string().url().optional(),
  DEV_TOOLS: flag.optional(),
  SEED_DEMO: flag.optional(),
  METRICS_TOKEN: z.string().min(16).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SENTRY_DSN: z.string().url().optional(),
  SENTRY_SAMPLE_RATE: z.coerce.number().min(0).max(1).optional(),
  SENTRY_RELEASE: z.string().min(1).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  database: { kind: 'postgres'; url: string } | { kind: 'pglite'; dataDir: string };
  redisUrl: string | null;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  runProcessors: boolean;
  /** Where people reach the app: links in mails start with it. */
  publicUrl: string;
  /**
   * `linkSecret` signs each recipient's links in announcement emails (unsubscribe, tracking);
   * `dkim` signs every message when a key is given.
   */
  mail: { smtpUrl: string | null; from: string; linkSecret: string; dkim: { domainName: string; keySelector: string; privateKey: string } | null; distributionLeaseMs: number };
  /**
   * Stream (getstream.io). `push` mirrors posts into Stream: only with a key and a secret given
   * in the environment, never with the development defaults.
   */
  stream: { apiKey: string; apiSecret: string; apiUrl: string | null; push: boolean };
  /** Where uploaded files live, and how large each kind may be. */
  uploads: { dir: string; maxImageBytes: number; maxVideoBytes: number };
  /** The longest video accepted, and how many transcodes one process runs at a time. */
  video: { maxSeconds: number; concurrency: number };
  /** Messages one person may send in a minute. */
  messagesPerMinute: number;
  /** Development-host tools: the mail outbox reader and the development routes. */
  devTools: boolean;
  /** Seed the demo people and accounts when the database has no user yet. */
  seedDemo: boolean;
  /** Cookies only over HTTPS outside development. */
  secureCookies: boolean;
  /**
   * Prometheus metrics at /metrics (server/metrics): `token` asks every scrape for it as a bearer
   * token, `port` serves them on a listener of their own on 127.0.0.1 instead of the app. Null:
   * not served, which is what production gets with neither METRICS_TOKEN nor METRICS_PORT set.
   * `workerPort`: where a worker process (npm run worker) serves its own, on 127.0.0.1.
   */
  metrics: { token: string | null; port: number | null; workerPort: number | null } | null;
  /** 5xx errors reported to Sentry (server/reporting); null without SENTRY_DSN, and then the SDK is never loaded. */
  errorReporting: ErrorReportingSettings | null;
};

// The only place that reads process.env: everything else receives a Config.
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  return {
    env: c.NODE_ENV,
    host: c.HOST,
    port: c.PORT,
    database: c.DATABASE_URL ? { kind: 'postgres', url: c.DATABASE_URL } : { kind: 'pglite', dataDir: c.DATA_DIR },
    redisUrl: c.REDIS_URL ?? null,
    logLevel: c.LOG_LEVEL,
    runProcessors: c.RUN_PROCESSORS,
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
    mail: {
      smtpUrl: c.SMTP_URL ?? null,
      from: c.MAIL_FROM,
      linkSecret: c.LINK_SECRET ?? DEVELOPMENT_LINK_SECRET,
      // How long a killed sender's batch waits before another process takes it over.
      distributionLeaseMs: c.DISTRIBUTION_LEASE_SECONDS * 1000,
      dkim: c.DKIM_DOMAIN && c.DKIM_SELECTOR && c.DKIM_PRIVATE_KEY ? { domainName: c.DKIM_DOMAIN, keySelector: c.DKIM_SELECTOR, privateKey: c.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n') } : null,
    },
    stream: {
      apiKey: c.STREAM_API_KEY,
      apiSecret: c.STREAM_API_SECRET,
      apiUrl: c.STREAM_API_URL ?? null,
      push: env.STREAM_API_KEY !== undefined && env.STREAM_API_SECRET !== undefined,
    },
    uploads: {
      dir: path.resolve(c.UPLOADS_DIR ?? path.join(c.DATA_DIR, 'uploads')),
      maxImageBytes: Math.floor(c.UPLOAD_MAX_IMAGE_MB * MB),
      maxVideoBytes: Math.floor(c.UPLOAD_MAX_VIDEO_MB * MB),
    },
    video: { maxSeconds: c.UPLOAD_MAX_VIDEO_SECONDS, concurrency: c.VIDEO_CONCURRENCY },
    messagesPerMinute: c.MESSAGES_PER_MINUTE,
    devTools: c.DEV_TOOLS ?? c.NODE_ENV !== 'production',
    seedDemo: c.SEED_DEMO ?? c.NODE_ENV !== 'production',
    secureCookies: c.NODE_ENV === 'production',
    // Unprotected metrics tell anyone who reaches the app how busy it is and what it runs on:
    // production serves them only once they are protected; a development host serves them as they are.
    metrics:
      c.METRICS_TOKEN || c.METRICS_PORT || c.WORKER_METRICS_PORT || c.NODE_ENV !== 'production'
        ? { token: c.METRICS_TOKEN ?? null, port: c.METRICS_PORT ?? null, workerPort: c.WORKER_METRICS_PORT ?? null }
        : null,
    errorReporting: c.SENTRY_DSN
      ? { dsn: c.SENTRY_DSN, environment: c.NODE_ENV, sampleRate: sampleRateFor(c.NODE_ENV === 'production', c.SENTRY_SAMPLE_RATE), release: c.SENTRY_RELEASE ?? defaultRelease(packageJson.version) }
      : null,
  };
}
