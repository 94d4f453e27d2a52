import { sql, type Kysely, type Selectable } from 'kysely';
import type { CurrentUser } from '../../../contracts/users/current-user.ts';
import type { Database } from '../../db/schema.ts';
import { mayReadCommunity, type Actor, type Standing } from './permissions.ts';
import type { CommunitiesTable } from './tables.ts';

// Reads other modules may call: who may read and post where, and a person's communities.

export type CommunityRecord = Selectable<CommunitiesTable>;

/** The community at this address, its current one or one it had before; null when there is none. */
export async function findCommunityBySlug(db: Kysely<Database>, slug: string): Promise<CommunityRecord | null> {
  const row = await db.selectFrom('community_slugs as s').innerJoin('communities as c', 'c.id', 's.community_id').selectAll('c').where('s.slug', '=', slug).executeTakeFirst();
  return row ?? null;
}

/** The community at this address when the person may read what is inside it; null when there is none for them. */
export async function findReadableCommunity(db: Kysely<Database>, actor: Actor, slug: string): Promise<CommunityRecord | null> {
  const community = await findCommunityBySlug(db, slug);
  if (!community) return null;
  const standing = (await standingsIn(db, actor.id, [community.id])).get(community.id) ?? 'none';
  return mayReadCommunity(actor, community.type, standing) ? community : null;
}

/** Where the person stands with each of these communities; ids of communities that do not exist are absent. */
export async function standingsIn(db: Kysely<Database>, userId: number, communityIds: readonly number[]): Promise<Map<number, Standing>> {
  if (communityIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('communities as c')
    .leftJoin('memberships as m', (join) => join.onRef('m.community_id', '=', 'c.id').on('m.user_id', '=', userId))
    .leftJoin('join_requests as r', (join) => join.onRef('r.community_id', '=', 'c.id').on('r.user_id', '=', userId))
    .select(['c.id', 'm.role', 'r.user_id as requested'])
    .where('c.id', 'in', [...communityIds])
    .execute();
  return new Map(rows.map((row): [number, Standing] => [row.id, row.role ?? (row.requested !== null ? 'requested' : 'none')]));
}

/** The communities whose contents the person may read: every public one, and the private ones they belong to. */
export async function readableCommunityIds(db: Kysely<Database>, userId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('communities as c')
    .select('c.id')
    .where((eb) => eb.or([eb('c.type', '=', 'public'), eb.exists(eb.selectFrom('memberships as m').select('m.user_id').whereRef('m.community_id', '=', 'c.id').where('m.user_id', '=', userId))]))
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * The current user's communities (spec section 3): those they joined, first, then the public
 * ones they have not, which the left navigation offers to join. By name within each.
 */
export async function communitiesOfUser(db: Kysely<Database>, userId: number): Promise<CurrentUser['communities']> {
  const rows = await db
    .selectFrom('communities as c')
    .leftJoin('memberships as m', (join) => join.onRef('m.community_id', '=', 'c.id').on('m.user_id', '=', userId))
    .select(['c.id', 'c.slug', 'c.name', 'c.logo', 'c.banner', 'c.description', sql<boolean>`m.user_id is not null`.as('is_joined')])
    .where((eb) => eb.or([eb('c.type', '=', 'public'), eb('m.user_id', 'is not', null)]))
    .orderBy('is_joined', 'desc')
    .orderBy(sql`lower(c.name)`)
    .orderBy('c.id')
    .execute();
  return rows.map((row) => ({ id: row.id, slug: row.slug, name: row.name, icon: row.logo, img: row.banner, description: row.description, isJoined: row.is_joined }));
}

/** Whether the address answers for a community, as its current one or an earlier one. */
export async function isSlugTaken(db: Kysely<Database>, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('community_slugs').select('community_id').where('slug', '=', slug).executeTakeFirst());
}
