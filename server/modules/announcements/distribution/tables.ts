import type { ColumnType } from 'kysely';

// The distribution's tables (migrations/0025_announcement_distribution.ts): operational state
// beside the announcement's stream, as the mail outbox is.
declare module '../../../db/schema.ts' {
  interface Database {
    newsroom_subscribers: {
      id: ColumnType<number, never, never>;
      newsroom_id: number;
      email: string;
      status: 'pending' | 'confirmed' | 'unsubscribed';
      code_hash: string;
      created_at: ColumnType<Date, Date | undefined, Date>;
      confirmed_at: Date | null;
    };
    distribution_batches: {
      id: ColumnType<number, never, never>;
      announcement_id: number;
      status: 'queued' | 'sending' | 'sent' | 'failed';
      size: number;
      attempts: ColumnType<number, number | undefined, number>;
      lease_until: Date | null;
      last_error: string | null;
      created_at: ColumnType<Date, Date | undefined, Date>;
      finished_at: Date | null;
    };
    distribution_recipients: {
      id: ColumnType<number, never, never>;
      announcement_id: number;
      batch_id: number;
      email: string;
      name: string;
      source: RecipientSource;
      status: 'queued' | 'sent' | 'failed' | 'bounced';
      message_id: string | null;
      last_error: string | null;
      sent_at: Date | null;
      revoked_at: Date | null;
      created_at: ColumnType<Date, Date | undefined, Date>;
      bounce: ColumnType<'hard' | 'soft' | null, never, 'hard' | 'soft' | null>;
      bounce_status: ColumnType<string | null, never, string | null>;
      bounced_at: ColumnType<Date | null, never, Date | null>;
    };
    distribution_activity: {
      id: ColumnType<number, never, never>;
      announcement_id: number;
      recipient_id: number | null;
      kind: ActivityKind;
      visitor: string | null;
      at: ColumnType<Date, Date | undefined, Date>;
    };
    mail_bounces: { email: string; reason: string; at: ColumnType<Date, Date | undefined, Date> };
    distribution_unsubscribes: { account_id: number; email: string; at: ColumnType<Date, Date | undefined, Date> };
  }
}

export type RecipientSource = 'list' | 'subscriber' | 'address';
export type ActivityKind = 'open' | 'click' | 'view';
