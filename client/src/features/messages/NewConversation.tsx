import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import type { UserSearchResult } from '../../../../contracts/users/search.ts';
import { Button } from '../../ui/Button.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { usePeopleSearch } from '../comments/peopleSearch.ts';
import { useStartConversation } from './queries.ts';

export type Person = UserSearchResult['data'][number];

/** Choose people by name (one, or several for a group), write the first message, send. */
export function NewConversation({ open, onClose, selfId, to = null }: { open: boolean; onClose: () => void; selfId: number; to?: Person | null }) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<Person[]>(to ? [to] : []);
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const found = usePeopleSearch(search).filter((person) => person.type === 'person' && person.id !== selfId && !chosen.some((c) => c.id === person.id));
  const start = useStartConversation();
  const navigate = useNavigate();
  const searchId = useId();
  const listId = useId();
  const reset = () => {
    setSearch('');
    setChosen([]);
    setText('');
    setTitle('');
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return;
    const paragraphs = text.trim() ? text.trim().split(/\n/).map((line) => `<p>${line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</p>`).join('') : '';
    const view = await start.mutateAsync({ participantIds: chosen.map((p) => p.id), content: paragraphs, ...(chosen.length > 1 && title.trim() ? { title: title.trim() } : {}) });
    reset();
    onClose();
    void navigate({ to: '/messages/$conversationId', params: { conversationId: String(view.id) } });
  };
  return (
    <Modal open={open} onClose={onClose} title="New message" size="md">
      <form className="new-conversation" onSubmit={(event) => void submit(event).catch(() => undefined)}>
        {chosen.length > 0 && (
          <ul className="new-conversation__chosen" aria-label="To">
            {chosen.map((person) => (
              <li key={person.id}>
                <span>{person.name}</span>
                <button type="button" className="messages-link" aria-label={`Remove ${person.name}`} onClick={() => setChosen(chosen.filter((c) => c.id !== person.id))}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        )}
        <label htmlFor={searchId}>To</label>
        <input id={searchId} type="search" className="input" placeholder="Search people by name" value={search} onChange={(event) => setSearch(event.target.value)} aria-controls={listId} autoComplete="off" />
        <ul id={listId} className="new-conversation__results" aria-label="People found">
          {found.map((person) => (
            <li key={person.id}>
              <button
                type="button"
                className="new-conversation__person"
                onClick={() => {
                  setChosen([...chosen, person]);
                  setSearch('');
                }}
              >
                <Avatar name={person.name} src={person.avatar} size="sm" />
                <span>
                  {person.name}
                  {person.jobTitle && <span className="new-conversation__job"> · {person.jobTitle}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
        {chosen.length > 1 && (
          <>
            <label htmlFor={`${searchId}-title`}>Group name (optional)</label>
            <input id={`${searchId}-title`} className="input" value={title} maxLength={120} onChange={(event) => setTitle(event.target.value)} />
          </>
        )}
        <label htmlFor={`${searchId}-text`}>Message</label>
        <textarea id={`${searchId}-text`} className="input" rows={4} value={text} onChange={(event) => setText(event.target.value)} />
        <div className="new-conversation__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={start.isPending} disabled={chosen.length === 0}>
            Send
          </Button>
        </div>
      </form>
    </Modal>
  );
}
