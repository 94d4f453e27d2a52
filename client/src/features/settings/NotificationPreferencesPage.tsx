import { useQuery } from '@tanstack/react-query';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { useSaved } from './queries.ts';
import { SaveToggle } from './SaveField.tsx';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';

/** Which notifications arrive in the app, type by type; every type is on until turned off. */
export function NotificationPreferencesPage() {
  const slug = useSettingsSlug();
  const saved = useSaved();
  const { data } = useQuery({ queryKey: settingsKeys.notifications(slug), queryFn: ({ signal }) => settingsApi.notifications(slug, signal) });
  if (!data) return <SettingsLoading label="Notifications" />;
  return (
    <SettingsCard title="Notifications" lead="Choose what you are told about in Pressroom. Turned off, it no longer reaches your notifications.">
      <div className="toggle-list">
        {data.data.map((preference) => (
          <SaveToggle
            key={preference.type}
            label={preference.label}
            checked={preference.inApp}
            savedText={(on) => `${preference.label}: notifications ${on ? 'on' : 'off'}.`}
            save={async (inApp) => saved.put(settingsKeys.notifications(slug), await settingsApi.setNotification(slug, preference.type, inApp))}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
