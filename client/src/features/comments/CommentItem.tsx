import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Author, CommentView, ThreadView } from '../../../../contracts/posts/views.ts';
import { compactNumber } from '../../lib/format/index.ts';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { htmlToText } from '../composer/richText.ts';
import { LikeButton } from '../likes/LikeButton.tsx';
import { LikersDialog } from '../likes/LikersDialog.tsx';
import { AuthorLink, RelativeTime } from '../posts/AuthorLine.tsx';
import { addOwnComment } from '../posts/cache.ts';
import { Attachments } from '../posts/PostBody.tsx';
import { RichText } from '../posts/RichText.tsx';
import { deleteComment, editComment } from './api.ts';
import { CommentComposer } from './CommentComposer.tsx';

export type CommentContext = {
  me: { name: string; avatar: string | null };
  people: readonly Author[];
  timezone: string;
  readOnly: boolean;
  highlighted: number | null;
  onReply: (thread: ThreadView) => void;
};

/** One comment or reply: its author, text, files, likes, and the edit and delete its reader may make (spec section 6). */
export function CommentItem({ comment, context, thread }: { comment: CommentView; context: CommentContext; thread?: ThreadView }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [likersOpen, setLikersOpen] = useState(false);

  const remove = async () => {
    const confirmed = await confirmDialog({
      title: thread ? 'Delete this comment?' : 'Delete this reply?',
      message: thread && thread.childrenCount > 0 ? 'Its replies will be deleted with it. This cannot be undone.' : 'This cannot be undone.',
      applyLabel: 'Delete',
      danger: true,
    });
    if (!confirmed) return;
    await deleteComment(comment.id)
      .then(() => showToast({ type: 'success', lines: ['Comment deleted'] }))
      .catch(() => undefined);
  };

  return (
    <div className={`comment${context.highlighted === comment.id ? ' comment--highlighted' : ''}`} id={`comment-${comment.id}`} data-comment-id={comment.id}>
      <Avatar name={comment.author.name} src={comment.author.avatar} size="sm" square={comment.author.type === 'company'} />
      <div className="comment__main">
        {editing ? (
          <CommentComposer
            me={context.me}
            people={context.people}
            placeholder="Edit your comment"
            submitLabel="Save"
            initialText={htmlToText(comment.content)}
            initialAttachments={comment.attachments}
            autoFocus
            onCancel={() => setEditing(false)}
            onSubmit={async (input) => {
              addOwnComment(queryClient, await editComment(comment.id, input));
              setEditing(false);
            }}
          />
        ) : (
          <div className="comment__bubble">
            <div className="comment__head">
              <AuthorLink author={comment.author}>
                <span className="comment__author">{comment.author.name}</span>
              </AuthorLink>
              <span className="comment__time">
                <RelativeTime value={comment.createdAt} timezone={context.timezone} />
                {comment.editedAt && <span> · Edited</span>}
              </span>
            </div>
            <RichText html={comment.content} className="comment__text" />
            <Attachments items={comment.attachments} />
          </div>
        )}
        {!editing && (
          <div className="comment__actions">
            <LikeButton target={{ kind: 'comment', id: comment.id }} postId={comment.postId} likable={comment.likable} size="sm" disabled={context.readOnly} />
            {comment.likable.likesCount > 0 && (
              <button type="button" className="comment__action" onClick={() => setLikersOpen(true)} aria-label={`See who liked this comment (${comment.likable.likesCount})`}>
                {compactNumber(comment.likable.likesCount)} {comment.likable.likesCount === 1 ? 'like' : 'likes'}
              </button>
            )}
            {thread && !context.readOnly && (
              <button type="button" className="comment__action" onClick={() => context.onReply(thread)}>
                Reply
              </button>
            )}
            {comment.permissions.canEdit && !context.readOnly && (
              <button type="button" className="comment__action" onClick={() => setEditing(true)}>
                Edit
              </button>
            )}
            {comment.permissions.canDelete && !context.readOnly && (
              <button type="button" className="comment__action comment__action--danger" onClick={() => void remove()}>
                Delete
              </button>
            )}
          </div>
        )}
        {likersOpen && <LikersDialog target={{ kind: 'comment', id: comment.id }} open={likersOpen} onClose={() => setLikersOpen(false)} />}
      </div>
    </div>
  );
}
