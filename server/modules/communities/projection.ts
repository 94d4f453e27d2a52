import { sql } from 'kysely';
import type { CommunityEvent } from '../../../contracts/communities/index.ts';
import type { PostEvent } from '../../../contracts/posts/index.ts';
import type { Tx } from '../../events/types.ts';
import type { InlineProjection } from '../../projections/inline.ts';

/**
 * Communities, their addresses, members and pending requests. The members count moves by
 * the rows actually changed, so it never drifts and never goes below zero. Posts and
 * comments in a community mark their author active there (likes do not: they are written
 * by their own statement, outside inline projections).
 */
export const communitiesProjection: InlineProjection<CommunityEvent | PostEvent> = {
  name: 'communities',
  tables: ['join_requests', 'memberships', 'community_slugs', 'communities'],
  // A comment makes its author active in the communities of its post, as the post stands then.
  readsOthersOn: ['Commented'],
  async apply(trx, event) {
    const at = event.recordedAt;
    switch (event.type) {
      case 'CommunityCreated': {
        const { communityId, slug, name, description, type, country, logo, banner, createdBy } = event.data;
        await trx
          .insertInto('communities')
          .values({ id: communityId, slug, name, description, type, country, logo, banner, created_by: createdBy, created_at: at, members_count: 0 })
          .execute();
        await trx.insertInto('community_slugs').values({ slug, community_id: communityId }).execute();
        return;
      }
      case 'CommunityUpdated': {
        const { communityId, ...changes } = event.data;
        await trx.updateTable('communities').set(changes).where('id', '=', communityId).execute();
        return;
      }
      case 'CommunityRenamed': {
        const { communityId, slug } = event.data;
        await trx.updateTable('communities').set({ slug }).where('id', '=', communityId).execute();
        // Taking back one of its own earlier addresses adds nothing; another community's
        // address breaks the primary key and refuses the rename with its transaction.
        await sql`
          insert into community_slugs (slug, community_id)
          select ${slug}, ${communityId}
          where not exists (select 1 from community_slugs where slug = ${slug} and community_id = ${communityId})`.execute(trx);
        return;
      }
      case 'Joined': {
        const { communityId, userId } = event.data;
        const joined = await trx
          .insertInto('memberships')
          .values({ community_id: communityId, user_id: userId, role: 'member', joined_at: at, last_active_at: at })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst();
        await withdrawRequest(trx, communityId, userId);
        if (Number(joined.numInsertedOrUpdatedRows) > 0) await moveMembersCount(trx, communityId, 1);
        return;
      }
      case 'Left': {
        const { communityId, userId } = event.data;
        const left = await trx.deleteFrom('memberships').where('community_id', '=', communityId).where('user_id', '=', userId).executeTakeFirst();
        if (Number(left.numDeletedRows) > 0) await moveMembersCount(trx, communityId, -1);
        return;
      }
      case 'CommunityAdminAppointed': {
        const { communityId, userId } = event.data;
        await trx.updateTable('memberships').set({ role: 'admin' }).where('community_id', '=', communityId).where('user_id', '=', userId).execute();
        return;
      }
      case 'JoinRequested': {
        const { communityId, userId } = event.data;
        await trx.insertInto('join_requests').values({ community_id: communityId, user_id: userId, requested_at: at }).onConflict((oc) => oc.doNothing()).execute();
        return;
      }
      case 'JoinRequestWithdrawn':
      case 'JoinRequestDeclined':
      case 'JoinApproved':
        await withdrawRequest(trx, event.data.communityId, event.data.userId);
        return;
      case 'PostCreated': {
        const { creatorId, communityIds } = event.data;
        if (communityIds.length > 0) {
          await sql`update memberships set last_active_at = greatest(last_active_at, ${at})
                    where user_id = ${creatorId} and community_id = any(${communityIds}::bigint[])`.execute(trx);
        }
        return;
      }
      case 'Commented': {
        const { postId, authorId } = event.data;
        await sql`update memberships m set last_active_at = greatest(m.last_active_at, ${at})
                  from posts p where p.id = ${postId} and m.community_id = any(p.community_ids) and m.user_id = ${authorId}`.execute(trx);
        return;
      }
    }
  },
};

async function withdrawRequest(trx: Tx, communityId: number, userId: number): Promise<void> {
  await trx.deleteFrom('join_requests').where('community_id', '=', communityId).where('user_id', '=', userId).execute();
}

async function moveMembersCount(trx: Tx, communityId: number, delta: 1 | -1): Promise<void> {
  await trx
    .updateTable('communities')
    .set({ members_count: sql`greatest(members_count + ${delta}, 0)` })
    .where('id', '=', communityId)
    .execute();
}
