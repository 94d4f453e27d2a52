import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { PostView as Post } from '../../../../contracts/posts/views.ts';
import { DEFAULT_TIMEZONE } from '../../lib/format/index.ts';
import { CommentsSection } from '../comments/CommentsSection.tsx';
import { PostRemovalButtons } from '../composer/PostRemovalButtons.tsx';
import { LikeButton } from '../likes/LikeButton.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { AuthorLine } from './AuthorLine.tsx';
import { CommentIcon, EnvelopeIcon } from './icons.tsx';
import { PostBody } from './PostBody.tsx';
import { PostStats } from './PostStats.tsx';

const focusComposer = () => document.querySelector<HTMLTextAreaElement>('.comments .comment-composer__field')?.focus();

/**
 * A whole post with its comments, as the modal and the story page show it. A deleted post
 * (seen only by those who may restore it) carries a "Deleted" marker and Restore.
 */
/** `titled`: the surrounding modal already names the kind in its title. */
export function FullPost({ post, cid, tools, titled = false }: { post: Post; cid: number | null; tools?: ReactNode; titled?: boolean }) {
  const user = useCurrentUser();
  const timezone = user?.timezone || DEFAULT_TIMEZONE;
  const readOnly = user?.isReadOnly ?? true;
  return (
    <article className={`full-post${post.isDeleted ? ' full-post--deleted' : ''}`} data-post-id={post.id}>
      <header className="full-post__header">
        <AuthorLine author={post.author} time={post.publishedAt} label={titled ? undefined : post.typeLabel} timezone={timezone} />
        <div className="full-post__tools">
          {post.isDeleted && <span className="chip chip--danger">Deleted</span>}
          {tools}
          {!readOnly && <PostRemovalButtons post={post} />}
        </div>
      </header>
      <div className="full-post__body">
        <PostBody post={post} timezone={timezone} />
      </div>
      {!post.isDeleted && (
        <>
          <PostStats post={post} onComments={focusComposer} />
          <div className="post-actions full-post__actions">
            <LikeButton target={{ kind: 'post', postKind: post.type, id: post.id }} postId={post.id} likable={post.likable} disabled={readOnly} />
            <button type="button" className="post-actions__button" onClick={focusComposer} disabled={readOnly}>
              <CommentIcon />
              <span>Comment</span>
            </button>
            {/* Writing to the person behind a post, as from their profile: a new message to them. */}
            {!readOnly && post.author.type === 'person' && post.author.id !== user?.id && (
              <Link to="/messages" search={{ to: post.author.slug }} className="post-actions__button" aria-label={`Message ${post.author.name}`}>
                <EnvelopeIcon />
                <span>Message</span>
              </Link>
            )}
          </div>
          <CommentsSection post={post} cid={cid} />
        </>
      )}
    </article>
  );
}
