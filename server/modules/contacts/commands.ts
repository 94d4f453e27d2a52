import { LIVING_LIST, NAME_REQUIRED, NO_CONTACT, NO_LIST, type ContactInput } from '../../../contracts/contacts/api.ts';
import type { StoredListFilter } from '../../../contracts/contacts/events.ts';
import { PRIVATE_FIELDS, type ContactFields } from '../../../contracts/contacts/fields.ts';
import type { ContactEvent } from '../../../contracts/contacts/index.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';
import { mayClearDoNotContact, ONLY_ADMINS_CLEAR, READ_ONLY, type Member } from './permissions.ts';

export const contactStream = (contactId: number) => `contact-${contactId}`;
export const listStream = (listId: number) => `contact-list-${listId}`;

const PROFILE_IS_THEIRS = 'This person keeps their own profile: only tags and email addresses can be changed here';
const NO_NOTE = 'No such note.';

function mayWrite(by: Member, accountId: number | null, missing: string): void {
  if (accountId !== by.accountId) throw new NotFound(missing);
  if (by.isReadOnly) throw new Forbidden(READ_ONLY);
}

/** JSON with every object's keys sorted: the log's jsonb gives keys back in its own order, not the order written. */
const canonical = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner) ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : inner,
  );
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b);
/** Whether two sets of fields are the same whatever the order of their keys. */
export const sameFields = (a: ContactFields, b: ContactFields) => same(a, b);

/** The fields after a change: only what the change names moves. A person on the platform takes private fields only. */
export function applyChanges(current: ContactFields, changes: ContactInput, isPerson: boolean): ContactFields {
  const given = Object.entries(changes).filter(([, value]) => value !== undefined) as [keyof ContactFields, unknown][];
  if (isPerson && given.some(([key]) => !(PRIVATE_FIELDS as readonly string[]).includes(key))) throw new ValidationFailed([PROFILE_IS_THEIRS]);
  const next = { ...current, ...Object.fromEntries(given) } as ContactFields;
  if (!isPerson && next.name.trim() === '') throw new ValidationFailed([NAME_REQUIRED]);
  return next;
}

// ---- Contacts ----

export type ContactState =
  | { exists: false }
  | { exists: true; removed: boolean; accountId: number; userId: number | null; fields: ContactFields; doNotContact: boolean; notes: ReadonlyMap<number, string> };

export type ContactCommand =
  /** `suppressed`: one of its addresses is on the account's suppression list, so it starts as do-not-contact. */
  | { type: 'add'; contactId: number; by: Member; userId: number | null; fields: ContactFields; suppressed: boolean }
  | { type: 'edit'; contactId: number; by: Member; changes: ContactInput; suppressed: boolean }
  | { type: 'remove'; contactId: number; by: Member; mergedInto: number | null }
  | { type: 'addNote'; contactId: number; by: Member; noteId: number; text: string }
  | { type: 'editNote'; contactId: number; by: Member; noteId: number; text: string }
  | { type: 'setDoNotContact'; contactId: number; by: Member }
  | { type: 'clearDoNotContact'; contactId: number; by: Member }
  | { type: 'merge'; contactId: number; by: Member; otherId: number; other: ContactState; chosen: ContactInput }
  | { type: 'markDistinct'; contactId: number; by: Member; otherId: number; other: ContactState };

const union = <T>(a: readonly T[], b: readonly T[]) => [...new Set([...a, ...b])];

/** Every list of both; the kept contact's single values, the other's where the kept has none; then what the person chose. */
function mergedFields(kept: ContactFields, other: ContactFields, chosen: ContactInput, keptIsPerson: boolean): ContactFields {
  const base: ContactFields = {
    name: kept.name || other.name,
    jobTitle: kept.jobTitle ?? other.jobTitle,
    outlets: union(kept.outlets, other.outlets),
    companies: union(kept.companies, other.companies),
    beats: union(kept.beats, other.beats),
    emails: union(kept.emails, other.emails),
    phones: { ...other.phones, ...kept.phones },
    links: { ...other.links, ...kept.links },
    addresses: { ...other.addresses, ...kept.addresses },
    timezone: kept.timezone ?? other.timezone,
    country: kept.country ?? other.country,
    tags: union(kept.tags, other.tags),
  };
  if (keptIsPerson) return { ...kept, emails: base.emails, tags: base.tags };
  return applyChanges(base, chosen, false);
}

