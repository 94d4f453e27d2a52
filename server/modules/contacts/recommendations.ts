import { sql, type Kysely } from 'kysely';
import type { RecommendationView } from '../../../contracts/contacts/api.ts';
import { BEATS, type AccountRole } from '../../../contracts/users/enums.ts';
import type { Database } from '../../db/schema.ts';
import { announcementBeatsOf } from '../announcements/index.ts';
import { postLinesByAuthor, viewerOf } from '../posts/index.ts';
import type { Reader } from './timeline.ts';
import './tables.ts';

const DAY = 86_400_000;
/** How far back posts and callouts count as recent. */
const RECENT_DAYS = 30;
/** Candidates ranked by beats and outlets, of whom the best are then weighed by what they posted. */
const SHORTLIST = 60;
const SHOWN = 20;
const WEIGHT = { beat: 3, outlet: 2, callout: 2, post: 1 };
const MAX_COUNTED = { callouts: 3, posts: 5 };

const beatName = new Map<number, string>(BEATS.map((beat) => [beat.id, beat.name]));

/** "today", "yesterday", "3 days ago", "last week", "3 weeks ago". */
export function whenSaid(at: Date, now: Date): string {
  const days = Math.floor((now.getTime() - at.getTime()) / DAY);
  if (days < 1) return 'today';
  if (days < 2) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 14) return 'last week';
  return `${Math.floor(days / 7)} weeks ago`;
}

const listed = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * Journalists and experts on the platform the account might approach: public profiles of other
 * accounts (or none), not kept as contacts yet, not dismissed. Ranked by the beats they share with
 * the account (its people's beats and its announcements'), the outlets they work at that the
 * account's contacts also list, and their recent posts and callouts the reader may read.
 */
export async function recommendations(db: Kysely<Database>, reader: Reader, now = new Date()): Promise<RecommendationView[]> {
  const accountId = reader.accountId;
  const announced = await announcementBeatsOf(db, accountId);
  const { rows } = await sql<{ id: number; role: 'journo' | 'expert'; slug: string; logo: string | null; name: string; job_title: string | null; beats: number[]; outlets: string[]; shared_beats: number[]; known_outlets: string[] }>`
    with account_beats as (
      select ub.beat_id as beat from users m join user_beats ub on ub.user_id = m.id where m.account_id = ${accountId}
      union select unnest(${sql.val(announced)}::int[])
    ),
    account_outlets as (
      select distinct lower(o.name) as name from contacts c cross join unnest(c.outlets) o(name) where c.account_id = ${accountId}
    ),
    candidates as (
      select u.id, case when 'journo' = any(u.roles) then 'journo' else 'expert' end as role, u.slug, u.logo, u.firstname || ' ' || u.lastname as name, u.job_title,
        array(select ub.beat_id from user_beats ub where ub.user_id = u.id order by ub.position) as beats,
        array(select o.name from outlet_people op join outlets o on o.id = op.outlet_id where op.user_id = u.id order by o.name) as outlets
      from users u left join user_profiles p on p.user_id = u.id
      where u.roles && array['journo', 'expert']::text[]
        and coalesce(p.visibility, 'public') = 'public'
        and u.account_id is distinct from ${accountId}
        and not exists (select 1 from contacts k where k.account_id = ${accountId} and k.user_id = u.id)
        and not exists (select 1 from contact_recommendation_dismissals d where d.account_id = ${accountId} and d.user_id = u.id)
    )
    select c.*,
      array(select b from unnest(c.beats) b where b in (select beat from account_beats)) as shared_beats,
      array(select o from unnest(c.outlets) o where lower(o) in (select name from account_outlets)) as known_outlets
    from candidates c`.execute(db);
  const shortlist = rows
    .map((row) => ({ row, base: WEIGHT.beat * row.shared_beats.length + WEIGHT.outlet * row.known_outlets.length }))
    .filter((candidate) => candidate.base > 0)
    .sort((a, b) => b.base - a.base || Number(a.row.id) - Number(b.row.id))
    .slice(0, SHORTLIST);

  const viewer = viewerOf({ id: reader.id, roles: reader.roles as readonly AccountRole[] });
  const since = new Date(now.getTime() - RECENT_DAYS * DAY);
  const weighed = await Promise.all(
    shortlist.map(async ({ row, base }) => {
      const recent = (await postLinesByAuthor(db, viewer, Number(row.id), null, MAX_COUNTED.callouts + MAX_COUNTED.posts + 10)).filter((post) => post.publishedAt >= since);
      const callouts = recent.filter((post) => post.kind === 'callout');
      const posts = recent.filter((post) => post.kind !== 'callout');
      const score = base + WEIGHT.callout * Math.min(callouts.length, MAX_COUNTED.callouts) + WEIGHT.post * Math.min(posts.length, MAX_COUNTED.posts);
      const why: string[] = [];
      if (row.shared_beats.length > 0) why.push(`covers ${listed(row.shared_beats.map((id) => beatName.get(Number(id)) ?? '').filter(Boolean))}`);
      if (row.known_outlets.length > 0) why.push(`at ${listed(row.known_outlets)}, where you have contacts`);
      const callout = callouts[0];
      if (callout) why.push(`asked for sources on “${callout.title}” ${whenSaid(callout.publishedAt, now)}`);
      else if (posts.length > 0) why.push(`posted ${posts.length === 1 ? 'once' : `${posts.length} times`} in the last ${RECENT_DAYS} days`);
      const view: RecommendationView = {
        userId: Number(row.id),
        slug: row.slug,
        avatar: row.logo,
        name: row.name,
        jobTitle: row.job_title,
        role: row.role,
        beats: BEATS.filter((beat) => row.beats.map(Number).includes(beat.id)).map((beat) => ({ ...beat })),
        outlets: row.outlets,
        score,
        why: why.join('; '),
      };
      return view;
    }),
  );
  return weighed.sort((a, b) => b.score - a.score || a.userId - b.userId).slice(0, SHOWN);
}
