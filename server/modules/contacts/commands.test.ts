import { describe, it } from 'vitest';
import { EMPTY_FIELDS, type ContactEvent } from '../../../contracts/contacts/index.ts';
import { fold } from '../../events/decider.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { contactDecider, listDecider } from './commands.ts';

const contacts = deciderSpec(contactDecider);
const lists = deciderSpec(listDecider);
const ACCOUNT = 3;
const pat = { id: 11, roles: ['pr', 'accountAdmin'], accountId: ACCOUNT, isReadOnly: false };
const cole = { id: 12, roles: ['pr'], accountId: ACCOUNT, isReadOnly: false };
const rita = { id: 13, roles: ['pr'], accountId: ACCOUNT, isReadOnly: true };
const rex = { id: 14, roles: ['pr'], accountId: 4, isReadOnly: false };
const nina = { ...EMPTY_FIELDS, name: 'Nina', emails: ['nina@a.example'], tags: ['a'] };
const added: ContactEvent = { type: 'ContactAdded', data: { accountId: ACCOUNT, contactId: 1, userId: null, fields: nina, addedBy: pat.id } };
const person: ContactEvent = { type: 'ContactAdded', data: { accountId: ACCOUNT, contactId: 2, userId: 50, fields: { ...EMPTY_FIELDS, name: 'Jo Reporter' }, addedBy: pat.id } };
const marked: ContactEvent = { type: 'DoNotContactSet', data: { accountId: ACCOUNT, contactId: 1, by: cole.id } };

describe('a contact', () => {
  it('needs a name unless it is a person on the platform', () => {
    contacts.given([]).when({ type: 'add', contactId: 1, by: pat, userId: null, fields: EMPTY_FIELDS, suppressed: false }).thenFails(ValidationFailed, 'Name is required');
  });

  it('with an address on the suppression list starts as do-not-contact', () => {
    contacts
      .given([])
      .when({ type: 'add', contactId: 1, by: cole, userId: null, fields: nina, suppressed: true })
      .then([
        { type: 'ContactAdded', data: { accountId: ACCOUNT, contactId: 1, userId: null, fields: nina, addedBy: cole.id } },
        { type: 'DoNotContactSet', data: { accountId: ACCOUNT, contactId: 1, by: cole.id } },
      ]);
  });

  it('is changed only in what the change names, and an edit that changes nothing records nothing', () => {
    contacts.given([added]).when({ type: 'edit', contactId: 1, by: cole, changes: { jobTitle: 'Editor' }, suppressed: false }).then([{ type: 'ContactEdited', data: { accountId: ACCOUNT, contactId: 1, fields: { ...nina, jobTitle: 'Editor' } } }]);
    contacts.given([added]).when({ type: 'edit', contactId: 1, by: cole, changes: { tags: ['a'] }, suppressed: false }).then([]);
  });

  it('of a person on the platform takes tags and email addresses only: the profile is theirs', () => {
    contacts.given([person]).when({ type: 'edit', contactId: 2, by: pat, changes: { name: 'Someone else' }, suppressed: false }).thenFails(ValidationFailed, /keeps their own profile/);
  });

  it('is not found by another account, and not changed by a read-only colleague', () => {
    contacts.given([added]).when({ type: 'edit', contactId: 1, by: rex, changes: { name: 'Mine' }, suppressed: false }).thenFails(NotFound, 'No such contact.');
    contacts.given([added]).when({ type: 'remove', contactId: 1, by: rita, mergedInto: null }).thenFails(Forbidden);
  });

  it('goes on the do-not-contact list by anyone in the account, and comes off it by an account admin only', () => {
    contacts.given([added]).when({ type: 'setDoNotContact', contactId: 1, by: cole }).then([marked]);
    contacts.given([added, marked]).when({ type: 'clearDoNotContact', contactId: 1, by: cole }).thenFails(Forbidden, 'Only account admins can take a contact off the do-not-contact list');
    contacts.given([added, marked]).when({ type: 'clearDoNotContact', contactId: 1, by: pat }).then([{ type: 'DoNotContactCleared', data: { accountId: ACCOUNT, contactId: 1, by: pat.id } }]);
  });

  it('merged keeps every list value of both, the kept one’s single values, the choices made, and a do-not-contact mark of either', () => {
    const history: ContactEvent[] = [
      { type: 'ContactAdded', data: { accountId: ACCOUNT, contactId: 5, userId: null, fields: { ...EMPTY_FIELDS, name: 'N. Field', jobTitle: 'Editor', emails: ['n@b.example'], tags: ['b'] }, addedBy: pat.id } },
      { type: 'DoNotContactSet', data: { accountId: ACCOUNT, contactId: 5, by: pat.id } },
    ];
    const other = fold(contactDecider, history);
    contacts
      .given([added])
      .when({ type: 'merge', contactId: 1, by: cole, otherId: 5, other, chosen: { name: 'Nina Field' } })
      .then([{ type: 'ContactsMerged', data: { accountId: ACCOUNT, contactId: 1, mergedId: 5, fields: { ...nina, name: 'Nina Field', jobTitle: 'Editor', emails: ['nina@a.example', 'n@b.example'], tags: ['a', 'b'] }, doNotContact: true } }]);
    contacts.given([added]).when({ type: 'merge', contactId: 1, by: cole, otherId: 2, other: fold(contactDecider, [person]), chosen: {} }).thenFails(ValidationFailed, 'Keep the contact who is on the platform and merge the other into it');
  });
});

