import { lazy, Suspense, type ComponentProps } from 'react';

// The player and its live status come with the first video a page shows: a feed that opens on
// text and pictures never fetches them.
const load = () => import('./VideoPlayer.tsx');
const Player = lazy(() => load().then((module) => ({ default: module.VideoPlayer })));
const Attached = lazy(() => load().then((module) => ({ default: module.AttachedVideo })));

export function LazyVideoPlayer(props: ComponentProps<typeof Player>) {
  return (
    <Suspense fallback={null}>
      <Player {...props} />
    </Suspense>
  );
}

export function LazyAttachedVideo(props: ComponentProps<typeof Attached>) {
  return (
    <Suspense fallback={null}>
      <Attached {...props} />
    </Suspense>
  );
}
