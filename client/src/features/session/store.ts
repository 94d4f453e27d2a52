import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';

/** Client state (settings, dialogs) shared by React and the router's guards. */
export const appStore = createStore();

export const queryClient = new QueryClient({
  defaultOptions: {
    // The API client already shows each failure once; a retry would show it again.
    queries: { retry: false, refetchOnWindowFocus: false },
  },
});
