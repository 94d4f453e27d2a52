import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api } from '../../lib/api/index.ts';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { Tooltip } from '../../ui/Tooltip.tsx';
import { useNavigationCommunities } from '../communities/useJoinedCommunities.ts';
import { currentUserKey } from '../session/currentUser.ts';
import { useViewer } from '../session/useViewer.ts';
import { navigationFor, type NavGroup, type NavLink, type NavUnfinished } from './navigation.ts';
import { MessagesBadge } from '../messages/MessagesBadge.tsx';
import { isJournalist } from '../session/currentUser.ts';
import { Icon } from './navIcons.tsx';

export const UNFINISHED_MESSAGE = 'This option is under development and will appear soon';
export const JOIN_PROMPT = 'You are not joined to this community. Do you wish to join?';

type Community = CurrentUser['communities'][number];

/** The left navbar's items, communities and development link; `short` shows icons with tooltips (tablets). */
export function NavigationList({ user, short = false, onNavigate }: { user: CurrentUser; short?: boolean; onNavigate?: () => void }) {
  const viewer = useViewer();
  const navigation = navigationFor(user, viewer);
  const communities = useNavigationCommunities();
  return (
    <>
      <ul className="nav-list">
        {navigation.items.map((item) => (
          <li key={item.label}>
            {item.kind === 'group' ? (
              <NavGroupItem group={item} short={short} onNavigate={onNavigate} />
            ) : item.kind === 'link' ? (
              <NavLinkItem link={item} short={short} onNavigate={onNavigate} badge={item.to === '/messages' && !isJournalist(user)} />
            ) : (
              <UnfinishedItem item={item} short={short} />
            )}
          </li>
        ))}
      </ul>
      {navigation.communities && communities.length > 0 && <Communities communities={communities} short={short} onNavigate={onNavigate} />}
      {navigation.development && (
        <ul className="nav-list nav-list--footer">
          <li>
            <NavLinkItem link={navigation.development} short={short} onNavigate={onNavigate} />
          </li>
        </ul>
      )}
    </>
  );
}

function WithTooltip({ short, label, children }: { short: boolean; label: string; children: Parameters<typeof Tooltip>[0]['children'] }) {
  return short ? <Tooltip content={label}>{children}</Tooltip> : children;
}

/** `badge`: the messages count beside Messages (spec section 6: non-journalists only). */
function NavLinkItem({ link, short, onNavigate, badge = false }: { link: NavLink; short: boolean; onNavigate?: (() => void) | undefined; badge?: boolean }) {
  return (
    <WithTooltip short={short} label={link.label}>
      <Link to={link.to} className="nav-item" activeOptions={{ exact: link.to === '/' }} aria-label={short ? link.label : undefined} onClick={onNavigate}>
        <Icon name={link.icon} />
        {!short && <span className="nav-item__label">{link.label}</span>}
        {badge && <MessagesBadge />}
      </Link>
    </WithTooltip>
  );
}

function UnfinishedItem({ item, short }: { item: NavUnfinished; short: boolean }) {
  const open = () => void confirmDialog({ title: item.label, message: UNFINISHED_MESSAGE, applyLabel: 'Ok', showCancel: false });
  return (
    <button type="button" className="nav-item nav-item--child" onClick={open} aria-label={short ? item.label : undefined}>
      <span className="nav-item__label">{item.label}</span>
    </button>
  );
}

function NavGroupItem({ group, short, onNavigate }: { group: NavGroup; short: boolean; onNavigate?: (() => void) | undefined }) {
  const pathname = useLocation({ select: (location) => location.pathname });
  const childActive = group.children.some((child) => child.kind === 'link' && pathname.startsWith(child.to));
  const [open, setOpen] = useState(childActive);
  const listId = useId();
  const first = group.children.find((child): child is NavLink => child.kind === 'link');

  // Too narrow for a list: the group's icon leads to its first screen.
  if (short) {
    if (!first) return null;
    return <NavLinkItem link={{ ...first, label: group.label }} short onNavigate={onNavigate} />;
  }
  return (
    <>
      <button type="button" className={`nav-item nav-item--group${childActive ? ' nav-item--within' : ''}`} aria-expanded={open || childActive} aria-controls={listId} onClick={() => setOpen(!open)}>
        <Icon name={group.icon} />
        <span className="nav-item__label">{group.label}</span>
        <Icon name="chevron" className="nav-item__chevron" />
      </button>
      <ul id={listId} className="nav-list nav-list--children" hidden={!(open || childActive)}>
        {group.children.map((child) => (
          <li key={child.label}>
            {child.kind === 'link' ? (
              // Contacts (/contacts) is not also lit on Contact lists (/contacts/lists).
              <Link
                to={child.to}
                className="nav-item nav-item--child"
                activeOptions={{ exact: group.children.some((other) => other.kind === 'link' && other.to.startsWith(`${child.to}/`)) }}
                onClick={onNavigate}
              >
                <span className="nav-item__label">{child.label}</span>
              </Link>
            ) : (
              <UnfinishedItem item={child} short={false} />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

function Communities({ communities, short, onNavigate }: { communities: Community[]; short: boolean; onNavigate?: (() => void) | undefined }) {
  const headingId = useId();
  return (
    <section className="nav-communities" aria-labelledby={headingId}>
      <h2 id={headingId} className={short ? 'visually-hidden' : 'nav-communities__heading'}>
        Communities
      </h2>
      <ul className="nav-list">
        {communities.map((community) => (
          <li key={community.id}>
            <CommunityItem community={community} short={short} onNavigate={onNavigate} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function CommunityItem({ community, short, onNavigate }: { community: Community; short: boolean; onNavigate?: (() => void) | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mark = community.icon ? <img className="nav-item__logo" src={community.icon} alt="" /> : <Icon name="community" />;

  if (community.isJoined) {
    return (
      <WithTooltip short={short} label={community.name}>
        <Link to="/community/$slug" params={{ slug: community.slug }} className="nav-item" aria-label={short ? community.name : undefined} onClick={onNavigate}>
          {mark}
          {!short && <span className="nav-item__label">{community.name}</span>}
        </Link>
      </WithTooltip>
    );
  }

  const join = async () => {
    const yes = await confirmDialog({ title: community.name, message: JOIN_PROMPT, applyLabel: 'Join', cancelLabel: 'Cancel' });
    if (!yes) return;
    await api.post(`/api/v1/communities/${encodeURIComponent(community.slug)}/join`);
    await queryClient.invalidateQueries({ queryKey: currentUserKey });
    onNavigate?.();
    await navigate({ to: '/community/$slug', params: { slug: community.slug } });
  };
  return (
    <WithTooltip short={short} label={community.name}>
      <button type="button" className="nav-item nav-item--unjoined" aria-label={short ? `${community.name} (not joined)` : undefined} onClick={() => void join().catch(() => undefined)}>
        {mark}
        {!short && (
          <>
            <span className="nav-item__label">{community.name}</span>
            <span className="nav-item__hint">Join</span>
          </>
        )}
      </button>
    </WithTooltip>
  );
}
