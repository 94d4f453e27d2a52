import { sql } from 'kysely';
import type { ContactAdded, DoNotContactSet } from '../../../contracts/contacts/events.ts';
import type { ContactEvent, ContactFields } from '../../../contracts/contacts/index.ts';
import type { EventOf } from '../../../contracts/events/define.ts';
import type { NameChanged } from '../../../contracts/users/settings-events.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { InlineProjection } from '../../projections/inline.ts';
import './tables.ts';

const columns = (fields: ContactFields) => ({
  name: fields.name,
  job_title: fields.jobTitle,
  outlets: fields.outlets,
  companies: fields.companies,
  beats: fields.beats,
  emails: fields.emails,
  phones: JSON.stringify(fields.phones),
  links: JSON.stringify(fields.links),
  addresses: JSON.stringify(fields.addresses),
  timezone: fields.timezone,
  country: fields.country,
  tags: fields.tags,
});

/** Appends contacts at the end of a list, in the order given, skipping those already on it. */
async function append(trx: Tx, listId: number, contactIds: number[], at: Date): Promise<void> {
  await sql`
    insert into contact_list_members (list_id, contact_id, position, added_at)
    select ${listId}, t.contact_id, coalesce((select max(position) from contact_list_members where list_id = ${listId}), 0) + t.n, ${at}
    from unnest(${sql.val(contactIds)}::bigint[]) with ordinality t(contact_id, n)
    on conflict do nothing`.execute(trx);
}

/** Puts the addresses of a contact marked do-not-contact on its account's suppression list. */
async function suppress(trx: Tx, contactId: number, at: Date): Promise<void> {
  await sql`
    insert into contact_suppressions (account_id, email, since)
    select c.account_id, e.email, ${at} from contacts c cross join unnest(c.emails) e(email) where c.id = ${contactId} and c.do_not_contact
    on conflict do nothing`.execute(trx);
}

/**
 * Counts these contacts in (1) or out of (-1) their account's filter counts, as their rows
 * stand now; private contacts only (a person's filters are their profile's). Rows are taken in
 * key order, so concurrent writers of one account wait for each other instead of deadlocking.
 */
async function countFacets(trx: Tx, contactIds: readonly number[], sign: 1 | -1): Promise<void> {
  if (contactIds.length === 0) return;
  await sql`
    insert into contact_facet_counts as k (account_id, facet, value, contacts, with_email)
    select c.account_id, f.facet, f.value, ${sign} * count(*), ${sign} * count(*) filter (where cardinality(c.emails) > 0)
    from contacts c cross join lateral contact_facets(c.beats, c.outlets, c.country, c.tags) f
    where c.id = any(${sql.val(contactIds)}::bigint[]) and c.user_id is null
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (account_id, facet, value) do update set contacts = k.contacts + excluded.contacts, with_email = k.with_email + excluded.with_email`.execute(trx);
}

async function touchList(trx: Tx, listId: number, at: Date): Promise<void> {
  await trx.updateTable('contact_lists').set({ updated_at: at }).where('id', '=', listId).execute();
}

/**
 * Contacts, their notes and earlier wordings, lists and their members, pairs said not to be
 * duplicates, and the addresses not to write to: a do-not-contact contact's addresses stay
 * suppressed when the contact is deleted, until an account admin lifts the mark.
 */
