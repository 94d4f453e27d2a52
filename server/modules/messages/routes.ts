import { sql, type Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addParticipantsBody,
  blockBody,
  blockedList,
  conversationList,
  conversationsQuery,
  conversationView,
  messageBody,
  messagePage,
  messagesQuery,
  messageView,
  messagingPreferences,
  muteBody,
  preferencesBody,
  readAnswer,
  readBody,
  spamReports,
  startConversationBody,
  unreadTotals as unreadTotalsView,
  type MessageBody,
} from '../../../contracts/messages/index.ts';
import { idParam, idParams } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import type { Database } from '../../db/schema.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { AnyEvent } from '../../events/types.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { resolveMentions } from '../content/mentions.ts';
import { isBlank, sanitizeRichText, storedIsBlank, storedMentionedSlugs, storedPlainText } from '../content/rich-text.ts';
import { ownAttachments } from '../posts/attachments.ts';
import { conversationDecider, conversationStream, inboxDecider, inboxStream, messageDecider, messageStream, messagingDecider, messagingStream, NO_CONVERSATION, sendCommand } from './commands.ts';
import { pairKey } from './projection.ts';
import type { Person } from './permissions.ts';
import {
  conversationViews,
  existingPeople,
  findConversation,
  findDirectConversation,
  findMessage,
  isParticipant,
  latestMessageId,
  listBlocked,
  listConversations,
  listMessages,
  listSpamReports,
  lockConversation,
  lockForSending,
  sendGate,
  participantIds,
  peersOf,
  preferencesOf,
  unreadOf,
  unreadTotals,
} from './queries.ts';
import type { MessageSendLimit } from './rate-limit.ts';
import { MessageSends } from './sending.ts';

const PAIR_LOCK_NAMESPACE = 7314;

/**
 * Direct messages and small groups. Every write holds its conversation's row lock (queries.ts)
 * for its whole transaction, so counts are exact however many write at once.
 */
