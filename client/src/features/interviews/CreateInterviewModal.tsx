import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CreateInterviewBody, InterviewView, QuestionKind } from '../../../../contracts/interviews/api.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { ApiError, api, linesOf, type FieldLines } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button, Checkbox, confirmDialog, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { draftReducer, emptyDraft, errorsOfLines, judgeDraft, MAX_QUESTIONS, spokenSeconds, THINK_TIMES, TIME_LIMITS, type DraftErrors, type QuestionDraft } from './draft.ts';
import { draftOf, saveEdits } from './edits.ts';
import { interviewKeys, useCreateInterview } from './queries.ts';

type TextAreaProps = { label: string; value: string; onChange: (text: string) => void; error?: string | undefined; hint?: string; required?: boolean; rows?: number };

function TextArea({ label, value, onChange, error, hint, required, rows = 3 }: TextAreaProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label htmlFor={id} className="field__label">
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <textarea id={id} className="field__input interview-form__area" rows={rows} value={value} required={required} aria-invalid={error ? true : undefined} aria-describedby={described} onChange={(event) => onChange(event.target.value)} />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </div>
  );
}

function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="field__error">
      <ErrorIcon width="16" height="16" />
      <span>{children}</span>
    </p>
  );
}

const KIND_NAMES: Record<QuestionKind, string> = { video: 'Video answer', text: 'Written answer' };

type QuestionEditorProps = {
  question: QuestionDraft;
  index: number;
  count: number;
  errors: Record<string, string>;
  dispatch: (action: Parameters<typeof draftReducer>[1]) => void;
  /** Said to screen readers: the list changed order under the focus. */
  onMoved: (line: string) => void;
  onRemove: (key: number, index: number) => void;
};

function QuestionEditor({ question, index, count, errors, dispatch, onMoved, onRemove }: QuestionEditorProps) {
  const number = index + 1;
  const error = (field: string) => errors[`questions.${index}.${field}`];
  const edit = (changes: Partial<QuestionDraft>) => dispatch({ type: 'edit', key: question.key, changes });
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const moved = useRef(false);
  // A question moved to an end disables the button just pressed, which would drop the focus: it goes to the other one.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    if (index === 0) down.current?.focus();
    else if (index === count - 1) up.current?.focus();
  }, [index, count]);
  const move = (by: -1 | 1) => {
    moved.current = true;
    dispatch({ type: 'move', key: question.key, by });
    onMoved(`Question ${number} moved to place ${number + by}`);
  };
  return (
    <li className="question-editor">
      <fieldset className="question-editor__fieldset">
        {/* The question's own label says its number: the legend only names the group for screen readers. */}
        <legend className="visually-hidden">Question {number}</legend>
        <TextArea label={`Question ${number}`} value={question.text} required rows={2} error={error('text')} onChange={(text) => edit({ text })} />
        <div className="question-editor__kinds" role="radiogroup" aria-label={`How question ${number} is answered`}>
          {(['video', 'text'] as const).map((kind) => (
            <label key={kind} className={`question-editor__kind${question.kind === kind ? ' question-editor__kind--on' : ''}`}>
              <input type="radio" name={`kind-${question.key}`} value={kind} checked={question.kind === kind} onChange={() => dispatch({ type: 'kind', key: question.key, kind })} />
              {KIND_NAMES[kind]}
            </label>
          ))}
        </div>
        {question.kind === 'video' ? (
          <div className="question-editor__limits">
            <Select label="Time limit" value={question.timeLimitSeconds} error={error('timeLimitSeconds')} onChange={(event) => edit({ timeLimitSeconds: Number(event.target.value) })}>
              {TIME_LIMITS.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {spokenSeconds(seconds)}
                </option>
              ))}
            </Select>
            <Select label="Think time" value={question.thinkSeconds} error={error('thinkSeconds')} onChange={(event) => edit({ thinkSeconds: Number(event.target.value) })}>
              {THINK_TIMES.map((seconds) => (
                <option key={seconds} value={seconds}>
                  {seconds === 0 ? 'None' : spokenSeconds(seconds)}
                </option>
              ))}
            </Select>
            <Select label="Retakes" value={question.retakes} error={error('retakes')} onChange={(event) => edit({ retakes: Number(event.target.value) })}>
              {[0, 1, 2, 3, 5, 10].map((retakes) => (
                <option key={retakes} value={retakes}>
                  {retakes === 0 ? 'None' : retakes}
                </option>
              ))}
            </Select>
          </div>
        ) : (
          <div className="question-editor__limits">
            <Input label="Length limit (characters)" numeric min={1} max={20000} placeholder="" value={question.maxLength} error={error('maxLength')} onChange={(event) => edit({ maxLength: event.target.value })} />
          </div>
        )}
        <div className="question-editor__actions">
          <Button ref={up} variant="ghost" size="sm" disabled={index === 0} aria-label={`Move question ${number} up`} onClick={() => move(-1)}>
            Move up
          </Button>
          <Button ref={down} variant="ghost" size="sm" disabled={index === count - 1} aria-label={`Move question ${number} down`} onClick={() => move(1)}>
            Move down
          </Button>
          <Button variant="ghost" size="sm" disabled={count === 1} aria-label={`Remove question ${number}`} onClick={() => onRemove(question.key, index)}>
            Remove
          </Button>
        </div>
      </fieldset>
    </li>
  );
}

