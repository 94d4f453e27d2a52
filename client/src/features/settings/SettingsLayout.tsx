import { Link, Outlet, useLocation, useParams } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { routeMeta } from '../../routes/meta.ts';
import './settings.css';

const tabs = [
  { to: '/u/$slug/settings/basic', meta: routeMeta.settingsBasic },
  { to: '/u/$slug/settings/security', meta: routeMeta.settingsSecurity },
  { to: '/u/$slug/settings/contacts', meta: routeMeta.settingsContacts },
  { to: '/u/$slug/settings/social', meta: routeMeta.settingsSocial },
  { to: '/u/$slug/settings/subscriptions', meta: routeMeta.settingsSubscriptions },
  { to: '/u/$slug/settings/notifications', meta: routeMeta.settingsNotifications },
  { to: '/u/$slug/settings/follows', meta: routeMeta.settingsFollows },
  { to: '/u/$slug/settings/companies', meta: routeMeta.settingsCompanies },
  { to: '/u/$slug/settings/beats_outlets', meta: routeMeta.settingsBeatsOutlets },
] as const;

/** User Settings (spec section 2): its sections side by side with the one shown; on phones the sections scroll sideways above it. */
export function SettingsLayout() {
  const { slug } = useParams({ from: '/u/$slug/settings' });
  const pathname = useLocation({ select: (location) => location.pathname });
  const nav = useRef<HTMLElement>(null);
  // On phones the sections scroll sideways: the open one is brought into the strip.
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div className="settings">
      <div className="settings__head">
        <h1 className="settings__title">{routeMeta.userSettings.title}</h1>
        <Link to="/u/$slug" params={{ slug }} className="text-link">
          View your public profile
        </Link>
      </div>
      <div className="settings__body">
        <nav ref={nav} className="settings__nav" aria-label="Settings sections">
          <ul>
            {tabs.map((tab) => (
              <li key={tab.to}>
                <Link to={tab.to} params={{ slug }} className="settings__tab">
                  {tab.meta.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
