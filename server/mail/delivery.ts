import { sql, type Kysely } from 'kysely';
import type { Transporter } from 'nodemailer';
import type { Database } from '../db/schema.ts';
import { createMailTransport, type DkimKey } from './transport.ts';

type Logger = { warn(obj: object, msg: string): void };

const BATCH = 20;
/** Tries a mail has before it stays unsent for good: past them, it no longer waits in the queue. */
export const GIVE_UP_AFTER = 10;

/**
 * Sends queued mail over SMTP. Rows are claimed with SKIP LOCKED, so any number of processes
 * can deliver side by side and no mail goes out twice from one claim; a failed send stays
 * queued with its error and is tried again, up to ten times.
 */
export class MailDelivery {
  private readonly transport: Transporter;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly db: Kysely<Database>,
    smtpUrl: string,
    private readonly from: string,
    private readonly log: Logger,
    private readonly pollMs = 2000,
    dkim: DkimKey | null = null,
  ) {
    this.transport = createMailTransport(smtpUrl, { dkim });
  }

  start(): void {
    this.schedule(0);
  }

  /** Sends what is queued now instead of at the next poll. */
  wake(): void {
    if (!this.running) this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
    this.transport.close();
  }

  private schedule(delay: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.deliver()
        .catch((error: unknown) => this.log.warn({ err: error }, 'mail delivery failed'))
        .finally(() => {
          this.running = null;
          this.schedule(this.pollMs);
        });
    }, delay);
  }

  private async deliver(): Promise<void> {
    for (;;) {
      const sent = await this.db.transaction().execute(async (trx) => {
        const batch = await sql<{ id: number; to_address: string; subject: string; text_body: string }>`
          select id, to_address, subject, text_body from mail_outbox
          where sent_at is null and attempts < ${GIVE_UP_AFTER}
          order by id limit ${BATCH} for update skip locked`.execute(trx);
        for (const mail of batch.rows) {
          try {
            await this.transport.sendMail({ from: this.from, to: mail.to_address, subject: mail.subject, text: mail.text_body });
            await trx.updateTable('mail_outbox').set({ sent_at: sql`now()`, attempts: sql`attempts + 1`, last_error: null }).where('id', '=', mail.id).execute();
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            await trx.updateTable('mail_outbox').set({ attempts: sql`attempts + 1`, last_error: message.slice(0, 1000) }).where('id', '=', mail.id).execute();
          }
        }
        return batch.rows.length;
      });
      if (sent < BATCH) return;
    }
  }
}
