import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { QuestionKind } from '../../../contracts/interviews/api.ts';
import { ENTITY_TYPES, type NotificationList, type NotificationType, type NotificationView, type PostNotificationType, type PostNotificationView } from '../../../contracts/notifications.ts';
import type { PostKind } from '../../../contracts/posts/kinds.ts';
import type { Author } from '../../../contracts/posts/views.ts';
import type { Database } from '../../db/schema.ts';
import { NotFound } from '../../errors.ts';
import { guestActors } from '../interviews/index.ts';
import { authorOf } from '../posts/queries.ts';

// Reads and read marks go through the views `notifications` and `notification_counters`, which
// point at the live version of the processor's tables; a view over one table takes updates.

/** How many people a feed item names; `who.total` tells how many acted in all. */
const ACTORS_SHOWN = 3;

/** A row is about one post, interview or monitor (the table checks it). */
type GroupRow = {
  id: number;
  group_key: string;
  comment_id: number | null;
  parent_comment_id: number | null;
  entity_summary: string;
  comment_summary: string | null;
  created_at: Date;
  is_read: boolean;
  /** Distinct actors, and notifications, in the group. */
  total: number;
  notices: number;
} & (
  | { type: PostNotificationType; post_id: number; post_kind: PostKind }
  | { type: 'interviewInvitation'; interview_id: number; answer_kind: QuestionKind }
  | { type: 'interviewAnswer'; interview_id: number }
  | { type: 'monitorMention'; monitor_id: number }
);

/**
 * A page of a person's feed: one item per group of visible notifications (likes and comments
 * on one target, one mention), newest activity first, each shown by its newest notification.
 * A monitor's mentions group until read: the unread ones are one item, and each reading closes
 * one (the rows it marked share its read time, which a rebuild gives back).
 */
export async function listNotifications(db: Kysely<Database>, recipientId: number, page: { offset: number; limit: number }): Promise<NotificationList> {
  return untilRegistered({ data: [], offset: page.offset, hasMore: false, unreadCount: 0 }, async () => {
    // n.*: while a new version of the processor rebuilds, the view still shows the old one's columns.
    const groups = await sql<GroupRow>`
      select n.*, g.is_read, g.total, g.notices
      from (
        select max(id) as id, bool_and(read_at is not null) as is_read, count(distinct actor_id)::int as total, count(*)::int as notices
        from notifications where recipient_id = ${recipientId} and not hidden
        group by group_key, case when type = 'monitorMention' then read_at end
      ) g
      join notifications n on n.id = g.id
      order by g.id desc
      offset ${page.offset} limit ${page.limit + 1}`.execute(db);
    const shown = groups.rows.slice(0, page.limit);
    // A monitor's mentions have no actors to name.
    const actors = await newestActors(db, recipientId, shown.flatMap((group) => (group.type === 'monitorMention' ? [] : [group.group_key])));
    return {
      data: shown.map((group) => toView(group, actors.get(group.group_key) ?? [])),
      offset: page.offset,
      hasMore: groups.rows.length > page.limit,
      unreadCount: await unreadCount(db, recipientId),
    };
  });
}

/** How many of a person's visible notifications are unread (a monitor's unread mentions once), as the processor keeps it. */
export async function unreadCount(db: Kysely<Database>, recipientId: number): Promise<number> {
  return untilRegistered(0, async () => {
    const row = await sql<{ unread: number }>`select unread from notification_counters where recipient_id = ${recipientId}`.execute(db);
    return row.rows[0]?.unread ?? 0;
  });
}

/** Marks every visible notification of the person read; answers the unread count left. */
export async function markAllRead(db: Kysely<Database>, recipientId: number): Promise<number> {
  return untilRegistered(0, () => markRead(db, recipientId, sql`true`));
}

/**
 * Marks read the feed item a notification stands for: its group, up to that notification,
 * so that what arrived after the reader saw the item stays unread.
 */
export async function markGroupRead(db: Kysely<Database>, recipientId: number, notificationId: number): Promise<number> {
  const group = await untilRegistered(undefined, async () => {
    const found = await sql<{ group_key: string }>`
      select group_key from notifications where id = ${notificationId} and recipient_id = ${recipientId} and not hidden`.execute(db);
    return found.rows[0];
  });
  if (!group) throw new NotFound('No such notification.');
  return markRead(db, recipientId, sql`group_key = ${group.group_key} and id <= ${notificationId}`);
}

/**
 * The rows' read time and the marks that give it back after a rebuild, in one statement that
 * locks the rows in id order, as the processor locks them; then the counter, less each row
 * marked but a monitor's mentions, which count once while any of their group is unread. That
 * second look is a statement of its own so that it sees a mention the processor committed
 * while this one waited for its rows.
 */
