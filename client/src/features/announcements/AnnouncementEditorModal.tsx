import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { AnnouncementView } from '../../../../contracts/announcements/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button, Input, Modal, Select, showToast } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';
import { TextEditor } from '../composer/TextEditor.tsx';
import { ImageUpload } from '../newsrooms/ImageUpload.tsx';
import { useOurNewsrooms } from '../newsrooms/queries.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { bodyOf, draftOf, errorsByField, fieldOf, fromLocalInput, toLocalInput, type AnnouncementDraft, type FieldName } from './form.ts';
import { useAnnouncementStatus, useSaveAnnouncement } from './queries.ts';
import './announcements.css';

const LANGUAGES = [
  { tag: 'en', name: 'English' },
  { tag: 'de', name: 'German' },
  { tag: 'fr', name: 'French' },
  { tag: 'es', name: 'Spanish' },
  { tag: 'it', name: 'Italian' },
  { tag: 'nl', name: 'Dutch' },
  { tag: 'pt-BR', name: 'Portuguese (Brazil)' },
] as const;

type Step = 'draft' | 'schedule' | 'publish';

type AnnouncementEditorModalProps = {
  open: boolean;
  onClose: () => void;
  /** The announcement to edit; null writes a new one. */
  announcement: AnnouncementView | null;
  /** The newsroom a new one goes to, when the screen already knows it. */
  newsroomId?: number | null;
};

/**
 * The create-announcement modal and the editor of a draft: headline, subtitle, body (the
 * composer's editor), header image, embargo, beats and language; saved as a draft, scheduled
 * for a time, or published at once.
 */
