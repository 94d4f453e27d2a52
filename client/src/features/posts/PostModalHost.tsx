import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useRef } from 'react';
import { importWithRetry } from '../../routes/lazy.ts';
import { usePostCacheSync } from './live.ts';
import { modalFromSearch, type ModalTarget } from './modalQuery.ts';

// The modal (comments, the editor) loads with the first post opened, not with every page.
const PostModal = lazy(() => importWithRetry(() => import('./PostModal.tsx')).then((module) => ({ default: module.PostModal })));

/**
 * Mounted once by the app shell: shows the post the address names (`?callout=12`) on any page,
 * so a deep link, browser back and a route change open and close it; and keeps the post caches
 * in step with the server's messages for the whole tab.
 */
export function PostModalHost() {
  usePostCacheSync();
  const search = useRouterState({ select: (state) => state.location.search });
  const target = modalFromSearch(search as Record<string, unknown>);
  // The last post stays rendered while the modal animates out.
  const shown = useRef<ModalTarget | null>(target);
  if (target) shown.current = target;
  const last = shown.current;
  if (!last) return null;
  return (
    <Suspense fallback={null}>
      <PostModal key={`${last.kind}:${last.id}`} target={last} open={target !== null} />
    </Suspense>
  );
}
