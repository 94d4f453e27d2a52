import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { DELETED_MESSAGE, MAX_MESSAGE_LENGTH, type ConversationView, type MessageView } from '../../../../contracts/messages/index.ts';
import { api } from '../../lib/api/index.ts';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { showToast } from '../../ui/toast.tsx';
import { AttachButtons, AttachmentTray, useAttachments } from '../composer/Attachments.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { Attachments } from '../posts/PostBody.tsx';
import { RichText } from '../posts/RichText.tsx';
import { conversationName } from './names.ts';
import { messageKeys, useConversation, useDeleteMessage, useEditMessage, useMarkRead, useSendMessage, useThread, useTyping } from './queries.ts';

/** One conversation: its messages (older ones paged in as one scrolls back), who has seen what, and the composer. */
export function Thread({ conversationId, selfId }: { conversationId: number; selfId: number }) {
  const conversation = useConversation(conversationId);
  const thread = useThread(conversationId);
  const messages = thread.data?.pages.flatMap((page) => page.messages) ?? [];
  useMarkRead(conversation.data, messages[0]?.id);

  if (conversation.isError || thread.isError) {
    return (
      <section className="thread">
        <ThreadBack />
        <EmptyState title="This conversation is not there" description="It may have been left, or it was never yours to read." />
      </section>
    );
  }
  if (!conversation.data) {
    return (
      <section className="thread" aria-busy="true">
        <div className="messages__loading" role="status">
          <Spinner /> <span className="visually-hidden">Loading the conversation</span>
        </div>
      </section>
    );
  }
  const view = conversation.data;
  const name = conversationName(view, selfId);
  return (
    <section className="thread" aria-labelledby="thread-heading">
      <header className="thread__header">
        <ThreadBack />
        <h2 id="thread-heading" className="thread__title">
          {name}
        </h2>
        <MuteButton conversation={view} />
      </header>
      <MessageList messages={messages} conversation={view} selfId={selfId} loadingMore={thread.isFetchingNextPage} hasMore={thread.hasNextPage} onLoadMore={() => void thread.fetchNextPage()} loading={thread.isPending} />
      <Composer conversation={view} selfId={selfId} />
    </section>
  );
}

function ThreadBack() {
  return (
    <Link to="/messages" className="thread__back" aria-label="All conversations">
      ‹ <span className="thread__back-label">Messages</span>
    </Link>
  );
}

function MuteButton({ conversation }: { conversation: ConversationView }) {
  const queryClient = useQueryClient();
  const toggle = async () => {
    const view = await api.patch<ConversationView>(`/api/v1/conversations/${conversation.id}/mute`, { muted: !conversation.muted });
    queryClient.setQueryData(messageKeys.conversation(conversation.id), view);
    void queryClient.invalidateQueries({ queryKey: messageKeys.list() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
    showToast({ type: 'success', lines: [view.muted ? 'Conversation muted' : 'Conversation unmuted'] });
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void toggle()} aria-pressed={conversation.muted}>
      {conversation.muted ? 'Unmute' : 'Mute'}
    </Button>
  );
}

type ListProps = { messages: MessageView[]; conversation: ConversationView; selfId: number; loading: boolean; loadingMore: boolean; hasMore: boolean; onLoadMore: () => void };

/**
 * Newest at the bottom. The list scrolls in reverse (column-reverse), so the browser keeps the
 * newest in view as messages arrive and keeps one's place when older pages come in above.
 */
function MessageList({ messages, conversation, selfId, loading, loadingMore, hasMore, onLoadMore }: ListProps) {
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !loadingMore) onLoadMore();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, loadingMore, onLoadMore]);
  const seenBy = conversation.participants.filter((p) => p.id !== selfId && !p.hasLeft && p.seenMessageId !== null);
  const newestOwn = messages.find((m) => m.sender.id === selfId && !m.isDeleted);
  const seen = newestOwn ? seenBy.filter((p) => (p.seenMessageId ?? 0) >= newestOwn.id) : [];
  return (
    <div className="thread__scroller" role="log" aria-live="polite" aria-label="Messages" tabIndex={0}>
      <ol className="thread__messages">
        {messages.map((message) => (
          <li key={message.id}>
            <MessageItem message={message} own={message.sender.id === selfId} />
            {message === newestOwn && seen.length > 0 && (
              <p className="thread__seen">{conversation.isGroup ? `Seen by ${seen.map((p) => p.name.split(' ')[0]).join(', ')}` : 'Seen'}</p>
            )}
          </li>
        ))}
      </ol>
      {loading && <Spinner />}
      {!loading && messages.length === 0 && <p className="thread__empty">No messages yet. Say hello.</p>}
      {hasMore && (
        <div ref={top} className="thread__more">
          <Button variant="secondary" size="sm" loading={loadingMore} onClick={onLoadMore}>
            Earlier messages
          </Button>
        </div>
      )}
    </div>
  );
}

