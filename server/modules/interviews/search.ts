import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the interview aliased `i` is for a person of this user type: a callout that names
 * user types is for them alone (the Interview Wire's rule), one that names none is for everyone.
 */
export const targetedAt = (userType: string | null): RawBuilder<boolean> =>
  sql<boolean>`(cardinality(i.callout_user_types) = 0 or ${userType}::text = any(i.callout_user_types))`;

/**
 * Which interviews (aliased `i`) search may show a signed-in person: those of their lists on
 * /interviews. A draft for its creator and the colleagues it is shared with (those invited hear
 * of it at publishing, as their notification and Awaiting answers do); once published, also for
 * those it is targeted at, those invited to it and those who answered it. All of them may
 * open what they find (permissions.ts mayView); search just never carries a callout past the
 * people it targets.
 */
export function findableBy(person: { id: number; userType: string | null }): RawBuilder<boolean> {
  const me = sql`${person.id}::int8`;
  return sql<boolean>`(i.creator_id = ${me}
    or exists (select 1 from interview_shares s where s.interview_id = i.id and s.user_id = ${me})
    or (i.status <> 'draft' and (${targetedAt(person.userType)}
      or exists (select 1 from interview_invitations v where v.interview_id = i.id and v.user_id = ${me})
      or exists (select 1 from interview_responses r where r.interview_id = i.id and r.user_id = ${me}))))`;
}
