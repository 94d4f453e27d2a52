import { sql } from 'kysely';
import { Gauge, type Registry } from 'prom-client';
import type { Core } from '../core.ts';
import { GIVE_UP_AFTER } from '../mail/delivery.ts';

/**
 * Work waiting for the job workers, read at scrape time in one statement: transcodes not done
 * (held or not), mail not sent and not given up on, and announcement emails not handed to the
 * relay yet (their batch unsent, a failed batch being tried again later).
 */
export function measureQueues(core: Core, registry: Registry): void {
  new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs waiting or running, by queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const { rows } = await sql<{ video: number; mail: number; announcement_email: number }>`
        select (select count(*) from video_jobs)::int as video,
               (select count(*) from mail_outbox where sent_at is null and attempts < ${GIVE_UP_AFTER})::int as mail,
               (select count(*) from distribution_batches b join distribution_recipients r on r.batch_id = b.id
                where b.status <> 'sent' and r.status = 'queued')::int as announcement_email`.execute(core.database.db);
      for (const [queue, depth] of Object.entries(rows[0]!)) this.set({ queue }, depth);
    },
  });
}
