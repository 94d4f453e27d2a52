import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  announcementHub,
  announcementIdParams,
  announcementList,
  announcementListQuery,
  announcementView,
  createAnnouncementBody,
  editAnnouncementBody,
  GALLERY_RULE,
  HEADER_IMAGE_RULE,
  NO_ANNOUNCEMENT,
  NO_NEWSROOM_FOR_IT,
  ourAnnouncementsQuery,
  previewLinkView,
  previewQuery,
  scheduleBody,
  VIDEO_RULE,
  type AnnouncementInput,
} from '../../../contracts/announcements/api.ts';
import type { AnnouncementFields } from '../../../contracts/announcements/events.ts';
import type { Core } from '../../core.ts';
import type { RealtimeServer } from '../../realtime/processor.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { sanitizeRichText } from '../content/rich-text.ts';
import { accountModules, findNewsroom, isOwnNewsroom, isPlatformAdmin, newsroomAccessOf, newsroomsRefusal, type NewsroomAccess } from '../newsrooms/index.ts';
import { findOwnImage, findOwnUploads } from '../uploads/index.ts';
import { findVideo } from '../video/index.ts';
import { announcementDecider, announcementStream, type AnnouncementChanges, type AnnouncementCommand } from './commands.ts';
import { recordActivity, visitorOf } from './distribution/activity.ts';
import { numbersPulseOf } from './distribution/pulse.ts';
import { queueRecipients } from './distribution/queue.ts';
import { noIndex, renderPage } from './page.ts';
import { hubRefusal, mayRead, mayWrite, writeRefusal, type Member } from './permissions.ts';
import { announcementViewOf, fieldsOf, findAnnouncement, ourAnnouncements, publicAnnouncements, type AnnouncementRow } from './queries.ts';

export type AnnouncementOptions = {
  publicUrl: string;
  /** The built client, whose shell the public page is written into; a bare page of our own without it. */
  clientDir?: string | null;
  /** The clock that judges schedules and embargoes set through the API. */
  now?: () => Date;
  /** Recipients of an email version were queued: the senders look now. */
  recipientsQueued?: () => void;
  /** Live pushes: the hub hears its web views move. */
  realtime?: RealtimeServer | null;
};

const EMPTY_FIELDS: AnnouncementFields = {
  headline: '',
  subtitle: '',
  body: '',
  headerImage: null,
  gallery: [],
  video: null,
  attachments: [],
  beats: [],
  language: 'en',
  embargoUntil: null,
  tracking: true,
};

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What the public may read of it: published, its embargo passed, in a public newsroom. */
const isPublicNow = (row: AnnouncementRow, newsroom: { is_public: boolean }) => row.is_public && newsroom.is_public;

/**
 * Announcements (issue 18): a newsroom's press releases, written by its people as drafts,
 * scheduled or published (with an optional embargo), read by the public once public, as JSON for
 * the app and as a page for search engines and link previews; drafts are shown through a secret link.
 */
