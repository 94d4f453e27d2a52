import { sql, type Kysely } from 'kysely';
import type { ActivityView, CommunityView, JoinRequestView, MemberView } from '../../../contracts/communities/api.ts';
import type { PostView } from '../../../contracts/posts/views.ts';
import type { Database } from '../../db/schema.ts';
import { summary } from '../content/rich-text.ts';
import type { Viewer } from '../posts/permissions.ts';
import { AUTHOR_COLUMNS, authorNamed, listPostViews } from '../posts/queries.ts';
import { mayManageCommunity, type Actor, type Standing } from './permissions.ts';
import { findCommunityBySlug, standingsIn, type CommunityRecord } from './queries.ts';

type Page = { offset: number; limit: number };

/** One more row than the page tells whether there is a next one. */
function paged<Row, View>(rows: Row[], page: Page, view: (row: Row) => View) {
  return { data: rows.slice(0, page.limit).map(view), offset: page.offset, limit: page.limit, hasMore: rows.length > page.limit };
}

function toCommunityView(community: CommunityRecord, standing: Standing, actor: Actor, askedSlug?: string): CommunityView {
  const { id, slug, name, description, type, country, logo, banner } = community;
  return {
    id,
    slug,
    name,
    description,
    type,
    country,
    logo,
    banner,
    ...(askedSlug !== undefined && askedSlug !== slug ? { newSlug: slug } : {}),
    membersCount: community.members_count,
    isJoined: standing === 'member' || standing === 'admin',
    joinRequested: standing === 'requested',
    canManage: mayManageCommunity(actor, standing),
  };
}

/** The community at this address as the person sees it; asked at an old address, it says the new one. */
export async function findCommunityView(db: Kysely<Database>, actor: Actor, slug: string): Promise<CommunityView | null> {
  const community = await findCommunityBySlug(db, slug);
  if (!community) return null;
  const standing = (await standingsIn(db, actor.id, [community.id])).get(community.id) ?? 'none';
  return toCommunityView(community, standing, actor, slug);
}

/** Every community, private ones included (their summary is public), newest first or by name. */
export async function listCommunityViews(db: Kysely<Database>, actor: Actor, options: Page & { sort: 'newest' | 'name' }) {
  const ordered =
    options.sort === 'name'
      ? db.selectFrom('communities').selectAll().orderBy(sql`lower(name)`).orderBy('id')
      : db.selectFrom('communities').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc');
  const rows = await ordered.offset(options.offset).limit(options.limit + 1).execute();
  const standings = await standingsIn(db, actor.id, rows.map((row) => row.id));
  return paged(rows, options, (row) => toCommunityView(row, standings.get(row.id) ?? 'none', actor));
}


/** Members, the most recently active first. */
export async function listMembers(db: Kysely<Database>, communityId: number, page: Page) {
  const rows = await db
    .selectFrom('memberships as m')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .select([...AUTHOR_COLUMNS, 'm.user_id', 'm.role', 'm.last_active_at', 'u.job_title'])
    .where('m.community_id', '=', communityId)
    .orderBy('m.last_active_at', 'desc')
    .orderBy('m.user_id')
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return paged(
    rows,
    page,
    (row): MemberView => ({
      about: row.job_title,
      author: authorNamed(row.user_id, 'person', row),
      lastActiveStamp: Math.floor(new Date(row.last_active_at).getTime() / 1000),
      isAdmin: row.role === 'admin',
    }),
  );
}

/** People waiting for an admin's answer, the longest waiting first. */
export async function listJoinRequests(db: Kysely<Database>, communityId: number, page: Page) {
  const rows = await db
    .selectFrom('join_requests as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .select([...AUTHOR_COLUMNS, 'r.user_id', 'r.requested_at'])
    .where('r.community_id', '=', communityId)
    .orderBy('r.requested_at')
    .orderBy('r.user_id')
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  return paged(
    rows,
    page,
    (row): JoinRequestView => ({ author: authorNamed(row.user_id, 'person', row), requestedAt: new Date(row.requested_at).toISOString() }),
  );
}

/** The community's newest posts that the viewer may read, each as who wrote what. */
export async function listActivities(db: Kysely<Database>, viewer: Viewer, community: CommunityRecord, page: Page) {
  const posts = await listPostViews(db, viewer, { kinds: null, communityId: community.id, ...page });
  return { ...posts, data: posts.data.map((post) => activityOf(post, community.slug)) };
}

function activityOf(post: PostView, communitySlug: string): ActivityView {
  return { author: post.author, content: summary(textOf(post)), post: { id: post.id, type: post.type, title: titleOf(post), communitySlug } };
}

function titleOf(post: PostView): string | null {
  switch (post.type) {
    case 'callout':
    case 'job':
    case 'story':
      return post.title;
    case 'event':
      return post.name;
    default:
      return null;
  }
}

function textOf(post: PostView): string {
  switch (post.type) {
    case 'event':
    case 'job':
      return post.description;
    case 'story':
      return post.summary || post.content;
    default:
      return post.content;
  }
}
