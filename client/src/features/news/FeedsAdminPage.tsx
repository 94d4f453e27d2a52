import { useState, type FormEvent } from 'react';
import type { FeedView } from '../../../../contracts/news/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { formatDate, fromNow } from '../../lib/format/index.ts';
import { Button, confirmDialog, EmptyState, Input, Modal, PageHeader, Select, Spinner } from '../../ui/index.ts';
import { useFeeds, useFetchNow, usePublishArticle, useRegisterFeed, useRemoveFeed } from './queries.ts';
import './news.css';

function FeedRow({ feed }: { feed: FeedView }) {
  const fetchNow = useFetchNow();
  const remove = useRemoveFeed();
  const askRemove = async () => {
    if (await confirmDialog({ title: 'Stop fetching this feed?', message: `${feed.name} is no longer fetched; what it brought stays on the newswire.`, applyLabel: 'Remove' })) remove.mutate(feed);
  };
  return (
    <li className={`news-feed${feed.failing ? ' news-feed--failing' : ''}`}>
      <div className="news-feed__body">
        <h2 className="news-feed__name">
          {feed.name}
          {feed.failing && <span className="news-feed__status">Failing</span>}
        </h2>
        <p className="news-feed__url">{feed.url}</p>
        <ul className="news-feed__facts" aria-label="Details">
          <li>{feed.outlet}</li>
          {feed.country && <li>{feed.country}</li>}
          {feed.beats.length > 0 && <li>{feed.beats.join(', ')}</li>}
          <li>{feed.itemsCount === 1 ? '1 item' : `${feed.itemsCount} items`}</li>
          <li>{feed.lastFetchedAt ? `Fetched ${fromNow(feed.lastFetchedAt)}` : 'Not fetched yet'}</li>
        </ul>
        {feed.failing && (
          <p className="news-feed__error" role="status">
            Failed {feed.failures === 1 ? 'once' : `${feed.failures} times in a row`}: {feed.lastError} Next try {formatDate(feed.nextFetchAt, 'dateTime')}.
          </p>
        )}
      </div>
      <div className="news-feed__actions">
        <Button variant="ghost" size="sm" loading={fetchNow.isPending} onClick={() => fetchNow.mutate(feed)}>
          Fetch now<span className="visually-hidden"> {feed.name}</span>
        </Button>
        <Button variant="ghost" size="sm" loading={remove.isPending} onClick={() => void askRemove()}>
          Remove<span className="visually-hidden"> {feed.name}</span>
        </Button>
      </div>
    </li>
  );
}

function RegisterFeedModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const register = useRegisterFeed();
  const [form, setForm] = useState({ name: '', url: '', outlet: '', beat: '', country: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(
      { name: form.name, url: form.url, outlet: form.outlet, beats: form.beat ? [form.beat] : [], country: form.country || null },
      {
        onSuccess: () => {
          setForm({ name: '', url: '', outlet: '', beat: '', country: '' });
          onClose();
        },
      },
    );
  };
  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }) });
  return (
    <Modal open={open} onClose={onClose} title="Register a feed" size="sm">
      <form className="news-form" onSubmit={submit}>
        <Input label="Name" required {...field('name')} />
        <Input label="Feed address (RSS or Atom)" required type="url" placeholder="https://" {...field('url')} />
        <Input label="Outlet" required {...field('outlet')} />
        <Select label="Beat" {...field('beat')}>
          <option value="">None</option>
          {BEATS.map((beat) => (
            <option key={beat.id} value={beat.name}>
              {beat.name}
            </option>
          ))}
        </Select>
        <Input label="Country (two letters)" maxLength={2} {...field('country')} />
        <Button type="submit" loading={register.isPending}>
          Register
        </Button>
      </form>
    </Modal>
  );
}

function PublishArticleModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const publish = usePublishArticle();
  const [form, setForm] = useState({ kind: 'media', title: '', summary: '', imageUrl: '' });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    publish.mutate(
      { kind: form.kind, title: form.title, summary: form.summary, imageUrl: form.imageUrl || null },
      {
        onSuccess: () => {
          setForm({ kind: 'media', title: '', summary: '', imageUrl: '' });
          onClose();
        },
      },
    );
  };
  const field = (key: keyof typeof form) => ({ value: form[key], onChange: (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value }) });
  return (
    <Modal open={open} onClose={onClose} title="Publish an article" size="sm">
      <form className="news-form" onSubmit={submit}>
        <Select label="Kind" {...field('kind')}>
          <option value="media">Media news</option>
          <option value="epitome">Epitome</option>
          <option value="marcoms">Marcoms News</option>
        </Select>
        <Input label="Title or headline" required {...field('title')} />
        <Input label="Summary" required {...field('summary')} />
        <Input label="Image address" type="url" placeholder="https://" {...field('imageUrl')} />
        <Button type="submit" loading={publish.isPending}>
          Publish
        </Button>
      </form>
    </Modal>
  );
}

/** /admin/news: the outside feeds the newswire is fetched from, failing ones first with why, and the editors' articles. */
export function FeedsAdminPage() {
  const feeds = useFeeds();
  const [open, setOpen] = useState<'feed' | 'article' | null>(null);
  const list = feeds.data ?? [];
  const failing = list.filter((feed) => feed.failing).length;
  return (
    <div className="news">
      <PageHeader
        title="News sources"
        blurb={failing > 0 ? `${failing} of ${list.length} feeds are failing; each is retried later and later until it answers.` : 'The outlets’ feeds the newswire is fetched from, and the editors’ articles.'}
        actions={
          <>
            <Button variant="secondary" onClick={() => setOpen('article')}>
              Publish an article
            </Button>
            <Button onClick={() => setOpen('feed')}>Register a feed</Button>
          </>
        }
      />
      <section aria-label="Feeds" aria-busy={feeds.isFetching}>
        {feeds.isPending ? (
          <div className="news__loading">
            <Spinner label="Loading feeds" />
          </div>
        ) : feeds.isError && list.length === 0 ? (
          <EmptyState title="The feeds could not be loaded" description="Check your connection and try again." action={<Button onClick={() => void feeds.refetch()}>Try again</Button>} />
        ) : list.length === 0 ? (
          <EmptyState title="No feeds yet" description="Register an outlet’s RSS or Atom feed and its items reach the newswire." action={<Button onClick={() => setOpen('feed')}>Register a feed</Button>} />
        ) : (
          <ul className="news-feeds">
            {list.map((feed) => (
              <FeedRow key={feed.id} feed={feed} />
            ))}
          </ul>
        )}
      </section>
      <RegisterFeedModal open={open === 'feed'} onClose={() => setOpen(null)} />
      <PublishArticleModal open={open === 'article'} onClose={() => setOpen(null)} />
    </div>
  );
}
