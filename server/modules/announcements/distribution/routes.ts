import { createHash, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { announcementIdParams, NO_ANNOUNCEMENT } from '../../../../contracts/announcements/api.ts';
import {
  ADDRESS_RULE,
  audienceBody,
  distributionView,
  emailVersionView,
  LIST_NOT_FOUND,
  MAX_TYPED_ADDRESSES,
  messageAnswer,
  SUBSCRIBE_SENT,
  SUBSCRIPTION_CONFIRMED,
  SUBSCRIPTION_LINK_INVALID,
  subscribeBody,
  TOO_MANY_ADDRESSES,
  LINK_INVALID,
  NO_RECIPIENT,
  recipientParams,
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBED,
} from '../../../../contracts/announcements/distribution.ts';
import { NO_NEWSROOM } from '../../../../contracts/newsrooms/api.ts';
import { idParams } from '../../../../contracts/validation.ts';
import type { Core } from '../../../core.ts';
import { NotFound, ValidationFailed } from '../../../errors.ts';
import { eventMetadata } from '../../../http/request-context.ts';
import { enqueueMail } from '../../../mail/outbox.ts';
import type { RealtimeServer } from '../../../realtime/processor.ts';
import { actorOf, requireUser } from '../../auth/plugin.ts';
import { listAddresses } from '../../contacts/index.ts';
import { accountModules, findNewsroom, newsroomAccessOf } from '../../newsrooms/index.ts';
import { announcementDecider, announcementStream } from '../commands.ts';
import { hubRefusal, writeRefusal, type Member } from '../permissions.ts';
import { noIndex, renderPage } from '../page.ts';
import { announcementPath, announcementViewOf, findAnnouncement } from '../queries.ts';
import { recordActivity, visitorOf } from './activity.ts';
import { MAX_REPORT_BYTES, readDeliveryReport } from './bounces.ts';
import { RecipientLinks } from './links.ts';
import { messagePage } from './pages.ts';
import { previewEmail } from './preview.ts';
import { numbersPulseOf } from './pulse.ts';
import { queueRecipients } from './queue.ts';
import { emailSourceOf } from './source.ts';
import { distributionOf } from './views.ts';

export type DistributionOptions = {
  publicUrl: string;
  /** Queued mail (a subscription to confirm) goes out now rather than at the next poll. */
  mailQueued: () => void;
  /** Recipients were queued: the senders look now. */
  recipientsQueued: () => void;
  /** Signs each recipient's links. */
  linkSecret: string;
  /** Live pushes: the hub hears its numbers move. */
  realtime?: RealtimeServer | null;
  /** The From line of the emails (MAIL_FROM), shown in the email view. */
  mailFrom: string;
};

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;
/** A transparent 1x1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
const REPORT_REQUIRED = 'Send the message that reached the bounce address as the body, with Content-Type message/rfc822.';
/** Which bounce was recorded: null when the message was no report of an email of ours, or said nothing new. */
const bounceAnswer = z.object({ bounce: z.enum(['hard', 'soft']).nullable() });

/**
 * The email version's distribution (issue 18): who an announcement goes to (the account's contact
 * lists, the newsroom's subscribers, typed addresses), how its sending goes, and the newsroom's
 * subscriptions with double opt-in.
 */
export function distributionRoutes(core: Core, options: DistributionOptions): FastifyPluginAsyncZod {
  const { db } = core.database;
  const links = new RecipientLinks(options.linkSecret, options.publicUrl);
  const pulse = numbersPulseOf(options.realtime);

  async function memberOf(request: FastifyRequest): Promise<Member> {
    const user = requireUser(request);
    return { ...user, modules: await accountModules(db, user.accountId) };
  }

  async function load(id: number) {
    const row = await findAnnouncement(db, id);
    const newsroom = row ? await findNewsroom(db, { id: Number(row.newsroom_id) }) : null;
    if (!row || !newsroom) throw new NotFound(NO_ANNOUNCEMENT);
    return { row, access: await newsroomAccessOf(db, newsroom), isPublic: row.is_public && newsroom.is_public };
  }

  const sendPage = (reply: FastifyReply, status: number, html: string) => reply.status(status).header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store').send(html);

  /** The recipient a link was made for, with its announcement's account and newsroom; null for a forged link. */
  async function recipientOf(token: string) {
    const id = links.recipientOf(token);
    if (id === null) return null;
    const row = await db
      .selectFrom('distribution_recipients as r')
      .innerJoin('announcements as a', 'a.id', 'r.announcement_id')
      .select(['r.id', 'r.email', 'r.revoked_at', 'a.account_id', 'a.newsroom_id', 'a.id as announcement_id', 'a.tracking'])
      .where('r.id', '=', id)
      .executeTakeFirst();
    return row ? { ...row, revoked: row.revoked_at !== null } : null;
  }

  /** Counts what a recipient's link saw, unless tracking is off or their links were revoked, and tells the hub. */
  async function count(recipient: NonNullable<Awaited<ReturnType<typeof recipientOf>>>, kind: 'open' | 'click' | 'view', visitor: string | null = null) {
    if (!recipient.tracking || recipient.revoked) return;
    const announcementId = Number(recipient.announcement_id);
    await recordActivity(db, { announcementId, recipientId: Number(recipient.id), kind, visitor });
    pulse?.moved(announcementId, ({ open: 'opened', click: 'clicked', view: 'viewed' } as const)[kind]);
  }

  return async (app) => {
    // The unsubscribe button's form and mail apps' one-click unsubscribe (RFC 8058) post a form.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    // What reaches the bounce address, whole, as the relay (or the mail server's pipe) hands it on.
    app.addContentTypeParser('message/rfc822', { parseAs: 'buffer', bodyLimit: MAX_REPORT_BYTES }, (_request, body, done) => done(null, body));

    // Its newsroom's people, read-only ones too, see how sending goes; nobody else learns of it.
    app.get('/api/v1/announcements/:id/distribution', { schema: { params: announcementIdParams, response: { 200: distributionView } } }, async (request) => {
      const member = await memberOf(request);
      const { access, isPublic } = await load(request.params.id);
      const refusal = hubRefusal(member, access, isPublic);
      if (refusal) throw refusal;
      return distributionOf(db, request.params.id);
    });

    // The email version as a recipient would get it, for whoever reads the hub: a draft's before it
    // goes out. Its links are nobody's, and looking at it counts nothing.
    app.get('/api/v1/announcements/:id/email', { schema: { params: announcementIdParams, response: { 200: emailVersionView } } }, async (request) => {
      const member = await memberOf(request);
      const { access, isPublic } = await load(request.params.id);
      const refusal = hubRefusal(member, access, isPublic);
      if (refusal) throw refusal;
      const found = await emailSourceOf(db, request.params.id, new Date());
      if (!found) throw new NotFound(NO_ANNOUNCEMENT);
      return { ...(await previewEmail(found.source, options.publicUrl)), from: options.mailFrom, embargoUntil: found.source.embargoUntil?.toISOString() ?? null };
    });

    // Who it goes to, whole. Set on a published announcement, the new recipients are sent it at once.
    app.put('/api/v1/announcements/:id/audience', { schema: { params: announcementIdParams, body: audienceBody, response: { 200: distributionView } } }, async (request) => {
      const member = await memberOf(request);
      const id = request.params.id;
      const { row, access, isPublic } = await load(id);
      const refusal = writeRefusal(member, access, isPublic);
      if (refusal) throw refusal;
      const lists = [...new Set(request.body.lists)];
      const addresses = [...new Set(request.body.addresses.filter((address) => address !== ''))];
      const problems: string[] = [];
      if (addresses.length > MAX_TYPED_ADDRESSES) problems.push(TOO_MANY_ADDRESSES);
      problems.push(...addresses.filter((address) => !EMAIL.test(address)).map(ADDRESS_RULE));
      const found = new Set((await listAddresses(db, Number(row.account_id), lists)).lists);
      problems.push(...lists.filter((list) => !found.has(list)).map(LIST_NOT_FOUND));
      if (problems.length > 0) throw new ValidationFailed(problems);
      const queued = await core.commands.transaction(async (unit) => {
        const result = await unit.run(announcementDecider, announcementStream(id), { type: 'setAudience', announcementId: id, audience: { lists, subscribers: request.body.subscribers, addresses }, by: member, newsroom: access }, eventMetadata(request, actorOf(requireUser(request))));
        return result.events.length > 0 ? queueRecipients(unit.trx, id) : 0;
      });
      if (queued > 0) options.recipientsQueued();
      return distributionOf(db, id);
    });

    // One recipient's links stop opening it (a leaked embargoed link names whose it was): its writers only.
    app.post('/api/v1/announcements/:id/recipients/:recipientId/revoke', { schema: { params: recipientParams, response: { 200: distributionView } } }, async (request) => {
      const member = await memberOf(request);
      const { id, recipientId } = request.params;
      const { access, isPublic } = await load(id);
      const refusal = writeRefusal(member, access, isPublic);
      if (refusal) throw refusal;
      const recipient = await db.selectFrom('distribution_recipients').select(['id', 'email']).where('id', '=', recipientId).where('announcement_id', '=', id).executeTakeFirst();
      if (!recipient) throw new NotFound(NO_RECIPIENT);
      const result = await core.commands.run(
        announcementDecider,
        announcementStream(id),
        { type: 'revokeRecipientLinks', announcementId: id, recipient: { id: Number(recipient.id), email: recipient.email }, by: member, newsroom: access },
        eventMetadata(request, actorOf(requireUser(request))),
      );
      if (result.events.length > 0) pulse?.moved(id, 'revoked');
      return distributionOf(db, id);
    });

    // A reader asks for a public newsroom's announcements by email; the mailed link confirms it.
    // The answer is the same whether the address was new, pending or confirmed: it tells no one who reads what.
    app.post('/api/v1/newsrooms/:id/subscribers', { schema: { params: idParams, body: subscribeBody, response: { 202: messageAnswer } } }, async (request, reply) => {
      const newsroom = await findNewsroom(db, { id: request.params.id });
      if (!newsroom || !newsroom.is_public) throw new NotFound(NO_NEWSROOM);
      const email = request.body.email;
      const code = randomBytes(24).toString('base64url');
      const mailed = await db.transaction().execute(async (trx) => {
        const existing = await trx.selectFrom('newsroom_subscribers').select(['id', 'status']).where('newsroom_id', '=', newsroom.id).where(sql`lower(email)`, '=', email).forUpdate().executeTakeFirst();
        if (existing?.status === 'confirmed') return false;
        if (existing) await trx.updateTable('newsroom_subscribers').set({ status: 'pending', code_hash: hashCode(code) }).where('id', '=', existing.id).execute();
        else await trx.insertInto('newsroom_subscribers').values({ newsroom_id: newsroom.id, email, status: 'pending', code_hash: hashCode(code), confirmed_at: null }).execute();
        await enqueueMail(trx, {
          to: email,
          subject: `Confirm your subscription to ${newsroom.name}`,
          text: `Someone, we hope you, asked to receive ${newsroom.name}'s announcements by email at this address.\n\nConfirm here: ${options.publicUrl}/m/subscribe/${code}\n\nIf it was not you, ignore this email: nothing will be sent.`,
        });
        return true;
      });
      if (mailed) options.mailQueued();
      return reply.status(202).send({ message: SUBSCRIBE_SENT });
    });

    const codeParams = z.object({ code: z.string().min(1).max(200) });
    app.get('/m/subscribe/:code', { config: { secretParams: ['code'] } }, async (request, reply) => {
      const { code } = codeParams.parse(request.params);
      const row = await db.selectFrom('newsroom_subscribers').select('newsroom_id').where('code_hash', '=', hashCode(code)).where('status', '=', 'pending').executeTakeFirst();
      if (!row) return sendPage(reply, 404, messagePage('Subscription', SUBSCRIPTION_LINK_INVALID));
      const newsroom = await findNewsroom(db, { id: Number(row.newsroom_id) });
      return sendPage(reply, 200, messagePage(`Subscribe to ${newsroom?.name ?? 'this newsroom'}`, 'Press the button to receive its announcements by email.', { url: `/m/subscribe/${code}`, label: 'Confirm subscription' }));
    });
    app.post('/m/subscribe/:code', { config: { secretParams: ['code'] } }, async (request, reply) => {
      const { code } = codeParams.parse(request.params);
      // Single use: the code is spent as it confirms.
      const confirmed = await db
        .updateTable('newsroom_subscribers')
        .set({ status: 'confirmed', confirmed_at: new Date(), code_hash: sql`'spent:' || id::text` })
        .where('code_hash', '=', hashCode(code))
        .where('status', '=', 'pending')
        .returning('id')
        .executeTakeFirst();
      if (!confirmed) return sendPage(reply, 404, messagePage('Subscription', SUBSCRIPTION_LINK_INVALID));
      return sendPage(reply, 200, messagePage('Subscribed', SUBSCRIPTION_CONFIRMED));
    });

    const tokenParams = z.object({ token: z.string().min(1).max(100) });

    // The open pixel: counted when tracking is on; the image answers whatever the link.
    app.get('/m/o/:token', { config: { secretParams: ['token'] } }, async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const recipient = await recipientOf(token.replace(/\.gif$/, ''));
      if (recipient) await count(recipient, 'open');
      return reply.header('content-type', 'image/gif').header('cache-control', 'no-store, private').send(PIXEL);
    });

    // A link of the email: counted, then on to where it pointed. Only a destination signed for this
    // recipient is followed; a revoked one's still is (uncounted): it opens only what the public may read.
    const clickQuery = z.object({ u: z.string().max(4000).optional(), s: z.string().max(100).optional() });
    app.get('/m/c/:token', { config: { secretParams: ['token'] } }, async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const { u, s } = clickQuery.catch({}).parse(request.query);
      const recipient = await recipientOf(token);
      if (!recipient || !u || !s || !links.isClickSigned(Number(recipient.id), u, s)) return sendPage(reply, 404, messagePage('Link', LINK_INVALID));
      await count(recipient, 'click');
      return reply.header('cache-control', 'no-store, private').redirect(u, 302);
    });

    // The recipient's own web version: the release under embargo, for them alone; once the public
    // may read it, its public page. Revoked, it answers as a link that never was.
    app.get('/m/w/:token', { config: { secretParams: ['token'] } }, async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const recipient = await recipientOf(token);
      const found = recipient && !recipient.revoked ? await load(Number(recipient.announcement_id)).catch(() => null) : null;
      if (!recipient || !found || found.row.status !== 'published') return sendPage(reply, 404, messagePage('Link', LINK_INVALID));
      if (found.isPublic) return reply.header('cache-control', 'no-store, private').redirect(announcementPath(Number(found.row.id)), 302);
      await count(recipient, 'view', visitorOf(request.ip, request.headers['user-agent'] ?? ''));
      return sendPage(reply, 200, noIndex(renderPage(null, await announcementViewOf(db, found.row, { canEdit: false, preview: true }), options.publicUrl)));
    });
    // Delivery reports (RFC 3464) from the relay. A report counts only when the original message's
    // headers it quotes carry a recipient's signed Message-ID and it names that recipient's address:
    // the same proof the recipient's unsubscribe link is, so no secret of the relay's is needed.
    // Anything else that reaches the bounce address is taken and ignored, so nothing retries it.
    app.post('/m/bounces', { schema: { response: { 200: bounceAnswer } } }, async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new ValidationFailed([REPORT_REQUIRED], 400);
      const report = await readDeliveryReport(raw);
      const recipientId = report ? links.recipientOf(report.token) : null;
      if (!report || recipientId === null) return { bounce: null };
      const recipient = await db.selectFrom('distribution_recipients').select(['id', 'email']).where('id', '=', recipientId).where('announcement_id', '=', report.announcementId).executeTakeFirst();
      if (!recipient || (report.addresses.length > 0 && !report.addresses.includes(recipient.email.toLowerCase()))) return { bounce: null };
      const { announcementId, kind, status, diagnostic } = report;
      const result = await core.commands.run(
        announcementDecider,
        announcementStream(announcementId),
        { type: 'recordBounce', announcementId, recipient: { id: Number(recipient.id), email: recipient.email }, kind, status, diagnostic },
        { ...eventMetadata(request, null), actorRole: 'system' },
      );
      if (result.events.length === 0) return { bounce: null };
      pulse?.moved(announcementId, 'bounced');
      return { bounce: kind };
    });

    // Unsubscribing works whatever became of the recipient's other links.
    app.get('/m/u/:token', { config: { secretParams: ['token'] } }, async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const recipient = await recipientOf(token);
      if (!recipient) return sendPage(reply, 404, messagePage('Unsubscribe', UNSUBSCRIBE_LINK_INVALID));
      return sendPage(reply, 200, messagePage('Unsubscribe', `Stop emails to ${recipient.email} from this sender?`, { url: `/m/u/${token}`, label: 'Unsubscribe' }));
    });
    // The address leaves the account's mailings and, when it subscribed, the newsroom's subscribers.
    app.post('/m/u/:token', { config: { secretParams: ['token'] } }, async (request, reply) => {
      const { token } = tokenParams.parse(request.params);
      const recipient = await recipientOf(token);
      if (!recipient) return sendPage(reply, 404, messagePage('Unsubscribe', UNSUBSCRIBE_LINK_INVALID));
      const email = recipient.email.toLowerCase();
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('distribution_unsubscribes').values({ account_id: Number(recipient.account_id), email }).onConflict((oc) => oc.columns(['account_id', 'email']).doNothing()).execute();
        await trx.updateTable('newsroom_subscribers').set({ status: 'unsubscribed' }).where('newsroom_id', '=', Number(recipient.newsroom_id)).where(sql`lower(email)`, '=', email).execute();
      });
      return sendPage(reply, 200, messagePage('Unsubscribed', UNSUBSCRIBED));
    });
  };
}
