import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { FeedAnnouncement } from '../../../../contracts/announcements/feed.ts';
import { SafeImage } from '../../ui/Image.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { RelativeTime } from '../posts/AuthorLine.tsx';

/**
 * A public announcement in the feed: its newsroom, when the public could first read it, the header
 * image, headline and subtitle, each opening its web page. No likes or comments: an announcement
 * has none.
 */
export const AnnouncementCard = memo(function AnnouncementCard({ announcement, timezone }: { announcement: FeedAnnouncement; timezone: string }) {
  const params = { id: String(announcement.id) };
  return (
    <article className="post-card announcement-card" aria-label={`Announcement: ${announcement.headline}`} data-announcement-id={announcement.id}>
      <header className="post-card__header">
        <div className="author-line author-line--md">
          <Avatar name={announcement.newsroom.name} src={announcement.newsroom.logo} square />
          <div className="author-line__text">
            <span className="author-line__name">{announcement.newsroom.name}</span>
            <span className="author-line__meta">
              <span className="kind-label">Announcement</span>
              <span aria-hidden="true"> · </span>
              <RelativeTime value={announcement.publicAt} timezone={timezone} />
            </span>
          </div>
        </div>
      </header>
      <div className="announcement-card__body">
        {announcement.headerImage && (
          <Link to="/announcements/$id" params={params} tabIndex={-1} aria-hidden="true">
            <SafeImage className="post-image" src={announcement.headerImage} alt="" />
          </Link>
        )}
        <h3 className="post-title">
          <Link to="/announcements/$id" params={params} className="announcement-card__link">
            {announcement.headline}
          </Link>
        </h3>
        {announcement.subtitle && <p className="post-summary">{announcement.subtitle}</p>}
      </div>
    </article>
  );
});