export function announcementRoutes(core: Core, options: AnnouncementOptions): FastifyPluginAsyncZod {
  const { db } = core.database;
  const { publicUrl } = options;
  const now = options.now ?? (() => new Date());
  const pulse = numbersPulseOf(options.realtime);

  async function readerOf(request: FastifyRequest): Promise<Member | null> {
    const user = request.auth?.user;
    return user ? { ...user, modules: await accountModules(db, user.accountId) } : null;
  }

  async function memberOf(request: FastifyRequest): Promise<Member> {
    const user = requireUser(request);
    return { ...user, modules: await accountModules(db, user.accountId) };
  }

  const metadataOf = (request: FastifyRequest) => eventMetadata(request, request.auth ? actorOf(request.auth.user) : null);

  /** An announcement with its newsroom, or 404. */
  async function load(id: number): Promise<{ row: AnnouncementRow; access: NewsroomAccess; isPublic: boolean }> {
    const row = await findAnnouncement(db, id);
    const newsroom = row ? await findNewsroom(db, { id: Number(row.newsroom_id) }) : null;
    if (!row || !newsroom) throw new NotFound(NO_ANNOUNCEMENT);
    return { row, access: await newsroomAccessOf(db, newsroom), isPublic: isPublicNow(row, newsroom) };
  }

  /** An announcement as the reader may read it: its newsroom's people any, everyone else a public one; anything else is not found. */
  async function readable(reader: Member | null, id: number) {
    const found = await load(id);
    if (!mayRead(reader, found.access, found.isPublic)) throw new NotFound(NO_ANNOUNCEMENT);
    return found;
  }

  /**
   * The form's fields judged against the database: the body sanitised as posts' are, and every
   * upload the author's own of the right kind (what it has already stays, whoever uploaded it).
   * Every problem in one answer.
   */
  async function changesOf(member: Member, input: AnnouncementInput, current: AnnouncementFields): Promise<AnnouncementChanges> {
    const problems: string[] = [];
    const { body, headerImage, gallery, video, attachments, ...plain } = input;
    const changes: AnnouncementChanges = { ...plain };
    if (body !== undefined) changes.body = sanitizeRichText(body);
    if (headerImage !== undefined) {
      if (headerImage === null) changes.headerImage = null;
      else if (current.headerImage?.uploadId === headerImage) changes.headerImage = current.headerImage;
      else {
        const image = await findOwnImage(db, headerImage, member.id);
        if (image) changes.headerImage = { uploadId: image.id, path: image.path, thumbnail: image.thumbnail };
        else problems.push(HEADER_IMAGE_RULE);
      }
    }
    if (gallery !== undefined) {
      const kept = new Map(current.gallery.map((image) => [image.uploadId, image]));
      const uploads = await findOwnUploads(db, gallery.map((image) => image.image).filter((id) => !kept.has(id)), member.id);
      const resolved = gallery.map((image) => {
        const known = kept.get(image.image);
        const upload = uploads.get(image.image);
        const picture = known ? { uploadId: known.uploadId, path: known.path, thumbnail: known.thumbnail } : upload?.type === 'image' ? { uploadId: upload.id, path: upload.path, thumbnail: upload.thumbnail } : null;
        return picture ? { ...picture, caption: image.caption, credit: image.credit, usageRights: image.usageRights } : null;
      });
      if (resolved.includes(null)) problems.push(GALLERY_RULE);
      else changes.gallery = resolved.filter((image) => image !== null);
    }
    if (video !== undefined) {
      if (video === null || video === current.video) changes.video = video;
      else {
        const found = await findVideo(db, video);
        if (found && found.ownerId === member.id) changes.video = video;
        else problems.push(VIDEO_RULE);
      }
    }
    if (attachments !== undefined) {
      const kept = new Map(current.attachments.map((item) => [item.id, item]));
      const uploads = await findOwnUploads(db, attachments.filter((id) => !kept.has(id)), member.id);
      const missing = attachments.filter((id) => !kept.has(id) && !uploads.has(id));
      problems.push(...missing.map((id) => `Attachment ${id} was not found`));
      if (missing.length === 0) {
        changes.attachments = attachments.map((id) => {
          const item = kept.get(id);
          if (item) return item;
          const upload = uploads.get(id)!;
          return { type: upload.type, id: upload.id, path: upload.path, thumbnail: upload.thumbnail, length: null };
        });
      }
    }
    if (problems.length > 0) throw new ValidationFailed(problems);
    return changes;
  }

  /** Runs one command on an announcement the person may change, in one transaction, and answers it as it is now. */
  async function change(request: FastifyRequest, member: Member, id: number, command: (found: Awaited<ReturnType<typeof load>>) => Promise<AnnouncementCommand>) {
    const found = await load(id);
    const refusal = writeRefusal(member, found.access, found.isPublic);
    if (refusal) throw refusal;
    const decided = await command(found);
    // Publishing (or lifting an embargo early) queues the email version in the same transaction.
    const queued = await core.commands.transaction(async (unit) => {
      const result = await unit.run(announcementDecider, announcementStream(id), decided, metadataOf(request));
      return result.events.length > 0 ? queueRecipients(unit.trx, id) : 0;
    });
    if (queued > 0) options.recipientsQueued?.();
    return viewFor(member, id);
  }

  async function viewFor(reader: Member | null, id: number, preview = false) {
    const { row, access } = await load(id);
    return announcementViewOf(db, row, { canEdit: reader !== null && mayWrite(reader, access), preview });
  }

  /** Whether a preview link opens this announcement now: a draft's always; a published one's only once the public may read it. */
  async function previewable(id: number, token: string): Promise<AnnouncementRow | null> {
    const link = await db.selectFrom('announcement_preview_links').select('announcement_id').where('code_hash', '=', hashToken(token)).executeTakeFirst();
    if (!link || Number(link.announcement_id) !== id) return null;
    const row = await findAnnouncement(db, id);
    if (!row || (row.status === 'published' && !row.is_public)) return null;
    return row;
  }

  async function shell(): Promise<string | null> {
    if (!options.clientDir) return null;
    try {
      return await fs.readFile(path.join(options.clientDir, 'index.html'), 'utf8');
    } catch {
      return null;
    }
  }

  const sendPage = (reply: FastifyReply, status: number, html: string) => reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);

  /** The public page, or the shell for the app's own screens (all, our, hub...) and 404 for what the public may not read. */
  async function answerPage(reply: FastifyReply, ref: string, query: { preview?: string; token?: string }) {
    const page = await shell();
    if (!/^\d{1,15}$/.test(ref)) {
      if (page) return sendPage(reply, 200, page);
      throw new NotFound(NO_ANNOUNCEMENT);
    }
    const id = Number(ref);
    if (query.preview !== undefined && query.token) {
      const row = await previewable(id, query.token);
      if (row) return sendPage(reply, 200, noIndex(renderPage(page, await announcementViewOf(db, row, { canEdit: false, preview: true }), publicUrl)));
    } else {
      const found = await load(id).catch(() => null);
      if (found?.isPublic) {
        // Counted beside the answer, not before it: a reader does not wait for the tally.
        if (found.row.tracking) {
          const visitor = visitorOf(reply.request.ip, reply.request.headers['user-agent'] ?? '');
          void recordActivity(db, { announcementId: id, recipientId: null, kind: 'view', visitor })
            .then(() => pulse?.moved(id, 'viewed'))
            .catch((error: unknown) => reply.log.warn({ err: error }, 'could not count an announcement view'));
        }
        return sendPage(reply, 200, renderPage(page, await announcementViewOf(db, found.row, { canEdit: false, preview: false }), publicUrl));
      }
    }
    // Its people read a draft in the app, which asks the API with their session.
    if (page) return sendPage(reply, 404, page);
    throw new NotFound(NO_ANNOUNCEMENT);
  }

  return async (app) => {
    app.get('/api/v1/announcements/all', { schema: { querystring: announcementListQuery, response: { 200: announcementList } } }, async (request) => publicAnnouncements(db, request.query));

    app.get('/api/v1/announcements/our', { schema: { querystring: ourAnnouncementsQuery, response: { 200: announcementList } } }, async (request) => {
      const member = await memberOf(request);
      const refusal = newsroomsRefusal(member);
      if (refusal && !isPlatformAdmin(member)) throw new Forbidden(refusal);
      return ourAnnouncements(db, member, request.query);
    });

    app.post('/api/v1/announcements', { schema: { body: createAnnouncementBody, response: { 201: announcementView } } }, async (request, reply) => {
      const member = await memberOf(request);
      const refusal = newsroomsRefusal(member);
      if (refusal && !isPlatformAdmin(member)) throw new Forbidden(refusal);
      const { newsroomId, ...input } = request.body;
      const newsroom = await findNewsroom(db, { id: newsroomId });
      const access = newsroom ? await newsroomAccessOf(db, newsroom) : null;
      // A newsroom the person cannot see is not there for them.
      if (!newsroom || !access || !(newsroom.is_public || isOwnNewsroom(member, access))) throw new ValidationFailed([NO_NEWSROOM_FOR_IT]);
      const cannot = writeRefusal(member, access, true);
      if (cannot) throw cannot;
      const changes = await changesOf(member, input, EMPTY_FIELDS);
      const fields = { ...EMPTY_FIELDS, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), language: changes.language ?? newsroom.languages[0] ?? 'en' } as AnnouncementFields;
      const announcementId = await core.commands.transaction(async (unit) => {
        const id = (await sql<{ id: number }>`select nextval('announcement_ids')::int as id`.execute(unit.trx)).rows[0]!.id;
        await unit.run(announcementDecider, announcementStream(id), { type: 'draft', announcementId: id, newsroomId, accountId: Number(newsroom.account_id), fields, by: member, newsroom: access }, metadataOf(request));
        return id;
      });
      return created(reply, announcementId).send(await viewFor(member, announcementId));
    });

    app.get('/api/v1/announcements/:id', { schema: { params: announcementIdParams, response: { 200: announcementView } } }, async (request) => {
      const reader = await readerOf(request);
      const { row, access } = await readable(reader, request.params.id);
      return announcementViewOf(db, row, { canEdit: reader !== null && mayWrite(reader, access), preview: false });
    });

    app.patch('/api/v1/announcements/:id', { schema: { params: announcementIdParams, body: editAnnouncementBody, response: { 200: announcementView } } }, async (request) => {
      const member = await memberOf(request);
      return change(request, member, request.params.id, async ({ row, access }) => ({
        type: 'edit',
        announcementId: request.params.id,
        changes: await changesOf(member, request.body, fieldsOf(row)),
        at: now(),
        by: member,
        newsroom: access,
      }));
    });

    app.post('/api/v1/announcements/:id/schedule', { schema: { params: announcementIdParams, body: scheduleBody, response: { 200: announcementView } } }, async (request) => {
      const member = await memberOf(request);
      return change(request, member, request.params.id, async ({ access }) => ({ type: 'schedule', announcementId: request.params.id, publishAt: request.body.publishAt, at: now(), by: member, newsroom: access }));
    });

    app.post('/api/v1/announcements/:id/publish', { schema: { params: announcementIdParams, response: { 200: announcementView } } }, async (request) => {
      const member = await memberOf(request);
      return change(request, member, request.params.id, async ({ access }) => ({ type: 'publish', announcementId: request.params.id, at: now(), by: member, newsroom: access }));
    });

    app.post('/api/v1/announcements/:id/unpublish', { schema: { params: announcementIdParams, response: { 200: announcementView } } }, async (request) => {
      const member = await memberOf(request);
      return change(request, member, request.params.id, async ({ access }) => ({ type: 'unpublish', announcementId: request.params.id, by: member, newsroom: access }));
    });

    // The hub: its newsroom's people only (read-only ones too); the public has the page.
    app.get('/api/v1/announcements/:id/hub', { schema: { params: announcementIdParams, response: { 200: announcementHub } } }, async (request) => {
      const member = await memberOf(request);
      const { row, access, isPublic } = await load(request.params.id);
      const refusal = hubRefusal(member, access, isPublic);
      if (refusal) throw refusal;
      const events = await core.store.readStream(db, announcementStream(request.params.id));
      const actorIds = [...new Set(events.flatMap((event) => (event.metadata.actorId && /^\d+$/.test(event.metadata.actorId) ? [Number(event.metadata.actorId)] : [])))];
      const people = actorIds.length ? await db.selectFrom('users').select(['id', 'firstname', 'lastname']).where('id', 'in', actorIds).execute() : [];
      const names = new Map(people.map((person) => [Number(person.id), `${person.firstname} ${person.lastname}`.trim()]));
      return {
        announcement: await announcementViewOf(db, row, { canEdit: mayWrite(member, access), preview: false }),
        status: row.status,
        // Bounces are the numbers' (one line per bounced address would bury what people did).
        history: events.filter((event) => event.type !== 'RecipientBounced').map((event) => {
          const actor = event.metadata.actorId ? Number(event.metadata.actorId) : null;
          return { type: event.type, at: event.recordedAt.toISOString(), by: actor !== null && names.has(actor) ? { id: actor, name: names.get(actor)! } : null };
        }),
        numbers: null,
      };
    });

    // A new secret link to the announcement as it is (a draft before anyone outside may read it);
    // the token is shown once and kept hashed, and a new one revokes the last.
    app.post('/api/v1/announcements/:id/preview', { schema: { params: announcementIdParams, response: { 201: previewLinkView } } }, async (request, reply) => {
      const member = await memberOf(request);
      const id = request.params.id;
      const found = await load(id);
      const refusal = writeRefusal(member, found.access, found.isPublic);
      if (refusal) throw refusal;
      const token = randomBytes(24).toString('base64url');
      const row = await db
        .insertInto('announcement_preview_links')
        .values({ announcement_id: id, code_hash: hashToken(token), created_by: member.id, created_at: new Date() })
        .onConflict((oc) => oc.column('announcement_id').doUpdateSet({ code_hash: hashToken(token), created_by: member.id, created_at: new Date() }))
        .returning('created_at')
        .executeTakeFirstOrThrow();
      return created(reply, id).send({ url: `${publicUrl}/app/announcements/${id}/web?preview=1&token=${token}`, token, createdAt: new Date(row.created_at).toISOString() });
    });

    app.get('/api/v1/announcements/:id/preview', { schema: { params: announcementIdParams, querystring: previewQuery, response: { 200: announcementView } } }, async (request) => {
      const row = await previewable(request.params.id, request.query.token);
      if (!row) throw new NotFound(NO_ANNOUNCEMENT);
      return announcementViewOf(db, row, { canEdit: false, preview: true });
    });

    const pageQuery = z.object({ preview: z.string().optional(), token: z.string().max(200).optional() });
    app.get('/app/announcements/:id', { config: { publicParams: ['id'] } }, async (request, reply) => {
      const { id } = z.object({ id: z.string() }).parse(request.params);
      return answerPage(reply, id, pageQuery.catch({}).parse(request.query));
    });
    app.get('/app/announcements/:id/web', { config: { publicParams: ['id'] } }, async (request, reply) => {
      const { id } = z.object({ id: z.string() }).parse(request.params);
      return answerPage(reply, id, pageQuery.catch({}).parse(request.query));
    });
  };
}