describe('a list', () => {
  const created: ContactEvent = { type: 'ListCreated', data: { accountId: ACCOUNT, listId: 7, name: 'Launch', description: '', createdBy: pat.id, filter: null } };

  it('is reordered only by an order that names each of its contacts once', () => {
    lists.given([created]).when({ type: 'reorder', listId: 7, by: cole, contactIds: [2, 1], members: new Set([1, 2]) }).then([{ type: 'ListReordered', data: { accountId: ACCOUNT, listId: 7, contactIds: [2, 1] } }]);
    lists.given([created]).when({ type: 'reorder', listId: 7, by: cole, contactIds: [2, 2], members: new Set([1, 2]) }).thenFails(ValidationFailed, 'The new order must name every contact of the list once');
  });

  it('is renamed only when something changes, and not by another account', () => {
    lists.given([created]).when({ type: 'rename', listId: 7, by: cole, name: 'Launch' }).then([]);
    lists.given([created]).when({ type: 'rename', listId: 7, by: rex, name: 'Ours' }).thenFails(NotFound, 'No such list.');
  });

  it('that lives (a saved search) changes by its filter, never by hand', () => {
    const living: ContactEvent = { type: 'ListCreated', data: { accountId: ACCOUNT, listId: 8, name: 'Tech in AU', description: '', createdBy: pat.id, filter: { beat: 355, country: 'AU' } } };
    lists.given([]).when({ type: 'create', listId: 8, by: pat, name: 'Tech in AU', description: '', filter: { beat: 355, country: 'AU' } }).then([living]);
    lists.given([living]).when({ type: 'changeFilter', listId: 8, by: cole, filter: { beat: 355 } }).then([{ type: 'ListFilterChanged', data: { accountId: ACCOUNT, listId: 8, filter: { beat: 355 } } }]);
    lists.given([living]).when({ type: 'changeFilter', listId: 8, by: cole, filter: { country: 'AU', beat: 355 } }).then([]);
    lists.given([living]).when({ type: 'add', listId: 8, by: cole, contactIds: [1] }).thenFails(ValidationFailed, 'A living list keeps itself up to date: change its filter instead');
    lists.given([created]).when({ type: 'changeFilter', listId: 7, by: cole, filter: { beat: 355 } }).thenFails(ValidationFailed, 'A hand-made list keeps the people put on it; make a living list for a saved search');
  });
});
