import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DESK_POSTS_PAGE, type DeskPost } from '../../../../contracts/contacts/api.ts';
import { BEATS } from '../../../../contracts/users/enums.ts';
import { api } from '../../lib/api/index.ts';
import { DEFAULT_TIMEZONE, formatDate } from '../../lib/format/dates.ts';
import { Button, EmptyState, PageHeader, Select, Spinner } from '../../ui/index.ts';
import { PostLink } from '../posts/PostLink.tsx';
import { BeatList, beatLabel } from '../profiles/Beats.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { ContactsTabs } from './parts.tsx';

type Kind = DeskPost['kind'];
type Due = 'open' | 'week' | 'all';

const PAGES: Record<Kind, { title: string; blurb: string; noun: string }> = {
  callout: { title: 'Call-outs', blurb: 'Journalists and experts asking for sources and comment: answer before the deadline.', noun: 'call-outs' },
  job: { title: 'Jobs', blurb: 'Job posts on the platform: who is hiring, where.', noun: 'job posts' },
};
const DUE_LABELS: Record<Due, string> = { open: 'Still open', week: 'Closing within a week', all: 'Any deadline, closed too' };

function useDeskPosts(kind: Kind, beat: number | undefined, due: Due) {
  return useInfiniteQuery({
    queryKey: ['desk-posts', kind, beat ?? null, due],
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.get<{ data: DeskPost[]; hasMore: boolean }>('/api/v1/contacts/posts', { query: { kind, beat, due: kind === 'callout' ? due : undefined, offset: pageParam, limit: DESK_POSTS_PAGE }, signal }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length * DESK_POSTS_PAGE : undefined),
  });
}

function DeskPostRow({ post, timezone }: { post: DeskPost; timezone: string }) {
  const due = post.kind !== 'callout' ? null : post.deadline ? `Due ${formatDate(post.deadline, 'dateTime', timezone)}` : 'ASAP';
  return (
    <li className="desk-post">
      <PostLink kind={post.kind} id={post.id} className="desk-post__title">
        {post.title}
      </PostLink>
      <p className="desk-post__meta">
        {[post.author.name, post.company, post.location, due].filter(Boolean).join(' · ')}
      </p>
      {post.summary && <p className="desk-post__summary">{post.summary}</p>}
      <BeatList beats={post.beats} label={`Beats of ${post.author.name}`} />
    </li>
  );
}

/** The contacts area's list of the platform's callouts or job posts, by beat and deadline; a post opens in the post modal. */
function DeskPostsPage({ kind }: { kind: Kind }) {
  const user = useCurrentUser();
  const [beat, setBeat] = useState<number | undefined>(undefined);
  const [due, setDue] = useState<Due>('open');
  const posts = useDeskPosts(kind, beat, due);
  const rows = posts.data?.pages.flatMap((page) => page.data) ?? [];
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const page = PAGES[kind];

  return (
    <div className="contacts">
      <PageHeader title={page.title} blurb={page.blurb} />
      <ContactsTabs />
      <div className="contacts-filters" role="group" aria-label={`Filter ${page.noun}`}>
        <Select label="Beat" value={beat ?? ''} onChange={(event) => setBeat(event.target.value ? Number(event.target.value) : undefined)}>
          <option value="">Any beat</option>
          {BEATS.map((known) => (
            <option key={known.id} value={known.id}>
              {beatLabel(known)}
            </option>
          ))}
        </Select>
        {kind === 'callout' && (
          <Select label="Deadline" value={due} onChange={(event) => setDue(event.target.value as Due)}>
            {(Object.keys(DUE_LABELS) as Due[]).map((value) => (
              <option key={value} value={value}>
                {DUE_LABELS[value]}
              </option>
            ))}
          </Select>
        )}
      </div>
      {posts.isPending ? (
        <Spinner label={`Loading ${page.noun}`} />
      ) : posts.isError ? (
        <EmptyState title={`The ${page.noun} could not be loaded`} description="Check your connection and try again." action={<Button onClick={() => void posts.refetch()}>Try again</Button>} />
      ) : rows.length === 0 ? (
        <EmptyState title={`No ${page.noun}`} description={beat === undefined && (kind === 'job' || due === 'all') ? `Nobody has posted ${page.noun} you can read yet.` : `No ${page.noun} match these filters.`} />
      ) : (
        <>
          <ul className="desk-posts" aria-label={page.title}>
            {rows.map((post) => (
              <DeskPostRow key={post.id} post={post} timezone={timezone} />
            ))}
          </ul>
          {posts.hasNextPage && (
            <Button variant="secondary" loading={posts.isFetchingNextPage} onClick={() => void posts.fetchNextPage()}>
              Show more
            </Button>
          )}
        </>
      )}
    </div>
  );
}

export const CallOutsPage = () => <DeskPostsPage kind="callout" />;
export const JobsPage = () => <DeskPostsPage kind="job" />;
