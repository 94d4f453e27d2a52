import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { postKind, UNSUPPORTED_POST_KIND, type PostKind } from '../../../../contracts/posts/kinds.ts';
import { showToast } from '../../ui/index.ts';
import { closeAction, isModalKind, leaveEditAction, MODAL_DEPTH, modalFromSearch, withModal, type CloseAction, type Search } from './modalQuery.ts';

export type OpenPostOptions = { edit?: boolean; cid?: number | null };

export type PostModalControls = {
  /** Shows the post: in the modal (mirrored in the query), or on its own page for a story. */
  open: (kind: PostKind, id: number, options?: OpenPostOptions) => void;
  close: () => void;
  /** From edit=1 back to the post's view. */
  leaveEdit: () => void;
};

/** The address of a post: what its full-view link points at (the modal's query on this page, or the story page). */
export function postHref(pathname: string, search: Search, kind: PostKind, id: number, cid?: number | null): { to: string; search: Search } {
  if (!isModalKind(kind)) return { to: `/stories/${id}`, search: cid ? { cid } : {} };
  return { to: pathname, search: withModal(search, { kind, id, cid: cid ?? null }) };
}

/** Spec section 2 "Post modal": opening pushes the query, closing goes back (or replaces when there is no history). */
export function usePostModal(): PostModalControls {
  const navigate = useNavigate();
  const router = useRouter();

  const run = useCallback(
    (action: CloseAction, closing: boolean) => {
      if (action.kind === 'back') router.history.go(-action.steps);
      else void navigate({ to: '.', search: action.search as never, replace: true, state: (state) => (closing ? { ...state, [MODAL_DEPTH]: 0 } : state) });
    },
    [navigate, router],
  );

  const open = useCallback(
    (kind: PostKind, id: number, options: OpenPostOptions = {}) => {
      // A kind from a newer server (a notification's, a link's) that this client cannot show.
      if (!postKind.safeParse(kind).success) {
        console.error(UNSUPPORTED_POST_KIND, kind);
        showToast({ type: 'error', lines: [UNSUPPORTED_POST_KIND] });
        return;
      }
      if (!isModalKind(kind)) {
        void navigate({ to: '/stories/$id', params: { id: String(id) }, search: (options.cid ? { cid: options.cid } : {}) as never });
        return;
      }
      const { location } = router.state;
      const current = location.search as Search;
      const openHere = modalFromSearch(current);
      const depth = openHere ? (location.state[MODAL_DEPTH] ?? 0) : 0;
      void navigate({
        to: '.',
        search: withModal(current, { kind, id, edit: options.edit, cid: options.cid }) as never,
        state: (state) => ({ ...state, [MODAL_DEPTH]: depth + 1 }),
      });
    },
    [navigate, router],
  );

  const close = useCallback(() => {
    const { location } = router.state;
    run(closeAction(location.state[MODAL_DEPTH], location.search as Search), true);
  }, [router, run]);

  const leaveEdit = useCallback(() => {
    const { location } = router.state;
    run(leaveEditAction(location.state[MODAL_DEPTH], location.search as Search), false);
  }, [router, run]);

  return useMemo(() => ({ open, close, leaveEdit }), [open, close, leaveEdit]);
}
