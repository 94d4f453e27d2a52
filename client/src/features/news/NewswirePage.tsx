import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { NEWSWIRE_ROOM } from '../../../../contracts/news/realtime.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { useRoom, useSocketEvent } from '../../lib/realtime/index.ts';
import { Button, EmptyState, PageHeader, Select, Spinner } from '../../ui/index.ts';
import { NewPostsBar } from '../feed/NewPostsBar.tsx';
import '../feed/feed.css';
import { ArticleCard } from './ArticleCard.tsx';
import { matchesFilters, newsKeys, useArticle, useWire, useWireFacets, type WireFilters } from './queries.ts';
import { PagedList } from './PagedList.tsx';
import { WireEntryCard } from './WireEntryCard.tsx';
import './news.css';

const NO_FILTERS: WireFilters = { beat: '', country: '', outlet: '' };

/**
 * An article opened by its address in the app (`?article=`, contracts/news/links.ts): articles
 * have no page of their own, so the one a link or a piece of commentary names is read on top.
 */
function OpenedArticle({ id }: { id: number }) {
  const article = useArticle(id);
  const navigate = useNavigate();
  return (
    <section className="news__opened" aria-label="Opened article">
      {article.isPending ? (
        <Spinner label="Loading the article" />
      ) : article.isError ? (
        <EmptyState title="This article could not be found" description="It may have been taken down, or the link is not whole." />
      ) : (
        <ArticleCard article={article.data} />
      )}
      <Button variant="ghost" size="sm" onClick={() => void navigate({ to: '.', search: {} as never })}>
        Back to the newswire
      </Button>
    </section>
  );
}

/**
 * /newswire: every public announcement, outside news item and media article, newest first,
 * filtered by beat, country and outlet. What arrives while it is open waits in an "N new items"
 * bar, as the feed's new posts do, so the list never moves under the reader.
 */
export function NewswirePage() {
  const opened = Number((useSearch({ strict: false }) as { article?: unknown }).article);
  const [filters, setFilters] = useState<WireFilters>(NO_FILTERS);
  const wire = useWire(filters);
  const facets = useWireFacets();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setPending(new Set()), [filters]);

  useRoom(NEWSWIRE_ROOM);
  useSocketEvent('newswire:added', ({ entry }) => {
    if (!matchesFilters(entry, filters)) return;
    const shown = wire.data?.pages.some((page) => page.data.some((candidate) => candidate.key === entry.key));
    if (!shown) setPending((keys) => new Set(keys).add(entry.key));
    if (entry.source === 'news') void queryClient.invalidateQueries({ queryKey: newsKeys.facets() });
  });

  const showNew = async () => {
    setPending(new Set());
    window.scrollTo({ top: 0, behavior: 'smooth' });
    await queryClient.resetQueries({ queryKey: newsKeys.wire(filters) });
  };

  const entries = wire.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = filters.beat !== '' || filters.country !== '' || filters.outlet !== '';
  const set = (key: keyof WireFilters) => (event: { target: { value: string } }) => setFilters({ ...filters, [key]: event.target.value });
  return (
    <div className="news">
      <PageHeader title="Newswire" blurb="Announcements, outlets’ news and Media news as they are published, newest first." />
      {Number.isSafeInteger(opened) && opened > 0 && <OpenedArticle id={opened} />}
      <form className="news__filters" aria-label="Filter the newswire" onSubmit={(event) => event.preventDefault()}>
        <Select label="Beat" value={filters.beat} onChange={set('beat')}>
          <option value="">All beats</option>
          {BEATS.map((beat) => (
            <option key={beat.id} value={beat.name}>
              {beat.name[0]!.toUpperCase() + beat.name.slice(1)}
            </option>
          ))}
        </Select>
        <Select label="Country" value={filters.country} onChange={set('country')}>
          <option value="">All countries</option>
          {(facets.data?.countries ?? []).map((code) => (
            <option key={code} value={code}>
              {new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code}
            </option>
          ))}
        </Select>
        <Select label="Outlet" value={filters.outlet} onChange={set('outlet')}>
          <option value="">All outlets</option>
          {(facets.data?.outlets ?? []).map((outlet) => (
            <option key={outlet} value={outlet}>
              {outlet}
            </option>
          ))}
        </Select>
        {filtered && (
          <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        )}
      </form>
      <NewPostsBar count={pending.size} onShow={() => void showNew()} noun={['new item', 'new items']} />
      <section className="news__body" aria-label="Newswire" aria-busy={wire.isFetching}>
        <PagedList
          query={wire}
          count={entries.length}
          loading="Loading the newswire"
          failed="The newswire could not be loaded"
          empty={
            filtered
              ? { title: 'Nothing on the wire matches these filters', description: 'Try another beat, country or outlet.' }
              : { title: 'Nothing is on the wire yet', description: 'Announcements and outlets’ news appear here as they are published.' }
          }
          more="Show older items"
        >
          {entries.map((entry) => (
            <li key={entry.key}>
              <WireEntryCard entry={entry} />
            </li>
          ))}
        </PagedList>
      </section>
    </div>
  );
}
