import { sql, type RawBuilder } from 'kysely';
import type { Tx } from '../../events/types.ts';
import type { TableNames } from '../../projections/processor.ts';
import type { Notice } from './notices.ts';

/**
 * Ids are the event's position times this, plus the notice's place among the event's notices:
 * a rebuild makes the same ids, which read marks name. One event cannot cause more (a
 * 50,000-character text mentions at most about 17,000 people), and ids stay exact numbers up
 * to position 2^37, some 137 billion events.
 */
const IDS_PER_EVENT = 65_536;

export type UnreadChange = { recipientId: number; unreadCount: number; notificationId: number | null };

export async function createNotificationTables(trx: Tx, tables: TableNames): Promise<void> {
  const notifications = tables.notifications!;
  const counters = tables.notification_counters!;
  const index = (suffix: string) => sql.id(`${notifications}_${suffix}`);
  await sql`
    create table ${sql.table(notifications)} (
      id bigint primary key,
      recipient_id bigint not null,
      type text not null,
      group_key text not null,
      post_id bigint,
      post_kind text,
      interview_id bigint,
      answer_kind text,
      monitor_id bigint,
      comment_id bigint,
      parent_comment_id bigint,
      -- Null for a monitor's mention, which no one did.
      actor_id bigint,
      cause text not null,
      entity_summary text not null,
      comment_summary text,
      created_at timestamptz not null,
      read_at timestamptz,
      hidden boolean not null default false,
      -- About one post, interview or monitor.
      check (num_nonnulls(post_id, interview_id, monitor_id) = 1)
    )`.execute(trx);
  // The feed groups one recipient's visible rows; withdrawals and new summaries find rows by act, post, interview, monitor or comment.
  await sql`create index ${index('feed')} on ${sql.table(notifications)} (recipient_id, group_key, id) where not hidden`.execute(trx);
  await sql`create index ${index('post')} on ${sql.table(notifications)} (post_id)`.execute(trx);
  await sql`create index ${index('interview')} on ${sql.table(notifications)} (interview_id) where interview_id is not null`.execute(trx);
  await sql`create index ${index('monitor')} on ${sql.table(notifications)} (monitor_id) where monitor_id is not null`.execute(trx);
  await sql`create index ${index('comment')} on ${sql.table(notifications)} (comment_id) where comment_id is not null`.execute(trx);
  await sql`create index ${index('parent_comment')} on ${sql.table(notifications)} (parent_comment_id) where parent_comment_id is not null`.execute(trx);
  await sql`create index ${index('cause')} on ${sql.table(notifications)} (cause)`.execute(trx);
  await sql`create table ${sql.table(counters)} (recipient_id bigint primary key, unread integer not null check (unread >= 0))`.execute(trx);
  // The types each person turned off in their settings, as the log said at each point of it.
  await sql`create table ${sql.table(tables.notification_muted!)} (recipient_id bigint not null, type text not null, primary key (recipient_id, type))`.execute(trx);
}

type Counted = { recipient_id: number; type: string; group_key: string; counted: boolean };

/**
 * The type whose unread rows count once per group: a monitor's unread mentions are one feed
 * item, and one unread thing on the badge however many arrived.
 */
const COUNTED_BY_GROUP = 'monitorMention';

/**
 * The read marks people made while the notifications were rebuilt beside the live ones, on rows
 * the rebuild had written before them (it takes the marks there are as it writes a row), and
 * the counters of those people counted again from their rows: the unread and visible ones, a
 * monitor's mentions once per group.
 */
export async function bringInReadMarks(trx: Tx, tables: TableNames): Promise<void> {
  const notifications = sql.table(tables.notifications!);
  const marked = await sql<{ recipient_id: number }>`
    update ${notifications} n set read_at = r.read_at
    from notification_reads r
    where r.notification_id = n.id and n.read_at is null
    returning n.recipient_id`.execute(trx);
  if (marked.rows.length === 0) return;
  await sql`
    update ${sql.table(tables.notification_counters!)} c set unread = (
      select (count(*) filter (where type <> ${COUNTED_BY_GROUP}) + count(distinct group_key) filter (where type = ${COUNTED_BY_GROUP}))::int
      from ${notifications} n
      where n.recipient_id = c.recipient_id and n.read_at is null and not n.hidden)
    where c.recipient_id = any(${[...new Set(marked.rows.map((row) => row.recipient_id))]}::bigint[])`.execute(trx);
}

