import fastifyMultipart from '@fastify/multipart';
import { sql } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addContactBody,
  CONSENT_REQUIRED,
  contactView,
  directoryPage,
  directoryQuery,
  duplicatesView,
  editContactBody,
  exportQuery,
  importMapping,
  importReport,
  listBody,
  listMembersBody,
  tagBody,
  taggedView,
  listsView,
  listView,
  mergeBody,
  NO_CONTACT,
  NO_LIST,
  noteBody,
  noteParams,
  noteView,
  otherBody,
  removeMembersBody,
  renameListBody,
  reorderBody,
  timelinePage,
  timelineQuery,
  listFilterBody,
  listFilterView,
  recommendationParams,
  recommendationsView,
  deskPostsQuery,
  deskPostsPage,
} from '../../../contracts/contacts/api.ts';
import { EMPTY_FIELDS } from '../../../contracts/contacts/fields.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { idParams } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import { fold } from '../../events/decider.ts';
import type { AnyEvent } from '../../events/types.ts';
import { withUploadedFile } from '../../http/multipart.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { applyChanges, contactDecider, contactStream, listDecider, listStream, recommendationsDecider, recommendationsStream, type ContactCommand } from './commands.ts';
import { recommendations } from './recommendations.ts';
import { NO_PERSON, recordsFor, selectedContacts, tagContacts } from './selection.ts';
import { exportCsv, importRows, readRows } from './csv.ts';
import { contactsRefusal, READ_ONLY, type Member } from './permissions.ts';
import {
  accountModules,
  anySuppressed,
  contactKey,
  directory,
  duplicates,
  findContact,
  findNote,
  listFilterOf,
  listMembers,
  listsOf,
  livingQuery,
  lockList,
  recordsOfPeople,
} from './queries.ts';
import { contactTimeline } from './timeline.ts';
import { deskPosts } from './desk-posts.ts';
import { viewerOf } from '../posts/index.ts';
import type { AccountRole } from '../../../contracts/users/enums.ts';

const DUPLICATES_SHOWN = 200;
const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

type Unit = UnitOfWork<AnyEvent>;
type WithoutActor<C> = C extends unknown ? Omit<C, 'by'> : never;

/**
 * An account's contacts and lists (issue 17): everything here is the account's own, read and
 * changed by its people only, and only when the account holds the contacts module.
 */
