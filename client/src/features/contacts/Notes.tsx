import { useState, type FormEvent } from 'react';
import type { NoteView } from '../../../../contracts/contacts/api.ts';
import { ApiError } from '../../lib/api/index.ts';
import { Button, showToast } from '../../ui/index.ts';
import { RelativeTime } from '../posts/AuthorLine.tsx';
import { useSaveNote } from './queries.ts';

function NoteEditor({ label, initial, saving, onSave, onCancel }: { label: string; initial: string; saving: boolean; onSave: (text: string) => Promise<string[] | null>; onCancel?: () => void }) {
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = await onSave(text);
    if (problems) setError(problems.map((line) => line.replace(/^text: /, '')).join(' '));
    else {
      setError(null);
      if (!onCancel) setText('');
    }
  };
  return (
    <form className="note-editor" onSubmit={(event) => void submit(event)}>
      <label className="visually-hidden" htmlFor={`${label}-text`}>
        {label}
      </label>
      <textarea
        id={`${label}-text`}
        className="note-editor__text"
        rows={3}
        value={text}
        placeholder="What should colleagues know about this person?"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${label}-error` : undefined}
        onChange={(event) => setText(event.target.value)}
      />
      {error && (
        <p id={`${label}-error`} className="contacts-form__error">
          {error}
        </p>
      )}
      <div className="note-editor__buttons">
        {onCancel && (
          <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" loading={saving} disabled={!text.trim()}>
          {onCancel ? 'Save note' : 'Add note'}
        </Button>
      </div>
    </form>
  );
}

function NoteItem({ note, timezone, canEdit, onSave, saving }: { note: NoteView; timezone: string; canEdit: boolean; onSave: (text: string) => Promise<string[] | null>; saving: boolean }) {
  const [editing, setEditing] = useState(false);
  return (
    <li className="note">
      <p className="note__meta">
        <span className="note__author">{note.author.name}</span> · <RelativeTime value={note.createdAt} timezone={timezone} />
        {note.editedAt && (
          <>
            {' '}
            · edited <RelativeTime value={note.editedAt} timezone={timezone} />
          </>
        )}
      </p>
      {editing ? (
        <NoteEditor
          label={`Edit the note of ${note.author.name}`}
          initial={note.text}
          saving={saving}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            const problems = await onSave(text);
            if (!problems) setEditing(false);
            return problems;
          }}
        />
      ) : (
        <p className="note__text">{note.text}</p>
      )}
      {!editing && canEdit && (
        <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
          Edit<span className="visually-hidden"> this note</span>
        </Button>
      )}
      {note.history.length > 0 && (
        <details className="note__history">
          <summary>Earlier versions ({note.history.length})</summary>
          <ol>
            {note.history.map((version) => (
              <li key={version.replacedAt}>
                <p className="note__meta">
                  Replaced <RelativeTime value={version.replacedAt} timezone={timezone} />
                </p>
                <p className="note__text">{version.text}</p>
              </li>
            ))}
          </ol>
        </details>
      )}
    </li>
  );
}

/** The account's notes on a contact, newest first, each with its earlier wordings. */
export function Notes({ contactId, notes, timezone, canWrite }: { contactId: number; notes: readonly NoteView[]; timezone: string; canWrite: boolean }) {
  const save = useSaveNote(contactId);
  const saveNote = (noteId: number | null) => async (text: string) => {
    try {
      await save.mutateAsync({ noteId, text });
      showToast({ type: 'success', lines: [noteId === null ? 'Note added' : 'Note saved'] });
      return null;
    } catch (error) {
      return error instanceof ApiError ? linesOf(error) : [];
    }
  };
  return (
    <section className="contact-card" aria-labelledby="contact-notes">
      <h2 id="contact-notes" className="contact-card__title">
        Notes
      </h2>
      {canWrite && <NoteEditor label="New note" initial="" saving={save.isPending && save.variables?.noteId === null} onSave={saveNote(null)} />}
      {notes.length === 0 ? (
        <p className="contact-card__empty">No notes yet. Notes are seen only by people of your account.</p>
      ) : (
        <ol className="notes" aria-label="Notes">
          {notes.map((note) => (
            <NoteItem key={note.id} note={note} timezone={timezone} canEdit={canWrite} saving={save.isPending && save.variables?.noteId === note.id} onSave={saveNote(note.id)} />
          ))}
        </ol>
      )}
    </section>
  );
}

const linesOf = (error: ApiError) => (error.errors.length ? error.errors : [error.detail ?? error.message]);
