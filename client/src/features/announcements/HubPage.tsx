import { useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError, linesOf } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { Button, Spinner, confirmDialog, showToast, useClipboard } from '../../ui/index.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { AnnouncementEditorModal } from './AnnouncementEditorModal.tsx';
import { DistributionPanel } from './DistributionPanel.tsx';
import { changeLine } from './form.ts';
import { AnnouncementLoadFailure, StatusChip, ViewTabs } from './parts.tsx';
import { useAnnouncementHub, useAnnouncementStatus, useAnnouncementsLive, usePreviewLink, type StatusAction } from './queries.ts';
import './announcements.css';

const failed = (failure: unknown) => showToast({ type: 'error', lines: failure instanceof ApiError ? linesOf(failure) : ['Check your connection and try again.'] });

/** `announcements/{id}/hub`: its status, what can be done next, who changed what, and where it can be read. */
export function HubPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const announcementId = Number(id);
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const hub = useAnnouncementHub(announcementId);
  useAnnouncementsLive();
  const status = useAnnouncementStatus();
  const preview = usePreviewLink();
  const { copy, copied } = useClipboard();
  const [editing, setEditing] = useState(false);

  if (hub.isPending) return <Spinner label="Loading the announcement" />;
  if (hub.isError) return <AnnouncementLoadFailure error={hub.error} retry={() => void hub.refetch()} />;
  const { announcement, history } = hub.data;
  const act = async (action: StatusAction, done: string) => {
    try {
      await status.mutateAsync({ id: announcementId, action });
      showToast({ type: 'success', lines: [done] });
    } catch (failure) {
      failed(failure);
    }
  };
  const unpublish = async () => {
    const sure = await confirmDialog({ title: 'Unpublish this announcement?', message: 'Its public page and its place in the newsroom go away until you publish it again.', applyLabel: 'Unpublish', danger: true });
    if (sure) await act({ kind: 'unpublish' }, 'Announcement unpublished');
  };
  const makePreview = async () => {
    try {
      await preview.mutateAsync(announcementId);
    } catch {
      // The API's toast has said why.
    }
  };

  return (
    <div className="announcement-hub">
      <header className="announcement-hub__header">
        <p className="announcement-hub__newsroom">{announcement.newsroom.name}</p>
        <h1 className="announcement-hub__headline">{announcement.headline || 'Untitled announcement'}</h1>
        {announcement.subtitle && <p className="announcement-hub__subtitle">{announcement.subtitle}</p>}
        <ViewTabs id={id} current="hub" />
      </header>

      <div className="announcement-hub__grid">
        <section className="hub-panel" aria-labelledby="hub-status">
          <h2 id="hub-status" className="hub-panel__title">
            Status
          </h2>
          <p className="hub-panel__status">
            <StatusChip announcement={announcement} />
            <span>
              {announcement.status === 'scheduled' && announcement.publishAt && `Publishes itself ${formatDate(announcement.publishAt, 'longDateTime', timezone)}`}
              {announcement.status === 'published' && announcement.isEmbargoed && announcement.embargoUntil && `Public from ${formatDate(announcement.embargoUntil, 'longDateTime', timezone)}`}
              {announcement.status === 'published' && !announcement.isEmbargoed && announcement.publicAt && `Public since ${formatDate(announcement.publicAt, 'longDateTime', timezone)}`}
              {announcement.status === 'draft' && 'Only your account can read it.'}
              {announcement.status === 'unpublished' && 'Taken off its public page.'}
            </span>
          </p>
          {announcement.canEdit && (
            <div className="hub-panel__actions">
              <Button variant="secondary" onClick={() => setEditing(true)}>
                Edit
              </Button>
              {announcement.status === 'scheduled' && (
                <Button variant="secondary" loading={status.isPending} onClick={() => void act({ kind: 'schedule', publishAt: null }, 'Schedule taken back: it is a draft again')}>
                  Take back schedule
                </Button>
              )}
              {announcement.status !== 'published' && (
                <Button loading={status.isPending} onClick={() => void act({ kind: 'publish' }, 'Announcement published')}>
                  Publish now
                </Button>
              )}
              {announcement.status === 'published' && (
                <Button variant="danger" loading={status.isPending} onClick={() => void unpublish()}>
                  Unpublish
                </Button>
              )}
            </div>
          )}
        </section>

        <section className="hub-panel" aria-labelledby="hub-links">
          <h2 id="hub-links" className="hub-panel__title">
            Where to read it
          </h2>
          <p>
            <a href={`${import.meta.env.BASE_URL}announcements/${announcementId}`} className="hub-panel__link">
              {announcement.status === 'published' && !announcement.isEmbargoed ? 'Open its public page' : 'Open the web version'}
            </a>
          </p>
          {announcement.canEdit && (
            <div className="hub-panel__preview">
              <p className="hub-panel__note">A secret link shows it as it is now to anyone who has the link, before it is public. A new link stops the last one working.</p>
              {preview.data ? (
                <div className="hub-panel__secret">
                  <input className="field__input" readOnly value={preview.data.url} aria-label="Secret preview link" onFocus={(event) => event.target.select()} />
                  <Button variant="secondary" size="sm" onClick={() => void copy(preview.data.url)}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                </div>
              ) : null}
              <Button variant="secondary" size="sm" loading={preview.isPending} onClick={() => void makePreview()}>
                {preview.data ? 'Make a new secret link' : 'Make a secret preview link'}
              </Button>
            </div>
          )}
        </section>

        <DistributionPanel id={announcementId} canEdit={announcement.canEdit} published={announcement.status === 'published'} timezone={timezone} />

        <section className="hub-panel hub-panel--wide" aria-labelledby="hub-history">
          <h2 id="hub-history" className="hub-panel__title">
            History
          </h2>
          <ol className="hub-history">
            {[...history].reverse().map((change, index) => (
              <li key={`${change.at}-${index}`} className="hub-history__item">
                <span className="hub-history__what">{changeLine(change)}</span>
                <time dateTime={change.at} className="hub-history__when">
                  {formatDate(change.at, 'dateTime', timezone)}
                </time>
              </li>
            ))}
          </ol>
        </section>
      </div>
      {announcement.canEdit && <AnnouncementEditorModal open={editing} onClose={() => setEditing(false)} announcement={announcement} />}
    </div>
  );
}
