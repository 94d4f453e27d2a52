import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { useSaved } from './queries.ts';
import { SaveToggle } from './SaveField.tsx';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';

export function FollowsPage() {
  return <Follows slug={useSettingsSlug()} />;
}

/** My follows: the feeds and communities whose posts reach the home feed. Following is not joining. */
export function Follows({ slug }: { slug: string }) {
  const saved = useSaved();
  const feeds = useQuery({ queryKey: settingsKeys.feedFollows(slug), queryFn: ({ signal }) => settingsApi.feedFollows(slug, signal) });
  const communities = useQuery({ queryKey: settingsKeys.communityFollows(slug), queryFn: ({ signal }) => settingsApi.communityFollows(slug, signal) });
  if (!feeds.data || !communities.data) return <SettingsLoading label="My follows" />;
  return (
    <div className="settings-stack">
      <SettingsCard title="Feeds" lead="Follow the kinds of news you want in your home feed.">
        <div className="toggle-list">
          {feeds.data.data.map((feed) => (
            <SaveToggle
              key={feed.id}
              label={feed.name}
              checked={feed.isFollowed}
              savedText={(on) => (on ? `You follow ${feed.name}.` : `You no longer follow ${feed.name}.`)}
              save={async (follow) => saved.put(settingsKeys.feedFollows(slug), await settingsApi.followFeed(slug, feed.id, follow))}
            />
          ))}
        </div>
      </SettingsCard>
      <SettingsCard title="Communities" lead="Posts of the communities you follow reach your home feed. Following does not make you a member.">
        {communities.data.data.length === 0 ? (
          <EmptyState title="No communities yet" description="Communities you can read will be listed here." />
        ) : (
          <ul className="follow-list">
            {communities.data.data.map((community) => (
              <li key={community.id} className="follow-list__item">
                <Avatar name={community.name} src={community.icon} size="sm" square />
                <SaveToggle
                  label={community.name}
                  checked={community.isFollowed}
                  savedText={(on) => (on ? `You follow ${community.name}.` : `You no longer follow ${community.name}.`)}
                  save={async (follow) => saved.put(settingsKeys.communityFollows(slug), await settingsApi.followCommunity(slug, community.id, follow))}
                />
              </li>
            ))}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}
