import { useEffect, useState } from 'react';
import type { ProfileVisibility } from '../../../../contracts/users/catalogues.ts';
import { firstNameBody, jobBody, lastNameBody, organizationBody, type SettingsView } from '../../../../contracts/users/settings.ts';
import { showToast } from '../../ui/toast.tsx';
import { errorLines } from '../auth/FormErrors.tsx';
import { settingsApi, useSettingsSlug } from './api.ts';
import { AvatarField } from './AvatarField.tsx';
import { countryOptions, timezoneLabel, timezoneOptions } from './places.ts';
import { useBasicSettings, useSaved } from './queries.ts';
import { SaveField, SaveSelect } from './SaveField.tsx';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';
import { issueOf } from './validation.ts';

const VISIBILITY: { value: ProfileVisibility; label: string; description: string }[] = [
  { value: 'public', label: 'Public', description: 'Anyone can see your profile: your job, beats, outlets, companies and work contacts.' },
  { value: 'private', label: 'Private', description: 'Others see only your name and photo.' },
];

export function BasicPage() {
  return <BasicDetails slug={useSettingsSlug()} />;
}

/** Basic details: photo, names, job, organization, timezone, country and who may see the profile. */
export function BasicDetails({ slug }: { slug: string }) {
  const { data: settings } = useBasicSettings(slug);
  const saved = useSaved();
  if (!settings) return <SettingsLoading label="Basic details" />;
  const patch = async (path: string, body: unknown) => saved.basic(slug, await settingsApi.patchBasic(slug, path, body));

  return (
    <div className="settings-stack">
      <SettingsCard title="Profile photo" lead="Your photo appears beside your posts, comments and on your profile.">
        <AvatarField slug={slug} settings={settings} onSaved={(view) => saved.basic(slug, view)} />
      </SettingsCard>

      <SettingsCard title="About you" lead="Each field is saved when you leave it or press Enter.">
        <div className="settings-grid">
          <SaveField
            label="First name"
            name="firstname"
            autoComplete="given-name"
            aria-required="true"
            maxLength={100}
            value={settings.firstname}
            validate={(firstname) => issueOf(firstNameBody, { firstname })}
            save={(firstname) => patch('name/first', { firstname })}
          />
          <SaveField
            label="Last name"
            name="lastname"
            autoComplete="family-name"
            aria-required="true"
            maxLength={100}
            value={settings.lastname}
            validate={(lastname) => issueOf(lastNameBody, { lastname })}
            save={(lastname) => patch('name/last', { lastname })}
          />
          <SaveField
            label="Job title"
            name="job"
            autoComplete="organization-title"
            maxLength={200}
            value={settings.job ?? ''}
            validate={(job) => issueOf(jobBody, { job })}
            save={(job) => patch('job', { job })}
          />
          <SaveField
            label="Organization"
            name="organization"
            autoComplete="organization"
            maxLength={200}
            value={settings.organization ?? ''}
            validate={(organization) => issueOf(organizationBody, { organization })}
            save={(organization) => patch('organization', { organization })}
          />
          <SaveSelect label="Timezone" name="timezone" value={settings.timezone} hint="Dates and times are shown in this zone." save={(timezone) => patch('timezone', { timezone })}>
            {timezoneOptions(settings.timezone).map((zone) => (
              <option key={zone} value={zone}>
                {timezoneLabel(zone)}
              </option>
            ))}
          </SaveSelect>
          <SaveSelect label="Country" name="country" value={settings.country?.id ?? ''} save={(id) => patch('country', { id: id || null })}>
            <option value="">Not set</option>
            {countryOptions().map((country) => (
              <option key={country.id} value={country.id}>
                {country.name}
              </option>
            ))}
          </SaveSelect>
        </div>
      </SettingsCard>

      <SettingsCard title="Profile visibility" lead="Choose who can see the details of your public profile.">
        <VisibilityChoice slug={slug} settings={settings} onSaved={(view) => saved.basic(slug, view)} />
      </SettingsCard>
    </div>
  );
}

function VisibilityChoice({ slug, settings, onSaved }: { slug: string; settings: SettingsView; onSaved: (view: SettingsView) => void }) {
  const [saving, setSaving] = useState(false);
  // The choice shows at once; a refusal puts the saved one back.
  const [shown, setShown] = useState(settings.visibility);
  useEffect(() => setShown(settings.visibility), [settings.visibility]);
  const choose = async (visibility: ProfileVisibility) => {
    if (saving || visibility === settings.visibility) return;
    setShown(visibility);
    setSaving(true);
    try {
      onSaved(await settingsApi.visibility(slug, visibility));
      showToast({ type: 'success', lines: [visibility === 'public' ? 'Your profile is public.' : 'Your profile is private.'] });
    } catch (failure) {
      setShown(settings.visibility);
      showToast({ type: 'error', lines: errorLines(failure) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <fieldset className="choice-cards" aria-busy={saving || undefined}>
      <legend className="visually-hidden">Profile visibility</legend>
      {VISIBILITY.map((option) => (
        <label key={option.value} className={`choice-card${shown === option.value ? ' choice-card--chosen' : ''}`}>
          <input type="radio" name="visibility" value={option.value} checked={shown === option.value} onChange={() => void choose(option.value)} />
          <span className="choice-card__text">
            <span className="choice-card__label">{option.label}</span>
            <span className="choice-card__description">{option.description}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
