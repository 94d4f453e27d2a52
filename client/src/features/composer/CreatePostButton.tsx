import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState } from 'react';
import { KIND_LABELS, type PostKind } from '../../../../contracts/posts/kinds.ts';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { importWithRetry } from '../../routes/lazy.ts';
import { Spinner } from '../../ui/Spinner.tsx';
import { mayCreateInterview } from '../interviews/mayCreate.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { Avatar } from './Avatar.tsx';
import { KindChooser, KindIcon } from './KindChooser.tsx';

// The composers load when a person starts writing, not with every page that offers to.
const PostComposer = lazy(() => importWithRetry(() => import('./PostComposer.tsx')).then((module) => ({ default: module.PostComposer })));
const CreateInterviewModal = lazy(() => importWithRetry(() => import('../interviews/CreateInterviewModal.tsx')).then((module) => ({ default: module.CreateInterviewModal })));
const composerLoading = <Spinner label="Loading the composer" />;

type CreatePostProps = {
  /** 'box': the "Start a post" card above a feed; 'button': a single button. */
  variant?: 'box' | 'button';
  /** New posts start in this community. */
  communityId?: number;
  /**
   * A reaction or statement answering this address (a news item's "Comment on this"): the
   * trigger says so, naming the item for screen readers, and the chooser offers only those kinds.
   */
  answering?: { url: string; title: string };
  onCreated?: (kind: PostKind, id: number) => void;
};

const QUICK_KINDS: PostKind[] = ['callout', 'event', 'job'];
const ANSWER_KINDS: PostKind[] = ['reaction', 'statement'];

/** Opens the kind chooser, then the chosen kind's composer, in one modal. */
export function CreatePostButton({ variant = 'box', communityId, answering, onCreated }: CreatePostProps) {
  const user = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<PostKind | null>(null);
  const [interviewing, setInterviewing] = useState(false);
  const dirty = useRef(false);
  if (!user || user.isReadOnly) return null;

  // Closing (Escape, the backdrop, the close button) never throws away a half-written post unasked.
  const mayClose = async () =>
    !dirty.current ||
    confirmDialog({ title: 'Discard this post?', message: 'What you have written will be lost.', applyLabel: 'Discard', cancelLabel: 'Keep writing', danger: true });

  const start = (chosen: PostKind | null) => {
    setKind(chosen);
    setOpen(true);
  };
  const close = () => {
    dirty.current = false;
    setOpen(false);
    setKind(null);
  };
  const backToKinds = async () => {
    if (!(await mayClose())) return;
    dirty.current = false;
    setKind(null);
  };

  return (
    <>
      {answering ? (
        <button type="button" className="button button--ghost button--sm" aria-label={`Comment on “${answering.title}”`} onClick={() => start(null)}>
          <span className="button__label">Comment on this</span>
        </button>
      ) : variant === 'box' ? (
        <section className="start-post" aria-label="Create a post">
          <div className="start-post__row">
            <Avatar name={`${user.firstname} ${user.lastname}`} src={user.logo} />
            <button type="button" className="start-post__prompt" onClick={() => start(null)}>
              Start a post
            </button>
          </div>
          <div className="start-post__quick">
            {QUICK_KINDS.map((quick) => (
              <button key={quick} type="button" className={`start-post__kind start-post__kind--${quick}`} onClick={() => start(quick)}>
                <KindIcon kind={quick} />
                {KIND_LABELS[quick]}
              </button>
            ))}
            <button type="button" className="start-post__kind" onClick={() => start(null)}>
              More
            </button>
          </div>
        </section>
      ) : (
        <button type="button" className="button button--primary button--md" onClick={() => start(null)}>
          <span className="button__label">Create a post</span>
        </button>
      )}
      <Modal open={open} onClose={close} title={kind ? `New ${KIND_LABELS[kind]}` : answering ? 'Comment on this' : 'Create a post'} size="lg" className="composer-modal" beforeClose={mayClose}>
        {kind ? (
          <>
            <button type="button" className="composer-back" onClick={() => void backToKinds()}>
              ← All post types
            </button>
            <Suspense fallback={composerLoading}>
              <PostComposer
                kind={kind}
                communityId={communityId}
                url={answering?.url}
                onDirtyChange={(next) => {
                  dirty.current = next;
                }}
                onCancel={() => void mayClose().then((leave) => leave && close())}
                onSaved={(id) => {
                  close();
                  onCreated?.(kind, id);
                }}
              />
            </Suspense>
          </>
        ) : (
          <KindChooser
            user={user}
            onChoose={setKind}
            only={answering && ANSWER_KINDS}
            onInterview={
              !answering && mayCreateInterview(user)
                ? () => {
                    close();
                    setInterviewing(true);
                  }
                : undefined
            }
          />
        )}
      </Modal>
      {interviewing && (
        <Suspense fallback={null}>
          <CreateInterviewModal open onClose={() => setInterviewing(false)} user={user} />
        </Suspense>
      )}
    </>
  );
}

/** The mobile /create page: the kind chooser, then the composer, on the page itself; the feed once published. */
export function CreatePostPage() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [kind, setKind] = useState<PostKind | null>(null);
  const [interviewing, setInterviewing] = useState(false);
  if (!user) return null;
  return (
    <section className="create-page">
      <h1 className="create-page__title">{kind ? `New ${KIND_LABELS[kind]}` : 'Create a post'}</h1>
      {kind ? (
        <Suspense fallback={composerLoading}>
          <PostComposer kind={kind} onCancel={() => setKind(null)} onSaved={() => void navigate({ to: '/' })} />
        </Suspense>
      ) : (
        <KindChooser user={user} onChoose={setKind} onInterview={mayCreateInterview(user) ? () => setInterviewing(true) : undefined} />
      )}
      {interviewing && (
        <Suspense fallback={null}>
          <CreateInterviewModal open onClose={() => setInterviewing(false)} user={user} />
        </Suspense>
      )}
    </section>
  );
}
