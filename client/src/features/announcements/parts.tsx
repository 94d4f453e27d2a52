import { Link } from '@tanstack/react-router';
import type { AnnouncementSummary } from '../../../../contracts/announcements/api.ts';
import { ApiError } from '../../lib/api/index.ts';
import { formatDate } from '../../lib/format/index.ts';
import { Button, EmptyState } from '../../ui/index.ts';
import { statusChip } from './form.ts';

/**
 * An announcement's views as tabs. The web version is the server's page (search engines and link
 * previews read it), so it loads whole rather than as a screen of the app.
 */
export function ViewTabs({ id, current }: { id: string; current: 'hub' | 'email' }) {
  const tab = (view: 'hub' | 'email') => ({ className: `announcements__tab${view === current ? ' announcements__tab--on' : ''}`, 'aria-current': view === current ? ('page' as const) : undefined });
  return (
    <nav className="announcements__tabs" aria-label="Announcement views">
      <Link to="/announcements/$id/hub" params={{ id }} {...tab('hub')}>
        Hub
      </Link>
      <a href={`${import.meta.env.BASE_URL}announcements/${id}/web`} className="announcements__tab">
        Web version
      </a>
      <Link to="/announcements/$id/email" params={{ id }} {...tab('email')}>
        Email version
      </Link>
    </nav>
  );
}

/** Why a screen of its newsroom's people has no announcement to show: gone (or hidden from them), not theirs, or the connection. */
export function AnnouncementLoadFailure({ error, retry }: { error: unknown; retry: () => void }) {
  const status = error instanceof ApiError ? error.status : null;
  if (status === 404) {
    return <EmptyState title="This announcement does not exist" description="It may have been removed, or it belongs to another account." action={<Link to="/announcements/our">Our announcements</Link>} />;
  }
  if (status === 403) {
    return <EmptyState title="Only its newsroom’s people see this" description="The hub and the email version are for the newsroom’s own people. Its public page is open to all." action={<Link to="/announcements/all">All announcements</Link>} />;
  }
  return <EmptyState title="The announcement could not be loaded" description="Check your connection and try again." action={<Button onClick={retry}>Try again</Button>} />;
}

export function StatusChip({ announcement }: { announcement: Pick<AnnouncementSummary, 'status' | 'isEmbargoed'> }) {
  const chip = statusChip(announcement);
  return <span className={`status-chip status-chip--${chip.tone}`}>{chip.label}</span>;
}

/** When it went or goes out, as the list's one line of time. */
export function timeLine(announcement: AnnouncementSummary, timezone: string): string {
  if (announcement.status === 'scheduled' && announcement.publishAt) return `Publishes ${formatDate(announcement.publishAt, 'dateTime', timezone)}`;
  if (announcement.status === 'published' && announcement.isEmbargoed && announcement.embargoUntil) return `Embargoed until ${formatDate(announcement.embargoUntil, 'dateTime', timezone)}`;
  if (announcement.status === 'published' && announcement.publicAt) return `Published ${formatDate(announcement.publicAt, 'dateTime', timezone)}`;
  return `Updated ${formatDate(announcement.updatedAt, 'dateTime', timezone)}`;
}

export function AnnouncementCard({ announcement, own, timezone }: { announcement: AnnouncementSummary; own: boolean; timezone: string }) {
  return (
    <li className="announcement-card">
      {announcement.headerImage && <img className="announcement-card__image" src={announcement.headerImage} alt="" loading="lazy" />}
      <div className="announcement-card__text">
        <div className="announcement-card__top">
          <span className="announcement-card__newsroom">{announcement.newsroom.name}</span>
          {own && <StatusChip announcement={announcement} />}
        </div>
        <h2 className="announcement-card__headline">
          {own ? (
            <Link to="/announcements/$id/hub" params={{ id: String(announcement.id) }}>
              {announcement.headline || 'Untitled announcement'}
            </Link>
          ) : (
            <Link to="/announcements/$id/web" params={{ id: String(announcement.id) }}>
              {announcement.headline}
            </Link>
          )}
        </h2>
        {(announcement.subtitle || announcement.summary) && <p className="announcement-card__summary">{announcement.subtitle || announcement.summary}</p>}
        <p className="announcement-card__time">{timeLine(announcement, timezone)}</p>
      </div>
    </li>
  );
}
