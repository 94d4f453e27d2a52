import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BODY_REQUIRED,
  EMBARGO_PASSED,
  GALLERY_RULE,
  HEADER_IMAGE_RULE,
  HEADLINE_REQUIRED,
  NO_NEWSROOM_FOR_IT,
  NOT_PUBLISHED,
  PUBLISH_AT_PAST,
  VIDEO_RULE,
} from '../../../contracts/announcements/api.ts';
import { productModel } from '../../model.ts';
import { openTestCore, silentLog, useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { AnnouncementScheduler } from './scheduler.ts';
import { draft, inMinutes, newsroomOf, uploadImage, uploadVideo } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
let newsroom: { id: number; slug: string };

const guest = (url: string) => demo.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } });
const page = (url: string) => demo.app.inject({ method: 'GET', url });

/** A scheduler whose clock the test sets, on the file's core or another process's. */
function schedulerAt(clock: { now: Date }, core = t.core) {
  return new AnnouncementScheduler(core, { now: () => clock.now, log: silentLog });
}

async function eventsOf(id: number, type: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where stream_id = ${`announcement-${id}`} and type = ${type}`.execute(t.database.db);
  return rows[0]!.n;
}

beforeAll(async () => {
  newsroom = await newsroomOf(demo.admin, 'Harbour Test Room', [demo.pr]);
});

describe('writing an announcement', () => {
  it('drafts one in the newsroom with the product’s rich text, images, gallery, beats, language, embargo and tracking, and edits it', async () => {
    const header = await uploadImage(demo.app, demo.pr);
    const shot = await uploadImage(demo.app, demo.pr);
    const file = await uploadImage(demo.app, demo.pr);
    const answer = await demo.pr.call('POST', '/api/v1/announcements', {
      newsroomId: newsroom.id,
      headline: '  Harbour opens in Perth  ',
      subtitle: 'A west-coast office for energy clients',
      body: '<p>Hello <strong>Perth</strong><script>alert(1)</script></p><img src=x onerror=alert(1)>',
      headerImage: header,
      gallery: [{ image: shot, caption: 'The new office', credit: 'Harbour PR', usageRights: 'Editorial use only' }],
      attachments: [file],
      beats: [356, 355],
      embargoUntil: '2030-01-01T09:00:00+08:00',
      tracking: false,
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const made = answer.json();
    expect(answer.headers['object-id']).toBe(String(made.id));
    expect(made).toMatchObject({
      status: 'draft',
      headline: 'Harbour opens in Perth',
      body: '<p>Hello <strong>Perth</strong></p>',
      headerImageId: header,
      gallery: [{ id: shot, caption: 'The new office', credit: 'Harbour PR', usageRights: 'Editorial use only' }],
      attachments: [{ id: file, type: 'image' }],
      beats: [{ id: 356, name: 'business' }, { id: 355, name: 'tech' }],
      language: 'en',
      embargoUntil: '2030-01-01T01:00:00.000Z',
      tracking: false,
      canEdit: true,
      newsroom: { id: newsroom.id, slug: newsroom.slug },
      url: `/app/announcements/${made.id}`,
    });

    const edited = await demo.pr.call('PATCH', `/api/v1/announcements/${made.id}`, { subtitle: 'Now with a gallery credit', language: 'en-AU', gallery: [{ image: shot, caption: 'Office', credit: 'Ana' }] });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ subtitle: 'Now with a gallery credit', language: 'en-AU', headline: 'Harbour opens in Perth', gallery: [{ id: shot, credit: 'Ana', usageRights: '' }] });
    const colleagues = (await demo.pr.call('GET', '/api/v1/announcements/our')).json();
    expect(colleagues.data.map((a: { id: number }) => a.id)).toContain(made.id);
    expect((await demo.journalist.call('GET', '/api/v1/announcements/all')).json().data.map((a: { id: number }) => a.id)).not.toContain(made.id);
  });

  it('takes a video of the author’s own from the video pipeline and shows its state as it is now', async () => {
    const clip = await uploadVideo(demo.app, demo.pr);
    const id = await draft(demo.pr, newsroom.id, { headline: 'With a video', video: clip });
    const view = (await demo.pr.call('GET', `/api/v1/announcements/${id}`)).json();
    expect(view.video).toMatchObject({ id: clip, status: 'processing' });
    const theirs = await uploadVideo(demo.app, demo.expert);
    expect((await demo.pr.call('PATCH', `/api/v1/announcements/${id}`, { video: theirs })).json()).toEqual({ errors: [VIDEO_RULE] });
    expect((await demo.pr.call('PATCH', `/api/v1/announcements/${id}`, { video: null })).json().video).toBeNull();
  });

  it('answers a malformed form 400 with a line per field, and the rules needing the database 422 in the spec’s words', async () => {
    const malformed = await demo.pr.call('POST', '/api/v1/announcements', { newsroomId: newsroom.id, headline: 'x'.repeat(301), beats: [1], embargoUntil: '2030-01-01 09:00', tracking: 'yes' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toHaveLength(4);

    const someoneElses = await uploadImage(demo.app, demo.expert);
    const rules = await demo.pr.call('POST', '/api/v1/announcements', { newsroomId: newsroom.id, headline: 'Pictures', headerImage: someoneElses, gallery: [{ image: 999_999 }], video: someoneElses });
    expect([rules.statusCode, rules.json()]).toEqual([422, { errors: [HEADER_IMAGE_RULE, GALLERY_RULE, VIDEO_RULE] }]);
    expect((await demo.pr.call('POST', '/api/v1/announcements', { newsroomId: newsroom.id, headline: '   ' })).json()).toEqual({ errors: [HEADLINE_REQUIRED] });
    expect((await demo.pr.call('POST', '/api/v1/announcements', { newsroomId: 999_999, headline: 'Nowhere' })).json()).toEqual({ errors: [NO_NEWSROOM_FOR_IT] });

    const empty = await draft(demo.pr, newsroom.id, { body: '' });
    const publish = await demo.pr.call('POST', `/api/v1/announcements/${empty}/publish`);
    expect([publish.statusCode, publish.json()]).toEqual([422, { errors: [BODY_REQUIRED] }]);
    const past = await demo.pr.call('POST', `/api/v1/announcements/${empty}/schedule`, { publishAt: '2020-01-01T00:00:00Z' });
    expect([past.statusCode, past.json()]).toEqual([422, { errors: [PUBLISH_AT_PAST] }]);
    const unpublish = await demo.pr.call('POST', `/api/v1/announcements/${empty}/unpublish`);
    expect([unpublish.statusCode, unpublish.json()]).toEqual([422, { errors: [NOT_PUBLISHED] }]);
    const noId = await demo.pr.call('GET', '/api/v1/announcements/12abc');
    expect(noId.statusCode).toBe(404);
  });

  it('publishes and unpublishes by hand, each change an event with who made it, shown in the hub', async () => {
    const id = await draft(demo.pr, newsroom.id, { headline: 'By hand' });
    const published = await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`);
    expect(published.json()).toMatchObject({ status: 'published', isEmbargoed: false });
    expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).statusCode).toBe(200);
    expect(await eventsOf(id, 'AnnouncementPublished')).toBe(1);
    expect((await guest(`/api/v1/announcements/${id}`)).statusCode).toBe(200);
    expect((await demo.pr.call('POST', `/api/v1/announcements/${id}/unpublish`)).json().status).toBe('unpublished');
    expect((await guest(`/api/v1/announcements/${id}`)).statusCode).toBe(404);
    const hub = (await demo.pr.call('GET', `/api/v1/announcements/${id}/hub`)).json();
    expect(hub.status).toBe('unpublished');
    expect(hub.history.map((change: { type: string; by: { name: string } | null }) => [change.type, change.by?.name])).toEqual([
      ['AnnouncementDrafted', 'Pat Publicist'],
      ['AnnouncementPublished', 'Pat Publicist'],
      ['AnnouncementUnpublished', 'Pat Publicist'],
    ]);
  });
});

