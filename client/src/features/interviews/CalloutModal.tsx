import { useState, type FormEvent } from 'react';
import type { InterviewView } from '../../../../contracts/interviews/api.ts';
import type { UserType } from '../../../../contracts/posts/kinds.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { dayjs, DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button, Checkbox, Input, Modal, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { AudienceFields } from '../composer/AudienceFields.tsx';
import { toInstant } from '../composer/forms.ts';
import { textToHtml } from '../composer/richText.ts';
import '../composer/composer.css';
import { errorsOfLines, type DraftErrors } from './draft.ts';
import { usePublishCallout } from './queries.ts';

type Values = { title: string; content: string; deadline: string; userTypes: UserType[]; communities: number[]; showQuestions: boolean; allowSkip: boolean };

const valuesOf = (interview: InterviewView, timezone: string): Values => ({
  title: interview.title,
  content: interview.brief,
  deadline: interview.deadline ? dayjs(interview.deadline).tz(timezone).format('YYYY-MM-DDTHH:mm') : '',
  userTypes: [],
  communities: [],
  showQuestions: interview.showQuestions,
  allowSkip: interview.allowSkip,
});

/**
 * Publish as a callout (POST /api/v1/callouts/async/{interviewId}): a post in the feed, for the
 * user types and communities chosen, that carries the interview so its readers answer from it.
 * Its deadline and options become the interview's.
 */
export function CalloutModal({ interview, user, open, onClose }: { interview: InterviewView; user: CurrentUser; open: boolean; onClose: () => void }) {
  const timezone = user.timezone || DEFAULT_TIMEZONE;
  const [values, setValues] = useState(() => valuesOf(interview, timezone));
  const [errors, setErrors] = useState<DraftErrors>({ fields: {}, form: [] });
  const publish = usePublishCallout(interview.id);
  const set = (changes: Partial<Values>) => setValues((current) => ({ ...current, ...changes }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({ fields: {}, form: [] });
    try {
      await publish.mutateAsync({
        title: values.title,
        content: textToHtml(values.content),
        deadline: toInstant(values.deadline, timezone),
        userTypes: values.userTypes,
        communities: values.communities,
        showQuestions: values.showQuestions,
        allowSkip: values.allowSkip,
      });
    } catch (error) {
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) setErrors(errorsOfLines(linesOf(error), error.fields));
      return;
    }
    showToast({ type: 'success', lines: ['Callout published'] });
    onClose();
  };

  return (
    <Modal open={open} onClose={onClose} title="Publish as a callout" size="lg">
      <form className="interview-form" noValidate onSubmit={(event) => void submit(event)}>
        <p className="interview-form__intro">The callout appears in the feed with this interview attached; the people it is for answer from it. Publishing opens the interview to answers.</p>
        <Input label="Title" required placeholder="" value={values.title} error={errors.fields.title} onChange={(event) => set({ title: event.target.value })} />
        <div className={`field${errors.fields.content ? ' field--invalid' : ''}`}>
          <label htmlFor={`callout-content-${interview.id}`} className="field__label">
            Content
          </label>
          <textarea id={`callout-content-${interview.id}`} className="field__input interview-form__area" rows={4} value={values.content} onChange={(event) => set({ content: event.target.value })} />
        </div>
        <Input
          label="Deadline"
          type="datetime-local"
          placeholder=""
          hint="Optional: without a deadline the callout shows as ASAP."
          value={values.deadline}
          error={errors.fields.deadline}
          onChange={(event) => set({ deadline: event.target.value })}
        />
        <AudienceFields
          user={user}
          userTypes={values.userTypes}
          communities={values.communities}
          onUserTypes={(userTypes) => set({ userTypes })}
          onCommunities={(communities) => set({ communities })}
          errors={{ userTypes: errors.fields.userTypes, communities: errors.fields.communities }}
        />
        <Checkbox label="Show every question before starting" checked={values.showQuestions} onChange={(event) => set({ showQuestions: event.target.checked })} />
        <Checkbox label="Allow skipping a question" checked={values.allowSkip} onChange={(event) => set({ allowSkip: event.target.checked })} />
        {(errors.form.length > 0 || errors.fields.content) && (
          <div className="interview-form__problems" role="alert">
            {[...(errors.fields.content ? [errors.fields.content] : []), ...errors.form].map((line) => (
              <p key={line} className="field__error">
                <ErrorIcon width="16" height="16" />
                <span>{line}</span>
              </p>
            ))}
          </div>
        )}
        <div className="interview-form__buttons">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={publish.isPending}>
            Publish callout
          </Button>
        </div>
      </form>
    </Modal>
  );
}
