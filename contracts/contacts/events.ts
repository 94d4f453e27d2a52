import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { contactFields } from './fields.ts';

const accountId = z.number().int().positive();
const contactId = z.number().int().positive();
const listId = z.number().int().positive();
const noteId = z.number().int().positive();
const userId = z.number().int().positive();

// A contact's stream (`contact-{id}`). Everything in it is private to its account.
/** A private record (`userId` null) or a person on the platform the account keeps (`userId` set, their profile stays theirs). */
export const ContactAdded = defineEvent('ContactAdded', z.object({ accountId, contactId, userId: userId.nullable(), fields: contactFields, addedBy: userId }));
/** The fields as they are now, whole: a projection needs nothing but the event. */
export const ContactEdited = defineEvent('ContactEdited', z.object({ accountId, contactId, fields: contactFields }));
export const ContactRemoved = defineEvent('ContactRemoved', z.object({ accountId, contactId, mergedInto: contactId.nullable() }));
export const NoteAdded = defineEvent('NoteAdded', z.object({ accountId, contactId, noteId, text: z.string(), authorId: userId }));
export const NoteEdited = defineEvent('NoteEdited', z.object({ accountId, contactId, noteId, text: z.string(), editedBy: userId }));
export const DoNotContactSet = defineEvent('DoNotContactSet', z.object({ accountId, contactId, by: userId }));
export const DoNotContactCleared = defineEvent('DoNotContactCleared', z.object({ accountId, contactId, by: userId }));
/** On the kept contact's stream, before the other's ContactRemoved: its notes and list places move to the kept one. */
export const ContactsMerged = defineEvent('ContactsMerged', z.object({ accountId, contactId, mergedId: contactId, fields: contactFields, doNotContact: z.boolean() }));
/** A pair the duplicate finder showed that a person said are two people (on the smaller id's stream). */
export const NotDuplicatesMarked = defineEvent('NotDuplicatesMarked', z.object({ accountId, contactId, otherId: contactId }));

// A list's stream (`contact-list-{id}`).
/** A living list's saved search: the directory's filters it names (see api.ts listFilter). */
export const storedListFilter = z.object({
  q: z.string().optional(),
  beat: z.number().int().optional(),
  outlet: z.string().optional(),
  country: z.string().optional(),
  tag: z.string().optional(),
  hasEmail: z.boolean().optional(),
});
export type StoredListFilter = z.infer<typeof storedListFilter>;
/** `filter` set: a living list, whose members are the directory's matches of it when read (version 2; version 1 lists are hand-made). */
export const ListCreated = defineEvent(
  'ListCreated',
  z.object({ accountId, listId, name: z.string(), description: z.string(), createdBy: userId, filter: storedListFilter.nullable() }),
  { schemaVersion: 2, upcasters: { 1: (data: object) => ({ ...data, filter: null }) } },
);
/** A living list's search changed. */
export const ListFilterChanged = defineEvent('ListFilterChanged', z.object({ accountId, listId, filter: storedListFilter }));
export const ListRenamed = defineEvent('ListRenamed', z.object({ accountId, listId, name: z.string(), description: z.string() }));
export const ListDeleted = defineEvent('ListDeleted', z.object({ accountId, listId }));
/** Appended at the end of the list, in this order. */
export const AddedToList = defineEvent('AddedToList', z.object({ accountId, listId, contactIds: z.array(contactId) }));
export const RemovedFromList = defineEvent('RemovedFromList', z.object({ accountId, listId, contactIds: z.array(contactId) }));
/** The whole list in its new order. */
export const ListReordered = defineEvent('ListReordered', z.object({ accountId, listId, contactIds: z.array(contactId) }));

// An account's recommendations' stream (`contact-recommendations-{accountId}`).
/** The account does not want this person recommended again. */
export const RecommendationDismissed = defineEvent('RecommendationDismissed', z.object({ accountId, userId, by: userId }));

export const contactEvents = [
  ContactAdded,
  ContactEdited,
  ContactRemoved,
  NoteAdded,
  NoteEdited,
  DoNotContactSet,
  DoNotContactCleared,
  ContactsMerged,
  NotDuplicatesMarked,
  ListCreated,
  ListRenamed,
  ListDeleted,
  AddedToList,
  RemovedFromList,
  ListReordered,
  ListFilterChanged,
  RecommendationDismissed,
] as const;