export function messageRoutes(core: Core, options: { sendLimit: MessageSendLimit }): FastifyPluginAsyncZod {
  const { db } = core.database;
  // Many people write at once: sends share transactions (group commit), a conversation's in order.
  const sends = new MessageSends(core);
  const context = (request: FastifyRequest) => {
    const user = requireUser(request);
    const person: Person = { id: user.id, roles: user.roles, isReadOnly: user.isReadOnly };
    return { person, metadata: eventMetadata(request, actorOf(user)) };
  };
  const readable = async (person: Person, conversationId: number) => {
    const conversation = await findConversation(db, person, conversationId);
    if (!conversation) throw new NotFound(NO_CONVERSATION);
    return conversation;
  };

  /** Sends in the unit's transaction, taking the conversation's lock first. */
  async function send(unit: UnitOfWork<AnyEvent>, person: Person, conversationId: number, body: Content, metadata: ReturnType<typeof context>['metadata']): Promise<number> {
    const locked = await lockForSending(unit.trx, [conversationId], 1);
    const conversation = locked.conversations.get(conversationId);
    if (!conversation) throw new NotFound(NO_CONVERSATION);
    const messageId = locked.messageIds[0]!;
    // The id is new from its sequence: so is its stream.
    await unit.run(messageDecider, messageStream(messageId), sendCommand(messageId, conversationId, person, sendGate(conversation, person.id), body), metadata, { expectedVersion: 0 });
    return messageId;
  }

  return async (app) => {
    app.get('/api/v1/conversations', { schema: { querystring: conversationsQuery, response: { 200: conversationList } } }, async (request) => {
      const { person } = context(request);
      return listConversations(db, person, request.query.before);
    });

    app.post('/api/v1/conversations', { schema: { body: startConversationBody, response: { 200: conversationView, 201: conversationView } } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const wanted = [...new Set(request.body.participantIds)].filter((id) => id !== person.id);
      if (wanted.length === 0) throw new ValidationFailed(['Choose someone to write to']);
      const known = await existingPeople(db, wanted);
      if (wanted.some((id) => !known.has(id))) throw new ValidationFailed(['No such person']);
      const withMessage = !isBlank(request.body.content) || request.body.attachments.length > 0;
      const body = withMessage ? await content(db, person.id, request.body) : null;
      await options.sendLimit.take(person.id);
      const result = await core.commands.transaction(async (unit) => {
        let conversationId: number | null = null;
        if (wanted.length === 1) {
          // Two people have one conversation: asking again finds it, even when both ask at once.
          await sql`select pg_advisory_xact_lock(${PAIR_LOCK_NAMESPACE}, hashtext(${pairKey(person.id, wanted[0]!)}))`.execute(unit.trx);
          conversationId = await findDirectConversation(unit.trx, person.id, wanted[0]!);
        }
        const existed = conversationId !== null;
        if (conversationId === null) {
          const { rows } = await sql<{ id: number }>`select nextval('conversation_ids')::int as id`.execute(unit.trx);
          conversationId = rows[0]!.id;
          const peers = await peersOf(unit.trx, person.id, wanted);
          const title = request.body.title?.trim() || null;
          await unit.run(conversationDecider, conversationStream(conversationId), { type: 'start', conversationId, by: person, participantIds: wanted, title, peers }, metadata);
        }
        if (body) await send(unit, person, conversationId, body, metadata);
        return { conversationId, existed };
      });
      const view = (await findConversation(db, person, result.conversationId))!;
      return result.existed ? view : created(reply, result.conversationId).send(view);
    });

    app.get('/api/v1/conversations/:id', { schema: { params: idParams, response: { 200: conversationView } } }, async (request) => {
      const { person } = context(request);
      return readable(person, request.params.id);
    });

    app.get('/api/v1/conversations/:id/messages', { schema: { params: idParams, querystring: messagesQuery, response: { 200: messagePage } } }, async (request) => {
      const { person } = context(request);
      if (!(await isParticipant(db, request.params.id, person.id))) throw new NotFound(NO_CONVERSATION);
      return listMessages(db, request.params.id, request.query.before, request.query.limit);
    });

    app.post('/api/v1/conversations/:id/messages', { schema: { params: idParams, body: messageBody, response: { 201: messageView } } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const conversationId = request.params.id;
      const body = await content(db, person.id, request.body);
      await options.sendLimit.take(person.id);
      const message = await sends.send({ person, conversationId, body, metadata });
      return created(reply, message.id).send(message);
    });

    app.patch('/api/v1/messages/:id', { schema: { params: idParams, body: messageBody, response: { 200: messageView } } }, async (request) => {
      const { person, metadata } = context(request);
      const messageId = request.params.id;
      const body = await content(db, person.id, request.body);
      await withMessage(messageId, person, async (unit, conversationId) => {
        const inIt = new Set(await participantIds(unit.trx, conversationId));
        await unit.run(messageDecider, messageStream(messageId), { type: 'edit', messageId, by: person, ...body, mentions: body.mentions.filter((id) => inIt.has(id)) }, metadata);
      });
      return (await findMessage(db, messageId))!;
    });

    app.delete('/api/v1/messages/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const messageId = request.params.id;
      await withMessage(messageId, person, (unit) => unit.run(messageDecider, messageStream(messageId), { type: 'delete', messageId, by: person }, metadata));
      return reply.status(204).send();
    });

    // Spam: the reporter stops hearing from the sender at once, and the admins see the report.
    app.post('/api/v1/messages/:id/report', { schema: { params: idParams } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const messageId = request.params.id;
      await withMessage(messageId, person, async (unit) => {
        const { state } = await unit.run(messageDecider, messageStream(messageId), { type: 'report', messageId, by: person, isParticipant: true }, metadata);
        if (state.exists) await unit.run(messagingDecider, messagingStream(person.id), { type: 'block', userId: person.id, blockedId: state.senderId, reason: 'spam' }, metadata);
      });
      return reply.status(204).send();
    });

    app.patch('/api/v1/conversations/:id/read', { schema: { params: idParams, body: readBody, response: { 200: readAnswer } } }, async (request) => {
      const { person, metadata } = context(request);
      const conversationId = request.params.id;
      await core.commands.transaction(async (unit) => {
        if (!(await lockConversation(unit.trx, conversationId))) throw new NotFound(NO_CONVERSATION);
        const [member, latest] = await Promise.all([isParticipant(unit.trx, conversationId, person.id), latestMessageId(unit.trx, conversationId)]);
        await unit.run(inboxDecider, inboxStream(person.id, conversationId), { type: 'read', conversationId, userId: person.id, upTo: request.body.messageId, isParticipant: member, latestMessageId: latest }, metadata);
      });
      const [counts, totals] = await Promise.all([unreadOf(db, conversationId, person.id), unreadTotals(db, person.id)]);
      return { ...counts, total: totals.total };
    });

    app.patch('/api/v1/conversations/:id/mute', { schema: { params: idParams, body: muteBody, response: { 200: conversationView } } }, async (request) => {
      const { person, metadata } = context(request);
      const conversationId = request.params.id;
      await core.commands.transaction(async (unit) => {
        const member = await isParticipant(unit.trx, conversationId, person.id);
        await unit.run(inboxDecider, inboxStream(person.id, conversationId), { type: 'mute', conversationId, userId: person.id, muted: request.body.muted, isParticipant: member }, metadata);
      });
      return readable(person, conversationId);
    });

    app.post('/api/v1/conversations/:id/participants', { schema: { params: idParams, body: addParticipantsBody, response: { 200: conversationView } } }, async (request) => {
      const { person, metadata } = context(request);
      const conversationId = request.params.id;
      const known = await existingPeople(db, request.body.userIds);
      if (request.body.userIds.some((id) => !known.has(id))) throw new ValidationFailed(['No such person']);
      await core.commands.transaction(async (unit) => {
        if (!(await lockConversation(unit.trx, conversationId))) throw new NotFound(NO_CONVERSATION);
        const peers = await peersOf(unit.trx, person.id, request.body.userIds);
        await unit.run(conversationDecider, conversationStream(conversationId), { type: 'add', conversationId, by: person, userIds: request.body.userIds, peers }, metadata);
      });
      return readable(person, conversationId);
    });

    app.delete('/api/v1/conversations/:id/participants/me', { schema: { params: idParams } }, async (request, reply) => {
      const { person, metadata } = context(request);
      const conversationId = request.params.id;
      await core.commands.transaction(async (unit) => {
        if (!(await lockConversation(unit.trx, conversationId))) throw new NotFound(NO_CONVERSATION);
        await unit.run(conversationDecider, conversationStream(conversationId), { type: 'leave', conversationId, by: person }, metadata);
      });
      return reply.status(204).send();
    });

    app.get('/api/v1/messages/unread', { schema: { response: { 200: unreadTotalsView } } }, async (request) => {
      const { person } = context(request);
      return unreadTotals(db, person.id);
    });

    app.get('/api/v1/messages/preferences', { schema: { response: { 200: messagingPreferences } } }, async (request) => {
      const { person } = context(request);
      return preferencesOf(db, person.id);
    });

    app.patch('/api/v1/messages/preferences', { schema: { body: preferencesBody, response: { 200: messagingPreferences } } }, async (request) => {
      const { person, metadata } = context(request);
      await core.commands.transaction(async (unit) => {
        const current = await preferencesOf(unit.trx, person.id);
        await unit.run(messagingDecider, messagingStream(person.id), { type: 'setPreferences', userId: person.id, current, changes: request.body }, metadata);
      });
      return preferencesOf(db, person.id);
    });

    app.get('/api/v1/messages/blocks', { schema: { response: { 200: blockedList } } }, async (request) => {
      const { person } = context(request);
      return { blocked: await listBlocked(db, person.id) };
    });

    app.post('/api/v1/messages/blocks', { schema: { body: blockBody, response: { 200: blockedList } } }, async (request) => {
      const { person, metadata } = context(request);
      if (!(await existingPeople(db, [request.body.userId])).has(request.body.userId)) throw new ValidationFailed(['No such person']);
      await core.commands.run(messagingDecider, messagingStream(person.id), { type: 'block', userId: person.id, blockedId: request.body.userId, reason: 'block' }, metadata);
      return { blocked: await listBlocked(db, person.id) };
    });

    app.delete('/api/v1/messages/blocks/:userId', { schema: { params: blockParams, response: { 200: blockedList } } }, async (request) => {
      const { person, metadata } = context(request);
      await core.commands.run(messagingDecider, messagingStream(person.id), { type: 'unblock', userId: person.id, blockedId: request.params.userId }, metadata);
      return { blocked: await listBlocked(db, person.id) };
    });

    app.get('/api/v1/admin/messages/reports', { schema: { response: { 200: spamReports } } }, async (request) => {
      const user = requireUser(request);
      if (!user.roles.includes('admin')) throw new Forbidden();
      return { reports: await listSpamReports(db) };
    });
  };

  /** Runs `work` on a message of a conversation the person is in, holding the conversation's lock. */
  async function withMessage(messageId: number, person: Person, work: (unit: UnitOfWork<AnyEvent>, conversationId: number) => Promise<unknown>): Promise<void> {
    const row = await db.selectFrom('messages').select('conversation_id').where('id', '=', messageId).executeTakeFirst();
    if (!row) throw new NotFound('No such message.');
    await core.commands.transaction(async (unit) => {
      await lockConversation(unit.trx, row.conversation_id);
      if (!(await isParticipant(unit.trx, row.conversation_id, person.id))) throw new NotFound('No such message.');
      await work(unit, row.conversation_id);
    });
  }
}

const blockParams = z.object({ userId: idParam });

type Content = Awaited<ReturnType<typeof content>>;

/** Sanitised text, who it names (never oneself), the sender's own uploads and the text's length. */
async function content(db: Kysely<Database>, senderId: number, body: MessageBody) {
  const html = sanitizeRichText(body.content);
  const attachments = await ownAttachments(db, senderId, body.attachments);
  const mentions = (await resolveMentions(db, storedMentionedSlugs(html))).map((mention) => mention.userId).filter((id) => id !== senderId);
  return { content: html, attachments, mentions, blank: storedIsBlank(html), textLength: storedPlainText(html).length };
}
