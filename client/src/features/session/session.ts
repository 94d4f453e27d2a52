import type { QueryClient } from '@tanstack/react-query';
import { atom } from 'jotai';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api } from '../../lib/api/index.ts';
import { currentUserKey } from './currentUser.ts';
import { appStore } from './store.ts';

/** Set when the server ended the session under a person's feet (a 401 or 403), not when they signed out. */
export const sessionEndedAtom = atom(false);

export function signedIn(queryClient: QueryClient, user: CurrentUser): void {
  appStore.set(sessionEndedAtom, false);
  queryClient.setQueryData(currentUserKey, user);
}

/** Signs out on the server too, so a 403's session cannot be picked up again by another tab. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await api.post('/api/v1/auth/sign_out', undefined, { quiet: true }).catch(() => undefined);
  // Nothing cached for one person may be shown to the next.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserKey[0] && query.queryKey[0] !== 'developmentHost' });
  queryClient.setQueryData(currentUserKey, null);
}

/** Spec section 4: a 401 or 403 logs the person out; a sign-in modal then offers to resume. */
export async function endSession(queryClient: QueryClient): Promise<boolean> {
  if (queryClient.getQueryData(currentUserKey) == null) return false;
  await signOut(queryClient);
  appStore.set(sessionEndedAtom, true);
  return true;
}
