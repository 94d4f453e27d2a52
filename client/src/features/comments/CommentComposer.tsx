import { useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MediaItem } from '../../../../contracts/posts/media.ts';
import type { Author } from '../../../../contracts/posts/views.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { AttachButtons, AttachmentTray, useAttachments } from '../composer/Attachments.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { textToHtml } from '../composer/richText.ts';
import type { CommentInput } from './api.ts';
import { insertMention, mentionQueryAt, suggestPeople } from './mentions.ts';
import { usePeopleSearch } from './peopleSearch.ts';

export type CommentComposerProps = {
  /** The signed-in person, shown beside the field. */
  me: { name: string; avatar: string | null };
  /** The people of this conversation, suggested first when mentioning. */
  people: readonly Author[];
  placeholder: string;
  submitLabel: string;
  initialText?: string;
  initialAttachments?: MediaItem[];
  autoFocus?: boolean;
  onSubmit: (input: Omit<CommentInput, 'parentId'>) => Promise<void>;
  onCancel?: () => void;
};

/** A comment or a reply: text with @mentions, images and videos uploaded with their progress. */
export function CommentComposer({ me, people, placeholder, submitLabel, initialText = '', initialAttachments = [], autoFocus, onSubmit, onCancel }: CommentComposerProps) {
  const [text, setText] = useState(initialText);
  const attached = useAttachments(initialAttachments);
  const { problem, setProblem } = attached;
  const [sending, setSending] = useState(false);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const fieldId = useId();

  const mention = mentionQueryAt(text, caret);
  // The conversation's people first, then anyone else on the platform who matches.
  const found = usePeopleSearch(mention?.query ?? null);
  const suggestions = mention ? suggestPeople([...people, ...found], mention.query) : [];
  const open = suggestions.length > 0;

  const choose = (slug: string) => {
    if (!mention) return;
    const next = insertMention(text, mention, slug);
    setText(next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => {
      field.current?.focus();
      field.current?.setSelectionRange(next.caret, next.caret);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((index) => (index + (event.key === 'ArrowDown' ? 1 : suggestions.length - 1)) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        choose(suggestions[Math.min(active, suggestions.length - 1)]!.slug);
        return;
      }
      if (event.key === 'Escape') {
        // Closes the suggestions, not the modal around the composer.
        event.stopPropagation();
        setCaret(-1);
        return;
      }
    }
    if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) {
      event.preventDefault();
      void submit();
    }
  };

  const blank = text.trim() === '' && attached.attachments.length === 0;
  const submit = async () => {
    if (blank || sending || attached.busy) return;
    setSending(true);
    setProblem([]);
    try {
      await onSubmit({ content: textToHtml(text), attachments: attached.attachments.map((item) => item.id) });
      setText('');
      attached.clear();
    } catch (error) {
      setProblem(error instanceof ApiError ? linesOf(error) : ['The comment could not be sent.']);
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className="comment-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Avatar name={me.name} src={me.avatar} size="sm" />
      <div className="comment-composer__main">
        <div className="comment-composer__box">
          <label htmlFor={fieldId} className="visually-hidden">
            {placeholder}
          </label>
          <textarea
            ref={field}
            id={fieldId}
            className="comment-composer__field"
            placeholder={placeholder}
            rows={text.includes('\n') ? 3 : 1}
            value={text}
            autoFocus={autoFocus}
            role="combobox"
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            aria-autocomplete="list"
            aria-activedescendant={open ? `${listId}-${Math.min(active, suggestions.length - 1)}` : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              setActive(0);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
          />
          <AttachButtons state={attached} onRecorded={() => requestAnimationFrame(() => field.current?.focus())} />
          {open && (
            <ul id={listId} role="listbox" className="mention-list" aria-label="People to mention">
              {suggestions.map((person, index) => (
                <li
                  key={person.slug}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="mention-list__option"
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(person.slug);
                  }}
                >
                  <Avatar name={person.name} src={person.avatar} size="sm" />
                  <span className="mention-list__name">{person.name}</span>
                  <span className="mention-list__slug">@{person.slug}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <AttachmentTray state={attached} />
        {problem.length > 0 && (
          <div className="comment-composer__problem" role="alert">
            {problem.map((line) => (
              <p key={line}>{line}</p>
            ))}
          </div>
        )}
        {(!blank || onCancel) && (
          <div className="comment-composer__actions">
            {onCancel && (
              <Button variant="ghost" size="sm" onClick={onCancel}>
                Cancel
              </Button>
            )}
            <Button type="submit" size="sm" loading={sending} disabled={blank || attached.busy}>
              {submitLabel}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