export const contactsProjection: InlineProjection<ContactEvent | EventOf<typeof NameChanged>> = {
  name: 'contacts',
  tables: ['contact_facet_counts', 'contact_recommendation_dismissals', 'contact_suppressions', 'contact_not_duplicates', 'contact_list_members', 'contact_lists', 'contact_note_revisions', 'contact_notes', 'contacts'],
  // An import's new contacts: their rows in one insert, their do-not-contact marks in one update.
  async applyAll(trx, events) {
    let added: StoredEvent<EventOf<typeof ContactAdded>>[] = [];
    let marked: StoredEvent<EventOf<typeof DoNotContactSet>>[] = [];
    const flush = async () => {
      if (added.length > 0) {
        await trx
          .insertInto('contacts')
          .values(added.map(({ data, recordedAt }) => ({ id: data.contactId, account_id: data.accountId, user_id: data.userId, ...columns(data.fields), do_not_contact: false, created_at: recordedAt, updated_at: recordedAt })))
          .execute();
        await countFacets(trx, added.map(({ data }) => data.contactId), 1);
      }
      const byTime = new Map<number, number[]>();
      for (const event of marked) byTime.set(event.recordedAt.getTime(), [...(byTime.get(event.recordedAt.getTime()) ?? []), event.data.contactId]);
      for (const [at, contactIds] of byTime) {
        await trx.updateTable('contacts').set({ do_not_contact: true, updated_at: new Date(at) }).where('id', 'in', contactIds).execute();
        await sql`
          insert into contact_suppressions (account_id, email, since)
          select c.account_id, e.email, ${new Date(at)} from contacts c cross join unnest(c.emails) e(email) where c.id = any(${sql.val(contactIds)}::bigint[]) and c.do_not_contact
          on conflict do nothing`.execute(trx);
      }
      added = [];
      marked = [];
    };
    for (const event of events) {
      // A run of additions and marks is order-free as long as each mark follows its addition.
      if (event.type === 'ContactAdded') added.push(event as StoredEvent<EventOf<typeof ContactAdded>>);
      else if (event.type === 'DoNotContactSet') marked.push(event as StoredEvent<EventOf<typeof DoNotContactSet>>);
      else {
        await flush();
        await this.apply(trx, event);
      }
    }
    await flush();
  },
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'ContactAdded': {
        const { accountId, contactId, userId, fields } = event.data;
        await trx
          .insertInto('contacts')
          .values({ id: contactId, account_id: accountId, user_id: userId, ...columns(fields), do_not_contact: false, created_at: at, updated_at: at })
          .execute();
        await countFacets(trx, [contactId], 1);
        return;
      }
      case 'ContactEdited':
        await countFacets(trx, [event.data.contactId], -1);
        await trx.updateTable('contacts').set({ ...columns(event.data.fields), updated_at: at }).where('id', '=', event.data.contactId).execute();
        await countFacets(trx, [event.data.contactId], 1);
        await suppress(trx, event.data.contactId, at);
        return;
      case 'ContactRemoved': {
        const { contactId } = event.data;
        const notes = trx.selectFrom('contact_notes').select('id').where('contact_id', '=', contactId);
        await trx.deleteFrom('contact_note_revisions').where('note_id', 'in', notes).execute();
        await trx.deleteFrom('contact_notes').where('contact_id', '=', contactId).execute();
        await trx.deleteFrom('contact_list_members').where('contact_id', '=', contactId).execute();
        await trx.deleteFrom('contact_not_duplicates').where((eb) => eb.or([eb('contact_id', '=', contactId), eb('other_id', '=', contactId)])).execute();
        await countFacets(trx, [contactId], -1);
        await trx.deleteFrom('contacts').where('id', '=', contactId).execute();
        return;
      }
      case 'NoteAdded': {
        const { accountId, contactId, noteId, text, authorId } = event.data;
        await trx.insertInto('contact_notes').values({ id: noteId, contact_id: contactId, account_id: accountId, author_id: authorId, text, created_at: at, edited_at: null }).execute();
        return;
      }
      case 'NoteEdited': {
        const { noteId, text } = event.data;
        await sql`insert into contact_note_revisions (note_id, text, replaced_at) select id, text, ${at} from contact_notes where id = ${noteId}`.execute(trx);
        await trx.updateTable('contact_notes').set({ text, edited_at: at }).where('id', '=', noteId).execute();
        return;
      }
      case 'DoNotContactSet':
        await trx.updateTable('contacts').set({ do_not_contact: true, updated_at: at }).where('id', '=', event.data.contactId).execute();
        await suppress(trx, event.data.contactId, at);
        return;
      case 'DoNotContactCleared':
        await trx.updateTable('contacts').set({ do_not_contact: false, updated_at: at }).where('id', '=', event.data.contactId).execute();
        await sql`delete from contact_suppressions s using contacts c where c.id = ${event.data.contactId} and s.account_id = c.account_id and s.email = any(c.emails)`.execute(trx);
        return;
      case 'ContactsMerged': {
        const { contactId, mergedId, fields, doNotContact } = event.data;
        await countFacets(trx, [contactId], -1);
        await trx.updateTable('contacts').set({ ...columns(fields), do_not_contact: doNotContact, updated_at: at }).where('id', '=', contactId).execute();
        await countFacets(trx, [contactId], 1);
        await suppress(trx, contactId, at);
        await trx.updateTable('contact_notes').set({ contact_id: contactId }).where('contact_id', '=', mergedId).execute();
        // The merged contact's place on each list it shared with the kept one goes with it (ContactRemoved).
        await sql`
          update contact_list_members m set contact_id = ${contactId}
          where m.contact_id = ${mergedId}
            and not exists (select 1 from contact_list_members k where k.list_id = m.list_id and k.contact_id = ${contactId})`.execute(trx);
        return;
      }
      case 'NotDuplicatesMarked': {
        const { accountId, contactId, otherId } = event.data;
        await trx.insertInto('contact_not_duplicates').values({ account_id: accountId, contact_id: contactId, other_id: otherId }).onConflict((oc) => oc.doNothing()).execute();
        return;
      }
      case 'ListCreated': {
        const { accountId, listId, name, description, createdBy, filter } = event.data;
        await trx
          .insertInto('contact_lists')
          .values({ id: listId, account_id: accountId, name, description, created_by: createdBy, created_at: at, updated_at: at, filter: filter === null ? null : JSON.stringify(filter) })
          .execute();
        return;
      }
      case 'ListFilterChanged':
        await trx.updateTable('contact_lists').set({ filter: JSON.stringify(event.data.filter), updated_at: at }).where('id', '=', event.data.listId).execute();
        return;
      case 'ListRenamed':
        await trx.updateTable('contact_lists').set({ name: event.data.name, description: event.data.description, updated_at: at }).where('id', '=', event.data.listId).execute();
        return;
      case 'ListDeleted':
        await trx.deleteFrom('contact_list_members').where('list_id', '=', event.data.listId).execute();
        await trx.deleteFrom('contact_lists').where('id', '=', event.data.listId).execute();
        return;
      case 'AddedToList':
        await append(trx, event.data.listId, event.data.contactIds, at);
        await touchList(trx, event.data.listId, at);
        return;
      case 'RemovedFromList':
        await trx.deleteFrom('contact_list_members').where('list_id', '=', event.data.listId).where('contact_id', 'in', event.data.contactIds).execute();
        await touchList(trx, event.data.listId, at);
        return;
      case 'ListReordered':
        await sql`
          update contact_list_members m set position = t.n
          from unnest(${sql.val(event.data.contactIds)}::bigint[]) with ordinality t(contact_id, n)
          where m.list_id = ${event.data.listId} and m.contact_id = t.contact_id`.execute(trx);
        await touchList(trx, event.data.listId, at);
        return;
      case 'RecommendationDismissed': {
        const { accountId, userId, by } = event.data;
        await trx.insertInto('contact_recommendation_dismissals').values({ account_id: accountId, user_id: userId, dismissed_by: by, dismissed_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      }
      case 'NameChanged':
        // A person's name is theirs: every account's record of them follows it.
        await trx.updateTable('contacts').set({ name: `${event.data.firstname} ${event.data.lastname}` }).where('user_id', '=', event.data.userId).execute();
        return;
    }
  },
};