/** A recipient's group, as one key. */
const groupOf = (row: { recipient_id: number; group_key: string }) => `${row.recipient_id} ${row.group_key}`;

/** The columns that say what a notice is about; those of the other kind of subject stay null. */
function subjectOf(notice: Notice) {
  if ('monitorId' in notice) return { monitor_id: notice.monitorId };
  if ('interviewId' in notice) return { interview_id: notice.interviewId, answer_kind: notice.type === 'interviewInvitation' ? notice.answerKind : null };
  const { postId, postKind, commentId, parentCommentId, commentSummary } = notice;
  return { post_id: postId, post_kind: postKind, comment_id: commentId, parent_comment_id: parentCommentId, comment_summary: commentSummary };
}

/**
 * The processor's writes for one batch. Every write tells which rows were unread and visible
 * before or after it (for a monitor's mentions, whether its group had any), and `settle` moves
 * each recipient's unread counter by exactly that.
 */
export class NotificationRows {
  private readonly deltas = new Map<number, number>();
  private readonly created = new Map<number, number>();
  /** Everyone a notice was addressed to, kept or not: each has a counter, however the log was batched. */
  private readonly addressed = new Set<number>();
  private readonly notifications: string;
  private readonly counters: string;
  private readonly muted: string;

  constructor(
    private readonly trx: Tx,
    tables: TableNames,
  ) {
    this.notifications = tables.notifications!;
    this.counters = tables.notification_counters!;
    this.muted = tables.notification_muted!;
  }

  /** A person's in-app choice for one type: notices of a type turned off are not written. */
  async setPreference(recipientId: number, type: string, inApp: boolean): Promise<void> {
    if (inApp) await sql`delete from ${sql.table(this.muted)} where recipient_id = ${recipientId} and type = ${type}`.execute(this.trx);
    else await sql`insert into ${sql.table(this.muted)} (recipient_id, type) values (${recipientId}, ${type}) on conflict do nothing`.execute(this.trx);
  }

  /**
   * Adds the notices of the event at `position`. One read before a rebuild is read again; one
   * about a post deleted by now starts hidden (the post's next delete or restore sets it anyway,
   * so live and rebuilt rows end the same).
   */
  async add(position: number, at: Date, notices: readonly Notice[]): Promise<void> {
    await this.addAll([{ position, at, notices }]);
  }

  /** `add` for the notices of many events, in one statement. */
  async addAll(entries: readonly { position: number; at: Date; notices: readonly Notice[] }[]): Promise<void> {
    this.address(entries.flatMap((entry) => entry.notices));
    const rows = entries.flatMap(({ position, at, notices }) =>
      notices.map((notice, place) => ({
        id: position * IDS_PER_EVENT + place,
        recipient_id: notice.recipientId,
        type: notice.type,
        group_key: notice.groupKey,
        ...subjectOf(notice),
        actor_id: notice.actorId,
        cause: notice.cause,
        entity_summary: notice.entitySummary,
        created_at: at.toISOString(),
      })),
    );
    if (rows.length === 0) return;
    const open = await this.unreadGroups(rows.filter((row) => row.type === COUNTED_BY_GROUP));
    const inserted = await sql<{ id: number } & Counted>`
      insert into ${sql.table(this.notifications)}
        (id, recipient_id, type, group_key, post_id, post_kind, interview_id, answer_kind, monitor_id, comment_id, parent_comment_id, actor_id, cause,
         entity_summary, comment_summary, created_at, read_at, hidden)
      select n.id, n.recipient_id, n.type, n.group_key, n.post_id, n.post_kind, n.interview_id, n.answer_kind, n.monitor_id, n.comment_id, n.parent_comment_id, n.actor_id, n.cause,
             n.entity_summary, n.comment_summary, n.created_at, r.read_at, coalesce(p.is_deleted, false)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as n(
        id bigint, recipient_id bigint, type text, group_key text, post_id bigint, post_kind text, interview_id bigint, answer_kind text, monitor_id bigint, comment_id bigint,
        parent_comment_id bigint, actor_id bigint, cause text, entity_summary text, comment_summary text, created_at timestamptz)
      left join notification_reads r on r.notification_id = n.id
      left join posts p on p.id = n.post_id
      where not exists (select 1 from ${sql.table(this.muted)} m where m.recipient_id = n.recipient_id and m.type = n.type)
      returning id, recipient_id, type, group_key, read_at is null and not hidden as counted`.execute(this.trx);
    for (const row of inserted.rows) {
      if (!row.counted) continue;
      if (row.type !== COUNTED_BY_GROUP) this.count(row.recipient_id, 1);
      else if (!open.has(groupOf(row))) {
        open.add(groupOf(row));
        this.count(row.recipient_id, 1);
      }
      this.created.set(row.recipient_id, Math.max(row.id, this.created.get(row.recipient_id) ?? 0));
    }
  }

