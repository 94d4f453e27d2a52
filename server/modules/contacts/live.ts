import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { ContactEvent } from '../../../contracts/contacts/index.ts';
import type { contactsChanged } from '../../../contracts/contacts/realtime.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent, Tx } from '../../events/types.ts';

export type ContactsMessage = { event: 'contacts:changed'; rooms: string[]; payload: z.infer<typeof contactsChanged> };

// Events of what the directory, lists and a contact's page show (a dismissed recommendation is not).
const SHOWN = new Set([
  'ContactAdded',
  'ContactEdited',
  'ContactRemoved',
  'NoteAdded',
  'NoteEdited',
  'DoNotContactSet',
  'DoNotContactCleared',
  'ContactsMerged',
  'NotDuplicatesMarked',
  'ListCreated',
  'ListFilterChanged',
  'ListRenamed',
  'ListDeleted',
  'AddedToList',
  'RemovedFromList',
  'ListReordered',
]);
type Shown = StoredEvent<Exclude<ContactEvent, { type: 'RecommendationDismissed' }>>;
const isShown = (event: StoredEvent<AnyEvent>): event is Shown => SHOWN.has(event.type);

/**
 * What contact and list events mean to open tabs, one list per event: each account's people
 * hear once per batch, on its last event of the account, with every contact and list it changed.
 */
export async function contactMessagesFor(db: Kysely<Database> | Tx, events: readonly StoredEvent<AnyEvent>[]): Promise<ContactsMessage[][]> {
  const changes = new Map<number, { last: number; contactIds: Set<number>; listIds: Set<number> }>();
  events.forEach((event, index) => {
    if (!isShown(event)) return;
    const { accountId } = event.data;
    const change = changes.get(accountId) ?? { last: index, contactIds: new Set<number>(), listIds: new Set<number>() };
    change.last = index;
    if ('listId' in event.data) {
      change.listIds.add(event.data.listId);
      if ('contactIds' in event.data) for (const id of event.data.contactIds) change.contactIds.add(id);
    } else change.contactIds.add(event.data.contactId);
    if (event.type === 'ContactsMerged') change.contactIds.add(event.data.mergedId);
    if (event.type === 'NotDuplicatesMarked') change.contactIds.add(event.data.otherId);
    changes.set(accountId, change);
  });
  const messages: ContactsMessage[][] = events.map(() => []);
  if (changes.size === 0) return messages;
  const people = await db.selectFrom('users').select(['id', 'account_id']).where('account_id', 'in', [...changes.keys()]).execute();
  for (const [accountId, change] of changes) {
    const event = events[change.last]!;
    const rooms = people.filter((person) => Number(person.account_id) === accountId).map((person) => `user:${person.id}`);
    if (rooms.length === 0) continue;
    messages[change.last] = [
      { event: 'contacts:changed', rooms, payload: { cursor: `${event.transactionId}:${event.position}`, position: event.position, contactIds: [...change.contactIds], listIds: [...change.listIds] } },
    ];
  }
  return messages;
}
