import type { Kysely } from 'kysely';
import type { TimelineItem, TimelineQuery } from '../../../contracts/contacts/api.ts';
import type { AccountRole } from '../../../contracts/users/enums.ts';
import type { Database } from '../../db/schema.ts';
import { answerLinesReadableBy } from '../interviews/index.ts';
import { directMessageLines } from '../messages/index.ts';
import { postLinesByAuthor, viewerOf } from '../posts/index.ts';
import { notesOf } from './queries.ts';
import './tables.ts';

/** The reader of a timeline: one of the account's people. */
export type Reader = { id: number; roles: readonly string[]; accountId: number };

// Items of one time are ordered by key; each source reads this many more than the page, so a
// page cut among items of the same millisecond still finds the rest on the next page.
const SAME_TIME_SLACK = 20;

const iso = (at: Date) => at.toISOString();

/** Newest first; items of one millisecond by key, descending, so the order is total. */
function newerFirst(a: TimelineItem, b: TimelineItem): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  return a.key < b.key ? 1 : a.key > b.key ? -1 : 0;
}

/**
 * One contact's timeline for a reader of its account: the account's notes (with their earlier
 * wordings) and the lists it was added to; for a person on the platform also their posts and
 * callouts the reader may read, their interview answers the reader may read, and the direct
 * messages between them and the account's people. Each source is read newest first from the
 * cursor's time and the page is cut from all of them at once.
 */
export async function contactTimeline(
  db: Kysely<Database>,
  reader: Reader,
  contact: { id: number; userId: number | null },
  query: TimelineQuery,
): Promise<{ data: TimelineItem[]; hasMore: boolean; next: string | null }> {
  const cursor = query.before ? { at: query.before.slice(0, 24), key: query.before.slice(25) } : null;
  // The log keeps microseconds and a cursor milliseconds: read up to the cursor's millisecond's end.
  const before = cursor ? new Date(new Date(cursor.at).getTime() + 1) : null;
  const reach = query.limit + 1 + SAME_TIME_SLACK;
  const person = contact.userId;

  const notes = notesOf(db, contact.id, { before, limit: reach }).then((rows) =>
    rows.map((note): TimelineItem => ({ kind: 'note', key: `note-${note.id}`, at: note.createdAt, note })),
  );
  let listQuery = db
    .selectFrom('contact_list_members as m')
    .innerJoin('contact_lists as l', 'l.id', 'm.list_id')
    .select(['l.id', 'l.name', 'm.added_at'])
    .where('m.contact_id', '=', contact.id)
    .where('l.account_id', '=', reader.accountId)
    .orderBy('m.added_at', 'desc')
    .orderBy('l.id', 'desc')
    .limit(reach);
  if (before) listQuery = listQuery.where('m.added_at', '<', before);
  const lists = listQuery.execute().then((rows) =>
    rows.map((row): TimelineItem => ({ kind: 'addedToList', key: `list-${row.id}`, at: iso(row.added_at), list: { id: Number(row.id), name: row.name } })),
  );
  const posts =
    person === null
      ? []
      : postLinesByAuthor(db, viewerOf({ id: reader.id, roles: reader.roles as readonly AccountRole[] }), person, before, reach).then((rows) =>
          rows.map((post): TimelineItem => ({ kind: post.kind === 'callout' ? 'callout' : 'post', key: `post-${post.id}`, at: iso(post.publishedAt), post: { id: post.id, kind: post.kind, title: post.title } })),
        );
  const answers =
    person === null
      ? []
      : answerLinesReadableBy(db, reader.id, person, before, reach).then((rows) =>
          rows.map((answer): TimelineItem => ({ kind: 'interviewAnswer', key: `answer-${answer.responseId}`, at: iso(answer.sentAt), interview: { id: answer.interviewId, title: answer.title }, responseId: answer.responseId })),
        );
  const messages = person === null ? [] : messagesWith(db, reader.accountId, person, before, reach);

  const all = (await Promise.all([notes, lists, posts, answers, messages])).flat();
  const after = cursor ? all.filter((item) => item.at < cursor.at || (item.at === cursor.at && item.key < cursor.key)) : all;
  after.sort(newerFirst);
  const data = after.slice(0, query.limit);
  const hasMore = after.length > query.limit;
  const last = data.at(-1);
  return { data, hasMore, next: hasMore && last ? `${last.at}_${last.key}` : null };
}

async function messagesWith(db: Kysely<Database>, accountId: number, personId: number, before: Date | null, limit: number): Promise<TimelineItem[]> {
  const people = await db.selectFrom('users').select('id').where('account_id', '=', accountId).execute();
  const lines = await directMessageLines(db, personId, people.map((row) => Number(row.id)), before, limit);
  if (lines.length === 0) return [];
  const named = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname'])
    .where('id', 'in', [...new Set(lines.flatMap((line) => [line.senderId, line.recipientId]))])
    .execute();
  const names = new Map(named.map((row) => [Number(row.id), `${row.firstname} ${row.lastname}`]));
  const ref = (id: number) => ({ id, name: names.get(id) ?? '' });
  return lines.map((line) => ({ kind: 'message', key: `message-${line.id}`, at: iso(line.sentAt), message: { id: line.id, conversationId: line.conversationId, from: ref(line.senderId), to: ref(line.recipientId), text: line.text } }));
}
