import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { outletRole } from '../../../../contracts/users/catalogues.ts';
import { BEATS, type Beat } from '../../../../contracts/users/enums.ts';
import { outletRequest, type OutletResponsibility } from '../../../../contracts/users/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Input } from '../../ui/Input.tsx';
import { showToast } from '../../ui/toast.tsx';
import { errorLines } from '../auth/FormErrors.tsx';
import { BeatPicker } from '../profiles/Beats.tsx';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { useBasicSettings, useSaved } from './queries.ts';
import { ResponsibilityFields } from './Responsibility.tsx';
import { saveWithToast } from './saving.ts';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';
import { issueOf } from './validation.ts';

export function BeatsOutletsPage() {
  return <BeatsOutlets slug={useSettingsSlug()} />;
}

/** Beats and outlets: what the person covers, and where they publish. */
export function BeatsOutlets({ slug }: { slug: string }) {
  const { data: settings } = useBasicSettings(slug);
  const outlets = useQuery({ queryKey: settingsKeys.outlets(slug), queryFn: ({ signal }) => settingsApi.outlets(slug, signal) });
  const saved = useSaved();
  const [busy, setBusy] = useState(false);
  if (!settings || !outlets.data) return <SettingsLoading label="Beats and outlets" />;

  const toggleBeat = async (beat: Beat, on: boolean) => {
    if (busy) return;
    const held = settings.beats.map((chosen) => chosen.id);
    const ids = on ? [...held, beat.id] : held.filter((id) => id !== beat.id);
    setBusy(true);
    await saveWithToast(async () => saved.basic(slug, await settingsApi.patchBasic(slug, 'beats', { ids })), 'Beats saved.');
    setBusy(false);
  };

  return (
    <div className="settings-stack">
      <SettingsCard title="Your beats" lead="The subjects you cover or speak about. They shape your feed and show on your profile.">
        <BeatPicker legend="Beats" beats={BEATS} chosen={settings.beats.map((beat) => beat.id)} disabled={busy} onToggle={(beat, on) => void toggleBeat(beat, on)} />
      </SettingsCard>
      <SettingsCard title="Outlets" lead="The publications you write, film or broadcast for. Add one by its website address.">
        <AddOutlet slug={slug} />
        {outlets.data.length === 0 ? (
          <EmptyState title="No outlets yet" description="Add the outlets you work for, so people know where your stories appear." />
        ) : (
          <ul className="responsibility-list">
            {outlets.data.map((item) => (
              <OutletItem key={item.outlet.id} slug={slug} item={item} />
            ))}
          </ul>
        )}
      </SettingsCard>
    </div>
  );
}

function AddOutlet({ slug }: { slug: string }) {
  const saved = useSaved();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const problem = issueOf(outletRequest, { url });
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const added = await settingsApi.addOutlet(slug, url);
      setUrl('');
      void saved.reload(settingsKeys.outlets(slug));
      showToast({ type: 'success', lines: [`${added.outlet.name} added to your outlets.`] });
    } catch (failure) {
      setError(errorLines(failure).join(' '));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="inline-form" onSubmit={(event) => void add(event)} noValidate>
      <Input
        label="Outlet website"
        name="outletUrl"
        inputMode="url"
        autoComplete="url"
        placeholder="theguardian.com"
        value={url}
        error={error ?? undefined}
        onChange={(event) => {
          setUrl(event.target.value);
          if (error) setError(issueOf(outletRequest, { url: event.target.value }));
        }}
      />
      <Button type="submit" variant="secondary" loading={busy}>
        Add outlet
      </Button>
    </form>
  );
}

function OutletItem({ slug, item }: { slug: string; item: OutletResponsibility }) {
  const saved = useSaved();
  const { outlet } = item;
  const put = (next: OutletResponsibility) =>
    saved.put<OutletResponsibility[]>(settingsKeys.outlets(slug), (saved.get<OutletResponsibility[]>(settingsKeys.outlets(slug)) ?? []).map((held) => (held.outlet.id === next.outlet.id ? next : held)));
  const remove = async () => {
    const sure = await confirmDialog({ title: `Remove ${outlet.name}?`, message: 'It will no longer show on your profile.', applyLabel: 'Remove' });
    if (!sure) return;
    if (await saveWithToast(() => settingsApi.removeOutlet(slug, outlet.id), `${outlet.name} removed from your outlets.`)) void saved.reload(settingsKeys.outlets(slug));
  };
  return (
    <li className="responsibility">
      <div className="responsibility__head">
        <span className="responsibility__mark" aria-hidden="true">
          {outlet.name.charAt(0).toUpperCase()}
        </span>
        <div className="responsibility__name">
          <Link to="/o/$slug" params={{ slug: outlet.slug }} className="text-link">
            {outlet.name}
          </Link>
          <span>{outlet.url}</span>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void remove()} aria-label={`Remove ${outlet.name}`}>
          Remove
        </Button>
      </div>
      <ResponsibilityFields suffix={`at ${outlet.name}`} roleOptions={outletRole.options} value={item} save={async (change) => put(await settingsApi.patchOutlet(slug, outlet.id, change))} />
    </li>
  );
}