function MessageItem({ message, own }: { message: MessageView; own: boolean }) {
  const [editing, setEditing] = useState(false);
  const edit = useEditMessage();
  const remove = useDeleteMessage();
  const confirmDelete = async () => {
    if (!(await confirmDialog({ title: 'Delete message', message: 'Delete this message for everyone?', applyLabel: 'Delete' }))) return;
    await remove.mutateAsync(message);
    showToast({ type: 'success', lines: ['Message deleted'] });
  };
  return (
    <article className={['message', own && 'message--own', message.isDeleted && 'message--deleted'].filter(Boolean).join(' ')} aria-label={`${own ? 'You' : message.sender.name}`}>
      {!own && <Avatar name={message.sender.name} src={message.sender.avatar} size="sm" />}
      <div className="message__bubble">
        <p className="message__meta">
          <span className="message__sender">{own ? 'You' : message.sender.name}</span> <RelativeTime value={message.sentAt} className="message__time" />
          {message.editedAt && !message.isDeleted && <span className="message__edited"> · edited</span>}
        </p>
        {message.isDeleted ? (
          <p className="message__deleted">{DELETED_MESSAGE}</p>
        ) : editing ? (
          <EditForm
            initial={textOf(message.content)}
            onCancel={() => setEditing(false)}
            onSave={async (content) => {
              await edit.mutateAsync({ id: message.id, content });
              setEditing(false);
            }}
          />
        ) : (
          <>
            <RichText html={message.content} className="message__content" />
            <Attachments items={message.attachments} compact />
          </>
        )}
        {own && !message.isDeleted && !editing && (
          <div className="message__actions">
            <button type="button" className="messages-link" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" className="messages-link" onClick={() => void confirmDelete()}>
              Delete
            </button>
          </div>
        )}
      </div>
    </article>
  );
}

function textOf(html: string): string {
  const element = document.createElement('div');
  element.innerHTML = html.replace(/<\/p>\s*<p>/g, '\n').replace(/<br\s*\/?>/g, '\n');
  return element.textContent ?? '';
}

/** Plain text as the server's rich text: paragraphs, with the characters that mean markup escaped. */
function toHtml(text: string): string {
  const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return text
    .split(/\n/)
    .map((line) => `<p>${escape(line)}</p>`)
    .join('');
}

function EditForm({ initial, onSave, onCancel }: { initial: string; onSave: (content: string) => Promise<void>; onCancel: () => void }) {
  const [text, setText] = useState(initial);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave(toHtml(text));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="message__edit" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor="edit-message">
        Edit message
      </label>
      <textarea id="edit-message" value={text} onChange={(event) => setText(event.target.value)} rows={2} autoFocus />
      <div className="message__edit-actions">
        <Button size="sm" type="submit" loading={saving} disabled={text.trim() === ''}>
          Save
        </Button>
        <Button size="sm" variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Composer({ conversation, selfId }: { conversation: ConversationView; selfId: number }) {
  const [text, setText] = useState('');
  const attached = useAttachments();
  const send = useSendMessage(conversation.id);
  const { typing, say } = useTyping(conversation.id, selfId);
  const typers = conversation.participants.filter((p) => typing.includes(p.id)).map((p) => p.name.split(' ')[0]);
  const blank = text.trim() === '' && attached.attachments.length === 0;
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (blank || send.isPending || attached.busy) return;
    await send.mutateAsync({ content: text.trim() === '' ? '' : toHtml(text.trim()), attachments: attached.attachments.map((item) => item.id) });
    setText('');
    attached.clear();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      void submit().catch(() => undefined);
    }
  };
  return (
    <div className="composer-bar">
      <p className="composer-bar__typing" aria-live="polite">
        {typers.length > 0 ? `${typers.join(', ')} ${typers.length === 1 ? 'is' : 'are'} typing…` : ''}
      </p>
      {conversation.cannotSend ? (
        <p className="composer-bar__closed" role="note">
          {conversation.cannotSend}
        </p>
      ) : (
        <form className="composer-bar__form" onSubmit={(event) => void submit(event).catch(() => undefined)}>
          <AttachmentTray state={attached} />
          {attached.problem.length > 0 && (
            <p className="composer-bar__problem" role="alert">
              {attached.problem.join(' ')}
            </p>
          )}
          <label className="visually-hidden" htmlFor="message-input">
            Write a message
          </label>
          <textarea
            id="message-input"
            className="composer-bar__input"
            placeholder="Write a message"
            value={text}
            maxLength={MAX_MESSAGE_LENGTH}
            rows={1}
            onChange={(event) => {
              setText(event.target.value);
              say();
            }}
            onKeyDown={onKeyDown}
          />
          <AttachButtons state={attached} />
          <Button type="submit" loading={send.isPending} disabled={blank || attached.busy}>
            Send
          </Button>
        </form>
      )}
    </div>
  );
}
