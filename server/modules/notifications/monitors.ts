import { sql } from 'kysely';
import type { ProductEvent } from '../../../contracts/events/index.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { TableNames } from '../../projections/processor.ts';
import type { MonitorNotice } from './notices.ts';

export type MentionRecorded = StoredEvent<Extract<ProductEvent, { type: 'MentionRecorded' }>>;

export const isMention = (event: StoredEvent<ProductEvent>): event is MentionRecorded => event.type === 'MentionRecorded';

export async function createMonitorTable(trx: Tx, tables: TableNames): Promise<void> {
  await sql`
    create table ${sql.table(tables.notification_monitors!)} (
      monitor_id bigint primary key,
      account_id bigint not null,
      -- Null once the creator has moved to another account: then nobody is told.
      owner_id bigint,
      name text not null
    )`.execute(trx);
}

/**
 * The monitors whose mentions the feed tells of, as the log has them at each point: whose
 * account, who is told (the creator, while in that account) and the name. The processor keeps
 * them from the monitors' own events rather than reading the monitors' read model, which holds
 * only the present: a rebuild then tells whom live told, of a monitor deleted or a creator
 * moved since.
 */
export class MonitorOwners {
  private readonly table: string;

  constructor(
    private readonly trx: Tx,
    tables: TableNames,
  ) {
    this.table = tables.notification_monitors!;
  }

  async file(monitorId: number, accountId: number, ownerId: number, name: string): Promise<void> {
    await sql`insert into ${sql.table(this.table)} (monitor_id, account_id, owner_id, name) values (${monitorId}, ${accountId}, ${ownerId}, ${name})`.execute(this.trx);
  }

  async rename(monitorId: number, name: string): Promise<void> {
    await sql`update ${sql.table(this.table)} set name = ${name} where monitor_id = ${monitorId}`.execute(this.trx);
  }

  async remove(monitorId: number): Promise<void> {
    await sql`delete from ${sql.table(this.table)} where monitor_id = ${monitorId}`.execute(this.trx);
  }

  /** Someone joined another account: the monitors they were told of, which they may no longer see. */
  async leave(userId: number, accountId: number): Promise<number[]> {
    const left = await sql<{ monitor_id: number }>`
      update ${sql.table(this.table)} set owner_id = null
      where owner_id = ${userId} and account_id <> ${accountId}
      returning monitor_id`.execute(this.trx);
    return left.rows.map((row) => Number(row.monitor_id));
  }

  /**
   * Each mention tells its monitor's owner, on one feed item per monitor until read (the feed
   * groups them). A mention of one's own post tells them too: it is the monitor's finding, and
   * its page counts it.
   */
  async noticesOf(mentions: readonly MentionRecorded[]): Promise<{ position: number; at: Date; notices: MonitorNotice[] }[]> {
    const ids = [...new Set(mentions.map((mention) => mention.data.monitorId))];
    const found = await sql<{ monitor_id: number; owner_id: number; name: string }>`
      select monitor_id, owner_id, name from ${sql.table(this.table)}
      where monitor_id = any(${ids}::bigint[]) and owner_id is not null`.execute(this.trx);
    const owned = new Map(found.rows.map((row) => [Number(row.monitor_id), { ownerId: Number(row.owner_id), name: row.name }]));
    return mentions.map((mention) => {
      const { monitorId } = mention.data;
      const monitor = owned.get(monitorId);
      const notices: MonitorNotice[] = monitor
        ? [{ recipientId: monitor.ownerId, type: 'monitorMention', groupKey: `monitorMention:monitor-${monitorId}`, monitorId, actorId: null, cause: mention.streamId, entitySummary: monitor.name }]
        : [];
      return { position: mention.position, at: mention.recordedAt, notices };
    });
  }
}
