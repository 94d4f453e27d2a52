import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessRequestView,
  adminNewsroomList,
  adminNewsroomListQuery,
  confirmationView,
  confirmParams,
  createNewsroomBody,
  editNewsroomBody,
  LOGO_RULE,
  newsroomIdParams,
  newsroomList,
  newsroomListQuery,
  newsroomRefParams,
  newsroomView,
  NO_NEWSROOM,
  NOT_OF_COMPANY,
  onboardingNewsroomBody,
  PRESS_CONTACT_RULE,
  RESERVED_SLUGS,
  SLUG_TAKEN,
  type NewsroomInput,
} from '../../../contracts/newsrooms/api.ts';
import type { NewsroomFields } from '../../../contracts/newsrooms/events.ts';
import type { Core } from '../../core.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { AnyEvent } from '../../events/types.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { findCompany, findEmployer, isResponsibleFor, type CompanyRecord } from '../organizations/index.ts';
import { findOwnImage } from '../uploads/index.ts';
import { confirmLink, describeLink, requestAccess } from './access.ts';
import { newsroomDecider, newsroomStream, type NewsroomChanges } from './commands.ts';
import { wordsSlug } from '../../../contracts/slugs.ts';
import { feedOf, renderPage, type Headline, type PublicNewsroom } from './page.ts';
import { isPlatformAdmin, maySee, newsroomsRefusal, type Member } from './permissions.ts';
import {
  accessOf,
  accountModules,
  accountNewsroomOf,
  allNewsrooms,
  type AnnouncementCounts,
  fieldsOf,
  findNewsroom,
  linksOf,
  newsroomViewOf,
  ourNewsrooms,
  publicNewsrooms,
  slugTaken,
  type NewsroomRow,
} from './queries.ts';

const SLUG_LOCK_NAMESPACE = 7319;
const NO_COMPANY = 'No such company.';
const NAME_YOUR_COMPANY = 'Join your company first (Settings, Companies and responsibilities), or name the company';

type Unit = UnitOfWork<AnyEvent>;

export type NewsroomOptions = {
  publicUrl: string;
  /** The built client, whose shell the public page is written into; a bare page of our own without it. */
  clientDir?: string | null;
  /** Delivers queued mail now rather than at the next poll. */
  mailQueued: () => void;
  /** The newsroom's public announcements, newest first, from the announcements module (none without it). */
  headlines?: (newsroomId: number) => Promise<Headline[]>;
  /** How many announcements newsrooms have, for the admins' list, from the announcements module (none without it). */
  announcementCounts?: AnnouncementCounts;
};

const EMPTY_FIELDS: NewsroomFields = { name: '', slug: '', logo: null, brandColour: null, about: '', pressContacts: [], links: {}, languages: ['en'], isPublic: false };

/** An address made from a name: lower-case words joined by hyphens, at least one letter, never a reserved word. */
export function slugFrom(name: string): string {
  let slug = wordsSlug(name, 50);
  if (!/[a-z]/.test(slug)) slug = slug ? `newsroom-${slug}` : 'newsroom';
  if (slug.length < 2 || (RESERVED_SLUGS as readonly string[]).includes(slug)) slug = `${slug}-newsroom`;
  return slug;
}

/**
 * Newsrooms (issue 18): a company's public press room, made and edited by the people of the
 * account that runs it (and those its admins confirm by a mailed link), read by anyone once
 * public, as JSON for the app and as a page and feeds for search engines, previews and readers.
 */
