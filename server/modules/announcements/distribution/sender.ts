import { sql, type Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import { DEVELOPMENT_LINK_SECRET, type Config } from '../../../config.ts';
import type { Database } from '../../../db/schema.ts';
import { createMailTransport } from '../../../mail/transport.ts';
import type { Logger } from '../../../core.ts';
import { PollLoop } from '../../../jobs/poll-loop.ts';
import { messageIdOf } from './bounces.ts';
import { compileEmail, type CompiledEmail, type EmailSource } from './email.ts';
import { emailSourceOf } from './source.ts';
import type { RealtimeServer } from '../../../realtime/processor.ts';
import { RecipientLinks } from './links.ts';
import { numbersPulseOf, type NumbersPulse } from './pulse.ts';
import './tables.ts';

export type SenderOptions = {
  from: string;
  publicUrl: string;
  links: RecipientLinks;
  log: Logger;
  /** How long a claimed batch is this sender's before another may take it over (it is renewed while sending). */
  leaseMs?: number;
  /** The longest it sleeps between looks for queued batches. */
  pollMs?: number;
  /** Messages in flight at once (the transport's pooled connections). */
  concurrency?: number;
  /** The wait before a failed batch is tried again. */
  retryMs?: number;
  /** Tells the hub as recipients are sent, bounce and batches fail. */
  numbers?: Pick<NumbersPulse, 'moved'> | null;
};

type Claimed = { id: number; announcement_id: number };
type Recipient = { id: number; email: string; name: string };

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/** A relay's refusal of the address itself (5xx to RCPT TO): the address bounced for good. */
const isPermanentRefusal = (error: unknown) => {
  const e = error as { responseCode?: number; code?: string };
  return e.code === 'EENVELOPE' && typeof e.responseCode === 'number' && e.responseCode >= 500;
};

/**
 * Sends queued announcement emails. A batch is claimed for a lease (SKIP LOCKED, committed), and
 * each recipient is marked sent in its own statement the moment the relay accepts its message:
 * a sender killed mid-batch leaves its batch to be taken over when the lease runs out, and the
 * next sender mails only whom the relay had not accepted. The only message that can go twice is
 * one accepted in the instant between the relay's answer and that mark; it carries the same
 * Message-ID both times, so receivers that deduplicate by it show one.
 */
export class DistributionSender {
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly retryMs: number;
  private readonly host: string;
  private readonly loop: PollLoop;
  /** Abandoned: records nothing more, as a killed process would not. */
  private dead = false;
  /** The last announcement's email as laid out, kept while it is unchanged: its next batches need no new layout. */
  private laidOut: { key: string; email: Promise<CompiledEmail> } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly transport: Transporter,
    private readonly options: SenderOptions,
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollMs = options.pollMs ?? 1000;
    this.concurrency = options.concurrency ?? 4;
    this.retryMs = options.retryMs ?? 30_000;
    this.host = new URL(options.publicUrl).hostname;
    this.loop = new PollLoop({
      look: async () => {
        await this.sendWaiting();
      },
      pollMs: this.pollMs,
      log: options.log,
      failure: 'could not send the queued announcement emails; trying again',
    });
  }

  start(): void {
    this.loop.start();
  }

  /** Looks now rather than at the end of its sleep. */
  wake(): void {
    this.loop.poke();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  /**
   * Drops everything at once and records nothing more, as a process killed mid-batch would: its
   * batch stays claimed until the lease runs out (the takeover tests run this in one process).
   */
  abandon(): void {
    this.dead = true;
    this.loop.halt();
    this.transport.close();
  }

  /** Sends every batch that is waiting (or whose sender's lease ran out); how many batches it finished. */
  async sendWaiting(): Promise<number> {
    let finished = 0;
    for (;;) {
      if (this.dead) return finished;
      const batch = await this.claim();
      if (!batch) return finished;
      // A relay that refused one batch would refuse the next: this pass ends, the batch waits for its retry.
      if (!(await this.sendBatch(batch))) return finished;
      finished += 1;
    }
  }

  private async claim(): Promise<Claimed | null> {
    const { rows } = await sql<Claimed>`
      update distribution_batches set status = 'sending', attempts = attempts + 1, lease_until = now() + ${`${this.leaseMs} milliseconds`}::interval
      where id = (
        select id from distribution_batches
        where status = 'queued' or (status in ('sending', 'failed') and lease_until < now())
        order by id limit 1 for update skip locked)
      returning id, announcement_id`.execute(this.db);
    return rows[0] ? { id: Number(rows[0].id), announcement_id: Number(rows[0].announcement_id) } : null;
  }

  /** Sends a claimed batch; true when it is done (every recipient sent or bounced). */
  private async sendBatch(batch: Claimed): Promise<boolean> {
    const found = await emailSourceOf(this.db, batch.announcement_id, new Date());
    const recipients = (await this.db.selectFrom('distribution_recipients').select(['id', 'email', 'name']).where('batch_id', '=', batch.id).where('status', '=', 'queued').orderBy('id').execute()).map(
      (r): Recipient => ({ id: Number(r.id), email: r.email, name: r.name }),
    );
    // Unpublished (or gone) since it was queued: what is left is not sent.
    if (!found?.published) {
      await this.db.updateTable('distribution_recipients').set({ status: 'failed', last_error: 'The announcement was unpublished before this was sent' }).where('batch_id', '=', batch.id).where('status', '=', 'queued').execute();
      await this.finish(batch, 'sent', null);
      return true;
    }
    const renew = setInterval(() => {
      if (this.dead) return;
      void this.db.updateTable('distribution_batches').set({ lease_until: sql`now() + ${`${this.leaseMs} milliseconds`}::interval` }).where('id', '=', batch.id).execute().catch(() => undefined);
    }, Math.max(50, Math.floor(this.leaseMs / 3)));
    const email = await this.layout(found.source);
    let relayError: string | null = null;
    try {
      let next = 0;
      const lane = async () => {
        while (relayError === null && !this.dead && next < recipients.length) {
          const recipient = recipients[next++]!;
          const outcome = await this.sendOne(email, batch.announcement_id, recipient);
          if (outcome !== null) relayError = outcome;
        }
      };
      await Promise.all(Array.from({ length: this.concurrency }, lane));
    } finally {
      clearInterval(renew);
    }
    if (this.dead) return false;
    if (relayError !== null) {
      this.options.log.warn({ batchId: batch.id, error: relayError }, 'the mail relay refused an announcement batch; it will be tried again');
      await this.finish(batch, 'failed', relayError);
      return false;
    }
    await this.finish(batch, 'sent', null);
    return true;
  }

  private layout(source: EmailSource): Promise<CompiledEmail> {
    const key = JSON.stringify(source);
    if (this.laidOut?.key !== key) this.laidOut = { key, email: compileEmail(source, this.options.publicUrl) };
    const { email } = this.laidOut;
    email.catch(() => {
      if (this.laidOut?.email === email) this.laidOut = null;
    });
    return email;
  }

  /** Hands one message to the relay and records its answer; the relay's error when it failed for a reason not of this address. */
  private async sendOne(compiled: CompiledEmail, announcementId: number, recipient: Recipient): Promise<string | null> {
    const email = compiled.forRecipient(recipient.id, this.options.links);
    const unsubscribe = this.options.links.unsubscribeUrl(recipient.id);
    const messageId = messageIdOf(announcementId, this.options.links.token(recipient.id), this.host);
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: recipient.name ? { name: recipient.name, address: recipient.email } : recipient.email,
        subject: email.subject,
        html: email.html,
        text: email.text,
        messageId,
        headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
    } catch (error) {
      if (this.dead) return null;
      if (isPermanentRefusal(error)) {
        await this.db.transaction().execute(async (trx) => {
          await trx.updateTable('distribution_recipients').set({ status: 'bounced', last_error: errorText(error) }).where('id', '=', recipient.id).execute();
          await trx.insertInto('mail_bounces').values({ email: recipient.email.toLowerCase(), reason: errorText(error) }).onConflict((oc) => oc.column('email').doNothing()).execute();
        });
        this.options.numbers?.moved(announcementId, 'bounced');
        return null;
      }
      await this.db.updateTable('distribution_recipients').set({ last_error: errorText(error) }).where('id', '=', recipient.id).execute();
      return errorText(error);
    }
    if (this.dead) return null;
    await this.db.updateTable('distribution_recipients').set({ status: 'sent', sent_at: new Date(), message_id: messageId, last_error: null }).where('id', '=', recipient.id).where('status', '=', 'queued').execute();
    this.options.numbers?.moved(announcementId, 'sent');
    return null;
  }

  private async finish(batch: Claimed, status: 'sent' | 'failed', error: string | null): Promise<void> {
    await this.db
      .updateTable('distribution_batches')
      .set(
        status === 'sent'
          ? { status, last_error: null, lease_until: null, finished_at: new Date() }
          : { status, last_error: error, lease_until: sql`now() + ${`${this.retryMs} milliseconds`}::interval`, finished_at: null },
      )
      .where('id', '=', batch.id)
      .execute();
    this.options.numbers?.moved(batch.announcement_id, status);
  }
}

/** Messages in flight per sending process, one per pooled SMTP connection: each waits on the relay's round trips most of its time. */
const SENDER_CONNECTIONS = 8;

/** The sender of a process that runs processors, on the configured relay; none without one. `io` carries its progress to the hubs. */
export function senderFor(db: Kysely<Database>, config: Pick<Config, 'mail' | 'publicUrl' | 'env'>, log: Logger, io: RealtimeServer | null = null): DistributionSender | null {
  if (!config.mail.smtpUrl) return null;
  if (config.env === 'production' && config.mail.linkSecret === DEVELOPMENT_LINK_SECRET) log.warn({}, 'LINK_SECRET is not set: announcement emails carry links signed with the development secret');
  const transport = createMailTransport(config.mail.smtpUrl, { dkim: config.mail.dkim, maxConnections: SENDER_CONNECTIONS });
  return new DistributionSender(db, transport, {
    from: config.mail.from,
    publicUrl: config.publicUrl,
    links: new RecipientLinks(config.mail.linkSecret, config.publicUrl),
    log,
    leaseMs: config.mail.distributionLeaseMs,
    concurrency: SENDER_CONNECTIONS,
    numbers: numbersPulseOf(io),
  });
}
