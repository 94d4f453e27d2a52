import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Provider as StateProvider } from 'jotai';
import { useEffect, useState } from 'react';
import { appStore, queryClient } from './features/session/store.ts';
import { router } from './router.tsx';
import { LoadingScreen } from './ui/Spinner.tsx';

export function App() {
  // Spec section 2: the loading screen hides once the router is ready.
  const [routerReady, setRouterReady] = useState(router.state.status === 'idle' && router.state.matches.length > 0);
  useEffect(() => {
    if (routerReady) return;
    return router.subscribe('onResolved', () => setRouterReady(true));
  }, [routerReady]);

  return (
    <QueryClientProvider client={queryClient}>
      <StateProvider store={appStore}>
        <RouterProvider router={router} />
        <LoadingScreen visible={!routerReady} />
      </StateProvider>
    </QueryClientProvider>
  );
}