describe('scheduled announcements', () => {
  it('publish themselves at their time, once, however many schedulers of however many processes look at once', async () => {
    // A second process's core: its own pool of connections on the same database.
    const otherProcess = await openTestCore(t.database, productModel, { process: false });
    const at = inMinutes(60);
    const id = await draft(demo.pr, newsroom.id, { headline: 'Scheduled for later' });
    const scheduled = await demo.pr.call('POST', `/api/v1/announcements/${id}/schedule`, { publishAt: at.toISOString() });
    expect(scheduled.json()).toMatchObject({ status: 'scheduled', publishAt: at.toISOString() });

    const clock = { now: inMinutes(59) };
    const [a, b] = [schedulerAt(clock), schedulerAt(clock, otherProcess)];
    expect(await a.runDue()).toBe(0);
    expect((await guest(`/api/v1/announcements/${id}`)).statusCode).toBe(404);

    clock.now = new Date(at.getTime() + 1000);
    const changed = await Promise.all([a.runDue(), b.runDue(), a.runDue(), b.runDue()]).finally(() => otherProcess.close());
    expect(changed.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await eventsOf(id, 'AnnouncementPublished')).toBe(1);
    const seen = await guest(`/api/v1/announcements/${id}`);
    expect(seen.json()).toMatchObject({ status: 'published', publishedAt: at.toISOString(), publicAt: at.toISOString() });
    const log = (await demo.pr.call('GET', `/api/v1/announcements/${id}/hub`)).json().history.at(-1);
    expect(log).toMatchObject({ type: 'AnnouncementPublished', by: null });
  });

  it('run by themselves once started, and a schedule taken back makes a draft that stays one', async () => {
    const clock = { now: new Date() };
    const running = new AnnouncementScheduler(t.core, { now: () => clock.now, pollMs: 20, log: silentLog });
    const kept = await draft(demo.pr, newsroom.id, { headline: 'Runs by itself' });
    const taken = await draft(demo.pr, newsroom.id, { headline: 'Taken back' });
    for (const id of [kept, taken]) await demo.pr.call('POST', `/api/v1/announcements/${id}/schedule`, { publishAt: inMinutes(5).toISOString() });
    expect((await demo.pr.call('POST', `/api/v1/announcements/${taken}/schedule`, { publishAt: null })).json().status).toBe('draft');
    running.start();
    try {
      clock.now = inMinutes(6);
      await expect.poll(async () => (await guest(`/api/v1/announcements/${kept}`)).statusCode, { timeout: 5000 }).toBe(200);
    } finally {
      await running.stop();
    }
    expect((await demo.pr.call('GET', `/api/v1/announcements/${taken}`)).json().status).toBe('draft');
  });
});

