import type { ProductEvent } from '../../../contracts/events/index.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { ProcessorDefinition } from '../../projections/processor.ts';
import { interviewAnswerNotice, interviewInvitationNotices, interviewSummary } from '../interviews/index.ts';
import { MonitorOwners, createMonitorTable, isMention } from './monitors.ts';
import { commentMentionNotices, commentNotices, commentSummary, likeNotices, ownerOf, postMentionNotices, postSummary } from './notices.ts';
import { NotificationRows, bringInReadMarks, createNotificationTables, type UnreadChange } from './rows.ts';
import { findCommentTarget, findCommentTargets, findPostTarget, findPostTargets } from './targets.ts';

export type { UnreadChange };

export type NotificationsOptions = {
  /** After each committed batch: the recipients whose unread count moved, with their new count. */
  onChange?: (changes: UnreadChange[]) => void;
};

/**
 * The acts that tell someone something or change what a notification says; the rest of the log
 * (answers, messages, contacts...) is passed over where it is read. `react` takes only these, so
 * a case for another type does not compile until it is named here.
 */
const NOTIFYING = [
  'Liked',
  'Unliked',
  'MentionRecorded',
  'PostCreated',
  'PostUpdated',
  'PostDeleted',
  'PostRestored',
  'Commented',
  'CommentEdited',
  'CommentDeleted',
  'IntervieweeInvited',
  'InterviewPublished',
  'InterviewUpdated',
  'ResponseSent',
  'MonitorCreated',
  'MonitorChanged',
  'MonitorDeleted',
  'UserJoinedAccount',
  'NotificationPreferenceSet',
] as const satisfies readonly ProductEvent['type'][];

type Notifying = StoredEvent<Extract<ProductEvent, { type: (typeof NOTIFYING)[number] }>>;

/**
 * Notifications of spec section 3 from the acts of the log: one row per recipient and act,
 * grouped by `group_key` when read; a per-recipient count of the unread and visible ones (a
 * monitor's unread mentions counting once).
 */
export function notificationsProcessor(options: NotificationsOptions = {}): ProcessorDefinition<ProductEvent> {
  // The batch in flight's changes: a batch that rolls back is handled again, which replaces them.
  let pending: UnreadChange[] = [];
  return {
    name: 'notifications',
    // Version 2 honours the in-app choices of the notification settings; 3 tells invited people
    // of interviews, on rows about an interview rather than a post; 4 tells of every answer on
    // such rows, callout or not, one per answerer; 5 tells monitors' owners of their mentions;
    // 6 counts a monitor's unread mentions once, as the feed shows them.
    version: 6,
    tables: ['notifications', 'notification_counters', 'notification_muted', 'notification_monitors'],
    eventTypes: NOTIFYING,
    // Fifty milliseconds is still live for a badge, and a run of likes then costs one batch.
    gatherMs: 50,
    async createTables(trx, tables) {
      await createNotificationTables(trx, tables);
      await createMonitorTable(trx, tables);
    },
    // Read marks are the app's, not the log's: those made while a rebuild ran join it at the end.
    reconcileRebuilt: bringInReadMarks,
    async handleBatch(trx, events, tables) {
      pending = [];
      const rows = new NotificationRows(trx, tables);
      const monitors = new MonitorOwners(trx, tables);
      // In log order; a run of likes and unlikes, the bulk of the log, is a few statements in
      // all, and so is a run of mentions, which the matcher records many at a time.
      for (let i = 0; i < events.length; ) {
        const likes = runOf(events, i, isLikeToggle);
        if (likes.run.length > 0) {
          await reactToLikes(trx, rows, likes.run);
          i += likes.spans;
          continue;
        }
        const mentions = runOf(events, i, isMention);
        if (mentions.run.length > 0) {
          await rows.addAll(await monitors.noticesOf(mentions.run));
          i += mentions.spans;
          continue;
        }
        // Events that tell no one, up to the next that does; or one event of another sort.
        if (likes.spans === 0) await react(trx, rows, monitors, events[i] as Notifying);
        i += Math.max(likes.spans, 1);
      }
      const changes = await rows.settle();
      if (options.onChange) pending = changes;
    },
    afterCommit() {
      if (pending.length > 0) options.onChange?.(pending);
      pending = [];
    },
  };
}

type LikeToggle = StoredEvent<Extract<ProductEvent, { type: 'Liked' | 'Unliked' }>>;

const isLikeToggle = (event: StoredEvent<ProductEvent>): event is LikeToggle => event.type === 'Liked' || event.type === 'Unliked';

/** A post that mentions no one tells no one of anything: a run of likes goes on past it (a replay's log is posts and their likes, in turn). */
const tellsNoOne = (event: StoredEvent<ProductEvent>) => event.type === 'PostCreated' && event.data.mentions.length === 0;

/** The events from `start` on that are all of one sort, past those that tell no one; `spans` counts both. */
function runOf<T extends StoredEvent<ProductEvent>>(events: readonly StoredEvent<ProductEvent>[], start: number, belongs: (event: StoredEvent<ProductEvent>) => event is T): { run: T[]; spans: number } {
  const run: T[] = [];
  let end = start;
  for (; end < events.length; end += 1) {
    const event = events[end]!;
    if (belongs(event)) run.push(event);
    else if (!tellsNoOne(event)) break;
  }
  return { run, spans: end - start };
}

/**
 * A run of like toggles, set-based, ending as one by one would: each act's stream (one person,
 * one target) ends liked or not. Any unlike in the run takes back what the stream caused
 * before; a stream whose last toggle is a like then tells the target's owner of that like.
 */
