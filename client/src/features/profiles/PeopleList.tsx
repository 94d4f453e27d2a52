import { Link } from '@tanstack/react-router';
import type { Beat } from '../../../../contracts/users/enums.ts';
import { Avatar } from '../composer/Avatar.tsx';
import { roleLabel } from './labels.ts';
import { BeatList } from './Beats.tsx';

export type Person = { id: number; slug: string; name: string; avatar: string | null; roleTitle: string | null; roles: readonly string[]; beats: readonly Beat[]; isMediaContact?: boolean };

/** People of a company or an outlet: face, name, what they do there, and their beats. */
export function PeopleList({ people, label }: { people: readonly Person[]; label: string }) {
  return (
    <ul className="people-list" aria-label={label}>
      {people.map((person) => (
        <li key={person.id} className="people-list__item">
          <Avatar name={person.name} src={person.avatar} size="md" />
          <div className="people-list__text">
            <Link to="/u/$slug" params={{ slug: person.slug }} className="people-list__name">
              {person.name}
            </Link>
            {(person.roleTitle || person.roles.length > 0) && (
              <span className="people-list__role">{[person.roleTitle, person.roles.map(roleLabel).join(', ')].filter(Boolean).join(' · ')}</span>
            )}
            {person.isMediaContact && <span className="profile-badge">Media contact</span>}
            <BeatList beats={person.beats} label={`${person.name}’s beats`} />
          </div>
        </li>
      ))}
    </ul>
  );
}
