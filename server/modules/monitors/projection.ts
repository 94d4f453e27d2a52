import { sql } from 'kysely';
import type { MonitorEvent } from '../../../contracts/monitors/index.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import { inRuns, type InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

type MentionEvent = StoredEvent<Extract<MonitorEvent, { type: 'MentionRecorded' }>>;

/** Many mentions in two statements: the matcher records a batch of them at once. */
async function recordMentions(trx: Tx, events: readonly MentionEvent[]): Promise<void> {
  if (events.length === 0) return;
  // A monitor deleted between the item's arrival and its match keeps nothing.
  const live = await trx.selectFrom('monitors').select('id').where('id', 'in', [...new Set(events.map((event) => event.data.monitorId))]).execute();
  const kept = new Set(live.map((row) => Number(row.id)));
  events = events.filter((event) => kept.has(event.data.monitorId));
  if (events.length === 0) return;
  await trx
    .insertInto('mentions')
    .values(
      events.map(({ data }) => ({
        monitor_id: data.monitorId,
        account_id: data.accountId,
        source: data.source,
        source_id: data.sourceId,
        title: data.title,
        summary: data.summary,
        link: data.link,
        outlet: data.outlet,
        beats: data.beats,
        country: data.country,
        published_at: data.publishedAt,
        matched_at: data.matchedAt,
      })),
    )
    .execute();
  const perMonitor = new Map<number, { count: number; last: string }>();
  for (const { data } of events) {
    const seen = perMonitor.get(data.monitorId);
    perMonitor.set(data.monitorId, { count: (seen?.count ?? 0) + 1, last: seen && seen.last > data.matchedAt ? seen.last : data.matchedAt });
  }
  const ids = [...perMonitor.keys()];
  await sql`
    update monitors set
      mentions_count = mentions_count + counted.count,
      last_mention_at = greatest(last_mention_at, counted.last)
    from (select unnest(${ids}::bigint[]) as id, unnest(${ids.map((id) => perMonitor.get(id)!.count)}::int[]) as count,
                 unnest(${ids.map((id) => perMonitor.get(id)!.last)}::timestamptz[]) as last) counted
    where monitors.id = counted.id`.execute(trx);
}

/** Monitors as they are now and the mentions each found; a deleted monitor is gone with its mentions (its streams keep them). */
export const monitorsProjection: InlineProjection<MonitorEvent> = {
  name: 'monitors',
  tables: ['monitors', 'mentions'],
  async apply(trx, event) {
    await this.applyAll!(trx, [event]);
  },
  // A run of mentions is one write; everything else one by one, in order.
  applyAll: inRuns({ MentionRecorded: (trx, events) => recordMentions(trx, events as MentionEvent[]) }, (trx, event) => applyOne(trx, event)),
};

async function applyOne(trx: Tx, event: StoredEvent<MonitorEvent>): Promise<void> {
  const at = event.recordedAt;
  switch (event.type) {
    case 'MonitorCreated': {
      const { monitorId, accountId, definition, createdBy } = event.data;
      await trx
        .insertInto('monitors')
        .values({
          id: monitorId,
          account_id: accountId,
          name: definition.name,
          query: definition.query,
          sources: definition.sources,
          beats: definition.beats,
          outlets: definition.outlets,
          countries: definition.countries,
          email_digest: definition.emailDigest,
          created_by: createdBy,
          created_at: at,
          updated_at: at,
        })
        .execute();
      return;
    }
    case 'MonitorChanged': {
      const { monitorId, definition } = event.data;
      await trx
        .updateTable('monitors')
        .set({
          name: definition.name,
          query: definition.query,
          sources: definition.sources,
          beats: definition.beats,
          outlets: definition.outlets,
          countries: definition.countries,
          email_digest: definition.emailDigest,
          updated_at: at,
        })
        .where('id', '=', monitorId)
        .execute();
      return;
    }
    case 'MonitorDigestSent':
      await trx.updateTable('monitors').set({ digest_through: event.data.through }).where('id', '=', event.data.monitorId).execute();
      return;
    case 'MonitorDeleted':
      await trx.deleteFrom('mentions').where('monitor_id', '=', event.data.monitorId).execute();
      await trx.deleteFrom('monitors').where('id', '=', event.data.monitorId).execute();
      return;
    default:
      return;
  }
}
