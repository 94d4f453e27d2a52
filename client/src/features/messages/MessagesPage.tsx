import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { useCurrentUser } from '../session/currentUser.ts';
import { ConversationList } from './ConversationList.tsx';
import { NewConversation } from './NewConversation.tsx';
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
  useMessagesLive();
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
      <NewConversation open={composing} onClose={() => setComposing(false)} selfId={user.id} />
    </div>
  );
}