async function reactToLikes(trx: Tx, rows: NotificationRows, toggles: readonly LikeToggle[]): Promise<void> {
  const last = new Map<string, LikeToggle>();
  const undone = new Set<string>();
  for (const toggle of toggles) {
    last.set(toggle.streamId, toggle);
    if (toggle.type === 'Unliked') undone.add(toggle.streamId);
  }
  await rows.withdrawCauses([...undone]);
  const liked = toggles.filter((toggle) => toggle.type === 'Liked');
  const comments = await findCommentTargets(trx, liked.flatMap((like) => (like.data.targetKind === 'comment' ? [like.data.targetId] : [])));
  const commentOf = (like: LikeToggle) => (like.data.targetKind === 'comment' ? comments.get(like.data.targetId)! : null);
  const live = liked.filter((like) => !commentOf(like)?.gone);
  const posts = await findPostTargets(trx, live.map((like) => commentOf(like)?.postId ?? like.data.targetId));
  const noticed = live.map((like) => {
    const comment = commentOf(like);
    const post = posts.get(comment?.postId ?? like.data.targetId)!;
    return { like, position: like.position, at: like.recordedAt, notices: likeNotices({ cause: like.streamId, actorId: like.data.userId, post, comment }) };
  });
  // A like undone later in the run is not written, but it was addressed, as one by one it would be.
  rows.address(noticed.flatMap((entry) => entry.notices));
  await rows.addAll(noticed.filter((entry) => last.get(entry.like.streamId) === entry.like));
}

async function react(trx: Tx, rows: NotificationRows, monitors: MonitorOwners, event: Notifying): Promise<void> {
  const act = { cause: event.streamId };
  switch (event.type) {
    case 'PostCreated': {
      const { postId, kind, authorId, authorType, creatorId, fields, mentions } = event.data;
      const post = { id: postId, kind, ownerId: ownerOf({ authorId, authorType, creatorId }), summary: postSummary(fields) };
      await rows.add(event.position, event.recordedAt, postMentionNotices({ ...act, actorId: creatorId, post, mentions, notified: new Set() }));
      return;
    }
    case 'PostUpdated': {
      const { postId, fields, mentions } = event.data;
      const post = { ...(await findPostTarget(trx, postId)), summary: postSummary(fields) };
      await rows.summarizePost(postId, post.summary);
      const notified = await rows.recipientsOf(event.streamId);
      const actorId = personActing(event) ?? post.creatorId;
      await rows.add(event.position, event.recordedAt, postMentionNotices({ ...act, actorId, post, mentions, notified }));
      return;
    }
    case 'PostDeleted':
    case 'PostRestored':
      await rows.hidePost(event.data.postId, event.type === 'PostDeleted');
      return;
    case 'Commented': {
      const { commentId, postId, parentId, authorId, content, mentions } = event.data;
      if ((await findCommentTarget(trx, commentId)).gone) return;
      const post = await findPostTarget(trx, postId);
      const parentAuthorId = parentId === null ? null : (await findCommentTarget(trx, parentId)).authorId;
      const comment = { id: commentId, parentId, authorId, summary: commentSummary(content) };
      await rows.add(event.position, event.recordedAt, commentNotices({ ...act, actorId: authorId, post, comment, parentAuthorId, mentions }));
      return;
    }
    case 'CommentEdited': {
      const { commentId, content, mentions } = event.data;
      const comment = { ...(await findCommentTarget(trx, commentId)), summary: commentSummary(content) };
      await rows.summarizeComment(commentId, comment.summary);
      if (comment.gone) return;
      const post = await findPostTarget(trx, comment.postId);
      const notified = await rows.recipientsOf(event.streamId);
      await rows.add(event.position, event.recordedAt, commentMentionNotices({ ...act, actorId: comment.authorId, post, comment, mentions, notified }));
      return;
    }
    case 'CommentDeleted':
      await rows.withdrawComment(event.data.commentId);
      return;
    case 'IntervieweeInvited':
    case 'InterviewPublished':
      await rows.add(event.position, event.recordedAt, await interviewInvitationNotices(trx, event));
      return;
    case 'InterviewUpdated':
      if (event.data.title !== undefined) await rows.summarizeInterview(event.data.interviewId, interviewSummary(event.data.title));
      return;
    case 'ResponseSent':
      // Sending again replaces what was sent, and its notification with it: one per answerer, unread again.
      await rows.withdrawCauses([event.streamId]);
      await rows.add(event.position, event.recordedAt, await interviewAnswerNotice(trx, event));
      return;
    case 'MonitorCreated':
      await monitors.file(event.data.monitorId, event.data.accountId, event.data.createdBy, event.data.definition.name);
      return;
    case 'MonitorChanged':
      await monitors.rename(event.data.monitorId, event.data.definition.name);
      await rows.summarizeMonitor(event.data.monitorId, event.data.definition.name);
      return;
    case 'MonitorDeleted':
      await monitors.remove(event.data.monitorId);
      await rows.withdrawMonitors([event.data.monitorId]);
      return;
    case 'UserJoinedAccount':
      // A monitor and its mentions belong to its account: one who moves on hears no more of it.
      await rows.withdrawMonitors(await monitors.leave(event.data.userId, event.data.accountId));
      return;
    case 'NotificationPreferenceSet':
      await rows.setPreference(event.data.userId, event.data.notificationType, event.data.inApp);
      return;
  }
}

/** The person an event was recorded for, when a person acted (not the system or a seed). */
function personActing(event: StoredEvent<ProductEvent>): number | null {
  const id = Number(event.metadata.actorId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
