import type { LinkType } from '../../../../contracts/users/catalogues.ts';
import { linksBody } from '../../../../contracts/users/settings.ts';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { useProfileInformation, useSaved } from './queries.ts';
import { SaveField } from './SaveField.tsx';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';
import { issueOf } from './validation.ts';

export const LINKS: { type: LinkType; label: string; example: string }[] = [
  { type: 'website', label: 'Website', example: 'example.com' },
  { type: 'authorUrl', label: 'Author page', example: 'outlet.com/authors/you' },
  { type: 'linkedIn', label: 'LinkedIn', example: 'linkedin.com/in/you' },
  { type: 'twitter', label: 'X (Twitter)', example: 'x.com/you' },
  { type: 'instagram', label: 'Instagram', example: 'instagram.com/you' },
  { type: 'facebook', label: 'Facebook', example: 'facebook.com/you' },
  { type: 'youtube', label: 'YouTube', example: 'youtube.com/@you' },
  { type: 'other', label: 'Other link', example: 'example.com/portfolio' },
];

export function SocialPage() {
  const slug = useSettingsSlug();
  const { data } = useProfileInformation(slug);
  const saved = useSaved();
  if (!data) return <SettingsLoading label="Social media profiles" />;
  return (
    <SettingsCard title="Social media profiles" lead="Links appear on your public profile. https:// is added when you leave it out; clear a field to remove its link.">
      <div className="settings-grid">
        {LINKS.map(({ type, label, example }) => (
          <SaveField
            key={type}
            label={label}
            name={type}
            inputMode="url"
            autoComplete="url"
            placeholder={example}
            value={data.links[type] ?? ''}
            validate={(draft) => issueOf(linksBody, { [type]: draft })}
            save={async (draft) => saved.put(settingsKeys.information(slug), await settingsApi.patchLinks(slug, { [type]: draft }))}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
