import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { companyRole } from '../../../../contracts/users/catalogues.ts';
import type { CompanyResponsibility, Spokesperson } from '../../../../contracts/users/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { settingsApi, settingsKeys, useSettingsSlug } from './api.ts';
import { useSaved } from './queries.ts';
import { ResponsibilityFields } from './Responsibility.tsx';
import { SaveSelect, SaveToggle } from './SaveField.tsx';
import { saveWithToast } from './saving.ts';
import { SettingsCard, SettingsLoading } from './SettingsCard.tsx';

export function CompaniesPage() {
  return <Companies slug={useSettingsSlug()} />;
}

/** Companies and responsibilities: join the company of one's email, say what one does there, speak for it, leave. */
export function Companies({ slug }: { slug: string }) {
  const companies = useQuery({ queryKey: settingsKeys.companies(slug), queryFn: ({ signal }) => settingsApi.companies(slug, signal) });
  const spokesperson = useQuery({ queryKey: settingsKeys.spokesperson(slug), queryFn: ({ signal }) => settingsApi.spokesperson(slug, signal) });
  if (!companies.data || !spokesperson.data) return <SettingsLoading label="Companies and responsibilities" />;
  return (
    <div className="settings-stack">
      <SuggestedCompany slug={slug} />
      <SettingsCard title="Your companies" lead="Companies you answer for. You can publish as them and be their media contact.">
        {companies.data.length === 0 ? (
          <EmptyState title="No companies yet" description="When your email is at a company’s domain, Pressroom suggests it above so you can join it." />
        ) : (
          <ul className="responsibility-list">
            {companies.data.map((item) => (
              <CompanyItem key={item.company.id} slug={slug} item={item} />
            ))}
          </ul>
        )}
      </SettingsCard>
      <SpokespersonCard slug={slug} companies={companies.data} spokesperson={spokesperson.data} />
    </div>
  );
}

function SuggestedCompany({ slug }: { slug: string }) {
  const saved = useSaved();
  const [busy, setBusy] = useState(false);
  const suggestion = useQuery({ queryKey: settingsKeys.organization(slug), queryFn: ({ signal }) => settingsApi.onboardingOrganization(slug, signal) });
  const company = suggestion.data?.company;
  if (!company || suggestion.data?.isJoined) return null;
  const join = async () => {
    setBusy(true);
    const joined = await saveWithToast(() => settingsApi.joinCompany(slug, company.id), `You joined ${company.name}.`);
    setBusy(false);
    if (joined) {
      void saved.reload(settingsKeys.companies(slug));
      void saved.reload(settingsKeys.organization(slug));
    }
  };
  return (
    <SettingsCard title="Do you work here?" lead="Your email address is at this company’s domain.">
      <div className="company-suggestion">
        <Avatar name={company.name} src={company.logo} size="md" square />
        <div className="company-suggestion__text">
          <strong>{company.name}</strong>
          <span>{company.website}</span>
        </div>
        <Button loading={busy} onClick={() => void join()}>
          Join {company.name}
        </Button>
      </div>
    </SettingsCard>
  );
}

function CompanyItem({ slug, item }: { slug: string; item: CompanyResponsibility }) {
  const saved = useSaved();
  const { company } = item;
  const put = (next: CompanyResponsibility) =>
    saved.put<CompanyResponsibility[]>(settingsKeys.companies(slug), (saved.get<CompanyResponsibility[]>(settingsKeys.companies(slug)) ?? []).map((held) => (held.company.id === next.company.id ? next : held)));
  const leave = async () => {
    const sure = await confirmDialog({ title: `Leave ${company.name}?`, message: 'You will no longer answer for it, publish as it or speak for it.', applyLabel: 'Leave' });
    if (!sure) return;
    const left = await saveWithToast(() => settingsApi.leaveCompany(slug, company.id), `You left ${company.name}.`);
    if (left) {
      void saved.reload(settingsKeys.companies(slug));
      void saved.reload(settingsKeys.spokesperson(slug));
      void saved.reload(settingsKeys.organization(slug));
    }
  };
  return (
    <li className="responsibility">
      <div className="responsibility__head">
        <Avatar name={company.name} src={company.logo} size="md" square />
        <div className="responsibility__name">
          <Link to="/c/$slug" params={{ slug: company.slug }} className="text-link">
            {company.name}
          </Link>
          <span>{company.website}</span>
        </div>
        <Button variant="ghost" size="sm" onClick={() => void leave()} aria-label={`Leave ${company.name}`}>
          Leave
        </Button>
      </div>
      <ResponsibilityFields suffix={`at ${company.name}`} roleOptions={companyRole.options} value={item} save={async (change) => put(await settingsApi.patchCompany(slug, company.id, change))}>
        <SaveToggle
          label="Media contact"
          hint={`Journalists see you as a contact for ${company.name}.`}
          checked={item.isMediaContact}
          savedText={(on) => (on ? `You are a media contact for ${company.name}.` : `You are no longer a media contact for ${company.name}.`)}
          save={async (isMediaContact) => put(await settingsApi.patchCompany(slug, company.id, { isMediaContact }))}
        />
      </ResponsibilityFields>
    </li>
  );
}

function SpokespersonCard({ slug, companies, spokesperson }: { slug: string; companies: CompanyResponsibility[]; spokesperson: Spokesperson }) {
  const saved = useSaved();
  const save = async (change: Record<string, unknown>) => saved.put(settingsKeys.spokesperson(slug), await settingsApi.patchSpokesperson(slug, change));
  return (
    <SettingsCard title="Spokesperson" lead="Speak for one of your companies: journalists looking for a comment will find you.">
      {companies.length === 0 ? (
        <p className="settings-note">Join a company first: you may speak only for a company you are responsible for.</p>
      ) : (
        <div className="responsibility__fields">
          <SaveSelect label="I speak for" name="spokesperson-company" savedText="Spokesperson saved." value={spokesperson.company ? String(spokesperson.company.id) : ''} save={(id) => save({ company: id ? Number(id) : null })}>
            <option value="">No company</option>
            {companies.map((item) => (
              <option key={item.company.id} value={item.company.id}>
                {item.company.name}
              </option>
            ))}
          </SaveSelect>
          {spokesperson.company && <ResponsibilityFields suffix="as spokesperson" roleOptions={companyRole.options} value={spokesperson} save={save} />}
        </div>
      )}
    </SettingsCard>
  );
}