export function AnnouncementEditorModal({ open, onClose, announcement, newsroomId = null }: AnnouncementEditorModalProps) {
  const formId = useId();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const creating = announcement === null;
  const newsrooms = useOurNewsrooms(open && creating);
  const [draft, setDraft] = useState<AnnouncementDraft>(() => draftOf(announcement, timezone));
  const [room, setRoom] = useState<number | null>(newsroomId);
  const [publishAt, setPublishAt] = useState('');
  const [lines, setLines] = useState<string[]>([]);
  const [running, setRunning] = useState<Step | null>(null);
  const save = useSaveAnnouncement();
  const status = useAnnouncementStatus();

  useEffect(() => {
    if (!open) return;
    setDraft(draftOf(announcement, timezone));
    setRoom(announcement?.newsroom.id ?? newsroomId);
    setPublishAt(announcement?.publishAt ? toLocalInput(announcement.publishAt, timezone) : '');
    setLines([]);
  }, [open, announcement, newsroomId, timezone]);

  const firstRoom = newsrooms.data?.data[0]?.id ?? null;
  useEffect(() => {
    if (creating && room === null && firstRoom !== null) setRoom(firstRoom);
  }, [creating, room, firstRoom]);

  const errors = errorsByField(lines);
  const change = <K extends keyof AnnouncementDraft>(key: K, value: AnnouncementDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setLines((current) => current.filter((line) => fieldOf(line) !== (key as FieldName)));
  };
  const editable = announcement === null || announcement.status !== 'published';

  const run = async (step: Step) => {
    const missing: string[] = [];
    if (draft.headline.trim() === '') missing.push('Headline is required');
    if (creating && room === null) missing.push('Choose the newsroom it belongs to');
    if (step === 'schedule' && publishAt === '') missing.push('publishAt: Choose when it publishes itself');
    if (missing.length) {
      setLines(missing);
      return;
    }
    setRunning(step);
    try {
      let view = await save.mutateAsync({ id: announcement?.id ?? null, newsroomId: room ?? announcement!.newsroom.id, body: bodyOf(draft, timezone) });
      if (step === 'publish') view = await status.mutateAsync({ id: view.id, action: { kind: 'publish' } });
      if (step === 'schedule') view = await status.mutateAsync({ id: view.id, action: { kind: 'schedule', publishAt: fromLocalInput(publishAt, timezone) } });
      const done = { draft: 'Draft saved', schedule: 'Announcement scheduled', publish: view.isEmbargoed ? 'Announcement published under embargo' : 'Announcement published' }[step];
      showToast({ type: 'success', lines: [done] });
      onClose();
      if (creating) void navigate({ to: '/announcements/$id/hub', params: { id: String(view.id) } });
    } catch (failure) {
      setLines(failure instanceof ApiError ? linesOf(failure) : ['The announcement could not be saved. Check your connection and try again.']);
    } finally {
      setRunning(null);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('draft');
  };

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={creating ? 'Create announcement' : 'Edit announcement'}
      size="lg"
      className="announcement-editor"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} variant="secondary" loading={running === 'draft'} disabled={running !== null && running !== 'draft'}>
            {announcement?.status === 'published' ? 'Save changes' : 'Save draft'}
          </Button>
          {editable && (
            <Button onClick={() => void run('publish')} loading={running === 'publish'} disabled={running !== null && running !== 'publish'}>
              Publish
            </Button>
          )}
        </>
      }
    >
      <form id={formId} className="announcement-editor__fields" onSubmit={submit} noValidate>
        {errors.form && (
          <p className="newsroom-form__problem" role="alert">
            <ErrorIcon width="16" height="16" />
            <span>{errors.form}</span>
          </p>
        )}
        {creating && (
          <Select label="Newsroom" required value={room ?? ''} error={errors.newsroom ?? (newsrooms.data && newsrooms.data.data.length === 0 ? 'Create a newsroom first: announcements are published in one.' : undefined)} onChange={(event) => setRoom(Number(event.target.value) || null)}>
            {newsrooms.isPending && <option value="">Loading your newsrooms…</option>}
            {newsrooms.data?.data.map((newsroom) => (
              <option key={newsroom.id} value={newsroom.id}>
                {newsroom.name}
              </option>
            ))}
          </Select>
        )}
        <Input label="Headline" required placeholder="What is the news?" value={draft.headline} error={errors.headline} maxLength={300} onChange={(event) => change('headline', event.target.value)} />
        <Input label="Subtitle" placeholder="One sentence that says why it matters" value={draft.subtitle} error={errors.subtitle} maxLength={500} onChange={(event) => change('subtitle', event.target.value)} />
        <TextEditor label="Body" value={draft.body} onChange={(text) => change('body', text)} placeholder="Write the release. A blank line starts a new paragraph." error={errors.body} rows={8} />
        <ImageUpload label="Header image" shape="wide" value={draft.headerImage} error={errors.headerImage} onChange={(image) => change('headerImage', image)} hint="Shown above the headline on the web and in the email." />
        <div className="announcement-editor__pair">
          <Input
            label="Embargo until"
            type="datetime-local"
            placeholder=""
            hint={`Published but private until then (${timezone}). Leave empty for none.`}
            value={draft.embargoUntil}
            error={errors.embargoUntil}
            onChange={(event) => change('embargoUntil', event.target.value)}
          />
          <Select label="Language" value={draft.language} error={errors.language} onChange={(event) => change('language', event.target.value)}>
            {LANGUAGES.map((language) => (
              <option key={language.tag} value={language.tag}>
                {language.name}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="announcement-editor__beats">
          <legend className="field__label">Beats</legend>
          <div className="announcement-editor__chips">
            {BEATS.map((beat) => {
              const on = draft.beats.includes(beat.id);
              return (
                <label key={beat.id} className={['beat-chip', on ? 'beat-chip--on' : ''].filter(Boolean).join(' ')}>
                  <input type="checkbox" checked={on} onChange={() => change('beats', on ? draft.beats.filter((id) => id !== beat.id) : [...draft.beats, beat.id])} />
                  <span>{beat.name}</span>
                </label>
              );
            })}
          </div>
          {errors.beats && <p className="field__error">{errors.beats}</p>}
        </fieldset>
        {editable && (
          <div className="announcement-editor__schedule">
            <Input
              label="Publish at"
              type="datetime-local"
              placeholder=""
              hint="Or choose a time and it publishes itself then."
              value={publishAt}
              error={errors.publishAt}
              onChange={(event) => {
                setPublishAt(event.target.value);
                setLines((current) => current.filter((line) => fieldOf(line) !== 'publishAt'));
              }}
            />
            <Button variant="secondary" onClick={() => void run('schedule')} loading={running === 'schedule'} disabled={running !== null && running !== 'schedule'}>
              Schedule
            </Button>
          </div>
        )}
      </form>
    </Modal>
  );
}
