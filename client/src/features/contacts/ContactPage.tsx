import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import type { ContactView } from '../../../../contracts/contacts/api.ts';
import { countryName } from '../../../../contracts/users/settings.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button, confirmDialog, EmptyState, showToast, Spinner } from '../../ui/index.ts';
import { Avatar } from '../composer/Avatar.tsx';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { BeatList } from '../profiles/Beats.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { ADDRESS_LABELS, ADDRESS_TYPES, LINK_LABELS, LINK_TYPES, PHONE_LABELS, PHONE_TYPES } from './contactForm.ts';
import { AddToListModal } from './BulkActions.tsx';
import { ContactFormModal } from './ContactFormModal.tsx';
import { Notes } from './Notes.tsx';
import { ContactsTabs, DoNotContactTag } from './parts.tsx';
import { useContact, useContactsLive, useDeleteContact, useDoNotContact, useListChanges } from './queries.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '' || (Array.isArray(children) && children.length === 0)) return null;
  return (
    <div className="contact-facts__item">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function Details({ contact }: { contact: ContactView }) {
  const addresses = ADDRESS_TYPES.flatMap((type) => {
    const address = contact.addresses[type];
    if (!address) return [];
    const line = [address.street, address.city, address.state, address.postcode, address.country ? countryName(address.country) : ''].filter(Boolean).join(', ');
    return [{ type, line }];
  });
  return (
    <section className="contact-card" aria-labelledby="contact-details">
      <h2 id="contact-details" className="contact-card__title">
        Details
      </h2>
      <dl className="contact-facts">
        <Fact label="Outlets">{contact.outlets.join(', ')}</Fact>
        <Fact label="Companies">{contact.companies.join(', ')}</Fact>
        <Fact label="Beats">{contact.beats.length > 0 && <BeatList beats={contact.beats} />}</Fact>
        <Fact label="Email">
          {contact.emails.length > 0 && (
            <ul className="contact-facts__list">
              {contact.emails.map((email) => (
                <li key={email}>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
              ))}
            </ul>
          )}
        </Fact>
        {PHONE_TYPES.map((type) => (
          <Fact key={type} label={`${PHONE_LABELS[type]} phone`}>
            {contact.phones[type] && <a href={`tel:${contact.phones[type]!.replace(/[^+\d]/g, '')}`}>{contact.phones[type]}</a>}
          </Fact>
        ))}
        {LINK_TYPES.map((type) => (
          <Fact key={type} label={LINK_LABELS[type]}>
            {contact.links[type] && (
              <a href={contact.links[type]} target="_blank" rel="noreferrer noopener">
                {contact.links[type]!.replace(/^https?:\/\/(www\.)?/, '')}
              </a>
            )}
          </Fact>
        ))}
        {addresses.map((address) => (
          <Fact key={address.type} label={ADDRESS_LABELS[address.type]}>
            {address.line}
          </Fact>
        ))}
        <Fact label="Country">{contact.country?.name}</Fact>
        <Fact label="Timezone">{contact.timezone?.replaceAll('_', ' ')}</Fact>
        <Fact label="Tags">
          {contact.tags.length > 0 && (
            <span className="contact-table__tags">
              {contact.tags.map((tag) => (
                <span key={tag} className="contact-tag">
                  {tag}
                </span>
              ))}
            </span>
          )}
        </Fact>
      </dl>
    </section>
  );
}

function Lists({ contact, canWrite }: { contact: ContactView; canWrite: boolean }) {
  const changes = useListChanges();
  const [adding, setAdding] = useState(false);
  return (
    <section className="contact-card" aria-labelledby="contact-lists">
      <div className="contact-card__head">
        <h2 id="contact-lists" className="contact-card__title">
          Lists
        </h2>
        {canWrite && (
          <Button size="sm" variant="secondary" onClick={() => setAdding(true)}>
            Add to list
          </Button>
        )}
      </div>
      <AddToListModal open={adding} members={{ contactIds: [contact.id], userIds: [] }} count={1} onClose={() => setAdding(false)} onDone={() => setAdding(false)} />
      {contact.lists.length === 0 ? (
        <p className="contact-card__empty">Not on any list yet.</p>
      ) : (
        <ul className="contact-lists">
          {contact.lists.map((list) => (
            <li key={list.id}>
              <Link to="/contacts/lists" search={{ list: list.id }}>
                {list.name}
              </Link>
              {canWrite && (
                <Button variant="ghost" size="sm" onClick={() => changes.takeOff.mutate({ id: list.id, contactIds: [contact.id] })}>
                  Remove<span className="visually-hidden"> from {list.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The account's record of one contact (/contacts/{id}): details, notes with history, lists, do-not-contact. */
export function ContactPage() {
  useContactsLive();
  const { id } = useParams({ strict: false }) as { id: string };
  const contactId = Number(id);
  const contact = useContact(contactId);
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const doNotContact = useDoNotContact(contactId);
  const remove = useDeleteContact();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const canWrite = user ? !user.isReadOnly : false;
  // The server lets only account admins take someone off; offering it to others would only end in a refusal.
  const mayClear = user ? user.roles.includes('accountAdmin') || user.roles.includes('admin') : false;

  if (contact.isPending) {
    return (
      <div className="contacts">
        <Spinner label="Loading the contact" />
      </div>
    );
  }
  if (contact.isError) {
    const gone = contact.error && 'status' in contact.error && (contact.error as { status: number }).status === 404;
    return (
      <div className="contacts">
        <ContactsTabs />
        <EmptyState
          title={gone ? 'This contact is not in your account' : 'The contact could not be loaded'}
          description={gone ? 'It may have been deleted or merged into another contact.' : 'Check your connection and try again.'}
          action={gone ? <Link to="/contacts" className="button button--primary">All contacts</Link> : <Button onClick={() => void contact.refetch()}>Try again</Button>}
        />
      </div>
    );
  }
  const view = contact.data;

  const deleteContact = async () => {
    const sure = await confirmDialog({
      title: `Delete ${view.name}?`,
      message: 'Their notes and list places go too. If they are on the do-not-contact list, their addresses stay suppressed.',
      applyLabel: 'Delete contact',
      danger: true,
    });
    if (!sure) return;
    await remove.mutateAsync(view.id);
    showToast({ type: 'success', lines: [`${view.name} deleted`] });
    void navigate({ to: '/contacts' });
  };

  return (
    <div className="contacts">
      <ContactsTabs />
      <header className="contact-hero">
        <Avatar name={view.name} src={view.avatar} size="lg" />
        <div className="contact-hero__text">
          <h1 className="contact-hero__name">{view.name}</h1>
          <p className="contact-hero__line">{[view.jobTitle, view.outlets[0]].filter(Boolean).join(' · ') || 'No job title yet'}</p>
          <p className="contact-hero__meta">
            {view.userId !== null && view.slug && (
              <>
                <Link to="/u/$slug" params={{ slug: view.slug }}>
                  Profile on Pressroom
                </Link>
                {' · '}
              </>
            )}
            Updated <RelativeTime value={view.updatedAt} timezone={timezone} />
            {view.doNotContact && (
              <>
                {' '}
                <DoNotContactTag />
              </>
            )}
          </p>
        </div>
        {canWrite && (
          <div className="contact-hero__actions">
            {/* A person on the platform is a message away, unless they are not to be contacted. */}
            {view.userId !== null && view.slug && !view.doNotContact && (
              <Link to="/messages" search={{ to: view.slug }} className="button button--secondary button--md">
                <span className="button__label">Message</span>
              </Link>
            )}
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button variant="danger" loading={remove.isPending} onClick={() => void deleteContact()}>
              Delete
            </Button>
          </div>
        )}
      </header>
      {view.doNotContact ? (
        <div className="contact-stop" role="note">
          <p>
            <strong>Do not contact.</strong> Sends to {view.name} are blocked.
            {!mayClear && ' Only an admin of your account can take them off this list.'}
          </p>
          {canWrite && mayClear && (
            <Button size="sm" variant="secondary" loading={doNotContact.isPending} onClick={() => doNotContact.mutate(false, { onSuccess: () => showToast({ type: 'success', lines: [`${view.name} can be contacted again`] }) })}>
              Allow contact again
            </Button>
          )}
        </div>
      ) : (
        canWrite && (
          <div className="contact-stop contact-stop--off">
            <p>Anyone in your account can put a contact on the do-not-contact list; only admins take them off.</p>
            <Button size="sm" variant="secondary" loading={doNotContact.isPending} onClick={() => doNotContact.mutate(true, { onSuccess: () => showToast({ type: 'success', lines: [`${view.name} is on the do-not-contact list`] }) })}>
              Do not contact
            </Button>
          </div>
        )
      )}
      <div className="contact-columns">
        <div className="contact-columns__main">
          <Notes contactId={view.id} notes={view.notes} timezone={timezone} canWrite={canWrite} />
        </div>
        <div className="contact-columns__side">
          <Details contact={view} />
          <Lists contact={view} canWrite={canWrite} />
        </div>
      </div>
      <ContactFormModal open={editing} contact={view} onClose={() => setEditing(false)} />
    </div>
  );
}
