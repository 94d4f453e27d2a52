import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, redirect } from '@tanstack/react-router';
import { AppFrame } from '../features/layout/AppFrame.tsx';
import { currentUserQuery } from '../features/session/currentUser.ts';
import { developmentHostQuery } from '../features/session/developmentHost.ts';
import { viewModeSettingAtom } from '../features/session/settings.ts';
import { appStore } from '../features/session/store.ts';
import { decideNavigation } from './access.ts';
import { saveReturnPath } from './deepLink.ts';
import type { RouteMeta } from './meta.ts';

export type RouterContext = { queryClient: QueryClient };

const DIGITS = /^\d+$/;
const UNKNOWN = 'unknown';

/** The route guard of spec section 2, run before every navigation for the whole matched branch. */
export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: AppFrame,
  beforeLoad: async ({ context, matches, location }) => {
    const [user, developmentHost] = await Promise.all([
      context.queryClient.ensureQueryData(currentUserQuery),
      context.queryClient.ensureQueryData(developmentHostQuery),
    ]);
    const metas = matches.flatMap((match) => (match.staticData.meta ? [match.staticData.meta] : []));
    // Post and announcement ids are digits only: anything else is an unknown path.
    const badId = metas.some((meta) => meta.digitId) && !DIGITS.test(String((matches.at(-1)?.params as { id?: string }).id));
    const unknown = badId || metas.some((meta) => meta.name === UNKNOWN);
    const viewer = { user, developmentHost, viewModeSetting: appStore.get(viewModeSettingAtom) };
    const decision = decideNavigation(metas, viewer, location.href, unknown);
    switch (decision.kind) {
      case 'signIn':
        if (decision.savePath) saveReturnPath(decision.savePath);
        throw redirect({ to: '/sign_in', replace: true });
      case 'home':
        throw redirect({ to: '/', replace: true });
      case 'notFound':
        throw redirect({ to: '/error/404', replace: true });
      case 'allow':
        return { user };
    }
  },
});

const unknownMeta: RouteMeta = { name: UNKNOWN };

/** Any path no other route takes; the guard turns it into the 404 page or signIn. */
export const unknownPathRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  staticData: { meta: unknownMeta },
});
