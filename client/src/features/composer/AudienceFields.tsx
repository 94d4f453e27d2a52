import { useQuery } from '@tanstack/react-query';
import type { UserType } from '../../../../contracts/posts/kinds.ts';
import type { CompanyResponsibility } from '../../../../contracts/users/settings.ts';
import type { CurrentUser } from '../../../../contracts/users/current-user.ts';
import { api } from '../../lib/api/index.ts';
import { Select } from '../../ui/Input.tsx';
import { CheckIcon } from '../../ui/icons.tsx';
import { isAdmin } from '../session/currentUser.ts';

/** Spec section 1: the user types a post can be for, and their labels. */
export const USER_TYPE_LABELS: Record<UserType, string> = { journo: 'Journalists', marketing: 'PR and marketing', experts: 'Experts' };

type ChipProps = { label: string; pressed: boolean; onToggle: () => void };

function Chip({ label, pressed, onToggle }: ChipProps) {
  return (
    <button type="button" className={`composer-chip${pressed ? ' composer-chip--on' : ''}`} aria-pressed={pressed} onClick={onToggle}>
      {pressed && <CheckIcon width="14" height="14" aria-hidden="true" />}
      {label}
    </button>
  );
}

const toggled = <T,>(list: readonly T[], item: T) => (list.includes(item) ? list.filter((other) => other !== item) : [...list, item]);

type AudienceProps = {
  user: CurrentUser;
  userTypes: UserType[];
  communities: number[];
  onUserTypes: (next: UserType[]) => void;
  onCommunities: (next: number[]) => void;
  errors: { userTypes?: string | undefined; communities?: string | undefined };
};

/**
 * Who the post is for: user types (none chosen means everyone) and communities. People post
 * into communities they have joined; platform admins into any.
 */
export function AudienceFields({ user, userTypes, communities, onUserTypes, onCommunities, errors }: AudienceProps) {
  const open = user.communities.filter((community) => community.isJoined || isAdmin(user) || communities.includes(community.id));
  return (
    <div className="composer-audience">
      <fieldset className="composer-fieldset">
        <legend className="field__label">Who can see it</legend>
        <div className="composer-chips">
          {(Object.keys(USER_TYPE_LABELS) as UserType[]).map((type) => (
            <Chip key={type} label={USER_TYPE_LABELS[type]} pressed={userTypes.includes(type)} onToggle={() => onUserTypes(toggled(userTypes, type))} />
          ))}
        </div>
        <p className="field__hint">{userTypes.length === 0 ? 'Everyone on Pressroom' : `Only ${userTypes.map((type) => USER_TYPE_LABELS[type]).join(', ')}`}</p>
        {errors.userTypes && <p className="field__error">{errors.userTypes}</p>}
      </fieldset>
      {open.length > 0 && (
        <fieldset className="composer-fieldset">
          <legend className="field__label">Communities</legend>
          <div className="composer-chips">
            {open.map((community) => (
              <Chip
                key={community.id}
                label={community.name}
                pressed={communities.includes(community.id)}
                onToggle={() => onCommunities(toggled(communities, community.id))}
              />
            ))}
          </div>
          {errors.communities && <p className="field__error">{errors.communities}</p>}
        </fieldset>
      )}
    </div>
  );
}

type Companies = { data: CompanyResponsibility[] };

/** The companies the person answers for: they may publish as any of them (saveAs). */
export function useSaveAsCompanies(user: CurrentUser) {
  return useQuery({
    queryKey: ['composer', 'saveAs', user.slug],
    queryFn: ({ signal }) => api.get<Companies>(`/api/v1/u/${encodeURIComponent(user.slug)}/settings/responsibilities/companies`, { signal, quiet: true }),
    select: (answer) => answer.data.map((responsibility) => responsibility.company),
    staleTime: 5 * 60_000,
  });
}

type SaveAsProps = { user: CurrentUser; value: 'self' | number; onChange: (next: 'self' | number) => void; error?: string | undefined };

/** "Post as": oneself, or a company one is responsible for; shown only when there is a choice. */
export function SaveAsField({ user, value, onChange, error }: SaveAsProps) {
  const companies = useSaveAsCompanies(user).data ?? [];
  if (companies.length === 0) return null;
  return (
    <Select
      label="Post as"
      value={String(value)}
      error={error}
      className="composer-save-as"
      onChange={(event) => onChange(event.target.value === 'self' ? 'self' : Number(event.target.value))}
    >
      <option value="self">
        {user.firstname} {user.lastname}
      </option>
      {companies.map((company) => (
        <option key={company.id} value={company.id}>
          {company.name}
        </option>
      ))}
    </Select>
  );
}
