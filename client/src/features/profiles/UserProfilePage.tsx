import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import type { LinkType } from '../../../../contracts/users/catalogues.ts';
import { countryName, type UserProfile } from '../../../../contracts/users/settings.ts';
import { isRouteAvailable } from '../../routes/access.ts';
import { routeMeta } from '../../routes/meta.ts';
import { Avatar } from '../composer/Avatar.tsx';
import { useViewer } from '../session/useViewer.ts';
import { profileQueries, recentPostsQuery } from './api.ts';
import { BeatList } from './Beats.tsx';
import { roleLabel } from './labels.ts';
import { ProfileStatus } from './ProfileStates.tsx';
import { RecentPosts } from './RecentPosts.tsx';
import './profiles.css';

type Details = NonNullable<UserProfile['details']>;

const LINK_LABELS: Record<LinkType, string> = {
  website: 'Website',
  authorUrl: 'Author page',
  linkedIn: 'LinkedIn',
  twitter: 'X (Twitter)',
  instagram: 'Instagram',
  facebook: 'Facebook',
  youtube: 'YouTube',
  other: 'Other link',
};

/** The part of a link people recognise: the host and path, without the scheme. */
const shortUrl = (url: string) => url.replace(/^https?:\/\/(www\.)?/i, '').replace(/\/$/, '');

/** /u/{slug}: a person's public profile. A private one shows others only the name and photo. */
export function UserProfilePage() {
  const { slug } = useParams({ from: '/u/$slug' });
  const profile = useQuery(profileQueries.user(slug));
  const viewer = useViewer();
  if (!profile.data) return <ProfileStatus error={profile.error} what="profile" />;
  const person = profile.data;
  const own = viewer.user?.id === person.id;
  const canEdit = own && isRouteAvailable(routeMeta.userSettings, viewer);

  return (
    <div className="profile-page">
      <header className="profile-hero">
        <div className="profile-hero__cover" aria-hidden="true" />
        <div className="profile-hero__body">
          <div className="profile-hero__photo">
            <Avatar name={person.name} src={person.avatar} size="lg" />
          </div>
          <div className="profile-hero__text">
            <h1 className="profile-hero__name">{person.name}</h1>
            {person.details && <Headline details={person.details} />}
            {person.details?.country && <p className="profile-hero__place">{person.details.country.name}</p>}
            {person.details && person.details.beats.length > 0 && <BeatList beats={person.details.beats} />}
          </div>
          {viewer.user && !own && !viewer.user.isReadOnly && (
            <Link to="/messages" search={{ to: person.slug }} className="button button--secondary button--md profile-hero__action">
              <span className="button__label">Message</span>
            </Link>
          )}
          {canEdit && (
            <Link to="/u/$slug/settings" params={{ slug: person.slug }} className="button button--secondary button--md profile-hero__action">
              <span className="button__label">Edit profile</span>
            </Link>
          )}
        </div>
      </header>

      {person.details ? (
        <div className="profile-page__columns">
          <div className="profile-page__main">
            <Work details={person.details} />
            {viewer.user && <AuthorPosts authorId={person.id} name={person.firstname} timezone={viewer.user.timezone} readOnly={viewer.user.isReadOnly} />}
          </div>
          <aside className="profile-page__side" aria-label="Contact">
            <Contact details={person.details} name={person.firstname} />
          </aside>
        </div>
      ) : (
        <section className="profile-card profile-card--quiet">
          <h2 className="profile-card__title">This profile is private</h2>
          <p className="profile-card__text">{person.firstname} shares their details only with people they work with on Pressroom.</p>
        </section>
      )}
    </div>
  );
}

function Headline({ details }: { details: Details }) {
  const line = [details.job, details.organization].filter(Boolean).join(' at ');
  return line ? <p className="profile-hero__headline">{line}</p> : null;
}

