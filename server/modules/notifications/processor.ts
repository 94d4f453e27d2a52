import type { ProductEvent } from '../../../contracts/events/index.ts';
import type { StoredEvent, Tx } from '../../events/types.ts';
import type { ProcessorDefinition } from '../../projections/processor.ts';
import { commentMentionNotices, commentNotices, commentSummary, likeNotices, ownerOf, postMentionNotices, postSummary } from './notices.ts';
import { NotificationRows, createNotificationTables, type UnreadChange } from './rows.ts';
import { findCommentTarget, findPostTarget } from './targets.ts';

export type { UnreadChange };

export type NotificationsOptions = {
  /** After each committed batch: the recipients whose unread count moved, with their new count. */
  onChange?: (changes: UnreadChange[]) => void;
};

/**
 * Notifications of spec section 3 from the acts of the log: one row per recipient and act,
 * grouped by `group_key` when read; a per-recipient count of the unread and visible ones.
 */
export function notificationsProcessor(options: NotificationsOptions = {}): ProcessorDefinition<ProductEvent> {
  // Changes of the batch in flight, by event position: a batch that rolls back is handled
  // again from the same positions, which replaces its entries.
  const pending = new Map<number, UnreadChange[]>();
  return {
    name: 'notifications',
    version: 1,
    tables: ['notifications', 'notification_counters'],
    // Several statements per event: small batches keep its transaction, which holds back
    // every reader of the log (live pushes included), to a few milliseconds.
    batchSize: 20,
    createTables: createNotificationTables,
    async handle(trx, event, tables) {
      const rows = new NotificationRows(trx, tables);
      await react(trx, rows, event);
      const changes = await rows.settle();
      if (options.onChange && changes.length > 0) pending.set(event.position, changes);
    },
    afterCommit(events) {
      if (!options.onChange) return;
      const latest = new Map<number, UnreadChange>();
      for (const event of events) {
        for (const change of pending.get(event.position) ?? []) {
          const newest = change.notificationId ?? latest.get(change.recipientId)?.notificationId ?? null;
          latest.set(change.recipientId, { ...change, notificationId: newest });
        }
        pending.delete(event.position);
      }
      if (latest.size > 0) options.onChange([...latest.values()]);
    },
  };
}

async function react(trx: Tx, rows: NotificationRows, event: StoredEvent<ProductEvent>): Promise<void> {
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
    case 'Liked': {
      const { targetKind, targetId, userId } = event.data;
      const comment = targetKind === 'comment' ? await findCommentTarget(trx, targetId) : null;
      if (comment?.gone) return;
      const post = await findPostTarget(trx, comment ? comment.postId : targetId);
      await rows.add(event.position, event.recordedAt, likeNotices({ ...act, actorId: userId, post, comment }));
      return;
    }
    case 'Unliked':
      await rows.withdrawCause(event.streamId);
      return;
  }
}

/** The person an event was recorded for, when a person acted (not the system or a seed). */
function personActing(event: StoredEvent<ProductEvent>): number | null {
  const id = Number(event.metadata.actorId);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
