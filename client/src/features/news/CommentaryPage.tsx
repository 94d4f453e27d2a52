import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CommentaryGroup } from '../../../../contracts/news/api.ts';
import type { PostKind } from '../../../../contracts/posts/kinds.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { useRoom, useSocketEvent } from '../../lib/realtime/index.ts';
import { PageHeader } from '../../ui/index.ts';
import { NewPostsBar } from '../feed/NewPostsBar.tsx';
import { PostCard } from '../feed/PostCard.tsx';
import '../feed/feed.css';
import { useCurrentUser } from '../session/currentUser.ts';
import { gatherCommentary, newsKeys, useCommentary } from './queries.ts';
import { PagedList } from './PagedList.tsx';
import { WireEntryCard } from './WireEntryCard.tsx';
import './news.css';

const COMMENTARY: readonly PostKind[] = ['reaction', 'statement'];

function JoinRoom({ room }: { room: string }) {
  useRoom(room);
  return null;
}

/** One news item with what was said about it, or the commentary that answers nothing on the wire. */
function Group({ group, timezone, readOnly }: { group: CommentaryGroup; timezone: string; readOnly: boolean }) {
  const headingId = group.subject ? `wire-${group.subject.key}` : 'commentary-record';
  const title = group.subject?.title ?? 'On the record';
  return (
    <section className="commentary-group" aria-labelledby={headingId}>
      {group.subject ? (
        <WireEntryCard entry={group.subject} />
      ) : (
        <header className="commentary-group__record">
          <h2 className="wire-entry__title" id={headingId}>
            On the record
          </h2>
          <p className="wire-entry__summary">Statements and reactions that answer nothing on the wire.</p>
        </header>
      )}
      <ol className="commentary-group__posts" aria-label={`Commentary on ${title}`}>
        {group.posts.map((post) => (
          <li key={post.id}>
            <PostCard post={post} timezone={timezone} readOnly={readOnly} />
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * /commentary: experts' and spokespeople's reactions and statements gathered under the news item
 * they answer, the most recently answered first. New ones by others wait in a bar, as the feed's
 * do; one's own is shown at once.
 */
export function CommentaryPage() {
  const user = useCurrentUser();
  const commentary = useCommentary();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const groups = gatherCommentary(commentary.data?.pages ?? []);

  // The rooms the feed hears new posts in: the open feed and the communities one has joined.
  const rooms = ['feed', ...(user?.communities ?? []).filter((c) => c.isJoined).map((c) => `community:${c.slug}`)];
  useSocketEvent('post:changed', (message) => {
    if (!COMMENTARY.includes(message.kind)) return;
    if (message.change !== 'created') {
      void queryClient.invalidateQueries({ queryKey: newsKeys.commentary() });
      return;
    }
    if (groups.some((group) => group.posts.some((post) => post.id === message.postId))) return;
    if (user && message.authorId === user.contactId) void queryClient.resetQueries({ queryKey: newsKeys.commentary() });
    else setPending((ids) => new Set(ids).add(message.postId));
  });

  const showNew = async () => {
    setPending(new Set());
    window.scrollTo({ top: 0, behavior: 'smooth' });
    await queryClient.resetQueries({ queryKey: newsKeys.commentary() });
  };

  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const readOnly = user?.isReadOnly ?? true;
  return (
    <div className="news">
      {rooms.map((room) => (
        <JoinRoom key={room} room={room} />
      ))}
      <PageHeader title="Commentary" blurb="What experts and spokespeople say on the record, under the news they answer." />
      <NewPostsBar count={pending.size} onShow={() => void showNew()} noun={['new comment', 'new comments']} />
      <div className="news__body" aria-busy={commentary.isFetching}>
        <PagedList
          query={commentary}
          count={groups.length}
          loading="Loading commentary"
          failed="The commentary could not be loaded"
          empty={{ title: 'No commentary yet', description: 'Reactions and statements appear here, under the news they answer. Use “Comment on this” on the newswire to add yours.' }}
          more="Show older commentary"
          className="commentary"
        >
          {groups.map((group) => (
            <li key={group.key}>
              <Group group={group} timezone={timezone} readOnly={readOnly} />
            </li>
          ))}
        </PagedList>
      </div>
    </div>
  );
}
