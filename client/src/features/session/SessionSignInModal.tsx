import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Modal } from '../../ui/Modal.tsx';
import { SignInForm } from '../auth/SignInForm.tsx';
import { currentUserKey } from './currentUser.ts';
import { sessionEndedAtom } from './session.ts';

/** Spec section 9: the sign-in modal appears 1 s after the session ends. */
export const SIGN_IN_MODAL_DELAY_MS = 1000;

/**
 * Spec section 4: after a logout the person may sign in again where they are; on success the
 * user is reloaded and the modal closes. On a sign-in screen the page itself is the form.
 */
export function SessionSignInModal() {
  const [ended, setEnded] = useAtom(sessionEndedAtom);
  const [open, setOpen] = useState(false);
  const router = useRouter();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!ended) return;
    const timer = setTimeout(() => {
      const onSignInScreen = router.state.matches.some((match) => match.staticData.meta?.guestOnly);
      if (!onSignInScreen) setOpen(true);
    }, SIGN_IN_MODAL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ended, router]);

  const close = () => {
    setOpen(false);
    setEnded(false);
  };
  const onSignedIn = async () => {
    close();
    await queryClient.invalidateQueries({ queryKey: currentUserKey });
    await router.invalidate();
  };

  return (
    <Modal open={open} onClose={close} title="Sign in again" size="sm">
      <p className="modal-lead">Your session has ended. Sign in to carry on where you were.</p>
      <SignInForm onSignedIn={() => void onSignedIn()} />
    </Modal>
  );
}