type FormProps = { open: boolean; onClose: () => void; user: CurrentUser };

/**
 * Spec section 2's create-interview modal: title, brief, an optional deadline, ordered video
 * and written questions with their limits, and the answering options. It is created in one
 * request with its questions, then published when asked; either way it opens on its page.
 */
export function CreateInterviewModal(props: FormProps) {
  return <InterviewForm {...props} editing={null} />;
}

/** The same form over a saved interview: its details always, its questions while it is a draft (the server fixes them once published). */
export function EditInterviewModal(props: FormProps & { interview: InterviewView }) {
  return <InterviewForm {...props} editing={props.interview} />;
}

type Refusal = { lines: string[]; fields: FieldLines };

// A question's own route ties its lines to `text`, `kind`...: they are placed at that question.
const atQuestion = ({ lines, fields }: Refusal, question: number | null): Refusal =>
  question === null ? { lines, fields } : { lines, fields: Object.fromEntries(Object.entries(fields).map(([path, said]) => [`questions.${question}.${path}`, said])) };

class Refused extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.lines.join('\n'));
  }
}

function InterviewForm({ open, onClose, user, editing }: FormProps & { editing: InterviewView | null }) {
  const timezone = user.timezone || DEFAULT_TIMEZONE;
  const [draft, dispatch] = useReducer(draftReducer, undefined, () => (editing ? draftOf(editing, timezone) : emptyDraft()));
  const [errors, setErrors] = useState<DraftErrors>({ fields: {}, form: [] });
  const [publishing, setPublishing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [moved, setMoved] = useState('');
  const create = useCreateInterview();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const touched = useRef(false);
  const questionsId = useId();
  const form = useRef<HTMLFormElement>(null);
  const questionsOpen = editing === null || editing.status === 'draft';

  // A refused form takes the person to its first problem, where the line beside the field says what it is.
  useEffect(() => {
    if (Object.keys(errors.fields).length === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const change = (action: Parameters<typeof draftReducer>[1]) => {
    touched.current = true;
    dispatch(action);
  };
  // A new question takes the focus; a removed one's button goes with it, so the focus moves to the question now in its place.
  const refocus = useRef<number | null>(null);
  const remove = (key: number, index: number) => {
    refocus.current = index;
    change({ type: 'remove', key });
  };
  const add = (kind: QuestionKind) => {
    refocus.current = Number.MAX_SAFE_INTEGER;
    change({ type: 'add', kind });
  };
  useEffect(() => {
    if (refocus.current === null) return;
    const areas = form.current?.querySelectorAll<HTMLTextAreaElement>('.question-editor textarea') ?? [];
    areas[Math.min(refocus.current, areas.length - 1)]?.focus();
    refocus.current = null;
  }, [draft.questions.length]);
  const finish = () => {
    touched.current = false;
    if (!editing) dispatch({ type: 'reset' });
    setErrors({ fields: {}, form: [] });
    onClose();
  };
  // A half-written interview is not thrown away by a stray Escape.
  const mayClose = async () =>
    !touched.current ||
    confirmDialog({
      title: editing ? 'Discard your changes?' : 'Discard this interview?',
      message: editing ? 'The interview stays as it was.' : 'What you have written will be lost.',
      applyLabel: 'Discard',
      cancelLabel: 'Keep writing',
      danger: true,
    });
  const refusal = (error: unknown): Refusal | null =>
    error instanceof Refused ? error.refusal : error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.status !== 403 ? { lines: linesOf(error), fields: error.fields } : null;

  const save = async (interview: InterviewView, body: CreateInterviewBody) => {
    setSaving(true);
    try {
      await saveEdits(interview, draft.questions, body, async (method, path, payload, question) => {
        try {
          if (method === 'POST') return { id: (await api.create(path, payload, { quiet: true })).id };
          await (method === 'PATCH' ? api.patch : method === 'PUT' ? api.put : api.delete)(path, payload, { quiet: true });
          return { id: null };
        } catch (error) {
          const refused = refusal(error);
          throw refused ? new Refused(atQuestion(refused, question)) : error;
        }
      });
    } catch (error) {
      const refused = refusal(error);
      if (refused) setErrors(errorsOfLines(refused.lines, refused.fields));
      return;
    } finally {
      setSaving(false);
      // What was saved before a refusal is the server's now: the page shows it either way.
      void queryClient.invalidateQueries({ queryKey: interviewKeys.detail(interview.id) });
      void queryClient.invalidateQueries({ queryKey: interviewKeys.lists() });
    }
    showToast({ type: 'success', lines: ['Interview saved'] });
    finish();
  };

  const submit = async (publish: boolean) => {
    const judged = judgeDraft(draft, timezone);
    if (!judged.ok) return setErrors(judged.errors);
    setErrors({ fields: {}, form: [] });
    if (editing) return save(editing, judged.body);
    setPublishing(publish);
    let id: number;
    try {
      id = (await create.mutateAsync(judged.body)).id;
    } catch (error) {
      const refused = refusal(error);
      if (refused) setErrors(errorsOfLines(refused.lines, refused.fields));
      return;
    }
    if (publish) {
      // The interview exists either way: a refused publish (told by toast) leaves a draft to finish on its page.
      const published = await api.post(`/api/v1/interviews/${id}/publish`).then(
        () => true,
        () => false,
      );
      showToast({ type: published ? 'success' : 'info', lines: [published ? 'Interview published' : 'Interview saved as a draft'] });
    } else {
      showToast({ type: 'success', lines: ['Interview saved as a draft'] });
    }
    finish();
    void navigate({ to: '/interviews/$id', params: { id: String(id) } });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit(true);
  };

  return (
    <Modal open={open} onClose={finish} beforeClose={mayClose} title={editing ? 'Edit interview' : 'Create interview'} size="lg" className="interview-form-dialog">
      <form ref={form} className="interview-form" noValidate onSubmit={onSubmit}>
        <Input label="Title" required placeholder="" value={draft.title} error={errors.fields.title} onChange={(event) => change({ type: 'set', field: 'title', value: event.target.value })} data-autofocus />
        <TextArea label="Brief" value={draft.brief} rows={3} hint="What the interview is for: answerers read it before the questions." error={errors.fields.brief} onChange={(value) => change({ type: 'set', field: 'brief', value })} />
        <Input
          label="Deadline"
          type="datetime-local"
          placeholder=""
          value={draft.deadline}
          hint="Optional: past it, no new answers."
          error={errors.fields.deadline}
          onChange={(event) => change({ type: 'set', field: 'deadline', value: event.target.value })}
        />

        {questionsOpen ? (
          <section className="interview-form__questions" aria-labelledby={questionsId}>
            <h3 id={questionsId} className="interview-form__heading">
              Questions
            </h3>
            <ol className="interview-form__list">
              {draft.questions.map((question, index) => (
                <QuestionEditor key={question.key} question={question} index={index} count={draft.questions.length} errors={errors.fields} dispatch={change} onMoved={setMoved} onRemove={remove} />
              ))}
            </ol>
            <p className="visually-hidden" role="status">
              {moved}
            </p>
            {errors.fields.questions && <FieldError>{errors.fields.questions}</FieldError>}
            <div className="interview-form__add">
              <Button variant="secondary" size="sm" disabled={draft.questions.length >= MAX_QUESTIONS} onClick={() => add('video')}>
                Add a video question
              </Button>
              <Button variant="secondary" size="sm" disabled={draft.questions.length >= MAX_QUESTIONS} onClick={() => add('text')}>
                Add a written question
              </Button>
            </div>
          </section>
        ) : (
          <p className="interview-form__intro">Questions cannot change once the interview is published: answers refer to them.</p>
        )}

        <fieldset className="interview-form__options">
          <legend className="interview-form__heading">Options</legend>
          <Checkbox label="Show every question before starting" checked={draft.showQuestions} onChange={(event) => change({ type: 'toggle', field: 'showQuestions', value: event.target.checked })} />
          <Checkbox label="Allow skipping a question" checked={draft.allowSkip} onChange={(event) => change({ type: 'toggle', field: 'allowSkip', value: event.target.checked })} />
          <Input
            label="Close after this many answers"
            className="interview-form__quota"
            numeric
            min={1}
            max={10000}
            placeholder=""
            hint="Optional: it closes by itself once enough people have answered."
            value={draft.closeAfterAnswers}
            error={errors.fields.closeAfterAnswers}
            onChange={(event) => change({ type: 'set', field: 'closeAfterAnswers', value: event.target.value })}
          />
        </fieldset>

        {errors.form.length > 0 && (
          <div className="interview-form__problems" role="alert">
            {errors.form.map((line) => (
              <FieldError key={line}>{line}</FieldError>
            ))}
          </div>
        )}
        <div className="interview-form__buttons">
          {editing ? (
            <>
              <Button variant="secondary" onClick={() => void mayClose().then((sure) => sure && finish())}>
                Cancel
              </Button>
              <Button type="button" loading={saving} onClick={() => void submit(false)}>
                Save changes
              </Button>
            </>
          ) : (
            <>
              <Button variant="secondary" loading={create.isPending && !publishing} disabled={create.isPending} onClick={() => void submit(false)}>
                Save as draft
              </Button>
              <Button type="submit" loading={create.isPending && publishing} disabled={create.isPending}>
                Create and publish
              </Button>
            </>
          )}
        </div>
      </form>
    </Modal>
  );
}
