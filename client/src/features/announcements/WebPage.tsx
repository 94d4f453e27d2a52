import { Link, useParams } from '@tanstack/react-router';
import { ApiError } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/index.ts';
import { EmptyState, Spinner } from '../../ui/index.ts';
import { RichText } from '../posts/RichText.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { useAnnouncementPage } from './queries.ts';
import './announcements.css';

/** The preview flag and its token, read from the address the secret link gave. */
function previewToken(): string | null {
  const search = new URLSearchParams(window.location.search);
  return search.has('preview') ? search.get('token') : null;
}

/**
 * `announcements/{id}/web` (and `/announcements/{id}`, the public address): the announcement as
 * its page reads. The server sends the same content in the HTML for search engines; this draws
 * it again in the app, and through the secret link (`?preview=1&token=`) shows a draft.
 */
export function WebPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const page = useAnnouncementPage(Number(id), previewToken());

  if (page.isPending) return <Spinner label="Loading the announcement" />;
  if (page.isError) {
    const missing = page.error instanceof ApiError && page.error.status === 404;
    return <EmptyState title={missing ? 'This announcement is not available' : 'The announcement could not be loaded'} description={missing ? 'It is not published, or the link has expired.' : 'Check your connection and try again.'} />;
  }
  const announcement = page.data;
  return (
    <article className="announcement-web" lang={announcement.language}>
      {announcement.preview && <p className="announcement-web__banner">Preview: this is how the announcement will read once it is public.</p>}
      {announcement.isEmbargoed && announcement.embargoUntil && (
        <p className="announcement-web__banner announcement-web__banner--embargo">Under embargo until {formatDate(announcement.embargoUntil, 'longDateTime', timezone)}</p>
      )}
      {announcement.canEdit && (
        <p className="announcement-web__hub">
          <Link to="/announcements/$id/hub" params={{ id }}>
            Back to the hub
          </Link>
        </p>
      )}
      {announcement.headerImage && <img className="announcement-web__image" src={announcement.headerImage} alt="" />}
      <p className="announcement-web__newsroom">
        <a href={`${import.meta.env.BASE_URL}newsrooms/${announcement.newsroom.slug}`}>{announcement.newsroom.name}</a>
        {announcement.publicAt && <> · {formatDate(announcement.publicAt, 'date', timezone)}</>}
      </p>
      <h1 className="announcement-web__headline">{announcement.headline}</h1>
      {announcement.subtitle && <p className="announcement-web__subtitle">{announcement.subtitle}</p>}
      <RichText html={announcement.body} className="announcement-web__body" />
      {announcement.beats.length > 0 && (
        <ul className="announcement-web__beats" aria-label="Beats">
          {announcement.beats.map((beat) => (
            <li key={beat.id} className="beat-chip beat-chip--on">
              {beat.name}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
