import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { AnnouncementSummary } from '../../../../contracts/announcements/api.ts';
import type { NewsroomView } from '../../../../contracts/newsrooms/api.ts';
import { ApiError, api } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { EmptyState, Spinner } from '../../ui/index.ts';
import { AnnouncementCard } from '../announcements/parts.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { LINK_FIELDS } from './form.ts';
import { initialsOf } from './parts.tsx';
import { newsroomKeys } from './queries.ts';
import '../announcements/announcements.css';

/**
 * Its announcements: all of them for its own people; for everyone else the public ones. The
 * public list has no newsroom filter yet, so its newest hundred are read and this newsroom's kept.
 */
function useNewsroomAnnouncements(newsroomId: number | null, own: boolean) {
  return useQuery({
    queryKey: ['announcements', 'list', 'newsroom', newsroomId, own],
    queryFn: async ({ signal }) => {
      const path = own ? '/api/v1/announcements/our' : '/api/v1/announcements/all';
      const list = await api.get<{ data: AnnouncementSummary[] }>(path, { query: { limit: 100, ...(own ? { newsroomId: newsroomId! } : {}) }, signal });
      return list.data.filter((announcement) => announcement.newsroom.id === newsroomId);
    },
    enabled: newsroomId !== null,
  });
}

/** `newsrooms/{slug}`: a newsroom's public page as the app draws it (the server sends the same content in the HTML). */
export function NewsroomPage() {
  const { slug } = useParams({ strict: false }) as { slug: string };
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const newsroom = useQuery({ queryKey: newsroomKeys.detail(slug), queryFn: ({ signal }) => api.get<NewsroomView>(`/api/v1/newsrooms/${encodeURIComponent(slug)}`, { signal, quiet: true }), retry: false });
  const view = newsroom.data ?? null;
  const announcements = useNewsroomAnnouncements(view?.id ?? null, view?.canEdit ?? false);

  if (newsroom.isPending) return <Spinner label="Loading the newsroom" />;
  if (newsroom.isError) {
    const missing = newsroom.error instanceof ApiError && newsroom.error.status === 404;
    return <EmptyState title={missing ? 'This newsroom does not exist' : 'The newsroom could not be loaded'} description={missing ? 'Its address may have changed, or it is not public.' : 'Check your connection and try again.'} />;
  }
  const room = newsroom.data;
  const colour = room.brandColour ?? '#1d4ed8';
  const links = LINK_FIELDS.filter(({ key }) => room.links[key]);
  return (
    <div className="newsrooms newsroom-page">
      <header className="newsroom-page__header" style={{ borderTopColor: colour }}>
        {room.logo ? (
          <img className="newsroom-card__logo newsroom-page__logo" src={room.logo} alt={`${room.name} logo`} />
        ) : (
          <span className="newsroom-card__logo newsroom-card__logo--initials newsroom-page__logo" style={{ background: colour }} aria-hidden="true">
            {initialsOf(room.name)}
          </span>
        )}
        <div className="newsroom-page__heading">
          <h1 className="newsrooms__title">{room.name}</h1>
          <p className="newsrooms__blurb">{room.company.name}</p>
        </div>
      </header>
      <div className="newsroom-page__grid">
        <section aria-labelledby="newsroom-announcements">
          <h2 id="newsroom-announcements" className="newsroom-page__section-title">
            Announcements
          </h2>
          {announcements.isPending ? (
            <Spinner label="Loading announcements" />
          ) : (announcements.data ?? []).length === 0 ? (
            <EmptyState title="Nothing published yet" description="Announcements published in this newsroom appear here." />
          ) : (
            <ul className="announcement-list" aria-label={`Announcements of ${room.name}`}>
              {announcements.data!.map((announcement) => (
                <AnnouncementCard key={announcement.id} announcement={announcement} own={room.canEdit} timezone={timezone} />
              ))}
            </ul>
          )}
        </section>
        <aside className="hub-panel newsroom-page__about" aria-labelledby="newsroom-about">
          <h2 id="newsroom-about" className="hub-panel__title">
            About {room.name}
          </h2>
          {room.about ? <p className="newsroom-page__about-text">{room.about}</p> : <p className="hub-panel__note">No boilerplate yet.</p>}
          {room.pressContacts.length > 0 && (
            <>
              <h3 className="hub-panel__title">Press contacts</h3>
              <ul className="newsroom-page__list">
                {room.pressContacts.map((person) => (
                  <li key={person.id}>
                    <a href={`${import.meta.env.BASE_URL}u/${person.slug}`}>{person.name}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {links.length > 0 && (
            <>
              <h3 className="hub-panel__title">Links</h3>
              <ul className="newsroom-page__list">
                {links.map(({ key, label }) => (
                  <li key={key}>
                    <a href={room.links[key]} rel="noopener noreferrer" target="_blank">
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="hub-panel__note">
            Follow it: <a href={room.feeds.rss}>RSS</a> · <a href={room.feeds.atom}>Atom</a>
          </p>
        </aside>
      </div>
    </div>
  );
}