export function contactRoutes(core: Core): FastifyPluginAsyncZod {
  const { db } = core.database;

  async function memberOf(request: FastifyRequest): Promise<{ member: Member; metadata: EventMetadata }> {
    const user = requireUser(request);
    const refusal = contactsRefusal(user.accountId, await accountModules(db, user.accountId));
    if (refusal) throw new Forbidden(refusal);
    return { member: { id: user.id, roles: user.roles, accountId: user.accountId!, isReadOnly: user.isReadOnly }, metadata: eventMetadata(request, actorOf(user)) };
  }

  async function contactOf(member: Member, contactId: number) {
    const view = await findContact(db, member.accountId, contactId);
    if (!view) throw new NotFound(NO_CONTACT);
    return view;
  }

  async function listOf(member: Member, listId: number) {
    const [list] = await listsOf(db, member.accountId, listId);
    if (!list) throw new NotFound(NO_LIST);
    return list;
  }

  const nextId = async (unit: Unit, sequence: string) => (await sql<{ id: number }>`select nextval(${sequence})::int as id`.execute(unit.trx)).rows[0]!.id;

  /** Runs one command on a contact of the member's account; another account's contact is not found. */
  const onContact = (member: Member, metadata: EventMetadata, command: WithoutActor<ContactCommand>) =>
    core.commands.run(contactDecider, contactStream(command.contactId), { ...command, by: member } as ContactCommand, metadata);

  /** A contact's state as its stream tells it, for a command on another contact that needs it. */
  const stateOf = async (unit: Unit, contactId: number) => fold(contactDecider, (await core.store.readStream(unit.trx, contactStream(contactId))) as never[]);

  return async (app) => {
    app.get('/api/v1/contacts', { schema: { querystring: directoryQuery, response: { 200: directoryPage } } }, async (request) => {
      const { member } = await memberOf(request);
      if (request.query.sort === 'list' && request.query.list === undefined) throw new ValidationFailed(['Choose a list to sort by its order']);
      // A living list's members are its search's matches now.
      const living = request.query.list === undefined ? null : await listFilterOf(db, member.accountId, request.query.list);
      return directory(db, member.accountId, living ? livingQuery(living, request.query) : request.query);
    });

    app.post('/api/v1/contacts', { schema: { body: addContactBody, response: { 200: contactView, 201: contactView } } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const { userId, ...input } = request.body;
      if (userId !== undefined) {
        // A person on the platform: the record holds what the account adds about them.
        applyChanges(EMPTY_FIELDS, input, true);
        const { contactId, existed } = await core.commands.transaction(async (unit) => {
          const had = await recordsOfPeople(unit.trx, member.accountId, [userId]);
          const records = await recordsFor(unit, member, metadata, [userId]);
          const id = records.get(userId)!;
          if (input.tags || input.emails) {
            const suppressed = await anySuppressed(unit.trx, member.accountId, input.emails);
            await unit.run(contactDecider, contactStream(id), { type: 'edit', contactId: id, by: member, changes: input, suppressed }, metadata);
          }
          return { contactId: id, existed: had.has(userId) };
        });
        const view = await contactOf(member, contactId);
        return existed ? view : created(reply, contactId).send(view);
      }
      const fields = applyChanges(EMPTY_FIELDS, input, false);
      const contactId = await core.commands.transaction(async (unit) => {
        const id = await nextId(unit, 'contact_record_ids');
        await unit.run(contactDecider, contactStream(id), { type: 'add', contactId: id, by: member, userId: null, fields, suppressed: await anySuppressed(unit.trx, member.accountId, fields.emails) }, metadata);
        return id;
      });
      return created(reply, contactId).send(await contactOf(member, contactId));
    });

    // Registered here, not app-wide: of this module's routes only the import reads a form.
    await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: { fileSize: MAX_IMPORT_BYTES, files: 1, fields: 10 } });

    // The form's `consent` and `mapping` (header to field, as JSON) come before its `file`, as a
    // browser's FormData sends them in the order appended; the file is read as it arrives.
    app.post('/api/v1/contacts/import', { schema: { response: { 200: importReport } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      return withUploadedFile(request, async (part) => {
        if (part?.fieldname !== 'file') throw new ValidationFailed(['Choose a file to upload']);
        const field = (name: string) => {
          const value = part.fields[name];
          return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
        };
        const refuse = (lines: string[]) => {
          part.file.resume();
          return new ValidationFailed(lines);
        };
        if (field('consent') !== 'true') throw refuse([CONSENT_REQUIRED]);
        let mapping: unknown;
        try {
          mapping = JSON.parse(field('mapping') ?? '');
        } catch {
          throw refuse(['Map the columns of the file to fields']);
        }
        const parsed = importMapping.safeParse(mapping);
        if (!parsed.success) throw refuse(parsed.error.issues.map((issue) => issue.message));
        const fields = Object.values(parsed.data);
        if (!fields.includes('name') && !fields.includes('firstName') && !fields.includes('lastName')) throw refuse(['Map a column to the name']);
        const report = await importRows(core, member, metadata, readRows(part.file, parsed.data));
        if (part.file.truncated) throw new ValidationFailed([`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; the rows before the cut were imported`], 413);
        return report;
      });
    });

    app.get('/api/v1/contacts/export', { schema: { querystring: exportQuery } }, async (request, reply) => {
      const { member } = await memberOf(request);
      const { list, ids, ...filters } = request.query;
      if (list !== undefined) await listOf(member, list);
      // A living list holds whoever matches its search as the export runs, the other filters narrowing it.
      const living = list === undefined ? null : await listFilterOf(db, member.accountId, list);
      const filter = living ? { ...filters, ...living } : Object.values(filters).some((value) => value !== undefined) ? filters : undefined;
      const scope = { listId: living ? undefined : list, filter, ids };
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', 'attachment; filename="contacts.csv"').send(exportCsv(db, member.accountId, scope));
    });

    // The contacts area's lists of the platform's callouts and job posts (spec section 2 `jobs`, `callOuts`).
    app.get('/api/v1/contacts/posts', { schema: { querystring: deskPostsQuery, response: { 200: deskPostsPage } } }, async (request) => {
      const { member } = await memberOf(request);
      return deskPosts(db, viewerOf({ id: member.id, roles: member.roles as readonly AccountRole[] }), request.query);
    });

    app.get('/api/v1/contacts/recommendations', { schema: { response: { 200: recommendationsView } } }, async (request) => {
      const { member } = await memberOf(request);
      return { data: await recommendations(db, member) };
    });

    // Dismissed for the whole account, for good: the log keeps who and when.
    app.post('/api/v1/contacts/recommendations/:userId/dismiss', { schema: { params: recommendationParams } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const { userId } = request.params;
      const person = await db.selectFrom('users').select('roles').where('id', '=', userId).executeTakeFirst();
      if (!person || !person.roles.some((role) => role === 'journo' || role === 'expert')) throw new NotFound(NO_PERSON);
      await core.commands.run(recommendationsDecider, recommendationsStream(member.accountId), { type: 'dismiss', by: member, userId }, metadata);
      return reply.status(204).send();
    });

    // One transaction for the whole selection: every contact named carries the tag, or none does.
    app.post('/api/v1/contacts/tags', { schema: { body: tagBody, response: { 200: taggedView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      // A selection that changes nothing writes nothing, so no command would refuse a read-only person: refuse here.
      if (member.isReadOnly) throw new Forbidden(READ_ONLY);
      const { tag, ...selection } = request.body;
      const count = await core.commands.transaction(async (unit) => {
        const contactIds = await selectedContacts(unit, member, metadata, selection);
        await tagContacts(unit, core.store, member, metadata, contactIds, tag);
        return contactIds.length;
      });
      return { count };
    });

    app.get('/api/v1/contacts/duplicates', { schema: { response: { 200: duplicatesView } } }, async (request) => {
      const { member } = await memberOf(request);
      return { data: await duplicates(db, member.accountId, DUPLICATES_SHOWN) };
    });

    app.get('/api/v1/contacts/:id', { schema: { params: idParams, response: { 200: contactView } } }, async (request) => {
      const { member } = await memberOf(request);
      return contactOf(member, request.params.id);
    });

    app.get('/api/v1/contacts/:id/timeline', { schema: { params: idParams, querystring: timelineQuery, response: { 200: timelinePage } } }, async (request) => {
      const { member } = await memberOf(request);
      const key = await contactKey(db, member.accountId, request.params.id);
      if (!key) throw new NotFound(NO_CONTACT);
      return contactTimeline(db, member, { id: Number(key.id), userId: key.user_id === null ? null : Number(key.user_id) }, request.query);
    });

    app.patch('/api/v1/contacts/:id', { schema: { params: idParams, body: editContactBody, response: { 200: contactView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await onContact(member, metadata, { type: 'edit', contactId: request.params.id, changes: request.body, suppressed: await anySuppressed(db, member.accountId, request.body.emails) });
      return contactOf(member, request.params.id);
    });

    app.delete('/api/v1/contacts/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      await onContact(member, metadata, { type: 'remove', contactId: request.params.id, mergedInto: null });
      return reply.status(204).send();
    });

    app.post('/api/v1/contacts/:id/notes', { schema: { params: idParams, body: noteBody, response: { 201: noteView } } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const contactId = request.params.id;
      const noteId = await core.commands.transaction(async (unit) => {
        const id = await nextId(unit, 'contact_note_ids');
        await unit.run(contactDecider, contactStream(contactId), { type: 'addNote', contactId, by: member, noteId: id, text: request.body.text }, metadata);
        return id;
      });
      return created(reply, noteId).send((await findNote(db, member.accountId, contactId, noteId))!);
    });

    app.patch('/api/v1/contacts/:id/notes/:noteId', { schema: { params: noteParams, body: noteBody, response: { 200: noteView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      const { id: contactId, noteId } = request.params;
      await onContact(member, metadata, { type: 'editNote', contactId, noteId, text: request.body.text });
      return (await findNote(db, member.accountId, contactId, noteId))!;
    });

    app.post('/api/v1/contacts/:id/do-not-contact', { schema: { params: idParams, response: { 200: contactView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await onContact(member, metadata, { type: 'setDoNotContact', contactId: request.params.id });
      return contactOf(member, request.params.id);
    });

    app.delete('/api/v1/contacts/:id/do-not-contact', { schema: { params: idParams, response: { 200: contactView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await onContact(member, metadata, { type: 'clearDoNotContact', contactId: request.params.id });
      return contactOf(member, request.params.id);
    });

    // The kept contact takes the other's fields where chosen, every list of both, its notes and
    // its places on lists; the other is removed in the same transaction.
    app.post('/api/v1/contacts/:id/merge', { schema: { params: idParams, body: mergeBody, response: { 200: contactView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      const contactId = request.params.id;
      const { otherId, fields: chosen } = request.body;
      await core.commands.transaction(async (unit) => {
        const other = await stateOf(unit, otherId);
        await unit.run(contactDecider, contactStream(contactId), { type: 'merge', contactId, by: member, otherId, other, chosen }, metadata);
        await unit.run(contactDecider, contactStream(otherId), { type: 'remove', contactId: otherId, by: member, mergedInto: contactId }, metadata);
      });
      return contactOf(member, contactId);
    });

    app.post('/api/v1/contacts/:id/not-duplicate', { schema: { params: idParams, body: otherBody } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const ids = [request.params.id, request.body.otherId].sort((a, b) => a - b) as [number, number];
      await core.commands.transaction(async (unit) => {
        const other = await stateOf(unit, ids[1]);
        await unit.run(contactDecider, contactStream(ids[0]), { type: 'markDistinct', contactId: ids[0], by: member, otherId: ids[1], other }, metadata);
      });
      return reply.status(204).send();
    });

    app.get('/api/v1/contact-lists', { schema: { response: { 200: listsView } } }, async (request) => {
      const { member } = await memberOf(request);
      return { data: await listsOf(db, member.accountId) };
    });

    app.post('/api/v1/contact-lists', { schema: { body: listBody, response: { 201: listView } } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      const listId = await core.commands.transaction(async (unit) => {
        const id = await nextId(unit, 'contact_list_ids');
        await unit.run(listDecider, listStream(id), { type: 'create', listId: id, by: member, ...request.body }, metadata);
        return id;
      });
      return created(reply, listId).send(await listOf(member, listId));
    });

    app.get('/api/v1/contact-lists/:id', { schema: { params: idParams, response: { 200: listView } } }, async (request) => {
      const { member } = await memberOf(request);
      return listOf(member, request.params.id);
    });

    app.patch('/api/v1/contact-lists/:id', { schema: { params: idParams, body: renameListBody, response: { 200: listView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await core.commands.run(listDecider, listStream(request.params.id), { type: 'rename', listId: request.params.id, by: member, ...request.body }, metadata);
      return listOf(member, request.params.id);
    });

    app.get('/api/v1/contact-lists/:id/filter', { schema: { params: idParams, response: { 200: listFilterView } } }, async (request) => {
      const { member } = await memberOf(request);
      await listOf(member, request.params.id);
      return { filter: await listFilterOf(db, member.accountId, request.params.id) };
    });

    app.put('/api/v1/contact-lists/:id/filter', { schema: { params: idParams, body: listFilterBody, response: { 200: listView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      await core.commands.run(listDecider, listStream(request.params.id), { type: 'changeFilter', listId: request.params.id, by: member, filter: request.body.filter }, metadata);
      return listOf(member, request.params.id);
    });

    app.delete('/api/v1/contact-lists/:id', { schema: { params: idParams } }, async (request, reply) => {
      const { member, metadata } = await memberOf(request);
      await core.commands.run(listDecider, listStream(request.params.id), { type: 'delete', listId: request.params.id, by: member }, metadata);
      return reply.status(204).send();
    });

    /** Runs `work` on a list of the member's account, holding the list still. */
    const onList = (member: Member, listId: number, work: (unit: Unit, members: number[]) => Promise<unknown>) =>
      core.commands.transaction(async (unit) => {
        if (!(await lockList(unit.trx, member.accountId, listId))) throw new NotFound(NO_LIST);
        await work(unit, await listMembers(unit.trx, listId));
      });

    app.post('/api/v1/contact-lists/:id/contacts', { schema: { params: idParams, body: listMembersBody, response: { 200: listView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      const listId = request.params.id;
      await onList(member, listId, async (unit, members) => {
        const on = new Set(members);
        const added = (await selectedContacts(unit, member, metadata, request.body)).filter((id) => !on.has(id));
        await unit.run(listDecider, listStream(listId), { type: 'add', listId, by: member, contactIds: added }, metadata);
      });
      return listOf(member, listId);
    });

    app.delete('/api/v1/contact-lists/:id/contacts', { schema: { params: idParams, body: removeMembersBody, response: { 200: listView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      const listId = request.params.id;
      await onList(member, listId, async (unit, members) => {
        const on = new Set(members);
        const removed = [...new Set(request.body.contactIds)].filter((id) => on.has(id));
        await unit.run(listDecider, listStream(listId), { type: 'remove', listId, by: member, contactIds: removed }, metadata);
      });
      return listOf(member, listId);
    });

    app.put('/api/v1/contact-lists/:id/contacts', { schema: { params: idParams, body: reorderBody, response: { 200: listView } } }, async (request) => {
      const { member, metadata } = await memberOf(request);
      const listId = request.params.id;
      await onList(member, listId, (unit, members) => unit.run(listDecider, listStream(listId), { type: 'reorder', listId, by: member, contactIds: request.body.contactIds, members: new Set(members) }, metadata));
      return listOf(member, listId);
    });
  };
}
