import { useState } from 'react';
import type { PostView } from '../../../../contracts/posts/views.ts';
import { compactNumber } from '../../lib/format/index.ts';
import { LikersDialog } from '../likes/LikersDialog.tsx';

const plural = (count: number, one: string, many: string) => `${compactNumber(count)} ${count === 1 ? one : many}`;

/** "12 likes · 3 comments": the likes open who liked it; the comments do what `onComments` says. */
export function PostStats({ post, onComments }: { post: PostView; onComments?: () => void }) {
  const [likersOpen, setLikersOpen] = useState(false);
  const { likesCount } = post.likable;
  const comments = post.commentable.totalCommentsCount;
  if (likesCount === 0 && comments === 0) return null;
  return (
    <div className="post-stats">
      {likesCount > 0 && (
        <button type="button" className="post-stats__item" onClick={() => setLikersOpen(true)} data-testid="likes-count">
          {plural(likesCount, 'like', 'likes')}
        </button>
      )}
      {comments > 0 && (
        <button type="button" className="post-stats__item post-stats__comments" onClick={onComments} disabled={!onComments} data-testid="comments-count">
          {plural(comments, 'comment', 'comments')}
        </button>
      )}
      {likersOpen && <LikersDialog target={{ kind: 'post', postKind: post.type, id: post.id }} open={likersOpen} onClose={() => setLikersOpen(false)} />}
    </div>
  );
}
