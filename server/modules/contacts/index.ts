// What other modules may use of contacts.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../events/types.ts';
import './tables.ts';

export { contactsProjection } from './projection.ts';
export { contactRoutes } from './routes.ts';

/** The names of those of `contactIds` that are contacts of the account, for modules that link to them (tasks). */
export async function contactNames(db: Kysely<Database> | Tx, accountId: number, contactIds: readonly number[]): Promise<Map<number, string>> {
  if (contactIds.length === 0) return new Map();
  const rows = await db.selectFrom('contacts').select(['id', 'name']).where('account_id', '=', accountId).where('id', 'in', [...new Set(contactIds)]).execute();
  return new Map(rows.map((row) => [Number(row.id), row.name]));
}
