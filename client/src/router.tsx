import { createRouter } from '@tanstack/react-router';
import { PageLoading } from './features/layout/PageLoading.tsx';
import { queryClient } from './features/session/store.ts';
import { titleOf } from './routes/access.ts';
import { PRODUCT_NAME } from './routes/meta.ts';
import { routeTree } from './routes/tree.ts';

/** Spec section 2: the history base is the first path segment (/app where the server serves us). */
export function basepathOf(pathname: string): string {
  const first = pathname.split('/').find((segment) => segment !== '');
  return first ? `/${first}` : '/';
}

export const router = createRouter({
  routeTree,
  basepath: basepathOf(window.location.pathname),
  context: { queryClient },
  defaultPendingComponent: PageLoading,
  scrollRestoration: true,
});

router.subscribe('onResolved', () => {
  document.title = titleOf(
    router.state.matches.map((match) => match.staticData.meta),
    PRODUCT_NAME,
  );
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
