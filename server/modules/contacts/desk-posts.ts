import { sql, type Kysely } from 'kysely';
import type { DeskPost, DeskPostsQuery } from '../../../contracts/contacts/api.ts';
import { BEATS } from '../../../contracts/users/enums.ts';
import type { Database } from '../../db/schema.ts';
import { summary } from '../content/rich-text.ts';
import { readableBy, type Viewer } from '../posts/index.ts';

const SUMMARY_LENGTH = 200;

/**
 * The platform's callouts or job posts a PR person may read, newest first (the feed's own
 * index), narrowed to authors on a beat and, for callouts, by when answers are due. A callout
 * without a deadline (ASAP) is always open.
 */
export async function deskPosts(db: Kysely<Database>, viewer: Viewer, query: DeskPostsQuery): Promise<{ data: DeskPost[]; hasMore: boolean }> {
  const deadline = sql`(p.fields->>'deadline')::timestamptz`;
  const due =
    query.kind !== 'callout' || query.due === 'all'
      ? sql``
      : query.due === 'open'
        ? sql`and (p.fields->>'deadline' is null or ${deadline} > now())`
        : sql`and ${deadline} > now() and ${deadline} <= now() + interval '7 days'`;
  const onBeat = query.beat === undefined ? sql`` : sql`and p.author_type = 'person' and p.author_id in (select ub.user_id from user_beats ub where ub.beat_id = ${query.beat})`;
  const { rows } = await sql<{
    id: number;
    fields: Record<string, unknown>;
    published_at: Date;
    author_id: number;
    author_type: 'person' | 'company';
    author_name: string | null;
    author_slug: string | null;
    author_logo: string | null;
    beats: number[] | null;
  }>`
    select p.id, p.fields, p.published_at, p.author_id, p.author_type,
      coalesce(u.firstname || ' ' || u.lastname, co.name) as author_name, coalesce(u.slug, co.slug) as author_slug, coalesce(u.logo, co.logo) as author_logo,
      (select array_agg(ub.beat_id order by ub.position) from user_beats ub where p.author_type = 'person' and ub.user_id = p.author_id) as beats
    from posts p
    left join users u on p.author_type = 'person' and u.id = p.author_id
    left join companies co on p.author_type = 'company' and co.id = p.author_id
    where p.kind = ${query.kind} and not p.is_deleted ${due} ${onBeat} and ${readableBy(viewer)}
    order by p.published_at desc, p.id desc
    offset ${query.offset} limit ${query.limit + 1}`.execute(db);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    data: rows.slice(0, query.limit).map((row) => ({
      id: Number(row.id),
      kind: query.kind,
      title: text(row.fields.title),
      summary: summary(text(query.kind === 'job' ? row.fields.description : row.fields.content), SUMMARY_LENGTH),
      author: { id: Number(row.author_id), type: row.author_type, name: (row.author_name ?? '').trim(), slug: row.author_slug, avatar: row.author_logo },
      beats: BEATS.filter((known) => (row.beats ?? []).includes(known.id)).map((known) => ({ ...known })),
      publishedAt: row.published_at.toISOString(),
      deadline: query.kind === 'callout' ? text(row.fields.deadline) || null : null,
      company: query.kind === 'job' ? text(row.fields.company) || null : null,
      location: query.kind === 'job' ? text(row.fields.location) || null : null,
    })),
    hasMore: rows.length > query.limit,
  };
}