  /** Records whom notices were for without writing them (a like undone within the same batch). */
  address(notices: readonly Notice[]): void {
    for (const notice of notices) this.addressed.add(notice.recipientId);
  }

  /** Takes back what some acts caused (unlikes), in one statement. */
  async withdrawCauses(causes: readonly string[]): Promise<void> {
    if (causes.length === 0) return;
    await this.withdraw(sql`cause = any(${causes}::text[])`);
  }

  /** Takes back what a comment caused, and its replies, and the likes on them. */
  async withdrawComment(commentId: number): Promise<void> {
    await this.withdraw(sql`comment_id = ${commentId} or parent_comment_id = ${commentId}`);
  }

  /** Takes back what monitors' mentions caused: the monitor is gone, or its owner left its account. */
  async withdrawMonitors(monitorIds: readonly number[]): Promise<void> {
    if (monitorIds.length === 0) return;
    await this.withdraw(sql`monitor_id = any(${monitorIds}::bigint[])`);
  }

  /** A deleted post's notifications are hidden, and come back with it. */
  async hidePost(postId: number, hidden: boolean): Promise<void> {
    // Only rows about a post, none of them counted by group.
    const changed = await sql<Pick<Counted, 'recipient_id' | 'counted'>>`
      update ${sql.table(this.notifications)} set hidden = ${hidden}
      where ${this.locked(sql`post_id = ${postId} and hidden <> ${hidden}`)}
      returning recipient_id, read_at is null as counted`.execute(this.trx);
    for (const row of changed.rows) if (row.counted) this.count(row.recipient_id, hidden ? -1 : 1);
  }

  async summarizePost(postId: number, entitySummary: string): Promise<void> {
    await this.summarize(sql`post_id = ${postId}`, entitySummary);
  }

  async summarizeInterview(interviewId: number, entitySummary: string): Promise<void> {
    await this.summarize(sql`interview_id = ${interviewId}`, entitySummary);
  }

  async summarizeMonitor(monitorId: number, entitySummary: string): Promise<void> {
    await this.summarize(sql`monitor_id = ${monitorId}`, entitySummary);
  }

  async summarizeComment(commentId: number, commentSummary: string): Promise<void> {
    await sql`update ${sql.table(this.notifications)} set comment_summary = ${commentSummary}
              where ${this.locked(sql`comment_id = ${commentId} and comment_summary <> ${commentSummary}`)}`.execute(this.trx);
  }

  /** Who has already heard of an act (withdrawn notices aside). */
  async recipientsOf(cause: string): Promise<Set<number>> {
    const rows = await sql<{ recipient_id: number }>`select recipient_id from ${sql.table(this.notifications)} where cause = ${cause}`.execute(this.trx);
    return new Set(rows.rows.map((row) => row.recipient_id));
  }

