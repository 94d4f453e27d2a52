import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Avatar } from '../composer/Avatar.tsx';
import { profileQueries } from './api.ts';
import { PeopleList, type Person } from './PeopleList.tsx';
import { ProfileStatus } from './ProfileStates.tsx';
import './profiles.css';

const host = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');

/** /c/{slug}: a company's page, with the people who answer for it and its spokespersons. */
export function CompanyPage() {
  const { slug } = useParams({ from: '/c/$slug' });
  const company = useQuery(profileQueries.company(slug));
  if (!company.data) return <ProfileStatus error={company.error} what="company" />;
  const { name, logo, website, people, spokespersons } = company.data;
  return (
    <OrganizationPage
      kind="Company"
      name={name}
      url={website}
      picture={<Avatar name={name} src={logo} size="lg" square />}
      sections={[
        { title: 'Spokespersons', people: spokespersons, empty: null },
        { title: 'People', people, empty: `Nobody at ${name} has a public profile yet.` },
      ]}
    />
  );
}

/** /o/{slug}: an outlet's page, with the journalists who work for it. */
export function OutletPage() {
  const { slug } = useParams({ from: '/o/$slug' });
  const outlet = useQuery(profileQueries.outlet(slug));
  if (!outlet.data) return <ProfileStatus error={outlet.error} what="outlet" />;
  const { name, url, people } = outlet.data;
  return (
    <OrganizationPage
      kind="Outlet"
      name={name}
      url={url}
      picture={
        <span className="profile-hero__mark" aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      }
      sections={[{ title: 'Journalists', people, empty: `Nobody writing for ${name} has a public profile yet.` }]}
    />
  );
}

type Section = { title: string; people: readonly Person[]; empty: string | null };

function OrganizationPage({ kind, name, url, picture, sections }: { kind: string; name: string; url: string; picture: ReactNode; sections: Section[] }) {
  return (
    <div className="profile-page">
      <header className="profile-hero">
        <div className="profile-hero__cover" aria-hidden="true" />
        <div className="profile-hero__body">
          <div className="profile-hero__photo profile-hero__photo--square">{picture}</div>
          <div className="profile-hero__text">
            <p className="profile-hero__kind">{kind}</p>
            <h1 className="profile-hero__name">{name}</h1>
            <a href={url} target="_blank" rel="noopener noreferrer" className="text-link">
              {host(url)}
            </a>
          </div>
        </div>
      </header>
      {sections.map(
        (section) =>
          (section.people.length > 0 || section.empty) && (
            <section key={section.title} className="profile-card" aria-label={section.title}>
              <h2 className="profile-card__title">{section.title}</h2>
              {section.people.length > 0 ? <PeopleList people={section.people} label={section.title} /> : <p className="profile-card__text">{section.empty}</p>}
            </section>
          ),
      )}
    </div>
  );
}