export function newsroomRoutes(core: Core, options: NewsroomOptions): FastifyPluginAsyncZod {
  const { db } = core.database;
  const { publicUrl } = options;

  async function readerOf(request: FastifyRequest): Promise<Member | null> {
    const user = request.auth?.user;
    return user ? { ...user, modules: await accountModules(db, user.accountId) } : null;
  }

  async function memberOf(request: FastifyRequest): Promise<Member> {
    const user = requireUser(request);
    return { ...user, modules: await accountModules(db, user.accountId) };
  }

  const metadataOf = (request: FastifyRequest) => eventMetadata(request, request.auth ? actorOf(request.auth.user) : null);

  /** A newsroom by id or address, as the reader may see it: a private one is its own people's, and not found for anyone else. */
  async function visible(reader: Member | null, ref: string): Promise<{ row: NewsroomRow; access: Awaited<ReturnType<typeof accessOf>> }> {
    const row = await findNewsroom(db, /^\d{1,15}$/.test(ref) ? { id: Number(ref) } : { slug: ref.toLowerCase() });
    if (!row) throw new NotFound(NO_NEWSROOM);
    const access = await accessOf(db, row);
    if (!maySee(reader, access)) throw new NotFound(NO_NEWSROOM);
    return { row, access };
  }

  /** The form's logo: the newsroom's own, or an image the person uploaded. */
  async function logoOf(member: Member, logo: number | null | undefined, current: NewsroomFields['logo']): Promise<NewsroomFields['logo'] | undefined> {
    if (logo === undefined || logo === null) return logo;
    if (current?.uploadId === logo) return current;
    const image = await findOwnImage(db, logo, member.id);
    if (!image) throw new ValidationFailed([LOGO_RULE]);
    return { uploadId: image.id, path: image.path };
  }

  async function changesOf(member: Member, input: NewsroomInput, companyId: number, current: NewsroomFields): Promise<NewsroomChanges> {
    const { logo, ...rest } = input;
    if (input.pressContacts?.length) {
      const answers = await Promise.all(input.pressContacts.map((id) => isResponsibleFor(db, id, companyId)));
      if (answers.includes(false)) throw new ValidationFailed([PRESS_CONTACT_RULE]);
    }
    const resolved = await logoOf(member, logo, current.logo);
    return resolved === undefined ? rest : { ...rest, logo: resolved };
  }

  /**
   * Holds an address for this transaction: one writer at a time per address, so two newsrooms
   * asking for the same one get a 422 each but the first, never a broken unique index.
   */
  async function claimSlug(unit: Unit, slug: string, exceptId: number | null, { suffix }: { suffix: boolean }): Promise<string> {
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? slug : `${slug.slice(0, 55)}-${n}`;
      await sql`select pg_advisory_xact_lock(${SLUG_LOCK_NAMESPACE}, hashtext(${candidate}))`.execute(unit.trx);
      if (!(await slugTaken(unit.trx, candidate, exceptId))) return candidate;
      if (!suffix) throw new ValidationFailed([SLUG_TAKEN]);
    }
  }

  /** Makes a newsroom for the company in one transaction; the person's account runs it. */
  async function create(request: FastifyRequest, member: Member, company: CompanyRecord, input: NewsroomInput): Promise<number> {
    const responsible = await isResponsibleFor(db, member.id, company.id);
    // Who may is judged before what was sent (the decider judges it again, with the rest).
    if (!responsible && !isPlatformAdmin(member)) throw new Forbidden(NOT_OF_COMPANY);
    const changes = await changesOf(member, input, company.id, EMPTY_FIELDS);
    const name = changes.name || company.name;
    return core.commands.transaction(async (unit) => {
      const newsroomId = (await sql<{ id: number }>`select nextval('newsroom_ids')::int as id`.execute(unit.trx)).rows[0]!.id;
      const slug = await claimSlug(unit, changes.slug ?? slugFrom(name), null, { suffix: changes.slug === undefined });
      const fields = { ...EMPTY_FIELDS, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)), name, slug } as NewsroomFields;
      await unit.run(newsroomDecider, newsroomStream(newsroomId), { type: 'create', newsroomId, by: member, companyId: company.id, fields, responsible }, metadataOf(request));
      return newsroomId;
    });
  }

  async function viewFor(reader: Member | null, newsroomId: number) {
    const row = (await findNewsroom(db, { id: newsroomId }))!;
    return newsroomViewOf(db, row, reader, await accessOf(db, row), publicUrl);
  }

  /** What the page and feeds show: the newsroom and its public announcements. */
  async function publicNewsroom(slug: string): Promise<{ newsroom: PublicNewsroom; headlines: Headline[] } | null> {
    const row = await findNewsroom(db, { slug: slug.toLowerCase() });
    if (!row || !row.is_public) return null;
    const view = await newsroomViewOf(db, row, null, await accessOf(db, row), publicUrl);
    return {
      newsroom: {
        slug: row.slug,
        name: row.name,
        companyName: view.company.name,
        about: row.about,
        logo: row.logo_path,
        brandColour: row.brand_colour,
        languages: row.languages,
        links: linksOf(row),
        pressContacts: view.pressContacts,
        updatedAt: new Date(row.updated_at),
      },
      headlines: (await options.headlines?.(row.id)) ?? [],
    };
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

  return async (app) => {
    app.get('/api/v1/newsrooms', { schema: { querystring: newsroomListQuery, response: { 200: newsroomList } } }, async (request) => publicNewsrooms(db, request.query));

    app.get('/api/v1/newsrooms/our', { schema: { response: { 200: newsroomList } } }, async (request) => {
      const member = await memberOf(request);
      const refusal = newsroomsRefusal(member);
      if (refusal && !isPlatformAdmin(member)) throw new Forbidden(refusal);
      return ourNewsrooms(db, member);
    });

    app.get('/api/v1/admin/newsrooms', { schema: { querystring: adminNewsroomListQuery, response: { 200: adminNewsroomList } } }, async (request) => {
      const member = await memberOf(request);
      if (!isPlatformAdmin(member)) throw new Forbidden();
      return allNewsrooms(db, request.query, options.announcementCounts ?? (async () => new Map()));
    });

    app.post('/api/v1/newsrooms', { schema: { body: createNewsroomBody, response: { 201: newsroomView } } }, async (request, reply) => {
      const member = await memberOf(request);
      const refusal = newsroomsRefusal(member);
      if (refusal && !isPlatformAdmin(member)) throw new Forbidden(refusal);
      const { companyId, ...input } = request.body;
      const company = await findCompany(db, { id: companyId });
      if (!company) throw new ValidationFailed([NO_COMPANY]);
      const newsroomId = await create(request, member, company, input);
      return created(reply, newsroomId).send(await viewFor(member, newsroomId));
    });

    // Onboarding a company ends with its newsroom: made with what the company page knows
    // unless the form says otherwise, and found again, not made twice, when asked again.
    app.post('/api/v1/c/onboarding', { schema: { body: onboardingNewsroomBody, response: { 200: newsroomView, 201: newsroomView } } }, async (request, reply) => {
      const member = await memberOf(request);
      const refusal = newsroomsRefusal(member);
      if (refusal && !isPlatformAdmin(member)) throw new Forbidden(refusal);
      const { companyId, ...input } = request.body;
      let company: CompanyRecord | null;
      if (companyId !== undefined) {
        company = await findCompany(db, { id: companyId });
        if (!company) throw new ValidationFailed([NO_COMPANY]);
      } else {
        const { email } = await db.selectFrom('users').select('email').where('id', '=', member.id).executeTakeFirstOrThrow();
        company = await findEmployer(db, email);
        if (!company || !(await isResponsibleFor(db, member.id, company.id))) throw new ValidationFailed([NAME_YOUR_COMPANY]);
      }
      const existing = member.accountId === null ? null : await accountNewsroomOf(db, member.accountId, company.id);
      if (existing) return viewFor(member, existing.id);
      const newsroomId = await create(request, member, company, input);
      return created(reply, newsroomId).send(await viewFor(member, newsroomId));
    });

    app.get('/api/v1/newsrooms/confirm/:hash', { config: { secretParams: ['hash'] }, schema: { params: confirmParams, response: { 200: confirmationView } } }, async (request) =>
      describeLink(core, request.params.hash),
    );

    app.post('/api/v1/newsrooms/confirm/:hash', { config: { secretParams: ['hash'] }, schema: { params: confirmParams, response: { 200: confirmationView } } }, async (request) =>
      confirmLink(core, request.params.hash, await readerOf(request), metadataOf(request)),
    );

    app.get('/api/v1/newsrooms/:ref', { config: { publicParams: ['ref'] }, schema: { params: newsroomRefParams, response: { 200: newsroomView } } }, async (request) => {
      const reader = await readerOf(request);
      const { row, access } = await visible(reader, request.params.ref);
      return newsroomViewOf(db, row, reader, access, publicUrl);
    });

    app.patch('/api/v1/newsrooms/:id', { schema: { params: newsroomIdParams, body: editNewsroomBody, response: { 200: newsroomView } } }, async (request) => {
      const member = await memberOf(request);
      const newsroomId = request.params.id;
      const row = await findNewsroom(db, { id: newsroomId });
      if (!row) throw new NotFound(NO_NEWSROOM);
      const current = fieldsOf(row);
      await core.commands.transaction(async (unit) => {
        const metadata = metadataOf(request);
        // An empty edit first: the decider refuses outsiders before anything of the form is judged.
        await unit.run(newsroomDecider, newsroomStream(newsroomId), { type: 'edit', newsroomId, by: member, changes: {} }, metadata);
        const { slug, ...input } = request.body;
        const claimed = slug === undefined || slug === current.slug ? {} : { slug: await claimSlug(unit, slug, newsroomId, { suffix: false }) };
        const changes = await changesOf(member, { ...input, ...claimed }, row.company_id, current);
        await unit.run(newsroomDecider, newsroomStream(newsroomId), { type: 'edit', newsroomId, by: member, changes }, metadata);
      });
      return viewFor(member, newsroomId);
    });

    app.post('/api/v1/newsrooms/:id/access', { schema: { params: newsroomIdParams, response: { 201: accessRequestView } } }, async (request, reply) => {
      const member = await memberOf(request);
      const row = await findNewsroom(db, { id: request.params.id });
      if (!row) throw new NotFound(NO_NEWSROOM);
      const asked = await requestAccess(core, row, member, metadataOf(request), publicUrl);
      options.mailQueued();
      return created(reply, asked.id).send(asked);
    });

    // The public page at the app's own address for it: the newsroom's content and tags in the
    // HTML the app's shell is, for search engines and link previews; the app draws over it.
    app.get('/app/newsrooms/:slug', async (request, reply) => {
      const { slug } = z.object({ slug: z.string() }).parse(request.params);
      const page = await shell();
      const found = (RESERVED_SLUGS as readonly string[]).includes(slug) ? null : await publicNewsroom(slug);
      if (found) return sendPage(reply, 200, renderPage(page, found.newsroom, found.headlines, publicUrl));
      // The app's own screens (our newsrooms) and private newsrooms get the plain shell: the app
      // asks the API, with the reader's session, for what they may see.
      if (page) return sendPage(reply, (RESERVED_SLUGS as readonly string[]).includes(slug) ? 200 : 404, page);
      throw new NotFound(NO_NEWSROOM);
    });

    for (const format of ['rss', 'atom'] as const) {
      app.get(`/newsrooms/:slug/${format}.xml`, async (request, reply) => {
        const { slug } = z.object({ slug: z.string() }).parse(request.params);
        const found = await publicNewsroom(slug);
        if (!found) throw new NotFound(NO_NEWSROOM);
        return reply
          .header('content-type', format === 'rss' ? 'application/rss+xml; charset=utf-8' : 'application/atom+xml; charset=utf-8')
          .header('cache-control', 'public, max-age=300')
          .send(feedOf(found.newsroom, found.headlines, publicUrl, format));
      });
    }
  };
}
