import type { Query, QueryClient } from '@tanstack/react-query';
import { atom } from 'jotai';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api } from '../../lib/api/index.ts';
import { cachedCurrentUser, currentUserKey } from './currentUser.ts';
import { developmentHostQuery } from './developmentHost.ts';
import { appStore } from './store.ts';

/**
 * A session that ended under a person's feet, while they stay on their page: `ended` when the
 * server ended it (a 401 or 403), `elsewhere` when they signed out in another tab. An explicit
 * sign-out in this tab is no lapse: it leads to the sign-in page (docs/decisions.md).
 */
export type SessionLapse = { userId: number; email: string; reason: 'ended' | 'elsewhere' };

export const sessionLapseAtom = atom<SessionLapse | null>(null);

type TabMessage = { kind: 'ended' } | { kind: 'signedIn'; userId: number };

// Tabs share the session cookie, so each tells the others when it ends or starts one. One
// channel for sending and listening: a channel never hears its own messages, but would hear
// another instance in the same tab.
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('pressroom:session');

const tellOtherTabs = (message: TabMessage) => tabs?.postMessage(message);

/** Whatever the server said for one person; whether the server is a development host is nobody's. */
const personal = (query: Query) => query.queryKey[0] !== currentUserKey[0] && query.queryKey[0] !== developmentHostQuery.queryKey[0];

/**
 * The person the server now knows. After a lapse the page read before it is read again: in
 * the background for the same person, from nothing for anyone else, who must never see what
 * was read for the one before.
 */
function adopt(queryClient: QueryClient, user: CurrentUser): void {
  const previous = appStore.get(sessionLapseAtom)?.userId ?? cachedCurrentUser(queryClient)?.id;
  appStore.set(sessionLapseAtom, null);
  queryClient.setQueryData(currentUserKey, user);
  if (previous === user.id) void queryClient.invalidateQueries({ predicate: personal });
  else void queryClient.resetQueries({ predicate: personal });
}

export function signedIn(queryClient: QueryClient, user: CurrentUser): void {
  adopt(queryClient, user);
  tellOtherTabs({ kind: 'signedIn', userId: user.id });
}

function lapse(queryClient: QueryClient, reason: SessionLapse['reason']): boolean {
  const user = cachedCurrentUser(queryClient);
  if (!user || appStore.get(sessionLapseAtom)) return false;
  appStore.set(sessionLapseAtom, { userId: user.id, email: user.email, reason });
  // Authenticated becomes false (spec section 4); what the page read stays until the person decides.
  queryClient.setQueryData(currentUserKey, null);
  return true;
}

/** The person chose to leave: nothing read for them may stay for the next one at this screen. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  await api.post('/api/v1/auth/sign_out', undefined, { quiet: true }).catch(() => undefined);
  appStore.set(sessionLapseAtom, null);
  queryClient.removeQueries({ predicate: personal });
  queryClient.setQueryData(currentUserKey, null);
  tellOtherTabs({ kind: 'ended' });
}

/**
 * Spec section 4: a 401 or 403 logs the person out, and they stay where they are until they
 * sign in again (the sign-in modal) or leave the lapsed page.
 */
export async function endSession(queryClient: QueryClient): Promise<boolean> {
  if (!lapse(queryClient, 'ended')) return false;
  // A 403's session is still alive on the server: end it there, so no tab picks it up again.
  await api.post('/api/v1/auth/sign_out', undefined, { quiet: true }).catch(() => undefined);
  tellOtherTabs({ kind: 'ended' });
  return true;
}

/** The person turned the sign-in modal down: the lapsed page's data goes, as at a sign-out. */
export function leaveLapsedSession(queryClient: QueryClient): void {
  appStore.set(sessionLapseAtom, null);
  void queryClient.resetQueries({ predicate: personal });
}

/**
 * Follows the other tabs: a sign-out there is a lapse here; a sign-in there is one here too
 * (the cookie is shared), so this tab reads who is signed in and `onSignedIn` runs the guards.
 */
export function followOtherTabs(queryClient: QueryClient, onSignedIn: () => void): () => void {
  if (!tabs) return () => undefined;
  const onMessage = ({ data }: MessageEvent<TabMessage>) => {
    if (data.kind === 'ended') {
      lapse(queryClient, 'elsewhere');
      return;
    }
    if (cachedCurrentUser(queryClient)?.id === data.userId) return;
    void api
      .get<CurrentUser>('/api/v1/current_user/info', { quiet: true })
      .then((user) => {
        adopt(queryClient, user);
        onSignedIn();
      })
      // Signed out again meanwhile: the next message says so.
      .catch(() => undefined);
  };
  tabs.addEventListener('message', onMessage);
  return () => tabs.removeEventListener('message', onMessage);
}
