import { Batcher, type Outcome } from '../../db/batcher.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Executor } from '../../events/types.ts';
import { Conflict, NotFound } from '../../errors.ts';
import { lostARace } from '../../events/append-statement.ts';
import type { Viewer } from '../posts/permissions.ts';
import type { PostKind } from '../../../contracts/posts/kinds.ts';
import { likeStream, toggleLikes, type ToggleRequest } from './toggle-statement.ts';

export type LikeState = { liked: boolean; likesCount: number };

/**
 * Like toggles through group commit: concurrent toggles, on one hot post or many, share one
 * statement per round trip. A person's toggles of one target never share a flush, so each
 * decides on the state the previous one left.
 */
export class LikeToggles {
  private readonly batcher: Batcher<ToggleRequest, LikeState>;

  constructor(db: Executor, private readonly onCommitted: (events: number) => void) {
    this.batcher = new Batcher<ToggleRequest, LikeState>(
      async (requests): Promise<Outcome<LikeState>[]> => {
        const rows = await toggleLikes(db, requests);
        // Each changed toggle appended its Liked or Unliked event.
        const appended = rows.filter((row) => row.changed).length;
        if (appended > 0) this.onCommitted(appended);
        return rows.map((row) => (row.found ? { ok: { liked: row.liked, likesCount: row.likes_count ?? 0 } } : { error: new NotFound(`No such ${requests[row.ord - 1]!.targetKind}.`) }));
      },
      {
        key: (request) => likeStream(request.targetKind, request.targetId, request.userId),
        joins: () => false,
        weight: () => 1,
        maxWeight: 1000,
        flushesInFlight: 2,
        attempts: 20,
        // Two flushes moving the same counts in another order can deadlock; either way nothing was written.
        retryable: lostARace,
        exhausted: () => new Conflict(),
      },
    );
  }

  /** Sets the viewer's like on a post or comment to `status`; the same status twice changes nothing. */
  toggle(target: { kind: 'post'; postKind: PostKind } | { kind: 'comment' }, targetId: number, viewer: Viewer, status: boolean, metadata: EventMetadata): Promise<LikeState> {
    return this.batcher.submit({
      targetKind: target.kind,
      postKind: target.kind === 'post' ? target.postKind : null,
      targetId,
      userId: viewer.contactId,
      status,
      isAdmin: viewer.isAdmin,
      userType: viewer.userType,
      metadata: JSON.stringify(metadata),
    });
  }
}
