import { useQuery } from '@tanstack/react-query';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { useSaved } from './queries.ts';
import { SaveToggle } from './SaveField.tsx';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';

/** Newsletter subscriptions: mail is opt-in, so each starts off. */
export function SubscriptionsPage() {
  const slug = useSettingsSlug();
  const saved = useSaved();
  const { data } = useQuery({ queryKey: settingsKeys.subscriptions(slug), queryFn: ({ signal }) => settingsApi.subscriptions(slug, signal) });
  if (!data) return <SettingsLoading label="Newsletter subscriptions" />;
  return (
    <SettingsCard title="Newsletter subscriptions" lead="Choose the mail you want from Pressroom. You can change your mind at any time.">
      <div className="toggle-list">
        {data.data.map((letter) => (
          <SaveToggle
            key={letter.id}
            label={letter.name}
            hint={letter.description}
            checked={letter.subscribed}
            savedText={(on) => (on ? `Subscribed to ${letter.name}.` : `Unsubscribed from ${letter.name}.`)}
            save={async (subscribed) => saved.put(settingsKeys.subscriptions(slug), await settingsApi.subscribe(slug, letter.id, subscribed))}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