export const contactDecider: Decider<ContactState, ContactCommand, ContactEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    if (event.type === 'ContactAdded') {
      const { accountId, userId, fields } = event.data;
      return { exists: true, removed: false, accountId, userId, fields, doNotContact: false, notes: new Map() };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'ContactEdited':
      case 'ContactsMerged':
        return { ...state, fields: event.data.fields, doNotContact: event.type === 'ContactsMerged' ? event.data.doNotContact : state.doNotContact };
      case 'ContactRemoved':
        return { ...state, removed: true };
      case 'NoteAdded':
      case 'NoteEdited':
        return { ...state, notes: new Map([...state.notes, [event.data.noteId, event.data.text]]) };
      case 'DoNotContactSet':
        return { ...state, doNotContact: true };
      case 'DoNotContactCleared':
        return { ...state, doNotContact: false };
      default:
        return state;
    }
  },
  decide(command, state) {
    const { contactId, by } = command;
    const accountId = by.accountId;
    if (command.type === 'add') {
      if (state.exists) throw new Conflict('This contact exists already.');
      if (by.isReadOnly) throw new Forbidden(READ_ONLY);
      const fields = command.userId === null ? applyChanges(command.fields, {}, false) : command.fields;
      const added: ContactEvent = { type: 'ContactAdded', data: { accountId, contactId, userId: command.userId, fields, addedBy: by.id } };
      return command.suppressed ? [added, { type: 'DoNotContactSet', data: { accountId, contactId, by: by.id } }] : [added];
    }
    if (!state.exists || state.removed) throw new NotFound(NO_CONTACT);
    mayWrite(by, state.accountId, NO_CONTACT);
    switch (command.type) {
      case 'edit': {
        const fields = applyChanges(state.fields, command.changes, state.userId !== null);
        const edited: ContactEvent[] = same(fields, state.fields) ? [] : [{ type: 'ContactEdited', data: { accountId, contactId, fields } }];
        return command.suppressed && !state.doNotContact ? [...edited, { type: 'DoNotContactSet', data: { accountId, contactId, by: by.id } }] : edited;
      }
      case 'remove':
        return [{ type: 'ContactRemoved', data: { accountId, contactId, mergedInto: command.mergedInto } }];
      case 'addNote':
        if (state.notes.has(command.noteId)) throw new Conflict('This note exists already.');
        return [{ type: 'NoteAdded', data: { accountId, contactId, noteId: command.noteId, text: command.text, authorId: by.id } }];
      case 'editNote': {
        const current = state.notes.get(command.noteId);
        if (current === undefined) throw new NotFound(NO_NOTE);
        return current === command.text ? [] : [{ type: 'NoteEdited', data: { accountId, contactId, noteId: command.noteId, text: command.text, editedBy: by.id } }];
      }
      case 'setDoNotContact':
        return state.doNotContact ? [] : [{ type: 'DoNotContactSet', data: { accountId, contactId, by: by.id } }];
      case 'clearDoNotContact':
        if (!mayClearDoNotContact(by)) throw new Forbidden(ONLY_ADMINS_CLEAR);
        return state.doNotContact ? [{ type: 'DoNotContactCleared', data: { accountId, contactId, by: by.id } }] : [];
      case 'merge':
      case 'markDistinct': {
        const { other, otherId } = command;
        if (!other.exists || other.removed || other.accountId !== accountId) throw new NotFound(NO_CONTACT);
        if (otherId === contactId) throw new ValidationFailed(['A contact cannot be merged with itself']);
        if (command.type === 'markDistinct') return [{ type: 'NotDuplicatesMarked', data: { accountId, contactId: Math.min(contactId, otherId), otherId: Math.max(contactId, otherId) } }];
        if (other.userId !== null && state.userId !== null) throw new ValidationFailed(['Two people on the platform cannot be merged']);
        if (other.userId !== null) throw new ValidationFailed(['Keep the contact who is on the platform and merge the other into it']);
        const fields = mergedFields(state.fields, other.fields, command.chosen, state.userId !== null);
        // Nothing is lost: a do-not-contact mark on either stays on the merged contact.
        return [{ type: 'ContactsMerged', data: { accountId, contactId, mergedId: otherId, fields, doNotContact: state.doNotContact || other.doNotContact } }];
      }
    }
  },
};

// ---- Lists ----

