import { sql } from 'kysely';
import { MAX_SELECTED, MAX_TAGS, NO_CONTACT, TOO_MANY_SELECTED, type Selection } from '../../../contracts/contacts/api.ts';
import { EMPTY_FIELDS } from '../../../contracts/contacts/fields.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import { fold } from '../../events/decider.ts';
import type { EventStore } from '../../events/store.ts';
import type { AnyEvent, StreamAppend } from '../../events/types.ts';
import { contactDecider, contactStream } from './commands.ts';
import type { Member } from './permissions.ts';
import { directoryMatches, ownContacts, peopleByIds, recordsOfPeople } from './queries.ts';

type Unit = UnitOfWork<AnyEvent>;

const PERSON_LOCK_NAMESPACE = 7316;
export const NO_PERSON = 'No such person';
/** Contacts read and written per statement by a bulk action. */
const BATCH = 1000;

const chunks = <T>(items: readonly T[]) => Array.from({ length: Math.ceil(items.length / BATCH) }, (_, index) => items.slice(index * BATCH, (index + 1) * BATCH));

/**
 * The account's record of each person, made where it has none, the new ones in one append.
 * One writer at a time per person and account, so two colleagues adding the same journalist
 * make one record; the locks are taken in one order, so two overlapping bulk actions cannot
 * deadlock.
 */
export async function recordsFor(unit: Unit, member: Member, metadata: EventMetadata, userIds: readonly number[]): Promise<Map<number, number>> {
  const wanted = [...new Set(userIds)].sort((a, b) => a - b);
  if (wanted.length === 0) return new Map();
  const people = await peopleByIds(unit.trx, wanted);
  if (wanted.some((id) => !people.has(id))) throw new ValidationFailed([NO_PERSON]);
  await sql`select pg_advisory_xact_lock(${PERSON_LOCK_NAMESPACE}, hashtext(${`${member.accountId}:`} || w.id)) from unnest(${sql.val(wanted)}::bigint[]) with ordinality as w(id, n) order by n`.execute(unit.trx);
  const records = await recordsOfPeople(unit.trx, member.accountId, wanted);
  const missing = wanted.filter((id) => !records.has(id));
  if (missing.length === 0) return records;
  const { rows: ids } = await sql<{ id: number }>`select nextval('contact_record_ids')::int as id from generate_series(1, ${missing.length})`.execute(unit.trx);
  const started = missing.map((userId, index) => {
    const contactId = ids[index]!.id;
    records.set(userId, contactId);
    const fields = { ...EMPTY_FIELDS, name: people.get(userId)!.name };
    return { streamId: contactStream(contactId), events: contactDecider.decide({ type: 'add', contactId, by: member, userId, fields, suppressed: false }, contactDecider.initialState), metadata };
  });
  for (const batch of chunks(started)) await unit.startStreams(batch);
  return records;
}

/**
 * The contacts a bulk action is for, records made for the platform's people among them: the
 * ids named (the account's own only), or everyone the filter matches as the action runs.
 */
export async function selectedContacts(unit: Unit, member: Member, metadata: EventMetadata, selection: Selection): Promise<number[]> {
  let { contactIds, userIds } = selection;
  if (selection.filter) {
    ({ contactIds, userIds } = await directoryMatches(unit.trx, member.accountId, selection.filter, MAX_SELECTED + 1));
    if (contactIds.length + userIds.length > MAX_SELECTED) throw new ValidationFailed([TOO_MANY_SELECTED]);
  } else {
    const own = await ownContacts(unit.trx, member.accountId, contactIds);
    if (contactIds.some((id) => !own.has(id))) throw new NotFound(NO_CONTACT);
  }
  const records = await recordsFor(unit, member, metadata, userIds);
  return [...new Set([...contactIds, ...userIds.map((userId) => records.get(userId)!)])];
}

/**
 * Adds a tag to each contact, keeping its others; those carrying it already stay as they are.
 * Streams are read and appended a batch at a time rather than a command each: a "select all"
 * may name a hundred thousand.
 */
export async function tagContacts(unit: Unit, store: EventStore<AnyEvent>, member: Member, metadata: EventMetadata, contactIds: readonly number[], tag: string): Promise<void> {
  for (const batch of chunks(contactIds)) {
    const histories = await store.readStreams(unit.trx, batch.map(contactStream));
    const appends = batch.map((contactId): StreamAppend<AnyEvent> => {
      const history = histories.get(contactStream(contactId))!;
      const state = fold(contactDecider, history as never[]);
      if (state.exists && !state.fields.tags.includes(tag) && state.fields.tags.length >= MAX_TAGS) throw new ValidationFailed([`${state.fields.name} has ${MAX_TAGS} tags already`]);
      const tags = state.exists ? [...state.fields.tags, tag] : [tag];
      const events = contactDecider.decide({ type: 'edit', contactId, by: member, changes: { tags: [...new Set(tags)] }, suppressed: false }, state);
      return { streamId: contactStream(contactId), expected: history.at(-1)?.streamVersion ?? 0, events, metadata };
    });
    await unit.appendStreams(appends);
  }
}