async function markRead(db: Kysely<Database>, recipientId: number, condition: RawBuilder<unknown>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const marked = await sql<{ rows: number; groups: string[] }>`
      with marked as (
        update notifications set read_at = now()
        where id in (
          select id from notifications
          where recipient_id = ${recipientId} and read_at is null and not hidden and ${condition}
          order by id for update)
        returning id, recipient_id, read_at, type, group_key
      ), remembered as (
        insert into notification_reads (notification_id, recipient_id, read_at)
        select id, recipient_id, read_at from marked
        on conflict (notification_id) do update set read_at = excluded.read_at
      )
      select (count(*) filter (where type <> 'monitorMention'))::int as rows,
             coalesce(array_agg(distinct group_key) filter (where type = 'monitorMention'), '{}') as groups
      from marked`.execute(trx);
    const { rows, groups } = marked.rows[0]!;
    const result = await sql<{ unread: number }>`
      update notification_counters set unread = unread - ${rows} - (
        select count(*) from unnest(${groups}::text[]) as g(group_key)
        where not exists (
          select 1 from notifications n
          where n.recipient_id = ${recipientId} and n.group_key = g.group_key and n.read_at is null and not n.hidden))
      where recipient_id = ${recipientId}
      returning unread`.execute(trx);
    return result.rows[0]?.unread ?? 0;
  });
}

/** The newest distinct actors of each group, newest first: people, and guests who answered an interview. */
async function newestActors(db: Kysely<Database>, recipientId: number, groupKeys: string[]): Promise<Map<string, Author[]>> {
  if (groupKeys.length === 0) return new Map();
  const ranked = await sql<{ group_key: string; actor_id: number }>`
    select group_key, actor_id from (
      select group_key, actor_id, row_number() over (partition by group_key order by max(id) desc) as rank
      from notifications
      where recipient_id = ${recipientId} and not hidden and group_key = any(${groupKeys}::text[])
      group by group_key, actor_id
    ) actors
    where rank <= ${ACTORS_SHOWN}
    order by group_key, rank`.execute(db);
  const actorIds = [...new Set(ranked.rows.map((row) => row.actor_id))];
  const [people, guests] = await Promise.all([
    db.selectFrom('users').select(['id', 'firstname', 'lastname', 'slug', 'logo']).where('id', 'in', actorIds).execute(),
    guestActors(db, actorIds),
  ]);
  const byId = new Map(people.map((person) => [person.id, person]));
  const byGroup = new Map<string, Author[]>();
  for (const { group_key, actor_id } of ranked.rows) {
    const person = byId.get(actor_id);
    const actor = guests.get(actor_id) ?? authorOf({
      author_id: actor_id,
      author_type: 'person',
      author_firstname: person?.firstname ?? null,
      author_lastname: person?.lastname ?? null,
      author_slug: person?.slug ?? null,
      author_logo: person?.logo ?? null,
    });
    byGroup.set(group_key, [...(byGroup.get(group_key) ?? []), actor]);
  }
  return byGroup;
}

const COMMENT_TYPES: ReadonlySet<NotificationType> = new Set(['mentionOnComment', 'comment', 'commentAsReply', 'likeOnComment']);

function toView(group: GroupRow, actors: Author[]): NotificationView {
  const base = { id: group.id, entitySummary: group.entity_summary, when: new Date(group.created_at).toISOString(), isRead: group.is_read };
  if (group.type === 'monitorMention') return { ...base, type: group.type, entityType: 'MONITOR', monitor: { id: group.monitor_id }, mentions: group.notices };
  const item = { ...base, who: { actors, total: group.total } };
  if (group.type === 'interviewInvitation') {
    return { ...item, type: group.type, entityType: 'INTERVIEW', interview: { id: group.interview_id, answerKind: group.answer_kind } };
  }
  if (group.type === 'interviewAnswer') return { ...item, type: group.type, entityType: 'INTERVIEW', interview: { id: group.interview_id } };
  const view: PostNotificationView = { ...item, type: group.type, entityType: ENTITY_TYPES[group.post_kind], post: { id: group.post_id, kind: group.post_kind } };
  if (!COMMENT_TYPES.has(group.type)) return view;
  return { ...view, commentId: group.comment_id!, commentSummary: group.comment_summary ?? '', parentCommentId: group.parent_comment_id };
}

// SQLSTATE undefined_table.
const NO_SUCH_TABLE = '42P01';

/**
 * The views appear when a processor host first registers the notifications processor on this
 * database (a web process may start before one has): until then nobody has notifications.
 */
async function untilRegistered<T>(nothingYet: T, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if ((error as { code?: unknown } | null)?.code === NO_SUCH_TABLE) return nothingYet;
    throw error;
  }
}
