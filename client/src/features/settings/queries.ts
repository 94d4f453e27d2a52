import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { SettingsView } from '../../../../contracts/users/settings.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { settingsApi, settingsKeys } from './api.ts';

export function useBasicSettings(slug: string) {
  return useQuery({ queryKey: settingsKeys.base(slug), queryFn: ({ signal }) => settingsApi.base(slug, signal) });
}

export function useProfileInformation(slug: string) {
  return useQuery({ queryKey: settingsKeys.information(slug), queryFn: ({ signal }) => settingsApi.information(slug, signal) });
}

/**
 * Puts what a save answered into its cache. Basic details also reach the current user (the
 * top bar's name and face, the timezone dates are shown in), so that is reloaded too.
 */
export function useSaved() {
  const queryClient = useQueryClient();
  return {
    basic: (slug: string, view: SettingsView) => {
      queryClient.setQueryData(settingsKeys.base(slug), view);
      void queryClient.invalidateQueries({ queryKey: currentUserKey });
    },
    put: <T,>(key: QueryKey, value: T) => queryClient.setQueryData(key, value),
    get: <T,>(key: QueryKey) => queryClient.getQueryData<T>(key),
    reload: (key: QueryKey) => queryClient.invalidateQueries({ queryKey: key }),
  };
}
