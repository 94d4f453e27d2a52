import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { NewsroomEvent } from '../../../contracts/newsrooms/index.ts';
import type { newsroomChanged } from '../../../contracts/newsrooms/realtime.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { summariesOf } from './queries.ts';

export type NewsroomMessage = { event: 'newsroom:changed'; rooms: string[]; payload: z.infer<typeof newsroomChanged> };

const CHANGES = { NewsroomCreated: 'created', NewsroomEdited: 'edited', NewsroomAccessConfirmed: 'accessConfirmed' } as const;
type Heard = Extract<NewsroomEvent, { type: keyof typeof CHANGES }>;
const isHeard = (event: StoredEvent<AnyEvent>): event is StoredEvent<Heard> => event.type in CHANGES;

/**
 * What newsroom events mean to open tabs, one list per event: the people who work on the
 * newsroom hear of it in their own rooms (`user:{id}`), never a room anyone else could join.
 * The newsroom goes as it is now, so a later change never carries an older view.
 */
export async function newsroomMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<NewsroomMessage[][]> {
  const ours = events.filter(isHeard);
  if (ours.length === 0) return events.map(() => []);
  const ids = [...new Set(ours.map((event) => event.data.newsroomId))];
  const rows = await db.selectFrom('newsrooms').selectAll().where('id', 'in', ids).execute();
  const [summaries, people, managers] = await Promise.all([
    summariesOf(db, rows),
    db.selectFrom('users').select(['id', 'account_id']).where('account_id', 'in', [...new Set(rows.map((row) => row.account_id))].concat(-1)).execute(),
    db.selectFrom('newsroom_managers').select(['newsroom_id', 'user_id']).where('newsroom_id', 'in', ids).execute(),
  ]);
  const byId = new Map(summaries.map((summary, i) => [summary.id, { summary, accountId: rows[i]!.account_id }]));
  return events.map((event): NewsroomMessage[] => {
    if (!isHeard(event)) return [];
    const found = byId.get(event.data.newsroomId);
    if (!found) return [];
    const listeners = new Set([
      ...people.filter((person) => person.account_id === found.accountId).map((person) => person.id),
      ...managers.filter((manager) => manager.newsroom_id === event.data.newsroomId).map((manager) => manager.user_id),
      ...(event.type === 'NewsroomAccessConfirmed' ? [event.data.userId] : []),
    ]);
    const payload = { cursor: `${event.transactionId}:${event.position}`, position: event.position, newsroomId: event.data.newsroomId, change: CHANGES[event.type], newsroom: found.summary };
    return [{ event: 'newsroom:changed', rooms: [...listeners].sort((a, b) => a - b).map((id) => `user:${id}`), payload }];
  });
}
