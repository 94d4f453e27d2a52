import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import type { Viewer } from '../../routes/access.ts';
import { useCurrentUser } from './currentUser.ts';
import { developmentHostQuery } from './developmentHost.ts';
import { viewModeSettingAtom } from './settings.ts';

/** What the route guard knows about this person, for the screens that follow it (the navigation). */
export function useViewer(): Viewer {
  const user = useCurrentUser();
  const developmentHost = useQuery(developmentHostQuery).data ?? false;
  const viewModeSetting = useAtomValue(viewModeSettingAtom);
  return { user, developmentHost, viewModeSetting };
}
