import type { z } from 'zod';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { monitorEvents, type MentionView, type MonitorEvent, type monitorMentioned } from '../../../contracts/monitors/index.ts';
import { EventRegistry } from '../../events/registry.ts';
import { EventStore } from '../../events/store.ts';
import type { AnyEvent, StoredEvent, Tx } from '../../events/types.ts';
import type { ProcessorDefinition } from '../../projections/processor.ts';
import { MonitorIndex, type FiledMonitor } from './matcher.ts';
import { monitorsProjection } from './projection.ts';
import { accountPeople, allMonitors } from './queries.ts';
import { ITEM_EVENTS, itemOf, type Item } from './sources.ts';

export type MentionMessage = { rooms: string[]; payload: z.infer<typeof monitorMentioned> };

export type MonitorMatcherOptions = {
  /** After each committed batch: the mentions it recorded, for the account's people's tabs. */
  onMentions?: (messages: MentionMessage[]) => void;
};

export const MATCHER_NAME = 'monitor-mentions';
const MATCHER_VERSION = 1;
export const mentionStream = (monitorId: number, item: Pick<Item, 'source' | 'sourceId'>) => `mention-${monitorId}-${item.source}-${item.sourceId}`;

const registry = new EventRegistry<MonitorEvent>(monitorEvents);
const matcherMetadata = (cause: StoredEvent<AnyEvent>): EventMetadata => ({ actorId: null, actorRole: 'system', requestId: null, correlationId: null, causationId: String(cause.position) });
const checkpointKey = (event: Pick<StoredEvent, 'transactionId' | 'position'>) => `${event.transactionId}:${event.position}`;

type MentionData = Extract<MonitorEvent, { type: 'MentionRecorded' }>['data'];
const mentionOf = ({ accountId: _account, ...mention }: MentionData): MentionView => mention;

type Found = { monitor: FiledMonitor; item: Item; cause: StoredEvent<AnyEvent> };

/**
 * Matches each item as it arrives (outside news, editorial articles, announcements on the
 * wire, posts everyone may read) against every monitor, through an index of the monitors kept
 * in memory and moved along by their own events in log order. A match is a MentionRecorded
 * event, appended in the batch's transaction (so the checkpoint moves with it: each mention
 * once), and told to the monitor's account once committed.
 */
export function monitorMatcher(options: MonitorMatcherOptions = {}): ProcessorDefinition<AnyEvent> {
  const index = new MonitorIndex();
  // The checkpoint the index stands at: when the batch in hand starts elsewhere (another
  // process handled the last ones, or a batch rolled back), the index is read again.
  let indexedThrough: string | null = null;
  let pending: MentionMessage[] = [];
  return {
    name: MATCHER_NAME,
    version: MATCHER_VERSION,
    tables: [],
    appends: true,
    // New items only: a monitor watches what arrives from its creation on.
    startAt: 'head',
    // The rest of the log (messages, answers, likes) never leaves PostgreSQL for this processor.
    eventTypes: [...ITEM_EVENTS, ...FILING_EVENTS],
    // Mentions may take a moment (the goal is a second): items arriving meanwhile share a batch.
    gatherMs: 50,
    async handleBatch(trx, events, _tables, start) {
      pending = [];
      if (checkpointKey(start) !== indexedThrough) {
        index.clear();
        for (const monitor of await allMonitors(trx)) index.put(monitor);
      }
      indexedThrough = null;
      const found: Found[] = [];
      for (const event of events) {
        if (fileMonitor(index, event) || index.size === 0) continue;
        const item = await itemOf(trx, event);
        if (item) for (const monitor of index.match(item)) found.push({ monitor, item, cause: event });
      }
      if (found.length > 0) pending = await record(trx, found);
    },
    afterCommit(events, { from, through }) {
      // A batch of other events only leaves the monitors as they were.
      if (events.length > 0 || indexedThrough === checkpointKey(from)) indexedThrough = checkpointKey(through);
      if (pending.length > 0) options.onMentions?.(pending);
      pending = [];
    },
  };
}

const FILING_EVENTS = ['MonitorCreated', 'MonitorChanged', 'MonitorDeleted'] as const;

/** Moves the index along a monitor's own event; false for any other event. */
function fileMonitor(index: MonitorIndex, event: StoredEvent<AnyEvent>): boolean {
  const monitorEvent = event as StoredEvent<MonitorEvent>;
  switch (monitorEvent.type) {
    case 'MonitorCreated':
    case 'MonitorChanged':
      index.put({ id: monitorEvent.data.monitorId, accountId: monitorEvent.data.accountId, ...monitorEvent.data.definition });
      return true;
    case 'MonitorDeleted':
      index.remove(monitorEvent.data.monitorId);
      return true;
    default:
      return false;
  }
}

/** Appends the mentions not recorded before (an item published again is not news again) and says who hears of them. */
async function record(trx: Tx, found: Found[]): Promise<MentionMessage[]> {
  const byStream = new Map(found.map((match) => [mentionStream(match.monitor.id, match.item), match]));
  const existing = await trx.selectFrom('events').select('stream_id').where('stream_id', 'in', [...byStream.keys()]).where('stream_version', '=', 1).execute();
  for (const row of existing) byStream.delete(row.stream_id);
  if (byStream.size === 0) return [];
  const store = new EventStore<MonitorEvent>(trx, registry, () => {});
  const streams = [...byStream].map(([streamId, { monitor, item, cause }]) => ({
    streamId,
    expected: 'no_stream' as const,
    metadata: matcherMetadata(cause),
    events: [
      {
        type: 'MentionRecorded' as const,
        data: {
          accountId: monitor.accountId,
          monitorId: monitor.id,
          source: item.source,
          sourceId: item.sourceId,
          title: item.title,
          summary: item.summary,
          link: item.link,
          outlet: item.outlet,
          beats: item.beats,
          country: item.country,
          publishedAt: item.publishedAt,
          matchedAt: item.arrivedAt,
        },
      },
    ],
  }));
  const stored = (await store.appendStreamsInTransaction(trx, streams, { inRequestOrder: true })).flat();
  await monitorsProjection.applyAll!(trx, stored);
  const people = await accountPeople(trx, stored.map((event) => (event.data as { accountId: number }).accountId));
  return stored.map((event) => {
    const data = event.data as MentionData;
    const { monitor } = byStream.get(event.streamId)!;
    return {
      rooms: (people.get(data.accountId) ?? []).map((userId) => `user:${userId}`),
      payload: {
        cursor: checkpointKey(event),
        position: event.position,
        monitorId: data.monitorId,
        monitorName: monitor.name,
        mention: mentionOf(data),
      },
    };
  });
}
