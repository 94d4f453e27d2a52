import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Author, PostView, ThreadView } from '../../../../contracts/posts/views.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { Button } from '../../ui/Button.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { loadedCount, addOwnComment, type ThreadPage, type ThreadPages } from '../posts/cache.ts';
import { postKeys } from '../posts/queryKeys.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { fetchThreads, postComment } from './api.ts';
import { CommentComposer } from './CommentComposer.tsx';
import { CommentItem, type CommentContext } from './CommentItem.tsx';
import './comments.css';

/** Pages read while looking for the linked comment before giving up on it. */
const MAX_PAGES_FOR_CID = 10;

export function findComment(pages: ThreadPages | undefined, id: number): boolean {
  return (pages?.pages ?? []).some((page) => page.data.some((thread) => thread.id === id || thread.children.some((child) => child.id === id)));
}

/**
 * A post's comments, oldest first, with one level of replies; more by offset (spec section 9:
 * the offset is how many are loaded). A comment linked by `cid` is loaded, scrolled to and highlighted.
 */
export function CommentsSection({ post, cid, focusComposer }: { post: PostView; cid: number | null; focusComposer?: boolean }) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const [replyTo, setReplyTo] = useState<ThreadView | null>(null);
  const [highlighted, setHighlighted] = useState<number | null>(null);

  const threads = useInfiniteQuery<ThreadPage, Error, ThreadPages, ReturnType<typeof postKeys.comments>, number>({
    queryKey: postKeys.comments(post.id),
    queryFn: ({ pageParam, signal }) => fetchThreads(post.type, post.id, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => (last.hasMore ? loadedCount(pages) : undefined),
    enabled: !post.isDeleted,
  });

  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = threads;
  const found = cid !== null && findComment(data, cid);
  // Scrolled to once: comments arriving later must not pull the reader back to it.
  const scrolledTo = useRef<number | null>(null);
  useEffect(() => {
    if (cid === null || !data || scrolledTo.current === cid) return;
    if (found) {
      document.getElementById(`comment-${cid}`)?.scrollIntoView({ block: 'center' });
      scrolledTo.current = cid;
      setHighlighted(cid);
      return;
    }
    if (hasNextPage && !isFetchingNextPage && data.pages.length < MAX_PAGES_FOR_CID) void fetchNextPage();
  }, [cid, found, data, hasNextPage, isFetchingNextPage, fetchNextPage]);

  const list = useMemo(() => (data?.pages ?? []).flatMap((page) => page.data), [data]);
  const people = useMemo<Author[]>(() => [post.author, ...list.flatMap((thread) => [thread.author, ...thread.children.map((child) => child.author)])].filter((person) => person.id !== user?.contactId), [post.author, list, user?.contactId]);

  if (!user) return null;
  const me = { name: `${user.firstname} ${user.lastname}`.trim(), avatar: user.logo };
  const context: CommentContext = { me, people, timezone: user.timezone || DEFAULT_TIMEZONE, readOnly: user.isReadOnly, highlighted, onReply: setReplyTo };

  const send = async (input: { content: string; attachments: number[] }, parentId: number | null) => {
    addOwnComment(queryClient, await postComment(post.type, post.id, { ...input, parentId }));
    void queryClient.invalidateQueries({ queryKey: postKeys.detail(post.id) });
  };

  if (post.isDeleted) return null;
  const total = post.commentable.totalCommentsCount;
  return (
    <section className="comments" aria-label="Comments">
      {!user.isReadOnly && (
        <CommentComposer me={me} people={people} placeholder="Add a comment…" submitLabel="Post" autoFocus={focusComposer} onSubmit={(input) => send(input, null)} />
      )}
      {threads.isPending ? (
        <div className="comments__loading">
          <Spinner label="Loading comments" />
        </div>
      ) : list.length === 0 ? (
        <p className="comments__empty">{total === 0 ? 'No comments yet. Start the conversation.' : ''}</p>
      ) : (
        <ol className="comments__list">
          {list.map((thread) => (
            <li key={thread.id} className="comments__thread">
              <CommentItem comment={thread} thread={thread} context={context} />
              {(thread.children.length > 0 || replyTo?.id === thread.id) && (
                <ol className="comments__replies">
                  {thread.children.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} context={context} />
                    </li>
                  ))}
                  {thread.childrenCount > thread.children.length && (
                    <li className="comments__more-replies">{thread.childrenCount - thread.children.length} more replies are not shown</li>
                  )}
                  {replyTo?.id === thread.id && (
                    <li>
                      <CommentComposer
                        me={me}
                        people={[thread.author, ...people]}
                        placeholder={`Reply to ${thread.author.name}…`}
                        submitLabel="Reply"
                        autoFocus
                        onCancel={() => setReplyTo(null)}
                        onSubmit={async (input) => {
                          await send(input, thread.id);
                          setReplyTo(null);
                        }}
                      />
                    </li>
                  )}
                </ol>
              )}
            </li>
          ))}
        </ol>
      )}
      {hasNextPage && (
        <Button variant="ghost" size="sm" loading={isFetchingNextPage} onClick={() => void fetchNextPage()} className="comments__load-more">
          Load more comments
        </Button>
      )}
    </section>
  );
}
