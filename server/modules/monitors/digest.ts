import { sql } from 'kysely';
import { SOURCE_LABELS, type SourceKind } from '../../../contracts/monitors/api.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core, Logger } from '../../core.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { monitorDecider, monitorStream } from './commands.ts';
import './tables.ts';

export type DigestOptions = {
  /** The mailer's clock; tests pass their own to say when "now" is. */
  now?: () => Date;
  /** How long it sleeps between looks at which monitors' day has passed. */
  pollMs?: number;
  /** The public address of the app, for the link to the monitor's page. */
  publicUrl: string;
  log: Logger;
  /** Mail was queued: the sender looks now. */
  mailQueued?: () => void;
};

const DAY_MS = 86_400_000;
/** Mentions a digest lists by title; the rest are counted. */
const LISTED = 20;
const systemMetadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: 'monitor-digest', causationId: null };

/**
 * The daily email of monitors that ask for one: once a day after its last (or its creation),
 * each of the account's people gets the mentions matched since, when there are any. A due
 * monitor is claimed by its row (`FOR UPDATE SKIP LOCKED`) in the transaction that queues the
 * mails and appends MonitorDigestSent, which moves its day on: a mailer in every processing
 * process, and each digest goes out once.
 */
export class DigestMailer {
  private readonly now: () => Date;
  private readonly pollMs: number;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly core: Core,
    private readonly options: DigestOptions,
  ) {
    this.now = options.now ?? (() => new Date());
    this.pollMs = options.pollMs ?? 60_000;
  }

  start(): void {
    const tick = () => {
      this.running = this.runDue()
        .catch((error: unknown) => this.options.log.error({ err: error }, 'could not send the monitors’ daily emails; trying again'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(tick, this.pollMs);
        });
    };
    this.timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** Sends every digest that is due at the clock's time, one monitor per transaction; how many mails were queued. */
  async runDue(): Promise<number> {
    let mails = 0;
    for (;;) {
      const at = this.now();
      const outcome = await this.core.commands.transaction(async (unit) => {
        const monitor = await unit.trx
          .selectFrom('monitors')
          .select(['id', 'account_id', 'name', sql<Date>`coalesce(digest_through, created_at)`.as('since')])
          .where('email_digest', '=', true)
          .where(sql<boolean>`coalesce(digest_through, created_at) <= ${new Date(at.getTime() - DAY_MS)}`)
          .orderBy(sql`coalesce(digest_through, created_at)`)
          .limit(1)
          .forUpdate()
          .skipLocked()
          .executeTakeFirst();
        if (!monitor) return null;
        const monitorId = Number(monitor.id);
        const mentions = await unit.trx
          .selectFrom('mentions')
          .select(['title', 'source', 'outlet', 'link'])
          .where('monitor_id', '=', monitorId)
          .where('matched_at', '>', monitor.since)
          .where('matched_at', '<=', at)
          .orderBy('matched_at', 'desc')
          .execute();
        let queued = 0;
        if (mentions.length > 0) {
          const people = await unit.trx.selectFrom('users').select('email').where('account_id', '=', Number(monitor.account_id)).execute();
          const text = digestText(monitor.name, monitorId, mentions, this.options.publicUrl);
          const subject = `${mentions.length} new ${mentions.length === 1 ? 'mention' : 'mentions'} for ${monitor.name}`;
          for (const person of people) await enqueueMail(unit.trx, { to: person.email, subject, text });
          queued = people.length;
        }
        await unit.run(monitorDecider, monitorStream(monitorId), { type: 'digest', monitorId, through: at.toISOString(), mentions: mentions.length }, systemMetadata);
        return queued;
      });
      if (outcome === null) break;
      mails += outcome;
    }
    if (mails > 0) this.options.mailQueued?.();
    return mails;
  }
}

function digestText(name: string, monitorId: number, mentions: { title: string; source: string; outlet: string | null; link: string | null }[], publicUrl: string): string {
  const lines = mentions.slice(0, LISTED).map((mention) => {
    const where = [SOURCE_LABELS[mention.source as SourceKind], mention.outlet].filter(Boolean).join(', ');
    return `- ${mention.title} (${where})${mention.link ? `\n  ${new URL(mention.link, publicUrl).toString()}` : ''}`;
  });
  const more = mentions.length > LISTED ? [`…and ${mentions.length - LISTED} more.`] : [];
  return [`New mentions for your monitor “${name}” since the last email:`, '', ...lines, ...more, '', `All of them: ${new URL(`/app/monitor/${monitorId}`, publicUrl).toString()}`].join('\n');
}
