import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ARTICLE_KIND_LABELS, JOB_TYPE_LABELS, KIND_LABELS, KIND_PATHS, WORKPLACE_LABELS, type PostKind } from '../../../../contracts/posts/kinds.ts';
import { api, ApiError, linesOf } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Input, Select } from '../../ui/Input.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { Avatar } from './Avatar.tsx';
import { AudienceFields, SaveAsField } from './AudienceFields.tsx';
import { afterPostSaved } from './cache.ts';
import { emptyValues, judge, KIND_FIELDS, normalisedUrl, placeServerErrors, valuesOfForm, type ComposerErrors, type ComposerValues, type FieldName } from './forms.ts';
import { TextEditor } from './TextEditor.tsx';
import { AttachmentsField, ImageField, VideoField } from './UploadFields.tsx';
import './composer.css';

/** The editable form of a post, as GET /api/v1/{kind}s/{id}/all answers it. */
export type EditablePost = { id: number } & Record<string, unknown>;

export type PostComposerProps = {
  kind: PostKind;
  /** Present when editing: the post's full form. */
  post?: EditablePost | undefined;
  /** A new post starts in this community (written from the community's page). */
  communityId?: number | undefined;
  /** A new reaction or statement starts with this address: the news item it answers. */
  url?: string | undefined;
  onSaved: (id: number) => void;
  onCancel: () => void;
  /** Told whether the form holds changes not yet saved (a closing modal asks before losing them). */
  onDirtyChange?: (dirty: boolean) => void;
};

const CONTENT_PROMPTS: Record<PostKind, string> = {
  communityPost: 'What do you want to talk about?',
  callout: 'Describe what you are looking for and who you would like to hear from',
  job: '',
  event: '',
  record: 'Say something about this video',
  reaction: 'What is your reaction?',
  statement: 'Add a few words to your statement',
  story: 'Write the story',
};

const NO_ERRORS: ComposerErrors = { fields: {}, form: [] };

/** Short fields that sit two to a row on wide screens. */
const HALF_WIDTH = new Set<FieldName>(['jobType', 'workplace', 'eventType', 'timezone', 'start', 'end', 'venue', 'address']);
const half = (field: FieldName) => (HALF_WIDTH.has(field) ? 'composer__half' : undefined);

/** An online event has a link to join; one in person has a venue and an address. */
const EVENT_PLACE: Record<ComposerValues['eventType'], FieldName[]> = { online: ['venue', 'address'], offline: [] };

function timezones(current: string): string[] {
  const known = Intl.supportedValuesOf('timeZone');
  return current && !known.includes(current) ? [current, ...known] : known;
}

