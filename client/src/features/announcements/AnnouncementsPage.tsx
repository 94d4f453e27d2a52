import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button, EmptyState, Spinner } from '../../ui/index.ts';
import { useRouteMeta } from '../layout/useRouteMeta.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { AnnouncementEditorModal } from './AnnouncementEditorModal.tsx';
import { AnnouncementCard } from './parts.tsx';
import { useAnnouncementList, useAnnouncementsLive, type ListName } from './queries.ts';
import './announcements.css';

const LISTS: Record<ListName, { to: string; title: string; blurb: string; empty: string; emptyLine: string }> = {
  our: {
    to: '/announcements/our',
    title: 'Our announcements',
    blurb: 'Your account’s press releases: drafts, scheduled and published.',
    empty: 'No announcements yet',
    emptyLine: 'Write your first press release: it is published on your newsroom’s page and can be sent as an email.',
  },
  all: {
    to: '/announcements/all',
    title: 'All announcements',
    blurb: 'Press releases published in public newsrooms across Pressroom, newest first.',
    empty: 'Nothing published yet',
    emptyLine: 'When a newsroom publishes an announcement, it appears here.',
  },
};

export const NEWSROOM_MODULE = 'ROLE_MODULE_ONLINE_NEWSROOM';

/** `announcements/our` and `announcements/all`: one screen reading which from its route, live on `announcement:changed`. */
export function AnnouncementsPage() {
  const meta = useRouteMeta();
  const user = useCurrentUser();
  const name: ListName = meta?.name === 'ourAnnouncements' ? 'our' : 'all';
  const list = useAnnouncementList(name);
  useAnnouncementsLive();
  const [writing, setWriting] = useState(false);
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const canWrite = user !== null && user.modules.includes(NEWSROOM_MODULE) && !user.isReadOnly;
  const items = list.data?.pages.flatMap((page) => page.data) ?? [];
  const { title, blurb, empty, emptyLine } = LISTS[name];

  let body;
  if (list.isPending) body = <Spinner label="Loading announcements" />;
  else if (list.isError && items.length === 0)
    body = <EmptyState title="The announcements could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void list.refetch()}>Try again</Button>} />;
  else if (items.length === 0) body = <EmptyState title={empty} description={emptyLine} action={name === 'our' && canWrite ? <Button onClick={() => setWriting(true)}>Create announcement</Button> : undefined} />;
  else
    body = (
      <>
        <ul className="announcement-list" aria-label={title}>
          {items.map((announcement) => (
            <AnnouncementCard key={announcement.id} announcement={announcement} own={name === 'our'} timezone={timezone} />
          ))}
        </ul>
        {list.hasNextPage && (
          <div className="announcement-list__more">
            <Button variant="secondary" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
              Show more announcements
            </Button>
          </div>
        )}
      </>
    );

  return (
    <div className="announcements">
      <header className="announcements__header">
        <div>
          <h1 className="announcements__title">{title}</h1>
          <p className="announcements__blurb">{blurb}</p>
        </div>
        {canWrite && <Button onClick={() => setWriting(true)}>Create announcement</Button>}
      </header>
      <nav className="announcements__tabs" aria-label="Announcement lists">
        {(['our', 'all'] as const).map((tab) => (
          <Link key={tab} to={LISTS[tab].to} className="announcements__tab" activeProps={{ className: 'announcements__tab announcements__tab--on', 'aria-current': 'page' }}>
            {LISTS[tab].title}
          </Link>
        ))}
      </nav>
      <section aria-label={title}>{body}</section>
      {canWrite && <AnnouncementEditorModal open={writing} onClose={() => setWriting(false)} announcement={null} />}
    </div>
  );
}
