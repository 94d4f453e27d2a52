import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../core.ts';
import type { AnyEvent } from '../../events/types.ts';
import { productModel } from '../../model.ts';
import { metadata, openTestCore, useTestCore } from '../../testing/core.ts';
import { monitorMatcher } from './mentions.ts';
import { addNewsItem } from './testing.ts';

// Two processes' matchers over one log, driven batch by batch: each keeps its own index of the monitors.
const here = monitorMatcher();
const there = monitorMatcher();
const t = useTestCore({ ...productModel, processors: [here] }, { process: false });
const others: Core[] = [];
afterAll(async () => {
  await Promise.all(others.map((core) => core.close()));
});

const fileMonitor = (core: Core, monitorId: number, query: string) =>
  core.commands.transaction((unit) =>
    unit.startStreams([
      {
        streamId: `monitor-${monitorId}`,
        events: [{ type: 'MonitorCreated', data: { accountId: 1, monitorId, createdBy: 1, definition: { name: query, query, sources: ['news'], beats: [], outlets: [], countries: [], emailDigest: false } } } as AnyEvent],
        metadata: metadata(),
      },
    ]),
  );

const mentions = async (core: Core, monitorId: number) =>
  (await sql<{ stream_id: string }>`select stream_id from events where stream_id like ${`mention-${monitorId}-%`} order by stream_id`.execute(core.database.db)).rows.map((row) => row.stream_id);

describe('the monitor matcher', () => {
  it('reads the monitors again when another process filed one, even after a batch that held none of its events', async () => {
    const elsewhere = await openTestCore(t.database, { ...productModel, processors: [there] }, { process: false });
    others.push(elsewhere);
    await t.core.processors.register();
    await elsewhere.processors.register();

    await addNewsItem(t.core, { id: 1, title: 'Nothing watched yet' });
    expect(await t.core.processors.drainOnce(here)).toBe('idle');
    await fileMonitor(t.core, 7, 'lighthouse');
    expect(await elsewhere.processors.drainOnce(there)).toBe('idle');
    // A batch of the log's other events only: this process never saw the monitor filed.
    await t.core.store.append('monitor-7', 1, [{ type: 'MonitorDigestSent', data: { accountId: 1, monitorId: 7, through: '0', mentions: 0 } } as AnyEvent], metadata());
    expect(await t.core.processors.drainOnce(here)).toBe('idle');

    await addNewsItem(t.core, { id: 2, title: 'Lighthouse for sale' });
    expect(await t.core.processors.drainOnce(here)).toBe('idle');
    expect(await mentions(t.core, 7)).toEqual(['mention-7-news-2']);
  });
});
