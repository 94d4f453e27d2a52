import { Link } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { useLiveChat } from '../session/LiveChat.tsx';
import { bannerDismissedAtom } from '../session/settings.ts';
import { Icon } from './navIcons.tsx';

/** For account users who are neither admins nor journalists; once dismissed it stays away. */
export function Banner({ user }: { user: CurrentUser }) {
  const dismiss = useSetAtom(bannerDismissedAtom);
  const chat = useLiveChat();
  return (
    <aside className="banner" aria-label="Account news">
      <p className="banner__text">
        <strong>{user.account?.name}</strong> is on Pressroom. Reach journalists with announcements from your newsroom.
      </p>
      <div className="banner__actions">
        <Link to="/announcements/our" className="banner__link">
          Our announcements
        </Link>
        {chat.available && (
          <button type="button" className="banner__link" onClick={chat.askForQuickApproval}>
            Ask for quick approval
          </button>
        )}
        <button type="button" className="banner__close" aria-label="Dismiss the banner" onClick={() => dismiss(true)}>
          <Icon name="close" />
        </button>
      </div>
    </aside>
  );
}
