import { useRef } from 'react';
import { KIND_LABELS } from '../../../../contracts/posts/kinds.ts';
import { ApiError } from '../../lib/api/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useEditablePost } from '../composer/editablePost.ts';
import { PostComposer } from '../composer/PostComposer.tsx';
import type { ModalTarget } from './modalQuery.ts';
import { usePostModal } from './openPost.ts';
import { FullPost } from './PostView.tsx';
import { usePost } from './usePost.ts';
import './modal.css';

function PostEditor({ target, onDone }: { target: ModalTarget; onDone: () => void }) {
  const editable = useEditablePost(target.kind, target.id);
  if (editable.isPending) return <Spinner label="Loading the post" />;
  if (!editable.data) return <EmptyState title="This post cannot be edited" description="You may not edit it, or it no longer exists." />;
  return <PostComposer kind={target.kind} post={editable.data} onSaved={onDone} onCancel={onDone} />;
}

/** Spec section 2 "Post modal": the post mirrored in the query, viewed or (edit=1) edited in the same modal. */
export function PostModal({ target, open }: { target: ModalTarget; open: boolean }) {
  const { open: openPost, close, leaveEdit } = usePostModal();
  const post = usePost(target.kind, target.id);
  const label = KIND_LABELS[target.kind];
  const body = useRef<HTMLDivElement>(null);

  let content;
  if (post.isPending) {
    content = (
      <div className="post-modal__loading">
        <Spinner label={`Loading the ${label.toLowerCase()}`} />
      </div>
    );
  } else if (!post.data) {
    const missing = post.error instanceof ApiError && post.error.status === 404;
    content = (
      <EmptyState
        title={missing ? 'This post is not available' : 'The post could not be loaded'}
        description={missing ? 'It may have been deleted, or it is not shared with you.' : 'Check your connection and try again.'}
        action={!missing && <Button onClick={() => void post.refetch()}>Try again</Button>}
      />
    );
  } else if (target.edit) {
    content = <PostEditor target={target} onDone={leaveEdit} />;
  } else {
    const editable = post.data.permissions.canEdit && !post.data.isDeleted;
    content = (
      <FullPost
        post={post.data}
        cid={target.cid}
        titled
        tools={
          editable && (
            <Button variant="secondary" size="sm" onClick={() => openPost(target.kind, target.id, { edit: true })}>
              Edit
            </Button>
          )
        }
      />
    );
  }

  return (
    <Modal open={open} onClose={close} title={target.edit ? `Edit ${label.toLowerCase()}` : label} size="lg" className="post-modal">
      <div ref={body} className="post-modal__body">
        {content}
      </div>
    </Modal>
  );
}
