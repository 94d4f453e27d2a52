import { Link } from '@tanstack/react-router';
import type { ConversationView } from '../../../../contracts/messages/index.ts';
import { Badge } from '../../ui/Badge.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { conversationName, otherPerson } from './names.ts';
import { useConversations } from './queries.ts';

/** The person's conversations, newest activity first, with the last line and the unread count. */
export function ConversationList({ selfId, activeId, onNew }: { selfId: number; activeId: number | null; onNew: () => void }) {
  const query = useConversations();
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <section className="conversation-list" aria-labelledby="conversations-heading">
      <header className="conversation-list__header">
        <h1 id="conversations-heading">Messages</h1>
        <Button size="sm" onClick={onNew}>
          New message
        </Button>
      </header>
      {query.isPending ? (
        <div className="messages__loading" role="status">
          <Spinner /> <span className="visually-hidden">Loading conversations</span>
        </div>
      ) : conversations.length === 0 ? (
        <EmptyState title="No messages yet" description="Write to someone: a source, a colleague, a journalist you follow." action={<Button onClick={onNew}>New message</Button>} />
      ) : (
        <ul className="conversation-list__items">
          {conversations.map((conversation) => (
            <li key={conversation.id}>
              <ConversationItem conversation={conversation} selfId={selfId} active={conversation.id === activeId} />
            </li>
          ))}
        </ul>
      )}
      {query.hasNextPage && (
        <Button variant="secondary" size="sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          Show older conversations
        </Button>
      )}
    </section>
  );
}

function ConversationItem({ conversation, selfId, active }: { conversation: ConversationView; selfId: number; active: boolean }) {
  const name = conversationName(conversation, selfId);
  const person = otherPerson(conversation, selfId);
  const unread = conversation.unreadCount > 0;
  return (
    <Link
      to="/messages/$conversationId"
      params={{ conversationId: String(conversation.id) }}
      className={['conversation-item', active && 'conversation-item--active', unread && 'conversation-item--unread'].filter(Boolean).join(' ')}
      aria-current={active ? 'page' : undefined}
    >
      <Avatar name={conversation.isGroup ? name : person.name} src={conversation.isGroup ? null : person.avatar} />
      <span className="conversation-item__text">
        <span className="conversation-item__top">
          <span className="conversation-item__name">{name}</span>
          <RelativeTime value={conversation.lastActivityAt} className="conversation-item__time" />
        </span>
        <span className="conversation-item__line">
          {conversation.lastMessage?.sender.id === selfId && !conversation.lastMessage.isDeleted ? 'You: ' : ''}
          {conversation.lastLine || 'No messages yet'}
        </span>
      </span>
      {conversation.muted && <span className="conversation-item__muted">Muted</span>}
      <Badge count={conversation.unreadCount} label="unread" />
    </Link>
  );
}
