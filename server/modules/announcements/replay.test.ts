import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { replayInline } from '../../projections/replay.ts';
import { silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { announcementsProjection } from './projection.ts';
import { AnnouncementScheduler } from './scheduler.ts';
import { draft, inMinutes, newsroomOf, uploadImage } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

async function snapshot() {
  const entries = await Promise.all(announcementsProjection.tables.map(async (table) => [table, (await sql`select * from ${sql.table(table)} order by 1`.execute(t.database.db)).rows] as const));
  return Object.fromEntries(entries);
}

describe('the announcements read model', () => {
  it('rebuilds from the log into tables identical to the live ones: drafts, edits, schedules, embargoes and what the scheduler did', async () => {
    const pat = demo.pr;
    const room = await newsroomOf(demo.admin, 'Replay Room', [pat]);
    const image = await uploadImage(demo.app, pat);
    const plain = await draft(pat, room.id, { headerImage: image, gallery: [{ image, caption: 'A', credit: 'B', usageRights: 'C' }], beats: [62], attachments: [image] });
    await pat.call('PATCH', `/api/v1/announcements/${plain}`, { subtitle: 'Edited', language: 'fr' });
    await pat.call('POST', `/api/v1/announcements/${plain}/publish`);
    await pat.call('POST', `/api/v1/announcements/${plain}/unpublish`);
    const scheduled = await draft(pat, room.id, { headline: 'Scheduled' });
    await pat.call('POST', `/api/v1/announcements/${scheduled}/schedule`, { publishAt: inMinutes(10).toISOString() });
    const waiting = await draft(pat, room.id, { headline: 'Waiting' });
    await pat.call('POST', `/api/v1/announcements/${waiting}/schedule`, { publishAt: inMinutes(90).toISOString() });
    const embargoed = await draft(pat, room.id, { headline: 'Embargoed', embargoUntil: inMinutes(20).toISOString() });
    await pat.call('POST', `/api/v1/announcements/${embargoed}/publish`);
    const still = await draft(pat, room.id, { headline: 'Still embargoed', embargoUntil: inMinutes(200).toISOString() });
    await pat.call('POST', `/api/v1/announcements/${still}/publish`);
    await new AnnouncementScheduler(t.core, { now: () => inMinutes(30), log: silentLog }).runDue();

    const live = await snapshot();
    expect((live.announcements as { headline: string; status: string; is_public: boolean; due_at: Date | null }[]).map((row) => [row.headline, row.status, row.is_public, row.due_at !== null])).toEqual([
      ['Harbour opens a Perth office', 'unpublished', false, false],
      ['Scheduled', 'published', true, false],
      ['Waiting', 'scheduled', false, true],
      ['Embargoed', 'published', true, false],
      ['Still embargoed', 'published', false, true],
    ]);
    await sql`update announcements set headline = 'Broken', is_public = false, due_at = null`.execute(t.database.db);

    await replayInline(t.database.db, t.core.store, productModel.inline);
    expect(await snapshot()).toEqual(live);
  });
});
