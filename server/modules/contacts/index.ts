// What other modules may use of contacts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../events/types.ts';
import { directory, listFilterOf, listMembers, livingQuery } from './queries.ts';
import './tables.ts';

export { contactsProjection } from './projection.ts';
export { contactRoutes } from './routes.ts';
export { contactMessagesFor, type ContactsMessage } from './live.ts';

/** The names of those of `contactIds` that are contacts of the account, for modules that link to them (tasks). */
export async function contactNames(db: Kysely<Database> | Tx, accountId: number, contactIds: readonly number[]): Promise<Map<number, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db.selectFrom('contacts').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', [...new Set(contactIds)]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}

/**
 * Who an account's lists reach by email (announcements' distribution): each member's first
 * address, none marked do-not-contact or on the suppression list; a living list's members are
 * its matches now. Also which of `listIds` are the account's lists.
 */
export async function listAddresses(db: Kysely<Database> | Tx, accountId: number, listIds: readonly number[]): Promise<{ lists: number[]; recipients: { contactId: number; name: string; email: string }[] }> {
  const lists = listIds.length === 0 ? [] : await db.selectFrom('contact_lists').select(['id', 'filter']).where('account_id', '=', accountId).where('id', 'in', [...listIds]).execute();
  const members = new Set<number>();
  for (const list of lists) {
    const filter = list.filter === null ? null : await listFilterOf(db, accountId, list.id);
    const ids = filter === null ? await listMembers(db, list.id) : (await directory(db, accountId, livingQuery(filter, { sort: 'name', total: false, offset: 0, limit: 1_000_000, hasEmail: true }))).data.flatMap((row) => (row.id === null ? [] : [row.id]));
    for (const id of ids) members.add(Number(id));
  }
  const rows = members.size === 0 ? [] : (await sql<{ id: number; name: string; email: string }>`
    select c.id, c.name, c.emails[1] as email from contacts c
    where c.account_id = ${accountId} and c.id = any(${[...members]}::bigint[]) and cardinality(c.emails) > 0 and not c.do_not_contact
      and not exists (select 1 from contact_suppressions s where s.account_id = c.account_id and s.email = any(c.emails))
    order by c.id`.execute(db)).rows;
  return { lists: lists.map((list) => Number(list.id)), recipients: rows.map((row) => ({ contactId: Number(row.id), name: row.name, email: row.email })) };
}
