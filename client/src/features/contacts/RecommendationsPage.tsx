import { useEffect, useRef, useState } from 'react';
import type { RecommendationView } from '../../../../contracts/contacts/api.ts';
import { Button, EmptyState, PageHeader, Spinner, showToast } from '../../ui/index.ts';
import { BeatList } from '../profiles/Beats.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { AddToListModal } from './BulkActions.tsx';
import { ContactName, ContactsTabs } from './parts.tsx';
import { useContactsLive, useDismissRecommendation, useRecommendations } from './queries.ts';
import './recommendations.css';

const ROLE_LABELS: Record<RecommendationView['role'], string> = { journo: 'Journalist', expert: 'Expert' };

const itemId = (userId: number) => `recommendation-${userId}`;

function Recommendation({ item, canWrite, onDismiss, onAdd }: { item: RecommendationView; canWrite: boolean; onDismiss: () => void; onAdd: () => void }) {
  const nameId = `${itemId(item.userId)}-name`;
  return (
    // Focusable from script only: when a neighbour leaves the list, focus lands on the next one.
    <li id={itemId(item.userId)} className="recommendation" tabIndex={-1} aria-labelledby={nameId}>
      <div className="recommendation__who">
        <h2 id={nameId} className="recommendation__name">
          <ContactName row={{ id: null, slug: item.slug, name: item.name, avatar: item.avatar }} />
        </h2>
        <p className="recommendation__meta">
          <span className="contact-tag contact-tag--platform">{ROLE_LABELS[item.role]}</span> {[item.jobTitle, item.outlets.join(', ')].filter(Boolean).join(' · ')}
        </p>
      </div>
      <p className="recommendation__why">
        <span className="visually-hidden">Why: </span>
        {item.why.charAt(0).toUpperCase() + item.why.slice(1)}.
      </p>
      <BeatList beats={item.beats} label={`Beats of ${item.name}`} />
      {canWrite && (
        <div className="recommendation__actions">
          {/* Named with the person, so that a list of the page's buttons tells one card's from the next. */}
          <Button size="sm" onClick={onAdd} aria-label={`Add to list: ${item.name}`}>
            Add to list
          </Button>
          <Button size="sm" variant="secondary" onClick={onDismiss} aria-label={`Dismiss ${item.name}`}>
            Dismiss
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * `recommendations`: journalists and experts to approach, best first, each with why (the
 * account's beats, outlets it knows, what they asked for lately); dismissed for good, or put on
 * a list, after which they are the account's contacts and leave this list.
 */
export function RecommendationsPage() {
  useContactsLive();
  const user = useCurrentUser();
  const canWrite = user ? !user.isReadOnly : false;
  const recommendations = useRecommendations();
  const dismiss = useDismissRecommendation();
  const items = recommendations.data ?? [];
  const [adding, setAdding] = useState<RecommendationView | null>(null);

  // Who is leaving the list, and who takes the focus once they have.
  const leaving = useRef<{ gone: number; next: number | null } | null>(null);
  const section = useRef<HTMLElement>(null);
  const leave = (userId: number) => {
    const index = items.findIndex((item) => item.userId === userId);
    leaving.current = { gone: userId, next: (items[index + 1] ?? items[index - 1])?.userId ?? null };
  };
  useEffect(() => {
    const pending = leaving.current;
    if (!pending || items.some((item) => item.userId === pending.gone)) return;
    leaving.current = null;
    const next = pending.next === null ? null : document.getElementById(itemId(pending.next));
    (next ?? section.current)?.focus();
  }, [items]);

  const dismissOne = (item: RecommendationView) => {
    leave(item.userId);
    dismiss.mutate(item.userId, { onSuccess: () => showToast({ type: 'success', lines: [`${item.name} won’t be recommended again`] }) });
  };

  let body;
  if (recommendations.isPending) {
    body = (
      <div className="contacts__loading">
        <Spinner label="Loading recommendations" />
      </div>
    );
  } else if (recommendations.isError) {
    body = <EmptyState title="The recommendations could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void recommendations.refetch()}>Try again</Button>} />;
  } else if (items.length === 0) {
    body = <EmptyState title="No recommendations yet" description="Choose your beats in your settings and publish announcements: journalists and experts who cover them will show here." />;
  } else {
    body = (
      <ul className="recommendations" aria-label="Recommended journalists and experts">
        {items.map((item) => (
          <Recommendation key={item.userId} item={item} canWrite={canWrite} onDismiss={() => dismissOne(item)} onAdd={() => setAdding(item)} />
        ))}
      </ul>
    );
  }

  return (
    <div className="contacts">
      <PageHeader title="Recommendations" blurb="Journalists and experts worth approaching, picked by your account's beats and announcements and by what they post." />
      <ContactsTabs />
      <section ref={section} className="contacts__body" aria-label="Recommendations" aria-busy={recommendations.isPending} tabIndex={-1}>
        {body}
      </section>
      <AddToListModal
        open={adding !== null}
        members={{ contactIds: [], userIds: adding ? [adding.userId] : [] }}
        count={1}
        onClose={() => setAdding(null)}
        onDone={() => {
          // Now a contact of the account, they leave the list when it is read again.
          if (adding) leave(adding.userId);
          setAdding(null);
        }}
      />
    </div>
  );
}