export type ListState = { exists: false } | { exists: true; deleted: boolean; accountId: number; name: string; description: string; filter: StoredListFilter | null };

export type ListCommand =
  /** `filter`: a living list's saved search; without it a hand-made list. */
  | { type: 'create'; listId: number; by: Member; name: string; description: string; filter?: StoredListFilter | undefined }
  | { type: 'changeFilter'; listId: number; by: Member; filter: StoredListFilter }
  | { type: 'rename'; listId: number; by: Member; name?: string; description?: string }
  | { type: 'delete'; listId: number; by: Member }
  /** `contactIds`: the account's contacts not yet on the list, in the order asked. */
  | { type: 'add'; listId: number; by: Member; contactIds: number[] }
  /** `contactIds`: those of the asked that are on the list. */
  | { type: 'remove'; listId: number; by: Member; contactIds: number[] }
  | { type: 'reorder'; listId: number; by: Member; contactIds: number[]; members: ReadonlySet<number> };

export const listDecider: Decider<ListState, ListCommand, ContactEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    switch (event.type) {
      case 'ListCreated':
        return { exists: true, deleted: false, accountId: event.data.accountId, name: event.data.name, description: event.data.description, filter: event.data.filter };
      case 'ListFilterChanged':
        return state.exists ? { ...state, filter: event.data.filter } : state;
      case 'ListRenamed':
        return state.exists ? { ...state, name: event.data.name, description: event.data.description } : state;
      case 'ListDeleted':
        return state.exists ? { ...state, deleted: true } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    const { listId, by } = command;
    const accountId = by.accountId;
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This list exists already.');
      if (by.isReadOnly) throw new Forbidden(READ_ONLY);
      return [{ type: 'ListCreated', data: { accountId, listId, name: command.name, description: command.description, createdBy: by.id, filter: command.filter ?? null } }];
    }
    if (!state.exists || state.deleted) throw new NotFound(NO_LIST);
    mayWrite(by, state.accountId, NO_LIST);
    if (state.filter !== null && (command.type === 'add' || command.type === 'remove' || command.type === 'reorder')) throw new ValidationFailed([LIVING_LIST]);
    switch (command.type) {
      case 'rename': {
        const name = command.name ?? state.name;
        const description = command.description ?? state.description;
        return name === state.name && description === state.description ? [] : [{ type: 'ListRenamed', data: { accountId, listId, name, description } }];
      }
      case 'delete':
        return [{ type: 'ListDeleted', data: { accountId, listId } }];
      case 'changeFilter':
        if (state.filter === null) throw new ValidationFailed(['A hand-made list keeps the people put on it; make a living list for a saved search']);
        return same(state.filter, command.filter) ? [] : [{ type: 'ListFilterChanged', data: { accountId, listId, filter: command.filter } }];
      case 'add':
        return command.contactIds.length === 0 ? [] : [{ type: 'AddedToList', data: { accountId, listId, contactIds: command.contactIds } }];
      case 'remove':
        return command.contactIds.length === 0 ? [] : [{ type: 'RemovedFromList', data: { accountId, listId, contactIds: command.contactIds } }];
      case 'reorder': {
        const order = command.contactIds;
        if (order.length !== command.members.size || new Set(order).size !== order.length || order.some((id) => !command.members.has(id))) {
          throw new ValidationFailed(['The new order must name every contact of the list once']);
        }
        return [{ type: 'ListReordered', data: { accountId, listId, contactIds: order } }];
      }
    }
  },
};

// ---- Recommendations ----

export const recommendationsStream = (accountId: number) => `contact-recommendations-${accountId}`;

export type RecommendationsState = { dismissed: ReadonlySet<number> };
/** `userId`: a journalist or expert on the platform, checked by the caller. */
export type RecommendationsCommand = { type: 'dismiss'; by: Member; userId: number };

export const recommendationsDecider: Decider<RecommendationsState, RecommendationsCommand, ContactEvent> = {
  initialState: { dismissed: new Set() },
  evolve(state, event) {
    return event.type === 'RecommendationDismissed' ? { dismissed: new Set([...state.dismissed, event.data.userId]) } : state;
  },
  decide(command, state) {
    if (command.by.isReadOnly) throw new Forbidden(READ_ONLY);
    if (state.dismissed.has(command.userId)) return [];
    return [{ type: 'RecommendationDismissed', data: { accountId: command.by.accountId, userId: command.userId, by: command.by.id } }];
  },
};
