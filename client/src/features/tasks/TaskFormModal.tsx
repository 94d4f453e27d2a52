import { useEffect, useId, useState, type FormEvent } from 'react';
import type { TaskView } from '../../../../contracts/tasks/api.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { Button, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { bodyOf, draftOf, errorsByField, fieldOf, linkText, type FieldName, type TaskDraft } from './form.ts';
import { useAssignees, useContactMatches, useMyInterviews, useSaveTask } from './queries.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The task to edit, or null for a new one. */
  task: TaskView | null;
  timezone: string;
  selfId: number;
};

/** A label marked as the required fields' are (the field itself is marked aria-required). */
function Required({ children }: { children: string }) {
  return (
    <>
      {children}
      <span className="field__required" aria-hidden="true">
        {' '}
        *
      </span>
    </>
  );
}

/** Links one of the person's interviews, or a contact of the account: words typed find contacts, one is chosen. */
function LinkPicker({ draft, onChange, error }: { draft: TaskDraft; onChange: (link: TaskDraft['link']) => void; error: string | undefined }) {
  const [words, setWords] = useState('');
  const matches = useContactMatches(words);
  const interviews = useMyInterviews(true).data ?? [];
  const resultsId = useId();
  const errorId = useId();
  if (draft.link) {
    return (
      <div className={`field${error ? ' field--invalid' : ''}`}>
        <span className="field__label">Linked to</span>
        <p className="task-form__linked">
          <span>{linkText(draft.link)}</span>
          <Button variant="ghost" size="sm" onClick={() => onChange(null)} aria-describedby={error ? errorId : undefined}>
            Remove link
          </Button>
        </p>
        {error && (
          <p id={errorId} className="field__error">
            <ErrorIcon width="16" height="16" />
            <span>{error}</span>
          </p>
        )}
      </div>
    );
  }
  const found = matches.data ?? [];
  return (
    <div className="task-form__contact">
      <Input label="Link to a contact" hint="Optional: type two letters or more of a name" placeholder="Search your contacts" value={words} onChange={(event) => setWords(event.target.value)} aria-controls={resultsId} error={error} />
      <ul id={resultsId} className="task-form__matches" aria-label="Matching contacts" aria-live="polite">
        {words.trim().length >= 2 && matches.isSuccess && found.length === 0 && <li className="task-form__none">No contact matches</li>}
        {found.map((contact) => (
          <li key={contact.id}>
            <Button variant="secondary" size="sm" onClick={() => onChange({ kind: 'contact', id: contact.id!, label: contact.name })}>
              Link {contact.name}
              {contact.outlets[0] && <span className="task-form__outlet"> · {contact.outlets[0]}</span>}
            </Button>
          </li>
        ))}
      </ul>
      {interviews.length > 0 && (
        <Select
          label="Or link one of your interviews"
          value=""
          onChange={(event) => {
            const chosen = interviews.find((interview) => interview.id === Number(event.target.value));
            if (chosen) onChange({ kind: 'interview', id: chosen.id, label: chosen.title });
          }}
        >
          <option value="">None</option>
          {interviews.map((interview) => (
            <option key={interview.id} value={interview.id}>
              {interview.title}
            </option>
          ))}
        </Select>
      )}
    </div>
  );
}

/** A new task, or an existing one edited: title, who does it, when it is due on the person's own clock, and what it is about. */
export function TaskFormModal({ open, onClose, task, timezone, selfId }: Props) {
  const [draft, setDraft] = useState<TaskDraft>(() => draftOf(task, timezone, selfId));
  const [lines, setLines] = useState<string[]>([]);
  const assignees = useAssignees(open);
  const save = useSaveTask();
  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(task, timezone, selfId));
    setLines([]);
  }, [open, task, timezone, selfId]);

  // The fields say what is missing when the server answers, not when the focus leaves them: a
  // line appearing on blur moved the Create button away between a click's press and release.
  const errors = errorsByField(lines);
  /** A change to a field takes back what the server said about it. */
  const change = (field: FieldName, changes: Partial<TaskDraft>) => {
    setDraft((current) => ({ ...current, ...changes }));
    setLines((current) => current.filter((line) => fieldOf(line) !== field));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setLines([]);
    try {
      await save.mutateAsync({ id: task?.id ?? null, body: bodyOf(draft, timezone) });
      showToast({ type: 'success', lines: [task ? 'Task saved' : 'Task created'] });
      onClose();
    } catch (error) {
      setLines(error instanceof ApiError ? linesOf(error) : ['Something went wrong. We are already working to solve it.']);
    }
  };
  const people = assignees.data ?? [];
  return (
    <Modal open={open} onClose={onClose} title={task ? 'Edit task' : 'New task'}>
      <form className="task-form" onSubmit={(event) => void submit(event)} noValidate>
        {errors.form && (
          <p className="task-form__error">
            {errors.form}
          </p>
        )}
        <Input label={<Required>Title</Required>} aria-required="true" placeholder="What needs doing" value={draft.title} maxLength={200} error={errors.title} onChange={(event) => change('title', { title: event.target.value })} autoFocus />
        <Select
          label="Assignee"
          required
          value={draft.assigneeId ?? ''}
          error={errors.assignee}
          disabled={assignees.isPending}
          onChange={(event) => change('assignee', { assigneeId: event.target.value === '' ? null : Number(event.target.value) })}
        >
          {assignees.isPending && <option value={draft.assigneeId ?? ''}>Loading your colleagues…</option>}
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.id === selfId ? `${person.name} (you)` : person.name}
            </option>
          ))}
        </Select>
        <Input label={<Required>Due</Required>} type="datetime-local" aria-required="true" placeholder="" hint={`On your clock: ${timezone}`} value={draft.due} error={errors.due} onChange={(event) => change('due', { due: event.target.value })} />
        <LinkPicker draft={draft} error={errors.link} onChange={(link) => change('link', { link })} />
        {lines.length > 0 && (
          <p className="visually-hidden" role="alert">
            {lines.join(' ')}
          </p>
        )}
        <div className="task-form__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {task ? 'Save task' : 'Create task'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
