import { useEffect } from 'react';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { isAdmin, useCurrentUser } from './currentUser.ts';

/** Spec section 9: the chat widget appears 1 s after authentication. */
export const LIVE_CHAT_DELAY_MS = 1000;

const appId = import.meta.env.VITE_LIVE_CHAT_INTERCOM_APP_ID;

type Intercom = ((command: string, ...args: unknown[]) => void) & { q?: unknown[][] };
declare global {
  interface Window {
    Intercom?: Intercom;
    intercomSettings?: Record<string, unknown>;
  }
}

/** What the chat shows the support team about the person (spec section 1). */
function settingsFor(user: CurrentUser): Record<string, unknown> {
  return {
    app_id: appId,
    user_id: String(user.id),
    name: `${user.firstname} ${user.lastname}`,
    email: user.email,
    ...(user.account ? { company: { company_id: String(user.account.id), name: user.account.name } } : {}),
    has_modules: user.modules.length > 0,
  };
}

function loadIntercom(user: CurrentUser): void {
  window.intercomSettings = settingsFor(user);
  if (window.Intercom) {
    window.Intercom('update', window.intercomSettings);
    return;
  }
  // Intercom's own loader: calls made before its script arrives wait in a queue.
  const queued: Intercom = (...args: unknown[]) => {
    queued.q!.push(args);
  };
  queued.q = [];
  window.Intercom = queued;
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://widget.intercom.io/widget/${encodeURIComponent(appId!)}`;
  document.head.appendChild(script);
}

/** The live-chat slot: signed-in people who are not platform admins, when a provider is configured. */
export function LiveChat() {
  const user = useCurrentUser();
  const wanted = Boolean(appId) && user !== null && !isAdmin(user);

  useEffect(() => {
    if (!wanted || !user) return;
    const timer = setTimeout(() => loadIntercom(user), LIVE_CHAT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [wanted, user]);

  useEffect(() => {
    if (!user && window.Intercom) window.Intercom('shutdown');
  }, [user]);

  return null;
}

/** The quick-approval helper: opens a chat asking for the account to be approved quickly. */
export function useLiveChat() {
  const user = useCurrentUser();
  return {
    available: Boolean(appId) && user !== null && !isAdmin(user),
    askForQuickApproval: () =>
      window.Intercom?.('showNewMessage', `Hello! Could you approve ${user?.account?.name ?? 'my account'} quickly, please?`),
  };
}
