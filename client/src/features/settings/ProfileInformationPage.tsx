import { useState } from 'react';
import type { AddressType, ContactChannel } from '../../../../contracts/users/catalogues.ts';
import type { Address } from '../../../../contracts/users/settings-events.ts';
import { addressBody, contactsBody, type ProfileInformation } from '../../../../contracts/users/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { useClipboard } from '../../ui/useClipboard.ts';
import { errorLines, FormErrors } from '../auth/FormErrors.tsx';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { countryOptions } from './places.ts';
import { useProfileInformation, useSaved } from './queries.ts';
import { SaveField, SaveSelect } from './SaveField.tsx';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';
import { issueOf } from './validation.ts';

const CHANNELS: { channel: ContactChannel; label: string }[] = [
  { channel: 'workDirect', label: 'Work phone (direct)' },
  { channel: 'workReception', label: 'Work phone (reception)' },
  { channel: 'mobile', label: 'Mobile phone' },
  { channel: 'home', label: 'Home phone' },
];

const ADDRESSES: { type: AddressType; title: string; lead: string }[] = [
  { type: 'office', title: 'Office address', lead: 'Shown on your public profile.' },
  { type: 'postal', title: 'Postal address', lead: 'Only you see it.' },
  { type: 'home', title: 'Home address', lead: 'Only you see it.' },
];

const ADDRESS_LINES: { line: Exclude<keyof Address, 'country'>; label: string; autoComplete: string }[] = [
  { line: 'street', label: 'Street', autoComplete: 'address-line1' },
  { line: 'city', label: 'City', autoComplete: 'address-level2' },
  { line: 'state', label: 'State or region', autoComplete: 'address-level1' },
  { line: 'postcode', label: 'Postcode', autoComplete: 'postal-code' },
];

const BLANK: Address = { street: '', city: '', state: '', postcode: '', country: null };

export function ProfileInformationPage() {
  const slug = useSettingsSlug();
  const { data } = useProfileInformation(slug);
  const saved = useSaved();
  if (!data) return <SettingsLoading label="Profile information" />;
  const put = (view: ProfileInformation) => saved.put(settingsKeys.information(slug), view);

  return (
    <div className="settings-stack">
      <SettingsCard title="Phone numbers" lead="Work numbers appear on your public profile; mobile and home numbers never do.">
        <div className="settings-grid">
          {CHANNELS.map(({ channel, label }) => (
            <SaveField
              key={channel}
              label={label}
              name={channel}
              type="tel"
              autoComplete="tel"
              value={data.contacts[channel] ?? ''}
              validate={(draft) => issueOf(contactsBody, { [channel]: draft })}
              save={async (draft) => put(await settingsApi.patchContacts(slug, { [channel]: draft }))}
            />
          ))}
        </div>
      </SettingsCard>

      {ADDRESSES.map(({ type, title, lead }) => {
        const address = data.addresses[type] ?? BLANK;
        const save = async (change: Partial<Address>) => put(await settingsApi.patchAddress(slug, type, { ...address, ...change }));
        return (
          <SettingsCard key={type} title={title} lead={lead}>
            <div className="settings-grid">
              {ADDRESS_LINES.map(({ line, label, autoComplete }) => (
                <SaveField
                  key={line}
                  label={label}
                  name={`${type}-${line}`}
                  autoComplete={`section-${type} ${autoComplete}`}
                  value={address[line]}
                  validate={(draft) => issueOf(addressBody, { ...address, [line]: draft })}
                  save={(draft) => save({ [line]: draft })}
                />
              ))}
              <SaveSelect label="Country" name={`${type}-country`} value={address.country ?? ''} save={(country) => save({ country: country || null })}>
                <option value="">Not set</option>
                {countryOptions().map((country) => (
                  <option key={country.id} value={country.id}>
                    {country.name}
                  </option>
                ))}
              </SaveSelect>
            </div>
          </SettingsCard>
        );
      })}

      <ProfileSuggestion slug={slug} />
    </div>
  );
}

/** A first draft of an "about" text, written by the server from what the person already told us. */
function ProfileSuggestion({ slug }: { slug: string }) {
  const [text, setText] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  const { copy, copied } = useClipboard();
  const suggest = async () => {
    setBusy(true);
    setLines([]);
    try {
      setText((await settingsApi.suggestion(slug)).text);
    } catch (failure) {
      setLines(errorLines(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <SettingsCard title="Profile text" lead="Let Pressroom draft a short introduction from your job, organization, beats, outlets and companies.">
      <FormErrors lines={lines} />
      {text && (
        <blockquote className="profile-suggestion" aria-live="polite">
          {text}
        </blockquote>
      )}
      <div className="settings-actions">
        <Button variant={text ? 'secondary' : 'primary'} loading={busy} onClick={() => void suggest()}>
          {text ? 'Suggest again' : 'Suggest a profile text'}
        </Button>
        {text && (
          <Button variant="ghost" onClick={() => void copy(text)}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </div>
    </SettingsCard>
  );
}
