import { Link } from '@tanstack/react-router';
import type { AnnouncementSummary } from '../../../../contracts/announcements/api.ts';
import { formatDate } from '../../lib/format/index.ts';
import { statusChip } from './form.ts';

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