function Work({ details }: { details: Details }) {
  const { outlets, companies, spokesperson } = details;
  if (outlets.length === 0 && companies.length === 0 && !spokesperson) {
    return (
      <section className="profile-card profile-card--quiet">
        <h2 className="profile-card__title">Responsibilities</h2>
        <p className="profile-card__text">No outlets or companies yet.</p>
      </section>
    );
  }
  return (
    <>
      {outlets.length > 0 && (
        <section className="profile-card" aria-labelledby="profile-outlets">
          <h2 id="profile-outlets" className="profile-card__title">
            Outlets
          </h2>
          <ul className="experience-list">
            {outlets.map((item) => (
              <li key={item.outlet.id} className="experience">
                <span className="experience__mark" aria-hidden="true">
                  {item.outlet.name.charAt(0).toUpperCase()}
                </span>
                <div className="experience__text">
                  <Link to="/o/$slug" params={{ slug: item.outlet.slug }} className="experience__name">
                    {item.outlet.name}
                  </Link>
                  <Roles title={item.roleTitle} roles={item.roles} />
                  <BeatList beats={item.beats} label={`Beats at ${item.outlet.name}`} />
                </div>
              </li>
            ))}
          </ul>
        </section>
      )}
      {(companies.length > 0 || spokesperson) && (
        <section className="profile-card" aria-labelledby="profile-companies">
          <h2 id="profile-companies" className="profile-card__title">
            Companies and responsibilities
          </h2>
          <ul className="experience-list">
            {companies.map((item) => (
              <li key={item.company.id} className="experience">
                <Avatar name={item.company.name} src={item.company.logo} size="md" square />
                <div className="experience__text">
                  <Link to="/c/$slug" params={{ slug: item.company.slug }} className="experience__name">
                    {item.company.name}
                  </Link>
                  <Roles title={item.roleTitle} roles={item.roles} />
                  <div className="experience__badges">
                    {item.isMediaContact && <span className="profile-badge">Media contact</span>}
                    {spokesperson?.company?.id === item.company.id && <span className="profile-badge profile-badge--accent">Spokesperson</span>}
                  </div>
                  <BeatList beats={item.beats} label={`Beats at ${item.company.name}`} />
                </div>
              </li>
            ))}
          </ul>
          {spokesperson?.company && (
            <div className="spokesperson">
              <h3 className="spokesperson__title">Spokesperson for {spokesperson.company.name}</h3>
              <Roles title={spokesperson.roleTitle} roles={spokesperson.roles} />
              <BeatList beats={spokesperson.beats} label="Speaks on" />
            </div>
          )}
        </section>
      )}
    </>
  );
}

function Roles({ title, roles }: { title: string | null; roles: readonly string[] }) {
  const line = [title, roles.map(roleLabel).join(', ')].filter(Boolean).join(' · ');
  return line ? <span className="experience__role">{line}</span> : null;
}

function Contact({ details, name }: { details: Details; name: string }) {
  const links = (Object.keys(LINK_LABELS) as LinkType[]).flatMap((type) => (details.links[type] ? [{ type, url: details.links[type] }] : []));
  const phones = [
    { label: 'Work (direct)', value: details.contacts.workDirect },
    { label: 'Work (reception)', value: details.contacts.workReception },
  ].filter((phone) => phone.value);
  const office = details.office;
  const officeLines = office ? [office.street, [office.city, office.state, office.postcode].filter(Boolean).join(' '), office.country ? countryName(office.country) : null].filter(Boolean) : [];
  if (links.length === 0 && phones.length === 0 && officeLines.length === 0) {
    return (
      <section className="profile-card profile-card--quiet">
        <h2 className="profile-card__title">Contact</h2>
        <p className="profile-card__text">{name} has not shared contact details yet.</p>
      </section>
    );
  }
  return (
    <section className="profile-card" aria-labelledby="profile-contact">
      <h2 id="profile-contact" className="profile-card__title">
        Contact
      </h2>
      <dl className="contact-list">
        {links.map((link) => (
          <div key={link.type} className="contact-list__row">
            <dt>{LINK_LABELS[link.type]}</dt>
            <dd>
              <a href={link.url!} target="_blank" rel="noopener noreferrer nofollow" className="text-link">
                {shortUrl(link.url!)}
              </a>
            </dd>
          </div>
        ))}
        {phones.map((phone) => (
          <div key={phone.label} className="contact-list__row">
            <dt>{phone.label}</dt>
            <dd>
              <a href={`tel:${phone.value!.replace(/[^\d+]/g, '')}`} className="text-link">
                {phone.value}
              </a>
            </dd>
          </div>
        ))}
        {officeLines.length > 0 && (
          <div className="contact-list__row">
            <dt>Office</dt>
            <dd>
              <address>
                {officeLines.map((line) => (
                  <span key={line} className="contact-list__line">
                    {line}
                  </span>
                ))}
              </address>
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}

/** The person's newest posts that this reader may see; nothing while they load. */
function AuthorPosts({ authorId, name, timezone, readOnly }: { authorId: number; name: string; timezone: string; readOnly: boolean }) {
  const posts = useQuery(recentPostsQuery(authorId));
  if (!posts.data) return null;
  return <RecentPosts name={name} posts={posts.data.data} timezone={timezone} readOnly={readOnly} />;
}
