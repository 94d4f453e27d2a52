import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type Logger } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { REDACTED, redactQuery, type SecretUrls } from './http/secret-urls.ts';

/**
 * Fields whose value is a secret wherever they occur in a logged object, up to four levels
 * deep (a request body inside an error inside a log call): passwords, two-factor codes and
 * secrets, session and link tokens, upload signatures, the headers that carry them.
 */
const SECRET_FIELDS = [
  'password',
  'currentPassword',
  'newPassword',
  'passwordHash',
  'password_hash',
  'code',
  'token',
  'tokenHash',
  'token_hash',
  'hash',
  'secret',
  'totpSecret',
  'totp_secret',
  'totp_pending_secret',
  'signature',
  'cookie',
  'authorization',
  '"set-cookie"',
  '"x-stream-token"',
];

const REDACT_PATHS = SECRET_FIELDS.flatMap((field) => {
  const key = field.startsWith('"') ? `[${field}]` : `.${field}`;
  return [key.slice(key.startsWith('.') ? 1 : 0), `*${key}`, `*.*${key}`, `*.*.*${key}`];
});

type LoggedRequest = { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } };

/** One redaction policy for every log line the server writes, in requests or outside them. */
export type LogPolicy = {
  /** Paths whose segments are secrets (recovery and answer links); without it, only query values are redacted. */
  urls?: SecretUrls;
  /** Where lines go (stdout when absent). */
  destination?: DestinationStream;
};

/** The log of a process or of the HTTP server: secrets are `[redacted]` in every line. */
export function createLog(level: string, policy: LogPolicy = {}): Logger {
  const redactUrl = (url: string) => (policy.urls ? policy.urls.redact(url) : redactQuery(url));
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: {
      // Fastify's own request serializer writes the URL whole: a recovery code would go with it.
      req: (request: LoggedRequest) => ({ method: request.method, url: redactUrl(request.url), host: request.host, remoteAddress: request.ip, remotePort: request.socket?.remotePort }),
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
      err: pino.stdSerializers.err,
    },
  };
  return policy.destination ? pino(options, policy.destination) : pino(options);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger (Fastify's `childLoggerFactory`), made when it first writes a line. At the
 * usual level most requests write none, and making pino's child runs the redaction over its
 * bindings: 3% of a write's CPU under load, for nothing. A class, so that a request costs one
 * small object: its methods are shared, where closures of its own were 4% of what a request
 * allocated.
 */
class LazyRequestLogger {
  #child: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.#child?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.made().level = level;
  }

  child(more: Bindings, moreOptions?: ChildLoggerOptions): FastifyBaseLogger {
    return this.made().child(more, moreOptions);
  }

  silent(): void {}

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }

  error(...args: unknown[]): void {
    this.write('error', args);
  }

  warn(...args: unknown[]): void {
    this.write('warn', args);
  }

  info(...args: unknown[]): void {
    this.write('info', args);
  }

  debug(...args: unknown[]): void {
    this.write('debug', args);
  }

  trace(...args: unknown[]): void {
    this.write('trace', args);
  }

  private write(level: Level, args: unknown[]): void {
    // The server's logger is the pino logger of createLog.
    if ((this.parent as unknown as Logger).isLevelEnabled(level)) (this.made()[level] as (...a: unknown[]) => void)(...args);
  }

  private made(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }
}

export function lazyRequestLogger(logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger {
  return new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
}
