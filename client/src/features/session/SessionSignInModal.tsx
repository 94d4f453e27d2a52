import { useQueryClient } from '@tanstack/react-query';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { useEffect, useId, useState } from 'react';
import { DialogFrame } from '../../ui/DialogFrame.tsx';
import { CloseIcon } from '../../ui/icons.tsx';
import { SignInForm } from '../auth/SignInForm.tsx';
import { followOtherTabs, leaveLapsedSession, sessionLapseAtom, type SessionLapse } from './session.ts';
import './session.css';

/** Spec section 9: the sign-in modal appears 1 s after the session ends. */
export const SIGN_IN_MODAL_DELAY_MS = 1000;

const LEADS: Record<SessionLapse['reason'], string> = {
  ended: 'Your session has ended. Sign in to carry on where you were.',
  elsewhere: 'You signed out in another tab. Sign in to carry on where you were.',
};

/**
 * Spec section 4: after a logout the person signs in again where they are; on success the
 * user is reloaded, the modal closes and the page reads what it shows again, without a
 * reload. On a sign-in screen the page itself is the form. Turning it down leaves the page
 * as a guest would (the guards decide where that is).
 */
export function SessionSignInModal() {
  const lapse = useAtomValue(sessionLapseAtom);
  const [due, setDue] = useState<SessionLapse | null>(null);
  const onGuestScreen = useRouterState({ select: (state) => state.matches.some((match) => match.staticData.meta?.guestOnly === true) });
  const router = useRouter();
  const queryClient = useQueryClient();
  const titleId = useId();

  useEffect(() => followOtherTabs(queryClient, () => void router.invalidate()), [queryClient, router]);

  useEffect(() => {
    if (!lapse) return;
    const timer = setTimeout(() => setDue(lapse), SIGN_IN_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lapse]);

  const shown = lapse ?? due;
  const open = lapse !== null && due === lapse && !onGuestScreen;

  const leave = () => {
    leaveLapsedSession(queryClient);
    void router.invalidate();
  };

  return (
    // No backdrop close: the modal appears under a pointer that may be about to click the page.
    <DialogFrame open={open} role="dialog" layer="modal" onEscape={leave} labelledBy={titleId} className="dialog--sm session-dialog">
      <div className="dialog__header">
        <h2 id={titleId} className="dialog__title">
          Sign in again
        </h2>
        <button type="button" className="dialog__close" aria-label="Close" data-dialog-close onClick={leave}>
          <CloseIcon />
        </button>
      </div>
      <div className="dialog__body">
        {shown && (
          <>
            <p className="modal-lead session-dialog__lead">{LEADS[shown.reason]}</p>
            <SignInForm email={shown.email} focusPassword onSignedIn={() => void router.invalidate()} />
          </>
        )}
      </div>
    </DialogFrame>
  );
}