describe('embargoes', () => {
  it('keep a published announcement from the public, its page, its newsroom’s feed and the preview link until their time', async () => {
    const until = inMinutes(120);
    const id = await draft(demo.pr, newsroom.id, { headline: 'Under embargo', embargoUntil: until.toISOString() });
    const link = (await demo.pr.call('POST', `/api/v1/announcements/${id}/preview`)).json();
    const token = link.token as string;
    expect((await guest(`/api/v1/announcements/${id}/preview?token=${token}`)).json()).toMatchObject({ headline: 'Under embargo', preview: true, status: 'draft' });

    const published = (await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`)).json();
    expect(published).toMatchObject({ status: 'published', isEmbargoed: true, publicAt: null });
    for (const url of [`/api/v1/announcements/${id}`, `/api/v1/announcements/${id}/preview?token=${token}`]) expect((await guest(url)).statusCode, url).toBe(404);
    expect((await demo.journalist.call('GET', `/api/v1/announcements/${id}`)).statusCode).toBe(404);
    expect((await page(`/app/announcements/${id}`)).statusCode).toBe(404);
    expect((await page(`/newsrooms/${newsroom.slug}/rss.xml`)).body).not.toContain('Under embargo');
    expect((await guest('/api/v1/announcements/all')).json().data.map((a: { id: number }) => a.id)).not.toContain(id);
    // Its own people read it all along.
    expect((await demo.pr.call('GET', `/api/v1/announcements/${id}`)).json().isEmbargoed).toBe(true);

    const clock = { now: inMinutes(119) };
    const scheduler = schedulerAt(clock);
    expect(await scheduler.runDue()).toBe(0);
    clock.now = until;
    expect(await scheduler.runDue()).toBe(1);
    expect(await scheduler.runDue()).toBe(0);
    expect((await guest(`/api/v1/announcements/${id}`)).json()).toMatchObject({ isEmbargoed: false, publicAt: until.toISOString() });
    expect((await guest(`/api/v1/announcements/${id}/preview?token=${token}`)).statusCode).toBe(200);
    expect((await page(`/newsrooms/${newsroom.slug}/rss.xml`)).body).toContain('Under embargo');
    const again = await demo.pr.call('PATCH', `/api/v1/announcements/${id}`, { embargoUntil: inMinutes(600).toISOString() });
    expect([again.statusCode, again.json()]).toEqual([422, { errors: [EMBARGO_PASSED] }]);
  });

  it('taken off a published announcement lets the public in at once', async () => {
    const id = await draft(demo.pr, newsroom.id, { headline: 'Embargo lifted early', embargoUntil: inMinutes(300).toISOString() });
    await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`);
    expect((await guest(`/api/v1/announcements/${id}`)).statusCode).toBe(404);
    expect((await demo.pr.call('PATCH', `/api/v1/announcements/${id}`, { embargoUntil: null })).json().isEmbargoed).toBe(false);
    expect((await guest(`/api/v1/announcements/${id}`)).statusCode).toBe(200);
  });
});

