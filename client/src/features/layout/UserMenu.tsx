import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { isRouteAvailable } from '../../routes/access.ts';
import { routeMeta } from '../../routes/meta.ts';
import { signOut } from '../session/session.ts';
import { useViewer } from '../session/useViewer.ts';
import { Icon } from './navIcons.tsx';

export const initialsOf = (user: Pick<CurrentUser, 'firstname' | 'lastname'>) => `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();

export function Avatar({ user }: { user: CurrentUser }) {
  return user.logoIcon ? (
    <img className="avatar" src={user.logoIcon} alt="" />
  ) : (
    <span className="avatar" aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}

/** The person's own corner: profile, settings, development tools and signing out. */
export function UserMenu({ user, compact }: { user: CurrentUser; compact: boolean }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const viewer = useViewer();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const close = () => setOpen(false);
  const leave = async () => {
    close();
    await signOut(queryClient);
    await navigate({ to: '/sign_in' });
  };
  const fullName = `${user.firstname} ${user.lastname}`;

  return (
    <div className="user-menu" ref={root}>
      <button ref={button} type="button" className="user-menu__button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Avatar user={user} />
        <span className={compact ? 'visually-hidden' : 'user-menu__name'}>{fullName}</span>
        <span className="visually-hidden">: account menu</span>
        {!compact && <Icon name="chevron" />}
      </button>
      <div id={panelId} className="user-menu__panel" hidden={!open}>
        <div className="user-menu__who">
          <strong>{fullName}</strong>
          <span>{user.email}</span>
          {user.account && <span>{user.account.name}</span>}
        </div>
        <ul className="user-menu__list">
          <li>
            <Link to="/u/$slug" params={{ slug: user.slug }} className="user-menu__item" onClick={close}>
              <Icon name="user" /> My profile
            </Link>
          </li>
          {isRouteAvailable(routeMeta.userSettings, viewer) && (
            <li>
              <Link to="/u/$slug/settings" params={{ slug: user.slug }} className="user-menu__item" onClick={close}>
                <Icon name="settings" /> Settings
              </Link>
            </li>
          )}
          {user.roles.includes('admin') && isRouteAvailable(routeMeta.development, viewer) && (
            <li>
              <Link to="/development" className="user-menu__item" onClick={close}>
                <Icon name="development" /> Development
              </Link>
            </li>
          )}
          <li>
            <button type="button" className="user-menu__item" onClick={() => void leave()}>
              <Icon name="signOut" /> Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