  /**
   * Moves the counters by what the writes so far changed; answers the new counts of the
   * recipients whose count moved or who got a notification.
   */
  async settle(): Promise<UnreadChange[]> {
    const deltaOf = (id: number) => this.deltas.get(id) ?? 0;
    // A counter exists for everyone ever addressed, so live and rebuilt tables agree whatever the batches were.
    const recipients = [...new Set([...this.deltas.keys(), ...this.addressed])];
    const rises = recipients.filter((id) => deltaOf(id) > 0 || (deltaOf(id) === 0 && this.addressed.has(id)));
    const falls = recipients.filter((id) => deltaOf(id) < 0);
    const counts: { recipient_id: number; unread: number }[] = [];
    // Two statements: an upsert checks the row it would insert before it meets the conflict,
    // so a negative delta cannot go through one.
    if (rises.length > 0) {
      const risen = await sql<{ recipient_id: number; unread: number }>`
        insert into ${sql.table(this.counters)} as c (recipient_id, unread)
        select * from unnest(${rises}::bigint[], ${rises.map(deltaOf)}::int[])
        on conflict (recipient_id) do update set unread = c.unread + excluded.unread
        returning recipient_id, unread`.execute(this.trx);
      counts.push(...risen.rows);
    }
    if (falls.length > 0) {
      const fallen = await sql<{ recipient_id: number; unread: number }>`
        update ${sql.table(this.counters)} as c set unread = c.unread + d.delta
        from unnest(${falls}::bigint[], ${falls.map(deltaOf)}::int[]) as d(recipient_id, delta)
        where c.recipient_id = d.recipient_id
        returning c.recipient_id, c.unread`.execute(this.trx);
      counts.push(...fallen.rows);
    }
    // Told when their count moved, or of a new notification even when another was taken back.
    return counts
      .filter((row) => deltaOf(row.recipient_id) !== 0 || this.created.has(row.recipient_id))
      .map((row) => ({ recipientId: row.recipient_id, unreadCount: row.unread, notificationId: this.created.get(row.recipient_id) ?? null }));
  }

  private async summarize(subject: RawBuilder<unknown>, entitySummary: string): Promise<void> {
    await sql`update ${sql.table(this.notifications)} set entity_summary = ${entitySummary}
              where ${this.locked(sql`${subject} and entity_summary <> ${entitySummary}`)}`.execute(this.trx);
  }

  private async withdraw(condition: RawBuilder<unknown>): Promise<void> {
    const removed = await sql<Counted>`
      delete from ${sql.table(this.notifications)} where ${this.locked(condition)}
      returning recipient_id, type, group_key, read_at is null and not hidden as counted`.execute(this.trx);
    const counted = removed.rows.filter((row) => row.counted);
    for (const row of counted) if (row.type !== COUNTED_BY_GROUP) this.count(row.recipient_id, -1);
    // A group stops counting when none of its rows is left unread (a monitor's rows go all together).
    const left = await this.unreadGroups(counted.filter((row) => row.type === COUNTED_BY_GROUP));
    const closed = new Map(counted.filter((row) => row.type === COUNTED_BY_GROUP && !left.has(groupOf(row))).map((row) => [groupOf(row), row.recipient_id]));
    for (const recipientId of closed.values()) this.count(recipientId, -1);
  }

  /**
   * Which of these recipients' groups have unread visible rows, locking those rows: a reading
   * marks from the group's oldest unread row on, so it waits for this batch, or this batch for
   * it and then sees what it marked.
   */
  private async unreadGroups(rows: readonly { recipient_id: number; group_key: string }[]): Promise<Set<string>> {
    if (rows.length === 0) return new Set();
    const found = await sql<{ recipient_id: number; group_key: string }>`
      select distinct recipient_id, group_key from (
        select recipient_id, group_key from ${sql.table(this.notifications)}
        where (recipient_id, group_key) in (select * from unnest(${rows.map((row) => row.recipient_id)}::bigint[], ${rows.map((row) => row.group_key)}::text[]))
          and read_at is null and not hidden
        order by id for update
      ) unread`.execute(this.trx);
    return new Set(found.rows.map(groupOf));
  }

  /**
   * The rows matching `condition`, locked in id order. Marking read locks a person's rows in
   * the same order, so the two never wait on each other in a circle.
   */
  private locked(condition: RawBuilder<unknown>): RawBuilder<unknown> {
    return sql`id in (select id from ${sql.table(this.notifications)} where ${condition} order by id for update)`;
  }

  private count(recipientId: number, delta: number): void {
    this.deltas.set(recipientId, (this.deltas.get(recipientId) ?? 0) + delta);
  }
}
