import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { CommunityView } from '../../../../contracts/communities/api.ts';
import { KIND_LABELS } from '../../../../contracts/posts/kinds.ts';
import { compactNumber, fromNow } from '../../lib/format/index.ts';
import { useRoom, useSocketEvent } from '../../lib/realtime/index.ts';
import { Button } from '../../ui/Button.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { SafeImage } from '../../ui/Image.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { CreatePostButton } from '../composer/CreatePostButton.tsx';
import { PostList } from '../feed/PostList.tsx';
import { usePostModal } from '../posts/openPost.ts';
import { JOIN_PROMPT } from '../layout/NavigationList.tsx';
import { withArticle } from '../notifications/wording.ts';
import { useCurrentUser } from '../session/currentUser.ts';
import { communityKeys, useActivities, useCommunity, useMembers, useToggleMembership } from './queries.ts';
import './communities.css';

const MEMBERS_SHOWN = 8;

function membershipLabel(community: CommunityView): string {
  if (community.isJoined) return 'Leave';
  if (community.joinRequested) return 'Withdraw request';
  return community.type === 'private' ? 'Ask to join' : 'Join';
}

function MembershipButton({ community }: { community: CommunityView }) {
  const toggle = useToggleMembership(community.slug);
  return (
    <Button variant={community.isJoined || community.joinRequested ? 'secondary' : 'primary'} loading={toggle.isPending} onClick={() => toggle.mutate()}>
      {membershipLabel(community)}
    </Button>
  );
}

/** The live member count: membership:changed on the community's room. */
function useLiveMembership(community: CommunityView | null | undefined) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const readable = Boolean(community && (community.type === 'public' || community.isJoined || community.canManage));
  useRoom(community && readable ? `community:${community.slug}` : null);
  useSocketEvent('membership:changed', (message) => {
    if (!community || message.communityId !== community.id) return;
    queryClient.setQueryData<CommunityView | null>(communityKeys.one(community.slug), (current) =>
      current
        ? {
            ...current,
            membersCount: message.membersCount,
            ...(message.userId === user?.id ? { isJoined: message.isJoined, joinRequested: false } : {}),
          }
        : current,
    );
    void queryClient.invalidateQueries({ queryKey: communityKeys.members(community.slug) });
    void queryClient.invalidateQueries({ queryKey: communityKeys.activities(community.slug) });
  });
}

function MembersCard({ community, readable }: { community: CommunityView; readable: boolean }) {
  const members = useMembers(community.slug, readable, MEMBERS_SHOWN);
  return (
    <section className="community-card" aria-labelledby="community-members">
      <h2 id="community-members" className="community-card__title">
        Members <span className="community-card__count">{compactNumber(community.membersCount)}</span>
      </h2>
      {!readable ? (
        <p className="community-card__muted">Members are visible once you join.</p>
      ) : members.isPending ? (
        <Spinner size="sm" label="Loading members" />
      ) : (members.data?.data.length ?? 0) === 0 ? (
        <p className="community-card__muted">No members yet.</p>
      ) : (
        <ul className="community-members">
          {members.data?.data.map((member) => (
            <li key={member.author.id} className="community-member">
              <Avatar name={member.author.name} src={member.author.avatar} size="sm" />
              <span className="community-member__text">
                <Link to="/u/$slug" params={{ slug: member.author.slug }} className="community-member__name">
                  {member.author.name}
                </Link>
                {member.isAdmin && <span className="community-tag">Admin</span>}
                <span className="community-member__about">
                  {member.about || 'Member'} · active {fromNow(member.lastActiveStamp * 1000)}
                </span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ActivitiesCard({ community, readable }: { community: CommunityView; readable: boolean }) {
  const activities = useActivities(community.slug, readable);
  const postModal = usePostModal();
  if (!readable) return null;
  const items = activities.data?.data ?? [];
  return (
    <section className="community-card" aria-labelledby="community-activity">
      <h2 id="community-activity" className="community-card__title">
        Recent activity
      </h2>
      {activities.isPending ? (
        <Spinner size="sm" label="Loading activity" />
      ) : items.length === 0 ? (
        <p className="community-card__muted">Nothing posted yet.</p>
      ) : (
        <ul className="community-activities">
          {items.map((activity) => (
            <li key={activity.post.id}>
              <button type="button" className="community-activity" onClick={() => postModal.open(activity.post.type, activity.post.id)}>
                <Avatar name={activity.author.name} src={activity.author.avatar} size="sm" square={activity.author.type === 'company'} />
                <span>
                  <strong>{activity.author.name}</strong> posted {withArticle(KIND_LABELS[activity.post.type].toLowerCase())}
                  <span className="community-activity__title">{activity.post.title || activity.content}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** /community/{slug}: banner, logo, description, membership, the community's posts, members and activity. */
export function CommunityPage({ slug }: { slug: string }) {
  const community = useCommunity(slug);
  const navigate = useNavigate();
  const view = community.data;
  useLiveMembership(view);

  useEffect(() => {
    // A renamed community answers at its old address with its new one: show the current address.
    if (view && view.slug !== slug) void navigate({ to: '/community/$slug', params: { slug: view.slug }, replace: true });
  }, [view, slug, navigate]);

  if (community.isPending) {
    return (
      <div className="community-page community-page--loading">
        <Spinner label="Loading community" />
      </div>
    );
  }
  if (!view) {
    return (
      <div className="community-page">
        <EmptyState title="This community does not exist" description="It may have been removed, or the address is wrong." action={<Link to="/">Back to the feed</Link>} />
      </div>
    );
  }

  const readable = view.type === 'public' || view.isJoined || view.canManage;
  return (
    <div className="community-page">
      <header className="community-header">
        <div className="community-header__banner">{view.banner && <SafeImage src={view.banner} alt="" className="community-header__banner-image" fallback={<span />} />}</div>
        <div className="community-header__body">
          <span className="community-header__logo">
            <Avatar name={view.name} src={view.logo} size="lg" square />
          </span>
          <div className="community-header__main">
            <h1 className="community-header__name">{view.name}</h1>
            <p className="community-header__meta">
              <span>{view.type === 'private' ? 'Private community' : 'Public community'}</span>
              <span aria-hidden="true"> · </span>
              <span data-testid="community-members-count">
                {compactNumber(view.membersCount)} {view.membersCount === 1 ? 'member' : 'members'}
              </span>
              {view.country && (
                <>
                  <span aria-hidden="true"> · </span>
                  <span>{view.country}</span>
                </>
              )}
            </p>
          </div>
          <div className="community-header__actions">
            <MembershipButton community={view} />
          </div>
        </div>
        {view.description && <p className="community-header__description">{view.description}</p>}
      </header>

      {!view.isJoined && (
        <div className="community-prompt" role="note">
          {view.joinRequested ? 'Your request to join is waiting for an admin of this community.' : JOIN_PROMPT}
        </div>
      )}

      <div className="community-columns">
        <div className="community-main">
          {view.isJoined && <CreatePostButton communityId={view.id} />}
          {readable ? (
            <PostList communitySlug={view.slug} />
          ) : (
            <EmptyState title="This community is private" description="Ask to join to see and share its posts." />
          )}
        </div>
        <aside className="community-aside">
          <MembersCard community={view} readable={readable} />
          <ActivitiesCard community={view} readable={readable} />
        </aside>
      </div>
    </div>
  );
}

/** The route's screen: one page per address, so a new slug starts a fresh page. */
export function CommunityRoute() {
  const { slug } = useParams({ strict: false }) as { slug?: string };
  return <CommunityPage key={slug} slug={slug ?? ''} />;
}
