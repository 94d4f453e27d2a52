import { useState } from 'react';
import type { ContactView, DirectoryRow } from '../../../../contracts/contacts/api.ts';
import { Button, EmptyState, Modal, PageHeader, showToast, Spinner } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { conflictsOf, mergeChoices, REASONS, type Side } from './merge.ts';
import { ContactName, ContactsTabs } from './parts.tsx';
import { useContact, useContactsLive, useDuplicates, useMerge, useNotDuplicate, type DuplicatePair } from './queries.ts';

function Summary({ contact }: { contact: DirectoryRow }) {
  return (
    <div className="duplicate__side">
      <ContactName row={contact} />
      <span className="contact-table__sub">{[contact.jobTitle, contact.outlets[0]].filter(Boolean).join(' · ') || 'No job title'}</span>
      <span className="contact-table__sub">{contact.emails.join(', ') || 'No email address'}</span>
    </div>
  );
}

/** Both contacts read in full, the one to keep chosen, then each conflicting field. */
function MergeScreen({ pair, onClose }: { pair: DuplicatePair; onClose: () => void }) {
  const [first, second] = pair.contacts;
  const a = useContact(first.id!);
  const b = useContact(second.id!);
  // A person on the platform keeps their profile: their record is the one kept.
  const [keepFirst, setKeepFirst] = useState(second.userId === null || first.userId !== null);
  const [choices, setChoices] = useState<Record<string, Side>>({});
  const merge = useMerge();
  if (!a.data || !b.data) {
    return a.isError || b.isError ? <p className="contacts-form__error">The contacts could not be loaded.</p> : <Spinner label="Loading both contacts" />;
  }
  const kept: ContactView = keepFirst ? a.data : b.data;
  const other: ContactView = keepFirst ? b.data : a.data;
  const personKept = kept.userId !== null;
  const conflicts = personKept ? [] : conflictsOf(kept, other);
  const bothPeople = a.data.userId !== null && b.data.userId !== null;

  const submit = async () => {
    await merge.mutateAsync({ keptId: kept.id, otherId: other.id, fields: mergeChoices(kept, other, choices) });
    showToast({ type: 'success', lines: [`Merged into ${kept.name}: every note, list and address of both is kept`] });
    onClose();
  };

  return (
    <div className="contacts-form">
      <fieldset className="merge__keep">
        <legend>Keep which record?</legend>
        {[a.data, b.data].map((contact, index) => (
          <label key={contact.id} className="merge__option">
            <input
              type="radio"
              name="kept"
              checked={keepFirst === (index === 0)}
              disabled={bothPeople || (contact.userId === null && (index === 0 ? b.data!.userId !== null : a.data!.userId !== null))}
              onChange={() => {
                setKeepFirst(index === 0);
                setChoices({});
              }}
            />
            <span>
              {contact.name} {contact.userId !== null && <span className="contact-tag contact-tag--platform">On Pressroom</span>}
              <span className="merge__hint">
                {[contact.jobTitle, contact.emails[0] ?? 'no email address', `${contact.notes.length} ${contact.notes.length === 1 ? 'note' : 'notes'}`].filter(Boolean).join(' · ')}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="contacts-form__lead">
        Both records' outlets, companies, beats, email addresses, tags, notes and lists are kept.
        {personKept ? ' The person on Pressroom keeps their own profile.' : conflicts.length === 0 ? ' Nothing else differs.' : ' Choose the value to keep where they differ:'}
      </p>
      {conflicts.map((conflict) => (
        <fieldset key={conflict.key} className="merge__conflict">
          <legend>{conflict.label}</legend>
          {(['kept', 'other'] as const).map((side) => (
            <label key={side} className="merge__option">
              <input type="radio" name={conflict.key} checked={(choices[conflict.key] ?? 'kept') === side} onChange={() => setChoices({ ...choices, [conflict.key]: side })} />
              <span>{conflict[side]}</span>
            </label>
          ))}
        </fieldset>
      ))}
      <div className="contacts-form__buttons">
        <Button type="button" variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="button" loading={merge.isPending} disabled={bothPeople} onClick={() => void submit().catch(() => undefined)}>
          Merge
        </Button>
      </div>
    </div>
  );
}

/** Pairs the duplicate finder shows (same email; without one, the same name or handle): merge, or say they are two people. */
export function DuplicatesPage() {
  useContactsLive();
  const pairs = useDuplicates();
  const notDuplicate = useNotDuplicate();
  const user = useCurrentUser();
  const canWrite = user ? !user.isReadOnly : false;
  const [merging, setMerging] = useState<DuplicatePair | null>(null);
  const all = (pairs.data ?? []).filter((pair) => pair.contacts.every((contact) => contact.id !== null));

  return (
    <div className="contacts">
      <PageHeader title="Duplicate contacts" blurb="Records that look like the same person. Merging keeps every note, list and address of both." />
      <ContactsTabs />
      {pairs.isPending ? (
        <Spinner label="Looking for duplicates" />
      ) : pairs.isError ? (
        <EmptyState title="Duplicates could not be looked for" description="Check your connection and try again." action={<Button onClick={() => void pairs.refetch()}>Try again</Button>} />
      ) : all.length === 0 ? (
        <EmptyState title="No duplicates" description="No two contacts share an email address, or a name or social profile without one." />
      ) : (
        <ul className="duplicates" aria-label="Possible duplicates">
          {all.map((pair) => {
            const [first, second] = pair.contacts;
            return (
              <li key={`${first.id}-${second.id}`} className="duplicate">
                <p className="duplicate__reason">{REASONS[pair.reason]}</p>
                <div className="duplicate__pair">
                  <Summary contact={first} />
                  <Summary contact={second} />
                </div>
                {canWrite && (
                  <div className="duplicate__actions">
                    <Button size="sm" onClick={() => setMerging(pair)}>
                      Merge<span className="visually-hidden"> {first.name} and {second.name}</span>
                    </Button>
                    <Button
                      size="sm"
                      variant="secondary"
                      loading={notDuplicate.isPending && notDuplicate.variables?.id === first.id && notDuplicate.variables.otherId === second.id}
                      onClick={() => notDuplicate.mutate({ id: first.id!, otherId: second.id! }, { onSuccess: () => showToast({ type: 'success', lines: ['Marked as two different people'] }) })}
                    >
                      Not a duplicate
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Modal open={merging !== null} onClose={() => setMerging(null)} title="Merge contacts" size="md">
        {merging && <MergeScreen key={`${merging.contacts[0].id}-${merging.contacts[1].id}`} pair={merging} onClose={() => setMerging(null)} />}
      </Modal>
    </div>
  );
}