describe('preview links', () => {
  it('show a draft to whoever holds the link, never a wrong or replaced one, and only the newsroom’s writers make them', async () => {
    const id = await draft(demo.pr, newsroom.id, { headline: 'Preview me' });
    expect((await guest(`/api/v1/announcements/${id}`)).statusCode).toBe(404);
    const first = await demo.pr.call('POST', `/api/v1/announcements/${id}/preview`);
    expect(first.statusCode).toBe(201);
    expect(first.json().url).toMatch(new RegExp(`/app/announcements/${id}/web\\?preview=1&token=[\\w-]{32}$`));
    const token = first.json().token as string;
    expect((await guest(`/api/v1/announcements/${id}/preview?token=${token}`)).json()).toMatchObject({ id, preview: true, canEdit: false });
    const html = await page(`/app/announcements/${id}/web?preview=1&token=${token}`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<meta name="robots" content="noindex, nofollow" />');
    expect(html.body).toContain('Preview me');
    const embargoed = await draft(demo.pr, newsroom.id, { headline: 'Embargoed preview', embargoUntil: '2031-05-01T09:30:00+10:00' });
    const link = (await demo.pr.call('POST', `/api/v1/announcements/${embargoed}/preview`)).json().url.replace('http://pressroom.test', '');
    expect((await page(link)).body).toContain('Embargoed until 2031-04-30 23:30 UTC');

    const other = await draft(demo.pr, newsroom.id, { headline: 'Another draft' });
    expect((await guest(`/api/v1/announcements/${other}/preview?token=${token}`)).statusCode).toBe(404);
    expect((await guest(`/api/v1/announcements/${id}/preview?token=wrong`)).statusCode).toBe(404);
    const second = (await demo.pr.call('POST', `/api/v1/announcements/${id}/preview`)).json().token;
    expect((await guest(`/api/v1/announcements/${id}/preview?token=${token}`)).statusCode).toBe(404);
    expect((await guest(`/api/v1/announcements/${id}/preview?token=${second}`)).statusCode).toBe(200);
    expect((await demo.journalist.call('POST', `/api/v1/announcements/${id}/preview`)).statusCode).toBe(404);
    const { rows } = await sql<{ code_hash: string }>`select code_hash from announcement_preview_links where announcement_id = ${id}`.execute(t.database.db);
    expect(rows[0]!.code_hash).not.toContain(second);
  });
});

describe('the public pages', () => {
  it('answer a published announcement with its content and Open Graph tags in the HTML, and list it on its newsroom’s page and feeds; drafts appear nowhere', async () => {
    const header = await uploadImage(demo.app, demo.pr);
    const id = await draft(demo.pr, newsroom.id, { headline: 'Harbour & Co sign "Wave"', subtitle: 'A deal for tidal power', headerImage: header, body: '<p>The <em>deal</em> was signed today.</p>' });
    const hidden = await draft(demo.pr, newsroom.id, { headline: 'Still a draft' });
    await demo.pr.call('POST', `/api/v1/announcements/${id}/publish`);

    const html = await page(`/app/announcements/${id}`);
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<meta property="og:type" content="article" />');
    expect(html.body).toContain('<meta property="og:title" content="Harbour &amp; Co sign &quot;Wave&quot;" />');
    expect(html.body).toContain('<meta property="og:description" content="A deal for tidal power" />');
    expect(html.body).toContain(`<meta property="og:url" content="http://pressroom.test/app/announcements/${id}" />`);
    expect(html.body).toMatch(/<meta property="og:image" content="http:\/\/pressroom\.test\/[^"]+" \/>/);
    expect(html.body).toContain('<p>The <em>deal</em> was signed today.</p>');
    expect((await page(`/app/announcements/${id}/web`)).statusCode).toBe(200);
    expect((await page(`/app/announcements/${hidden}`)).statusCode).toBe(404);

    const room = await page(`/app/newsrooms/${newsroom.slug}`);
    expect(room.body).toContain(`<a href="http://pressroom.test/app/announcements/${id}">Harbour &amp; Co sign &quot;Wave&quot;</a>`);
    expect(room.body).not.toContain('Still a draft');
    for (const format of ['rss', 'atom']) {
      const feed = await page(`/newsrooms/${newsroom.slug}/${format}.xml`);
      expect(feed.body).toContain(`http://pressroom.test/app/announcements/${id}`);
      expect(feed.body).not.toContain('Still a draft');
      expect(feed.body).not.toContain(`/app/announcements/${hidden}`);
    }
    const all = (await guest('/api/v1/announcements/all')).json().data.map((a: { id: number }) => a.id);
    expect(all).toContain(id);
    expect(all).not.toContain(hidden);
  });
});
