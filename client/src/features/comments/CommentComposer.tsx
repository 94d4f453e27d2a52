import { lazy, Suspense, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { MediaItem } from '../../../../contracts/posts/media.ts';
import type { Author } from '../../../../contracts/posts/views.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { textToHtml } from '../composer/richText.ts';
import { PaperclipIcon, VideoCameraIcon } from '../posts/icons.tsx';
import { uploadFile, type CommentInput } from './api.ts';
import { insertMention, mentionQueryAt, suggestPeople } from './mentions.ts';
import { usePeopleSearch } from './peopleSearch.ts';

// Loaded when a person first records: the camera, IndexedDB and tus are no part of reading comments.
const VideoRecorder = lazy(() => import('../video/VideoRecorder.tsx').then((module) => ({ default: module.VideoRecorder })));

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime';

type Held = MediaItem;
type Uploading = { key: number; name: string; progress: number };

export type CommentComposerProps = {
  /** The signed-in person, shown beside the field. */
  me: { name: string; avatar: string | null };
  /** The people of this conversation, suggested first when mentioning. */
  people: readonly Author[];
  placeholder: string;
  submitLabel: string;
  initialText?: string;
  initialAttachments?: Held[];
  autoFocus?: boolean;
  onSubmit: (input: Omit<CommentInput, 'parentId'>) => Promise<void>;
  onCancel?: () => void;
};

/** A comment or a reply: text with @mentions, images and videos uploaded with their progress. */
export function CommentComposer({ me, people, placeholder, submitLabel, initialText = '', initialAttachments = [], autoFocus, onSubmit, onCancel }: CommentComposerProps) {
  const [text, setText] = useState(initialText);
  const [attachments, setAttachments] = useState<Held[]>(initialAttachments);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [problem, setProblem] = useState<string[]>([]);
  const [sending, setSending] = useState(false);
  const [recording, setRecording] = useState(false);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const field = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listId = useId();
  const fieldId = useId();
  const uploadKey = useRef(0);

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

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = ++uploadKey.current;
      setUploading((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        const stored = await uploadFile(file, (progress) => setUploading((list) => list.map((item) => (item.key === key ? { ...item, progress } : item))));
        setAttachments((list) => [...list, { type: stored.type, id: stored.id, path: stored.path, thumbnail: stored.thumbnail, length: null }]);
      } catch (error) {
        setProblem(error instanceof ApiError ? linesOf(error) : ['The file could not be uploaded.']);
      } finally {
        setUploading((list) => list.filter((item) => item.key !== key));
      }
    }
  };

  const blank = text.trim() === '' && attachments.length === 0;
  const submit = async () => {
    if (blank || sending || uploading.length > 0) return;
    setSending(true);
    setProblem([]);
    try {
      await onSubmit({ content: textToHtml(text), attachments: attachments.map((item) => item.id) });
      setText('');
      setAttachments([]);
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
          <button type="button" className="icon-button comment-composer__attach" aria-label="Record a video" onClick={() => setRecording(true)}>
            <VideoCameraIcon />
          </button>
          <button type="button" className="icon-button comment-composer__attach" aria-label="Attach an image or a video" onClick={() => fileInput.current?.click()}>
            <PaperclipIcon />
          </button>
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            multiple
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              void upload(event.target.files);
              event.target.value = '';
            }}
          />
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
        {(attachments.length > 0 || uploading.length > 0) && (
          <ul className="comment-composer__files">
            {attachments.map((item) => (
              <li key={item.id} className="comment-composer__file">
                {item.type === 'image' ? <img src={item.path} alt="" /> : <video src={item.path} muted aria-label="Attached video" />}
                <button type="button" className="comment-composer__remove" aria-label="Remove attachment" onClick={() => setAttachments((list) => list.filter((held) => held.id !== item.id))}>
                  <CloseIcon width="14" height="14" />
                </button>
              </li>
            ))}
            {uploading.map((item) => (
              <li key={item.key} className="comment-composer__file comment-composer__file--uploading">
                <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
                <span>{Math.round(item.progress * 100)}%</span>
              </li>
            ))}
          </ul>
        )}
        <Modal open={recording} onClose={() => setRecording(false)} title="Record a video" size="lg">
          <Suspense fallback={<Spinner label="Loading the recorder" />}>
            {recording && (
              <VideoRecorder
                onUploaded={(stored) => {
                  setRecording(false);
                  setAttachments((list) => [...list, { type: 'video', id: stored.id, path: stored.path, thumbnail: stored.thumbnail, length: null }]);
                  requestAnimationFrame(() => field.current?.focus());
                }}
                onCancel={() => setRecording(false)}
              />
            )}
          </Suspense>
        </Modal>
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
            <Button type="submit" size="sm" loading={sending} disabled={blank || uploading.length > 0}>
              {submitLabel}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
