import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { ResponseView } from '../../../contracts/interviews/api.ts';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { interviewAnswered, interviewChanged, interviewCounted } from '../../../contracts/interviews/realtime.ts';
import { batchArray, executePrepared } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import type { AnyEvent, StoredEvent } from '../../events/types.ts';
import { clock } from './clock.ts';
import { mayReadAnswers, type Person } from './permissions.ts';
import { takeHandedOver } from './handed-views.ts';
import { accessTo, findResponseView, findResponseViews, statusOf } from './queries.ts';

export type InterviewMessage =
  | { event: 'interview:answered'; rooms: string[]; payload: z.infer<typeof interviewAnswered> }
  | { event: 'interview:changed'; rooms: string[]; payload: z.infer<typeof interviewChanged> }
  | { event: 'interview:counted'; rooms: string[]; payload: z.infer<typeof interviewCounted> };

export const interviewRoom = (interviewId: number) => `interview:${interviewId}`;

/** The room of an interview's answers: for those who may read them, as its HTTP query checks. */
export async function mayJoinInterviewRoom(db: Kysely<Database>, person: Person, interviewId: number): Promise<boolean> {
  const access = await accessTo(db, interviewId);
  return access !== null && mayReadAnswers(person, access);
}

/** Who reads these interviews' answers: each one's creator and the colleagues it is shared with. */
async function answerReaders(db: Kysely<Database>, interviewIds: readonly number[]): Promise<Map<number, number[]>> {
  if (interviewIds.length === 0) return new Map();
  const [creators, shares] = await Promise.all([
    db.selectFrom('interviews').select(['id', 'creator_id']).where('id', 'in', [...interviewIds]).execute(),
    db.selectFrom('interview_shares').select(['interview_id', 'user_id']).where('interview_id', 'in', [...interviewIds]).execute(),
  ]);
  const readers = new Map(creators.map((row) => [Number(row.id), [Number(row.creator_id)]]));
  for (const share of shares) readers.get(Number(share.interview_id))?.push(Number(share.user_id));
  return readers;
}

const RESPONSE_EVENTS = new Set(['ResponseStarted', 'AnswerSubmitted', 'AnswerSkipped', 'AnswerWithdrawn', 'ResponseSent']);
const VIDEO_CHANGED = new Set(['VideoProcessed', 'VideoRenditionsAdded', 'VideoFailed']);
const CHANGES: Partial<Record<InterviewEvent['type'], 'updated' | 'published' | 'closed'>> = {
  InterviewUpdated: 'updated',
  QuestionAdded: 'updated',
  QuestionEdited: 'updated',
  QuestionRemoved: 'updated',
  QuestionsReordered: 'updated',
  InterviewPublished: 'published',
  InterviewClosed: 'closed',
};

/**
 * What interview events mean to open screens, one list per event: the interviewer's page
 * hears each answer with the response as it is now (no refetch), and the interview's page
 * and its callout's modal hear it open and close. Answers are never sent to a post's room:
 * only the answers' readers are in the interview's.
 */
export async function interviewMessagesFor(db: Kysely<Database>, events: readonly StoredEvent<AnyEvent>[]): Promise<InterviewMessage[][]> {
  const ours = events as readonly StoredEvent<InterviewEvent>[];
  // Answers come in hundreds a second: the batch's responses and counts are read once for all of
  // it, and a response changed by several events of the batch is sent once, at its last.
  const answering = ours.filter((event) => RESPONSE_EVENTS.has(event.type)).map((event) => event.data as { interviewId: number; responseId: number });
  const lastOf = new Map(ours.flatMap((event, index) => (RESPONSE_EVENTS.has(event.type) ? [[(event.data as { responseId: number }).responseId, index] as const] : [])));
  const sentTo = [...new Set(ours.filter((event) => event.type === 'ResponseSent').map((event) => (event.data as { interviewId: number }).interviewId))];
  // The responses this process's answering batches read as they committed are taken as they
  // were; only the others are read.
  const handed = new Map<number, ResponseView>();
  for (const [responseId, index] of lastOf) {
    const view = takeHandedOver(ours[index]!, responseId);
    if (view) handed.set(responseId, view);
  }
  const [read, counts, readers] = await Promise.all([
    findResponseViews(db, answering.flatMap((data) => (handed.has(data.responseId) ? [] : [data.responseId]))),
    answering.length === 0
      ? new Map<number, number>()
      : executePrepared(
          db,
          'interviews_answers_counts',
          db.selectFrom('interviews').select(['id', 'answers_count']).where(sql<boolean>`id in (select unnest(${batchArray([...new Set(answering.map((data) => data.interviewId))], 'int8')}))`),
        ).then((rows) => new Map(rows.map((row) => [Number(row.id), row.answers_count]))),
    answerReaders(db, sentTo),
  ]);
  const responses = new Map([...read, ...handed]);
  const messages: InterviewMessage[][] = [];
  for (const [index, event] of ours.entries()) {
    const stamp = { cursor: `${event.transactionId}:${event.position}`, position: event.position };
    if (RESPONSE_EVENTS.has(event.type)) {
      const { interviewId, responseId } = event.data as { interviewId: number; responseId: number };
      const response = responses.get(responseId);
      const answersCount = counts.get(interviewId);
      const last = lastOf.get(responseId) === index;
      const heard: InterviewMessage[] = last && response && answersCount !== undefined ? [{ event: 'interview:answered', rooms: [interviewRoom(interviewId)], payload: { interviewId, response, answersCount, ...stamp } }] : [];
      // A sent response moves the count on the cards of every list its readers have open.
      if (event.type === 'ResponseSent' && answersCount !== undefined) {
        heard.push({ event: 'interview:counted', rooms: (readers.get(interviewId) ?? []).map((userId) => `user:${userId}`), payload: { interviewId, answersCount, ...stamp } });
      }
      messages.push(heard);
      continue;
    }
    if (VIDEO_CHANGED.has(event.type)) {
      // A video answer became playable (or failed): the interviewer's page shows it without asking again.
      const { videoId } = event.data as unknown as { videoId: number };
      const answers = await db.selectFrom('interview_answers').select(['interview_id', 'response_id']).where('video_id', '=', videoId).execute();
      const settled: InterviewMessage[] = [];
      for (const answer of answers) {
        const interviewId = Number(answer.interview_id);
        const [response, interview] = await Promise.all([
          findResponseView(db, Number(answer.response_id), null),
          db.selectFrom('interviews').select('answers_count').where('id', '=', interviewId).executeTakeFirst(),
        ]);
        if (response && interview) settled.push({ event: 'interview:answered', rooms: [interviewRoom(interviewId)], payload: { interviewId, response, answersCount: interview.answers_count, ...stamp } });
      }
      messages.push(settled);
      continue;
    }
    const change = CHANGES[event.type];
    if (!change) {
      messages.push([]);
      continue;
    }
    const { interviewId } = event.data as { interviewId: number };
    const row = await db.selectFrom('interviews').select(['status', 'closed_reason', 'deadline', 'callout_id']).where('id', '=', interviewId).executeTakeFirst();
    if (!row) {
      messages.push([]);
      continue;
    }
    const rooms = [interviewRoom(interviewId), ...(row.callout_id === null ? [] : [`post:${row.callout_id}`])];
    messages.push([{ event: 'interview:changed', rooms, payload: { interviewId, change, ...statusOf(row, clock.now()), ...stamp } }]);
  }
  return messages;
}
