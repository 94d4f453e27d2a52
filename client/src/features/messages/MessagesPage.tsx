import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { profileQueries } from '../profiles/api.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { ConversationList } from './ConversationList.tsx';
import { NewConversation, type Person } from './NewConversation.tsx';
import { useMessagesLive } from './queries.ts';
import { Thread } from './Thread.tsx';
import './messages.css';

/**
 * `/messages` and `/messages/{conversationId}`: the list beside the open thread on larger
 * screens; on phones one at a time, the thread as its own screen.
 */
export function MessagesPage() {
  const user = useCurrentUser();
  const params = useParams({ strict: false }) as { conversationId?: string };
  const [composing, setComposing] = useState(false);
  const [addressee, setAddressee] = useState<Person | null>(null);
  useMessagesLive();
  useAddressee((person) => {
    setAddressee(person);
    setComposing(true);
  });
  const activeId = params.conversationId && /^\d+$/.test(params.conversationId) ? Number(params.conversationId) : null;
  if (!user) return null;
  return (
    <div className={['messages', activeId !== null && 'messages--thread'].filter(Boolean).join(' ')}>
      <ConversationList selfId={user.id} activeId={activeId} onNew={() => setComposing(true)} />
      {activeId !== null ? (
        <Thread key={activeId} conversationId={activeId} selfId={user.id} />
      ) : (
        <div className="messages__placeholder">
          <p>Choose a conversation, or start a new one.</p>
        </div>
      )}
      <NewConversation
        key={addressee?.id ?? 'anyone'}
        open={composing}
        onClose={() => {
          setComposing(false);
          setAddressee(null);
        }}
        selfId={user.id}
        to={addressee}
      />
    </div>
  );
}

/** `?to={slug}`: the person to write to, once their profile is read; the address drops it so that a reload does not ask again. */
function useAddressee(onFound: (person: Person) => void) {
  const { to } = useSearch({ strict: false }) as { to?: string };
  const navigate = useNavigate();
  const profile = useQuery({ ...profileQueries.user(to ?? ''), enabled: Boolean(to) });
  const found = to ? profile.data : undefined;
  const latest = useRef(onFound);
  latest.current = onFound;
  useEffect(() => {
    if (!found) return;
    latest.current({ id: found.id, slug: found.slug, name: found.name, avatar: found.avatar, type: 'person', jobTitle: found.details?.job ?? null });
    void navigate({ to: '/messages', search: {}, replace: true });
  }, [found, navigate]);
}