/** Creates a post of any kind, or edits one (the same form, filled from the post's full form). */
export function PostComposer({ kind, post, communityId, url, onSaved, onCancel, onDirtyChange }: PostComposerProps) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const userTimezone = user?.timezone || DEFAULT_TIMEZONE;
  const [initial] = useState<ComposerValues>(() =>
    post ? valuesOfForm(kind, post, userTimezone) : { ...emptyValues(userTimezone), communities: communityId ? [communityId] : [], url: url ?? '' },
  );
  const [values, setValues] = useState<ComposerValues>(initial);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<ComposerErrors>(NO_ERRORS);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const judged = useMemo(() => judge(kind, values, userTimezone), [kind, values, userTimezone]);
  const shown = KIND_FIELDS[kind];
  const dirty = useMemo(() => JSON.stringify(values) !== JSON.stringify(initial), [values, initial]);
  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  if (!user) return null;
  const editing = post !== undefined;
  const label = KIND_LABELS[kind];

  const set = <F extends FieldName>(field: F, value: ComposerValues[F]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => (current.fields[field] || current.form.length ? { fields: { ...current.fields, [field]: undefined }, form: [] } : current));
  };
  const touch = (field: FieldName) => setTouched((current) => (current.has(field) ? current : new Set(current).add(field)));
  const errorOf = (field: FieldName): string | undefined => {
    if (serverErrors.fields[field]) return serverErrors.fields[field];
    if (judged.ok || !(submitted || touched.has(field))) return undefined;
    return judged.errors.fields[field];
  };
  const formLines = [...(submitted && !judged.ok ? judged.errors.form : []), ...serverErrors.form];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerErrors(NO_ERRORS);
    if (!judged.ok) {
      // After this render the invalid fields carry aria-invalid: take the person to the first.
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setSaving(true);
    const path = `/api/v1/${KIND_PATHS[kind]}`;
    try {
      const id = editing ? (await api.patch(`${path}/${post.id}`, judged.body, { quiet: true }), post.id) : (await api.create(path, judged.body, { quiet: true })).id;
      await afterPostSaved(queryClient, id);
      showToast({ type: 'success', lines: [editing ? `${label} updated` : `${label} published`] });
      onSaved(id);
    } catch (error) {
      const lines = error instanceof ApiError ? linesOf(error) : [String(error)];
      setServerErrors(placeServerErrors(lines, shown, error instanceof ApiError ? error.fields : {}));
    } finally {
      setSaving(false);
    }
  };

  const textInput = (field: FieldName, inputLabel: string, extra: { required?: boolean; placeholder?: string; hint?: ReactNode; type?: string } = {}) => (
    <Input
      key={field}
      className={half(field)}
      label={inputLabel}
      value={values[field] as string}
      error={errorOf(field)}
      placeholder={extra.placeholder ?? ''}
      required={extra.required}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      onChange={(event) => set(field, event.target.value as never)}
      onBlur={() => touch(field)}
    />
  );

  const urlInput = (field: 'link' | 'url', inputLabel: string) => (
    <Input
      key={field}
      label={inputLabel}
      value={values[field]}
      error={errorOf(field)}
      placeholder="example.com"
      inputMode="url"
      onChange={(event) => set(field, event.target.value)}
      onBlur={(event) => {
        // Spec section 5: an address without a scheme gets https:// in front.
        set(field, normalisedUrl(kind, field, event.target.value));
        touch(field);
      }}
    />
  );

  const fieldOf = (field: FieldName): ReactNode => {
    switch (field) {
      case 'title':
        return textInput('title', kind === 'job' ? 'Job title' : 'Title', { required: true, placeholder: kind === 'callout' ? 'What are you looking for?' : '' });
      case 'summary':
        return textInput('summary', 'Summary');
      case 'name':
        return textInput('name', 'Event name', { required: true });
      case 'company':
        return textInput('company', 'Company', { required: true });
      case 'location':
        return textInput('location', 'Location', { placeholder: 'City, country' });
      case 'venue':
        return textInput('venue', 'Venue');
      case 'address':
        return textInput('address', 'Address');
      case 'deadline':
        return textInput('deadline', 'Deadline', { type: 'datetime-local', hint: 'Optional: without a deadline the callout shows as ASAP.' });
      case 'start':
        return textInput('start', 'Starts', { type: 'datetime-local' });
      case 'end':
        return textInput('end', 'Ends', { type: 'datetime-local', hint: 'Optional' });
      case 'link':
        return urlInput('link', values.eventType === 'online' ? 'Link to join' : 'Link');
      case 'url':
        return urlInput('url', kind === 'job' ? 'Link to apply' : 'Link');
      case 'content':
      case 'description':
        return (
          <TextEditor
            key={field}
            label={field === 'description' ? 'Description' : kind === 'communityPost' ? 'Post' : 'Content'}
            value={values[field]}
            required={kind === 'callout' || kind === 'job' || kind === 'story'}
            rows={kind === 'communityPost' ? 5 : 4}
            autoFocus={!editing && kind === 'communityPost'}
            placeholder={CONTENT_PROMPTS[kind] || undefined}
            error={errorOf(field)}
            onChange={(next) => set(field, next)}
          />
        );
      case 'eventType':
        return (
          <Select key={field} className={half(field)} label="Event type" value={values.eventType} error={errorOf(field)} onChange={(event) => set('eventType', event.target.value as ComposerValues['eventType'])}>
            <option value="online">Online</option>
            <option value="offline">In person</option>
          </Select>
        );
      case 'timezone':
        return (
          <Select key={field} className={half(field)} label="Timezone" value={values.timezone} error={errorOf(field)} hint="Start and end are read in this timezone" onChange={(event) => set('timezone', event.target.value)}>
            <option value="">No timezone</option>
            {timezones(values.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replaceAll('_', ' ')}
              </option>
            ))}
          </Select>
        );
      case 'jobType':
        return (
          <Select key={field} className={half(field)} label="Job type" value={values.jobType} error={errorOf(field)} onChange={(event) => set('jobType', event.target.value as ComposerValues['jobType'])}>
            {Object.entries(JOB_TYPE_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        );
      case 'workplace':
        return (
          <Select key={field} className={half(field)} label="Workplace" value={values.workplace} error={errorOf(field)} onChange={(event) => set('workplace', event.target.value as ComposerValues['workplace'])}>
            {Object.entries(WORKPLACE_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        );
      case 'articleKind':
        return (
          <Select key={field} className={half(field)} label="Article type" value={values.articleKind} error={errorOf(field)} onChange={(event) => set('articleKind', event.target.value as ComposerValues['articleKind'])}>
            {Object.entries(ARTICLE_KIND_LABELS).map(([value, text]) => (
              <option key={value} value={value}>
                {text}
              </option>
            ))}
          </Select>
        );
      case 'img':
      case 'image':
        return <ImageField key={field} label="Image" value={values[field]} error={errorOf(field)} onChange={(path) => set(field, path)} />;
      case 'video':
        return <VideoField key={field} value={values.video} required={kind !== 'story'} error={errorOf(field)} onChange={(video) => set('video', video)} />;
      case 'attachments':
        return <AttachmentsField key={field} value={values.attachments} error={errorOf(field)} onChange={(uploads) => set('attachments', uploads)} />;
      default:
        return null;
    }
  };

  return (
    <form ref={form} className={`composer composer--${kind}`} noValidate onSubmit={(event) => void submit(event)} aria-label={editing ? `Edit ${label}` : `New ${label}`}>
      <div className="composer__author">
        <Avatar name={`${user.firstname} ${user.lastname}`} src={user.logo} />
        <div className="composer__who">
          <span className="composer__name">
            {user.firstname} {user.lastname}
          </span>
          <span className="composer__kind">{label}</span>
        </div>
        {!editing && <SaveAsField user={user} value={values.saveAs} error={errorOf('saveAs')} onChange={(next) => set('saveAs', next)} />}
      </div>
      <div className="composer__fields">{shown.filter((field) => kind !== 'event' || !EVENT_PLACE[values.eventType].includes(field)).map(fieldOf)}</div>
      <AudienceFields
        user={user}
        userTypes={values.userTypes}
        communities={values.communities}
        onUserTypes={(next) => set('userTypes', next)}
        onCommunities={(next) => set('communities', next)}
        errors={{ userTypes: errorOf('userTypes'), communities: errorOf('communities') }}
      />
      {formLines.length > 0 && (
        <div className="form-errors composer__errors" role="alert">
          {formLines.length === 1 ? (
            <p>{formLines[0]}</p>
          ) : (
            <ul>
              {formLines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      <div className="composer__actions">
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" loading={saving}>
          {editing ? 'Save' : 'Post'}
        </Button>
      </div>
    </form>
  );
}
