import { memo, type MouseEvent } from 'react';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { useRoom } from '../../lib/realtime/index.ts';
import { LikeButton } from '../likes/LikeButton.tsx';
import { AuthorLine } from '../posts/AuthorLine.tsx';
import { CommentIcon, ExpandIcon } from '../posts/icons.tsx';
import { PostBody, titleOf } from '../posts/PostBody.tsx';
import { PostLink } from '../posts/PostLink.tsx';
import { PostStats } from '../posts/PostStats.tsx';
import { usePostModal } from '../posts/openPost.ts';

const INTERACTIVE = 'a, button, video, select, input, textarea, label';

/**
 * A post in a list: its kind, author, time, content, counts and like button. Its room is
 * joined while it is rendered, so likes and comments change it in place. Memoised: the list
 * renders again at every step of a scroll, and a card only needs to when its post changes.
 */
export const PostCard = memo(function PostCard({ post, timezone, readOnly }: { post: PostView; timezone: string; readOnly: boolean }) {
  useRoom(`post:${post.id}`);
  const { open } = usePostModal();
  const openPost = () => open(post.type, post.id);
  // The card's text opens the post too, as people expect; links and controls inside keep their own click.
  const onBodyClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest(INTERACTIVE) || window.getSelection()?.toString()) return;
    openPost();
  };

  return (
    <article className="post-card" aria-label={`${post.typeLabel}: ${titleOf(post)}`} data-post-id={post.id}>
      <header className="post-card__header">
        <AuthorLine author={post.author} time={post.publishedAt} label={post.typeLabel} timezone={timezone} />
        <PostLink kind={post.type} id={post.id} className="icon-button" aria-label={`Open ${post.typeLabel.toLowerCase()}`}>
          <ExpandIcon />
        </PostLink>
      </header>
      <div className="post-card__body" onClick={onBodyClick}>
        <PostBody post={post} compact timezone={timezone} />
      </div>
      <PostStats post={post} onComments={openPost} />
      <footer className="post-actions">
        <LikeButton target={{ kind: 'post', postKind: post.type, id: post.id }} postId={post.id} likable={post.likable} disabled={readOnly} />
        <button type="button" className="post-actions__button" onClick={openPost}>
          <CommentIcon />
          <span>Comment</span>
        </button>
      </footer>
    </article>
  );
});
