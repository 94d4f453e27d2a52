import { sql, type Kysely, type RawBuilder } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import {
  CLOSED_LINES,
  type AnswerView,
  type AnsweringView,
  type ClosedReason,
  type InterviewListName,
  type InterviewView,
  type QuestionView,
  type ResponseView,
} from '../../../contracts/interviews/api.ts';
import { batchArray, executePrepared } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { AUTHOR_COLUMNS, authorNamed } from '../posts/queries.ts';
import { findVideo, findVideos } from '../video/index.ts';
import { mayAnswer, mayManage, mayReadAnswers, type Person } from './permissions.ts';
import { targetedAt } from './search.ts';
import type { InterviewsTable } from './tables.ts';

type InterviewRow = InterviewsTable & {
  author_firstname: string | null;
  author_lastname: string | null;
  author_slug: string | null;
  author_logo: string | null;
  questions: Database['interview_questions'][];
};

/** Interviews with their creators and, as JSON beside each row in order, their questions: one statement for a page of them. */
function interviewRows(db: Kysely<Database>) {
  return db
    .selectFrom('interviews as i')
    .leftJoin('users as u', 'u.id', 'i.creator_id')
    .selectAll('i')
    .select(AUTHOR_COLUMNS)
    .select((eb) => jsonArrayFrom(eb.selectFrom('interview_questions as q').selectAll('q').whereRef('q.interview_id', '=', 'i.id').orderBy('q.position')).as('questions'));
}

/** A passed deadline closes an open interview without any event: it is read against the clock. */
export function statusOf(row: Pick<InterviewsTable, 'status' | 'closed_reason' | 'deadline'>, now: Date): { status: InterviewView['status']; closedReason: ClosedReason | null } {
  if (row.status === 'closed') return { status: 'closed', closedReason: row.closed_reason };
  if (row.status === 'open' && row.deadline !== null && row.deadline.getTime() <= now.getTime()) return { status: 'closed', closedReason: 'deadline' };
  return { status: row.status, closedReason: null };
}

const questionViewOf = (row: Database['interview_questions']): QuestionView => ({
  id: row.id,
  position: row.position,
  kind: row.kind,
  text: row.text,
  timeLimitSeconds: row.time_limit_seconds,
  maxLength: row.max_length,
  thinkSeconds: row.think_seconds,
  retakes: row.retakes,
});

async function sharesOf(db: Kysely<Database>, interviewIds: readonly number[], userId: number): Promise<Set<number>> {
  if (interviewIds.length === 0) return new Set();
  const rows = await db.selectFrom('interview_shares').select('interview_id').where('user_id', '=', userId).where('interview_id', 'in', [...interviewIds]).execute();
  return new Set(rows.map((row) => Number(row.interview_id)));
}

/** What every view of an interview says of it, to its interviewer and its answerers alike. */
function summaryOf(row: InterviewRow, now: Date) {
  const { status, closedReason } = statusOf(row, now);
  return {
    id: Number(row.id),
    title: row.title,
    brief: row.brief,
    deadline: row.deadline?.toISOString() ?? null,
    status,
    closedReason,
    closedLine: closedReason ? CLOSED_LINES[closedReason] : null,
    showQuestions: row.show_questions,
    allowSkip: row.allow_skip,
    creator: authorNamed(Number(row.creator_id), 'person', row),
    calloutId: row.callout_id === null ? null : Number(row.callout_id),
    createdAt: row.created_at.toISOString(),
    publishedAt: row.published_at?.toISOString() ?? null,
  };
}

async function toViews(db: Kysely<Database>, person: Person, rows: readonly InterviewRow[], now: Date): Promise<InterviewView[]> {
  const ids = rows.map((row) => Number(row.id));
  const shared = await sharesOf(db, ids, person.id);
  return rows.map((row) => {
    const access = { creatorId: Number(row.creator_id), accountId: row.account_id, published: row.status !== 'draft', sharedWith: shared.has(Number(row.id)) ? [person.id] : [], invited: [] };
    const summary = summaryOf(row, now);
    return {
      ...summary,
      closeAfterAnswers: row.close_after_answers,
      questions: row.questions.map(questionViewOf),
      answersCount: row.answers_count,
      permissions: { canManage: mayManage(person, access), canReadAnswers: mayReadAnswers(person, access), canAnswer: mayAnswer(person, access) && summary.status === 'open' },
    };
  });
}

/** The interview as this person sees it; the caller has checked they may (see `mayView`). */
export async function interviewView(db: Kysely<Database>, person: Person, interviewId: number, now: Date): Promise<InterviewView | null> {
  const row = await interviewRows(db).where('i.id', '=', interviewId).executeTakeFirst();
  return row ? (await toViews(db, person, [row as InterviewRow], now))[0]! : null;
}

/** Who may see it, as the read model has it: for reads that need no fold of the stream. */
export async function accessTo(db: Kysely<Database>, interviewId: number) {
  const row = await db.selectFrom('interviews').select(['creator_id', 'account_id', 'status']).where('id', '=', interviewId).executeTakeFirst();
  if (!row) return null;
  const [shares, invitations] = await Promise.all([
    db.selectFrom('interview_shares').select('user_id').where('interview_id', '=', interviewId).execute(),
    db.selectFrom('interview_invitations').select('user_id').where('interview_id', '=', interviewId).execute(),
  ]);
  return {
    creatorId: Number(row.creator_id),
    accountId: row.account_id === null ? null : Number(row.account_id),
    published: row.status !== 'draft',
    sharedWith: shares.map((share) => Number(share.user_id)),
    invited: invitations.map((invitation) => Number(invitation.user_id)),
  };
}

/** Who may see it, as far as one person is concerned (are they among the shared and the invited), in one statement. */
export async function accessFor(db: Kysely<Database>, interviewId: number, personId: number) {
  const row = await db
    .selectFrom('interviews as i')
    .select((eb) => [
      'i.creator_id',
      'i.account_id',
      'i.status',
      eb.exists(eb.selectFrom('interview_shares as s').select('s.user_id').whereRef('s.interview_id', '=', 'i.id').where('s.user_id', '=', personId)).as('shared'),
      eb.exists(eb.selectFrom('interview_invitations as v').select('v.user_id').whereRef('v.interview_id', '=', 'i.id').where('v.user_id', '=', personId)).as('invited'),
    ])
    .where('i.id', '=', interviewId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    creatorId: Number(row.creator_id),
    accountId: row.account_id === null ? null : Number(row.account_id),
    published: row.status !== 'draft',
    sharedWith: row.shared ? [personId] : [],
    invited: row.invited ? [personId] : [],
  };
}

/**
 * The interview lists of `/interviews`: wire (published, open, not one's own, for one's user
 * type when a callout targets some), my (one's own), questions (those one has answered or
 * started answering), awaiting (invited, open, not yet answered), shared (shared with one).
 */
export async function listInterviews(
  db: Kysely<Database>,
  person: Person & { userType: string | null },
  list: InterviewListName,
  page: { offset: number; limit: number },
  now: Date,
) {
  const me = person.id;
  let query = interviewRows(db);
  const openNow = sql<boolean>`i.status = 'open' and (i.deadline is null or i.deadline > ${now})`;
  switch (list) {
    case 'wire':
      query = query
        .where(openNow)
        .where('i.creator_id', '<>', me)
        .where(targetedAt(person.userType));
      break;
    case 'my':
      query = query.where('i.creator_id', '=', me);
      break;
    case 'questions':
      query = query.where((eb) => eb.exists(eb.selectFrom('interview_responses as r').select('r.id').whereRef('r.interview_id', '=', 'i.id').where('r.user_id', '=', me)));
      break;
    case 'awaiting':
      query = query
        .where(openNow)
        .where((eb) => eb.exists(eb.selectFrom('interview_invitations as v').select('v.user_id').whereRef('v.interview_id', '=', 'i.id').where('v.user_id', '=', me)))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('interview_responses as r').select('r.id').whereRef('r.interview_id', '=', 'i.id').where('r.user_id', '=', me).where('r.sent', '=', true))));
      break;
    case 'shared':
      query = query.where((eb) => eb.exists(eb.selectFrom('interview_shares as s').select('s.user_id').whereRef('s.interview_id', '=', 'i.id').where('s.user_id', '=', me)));
      break;
  }
  const rows = (await query.orderBy('i.id', 'desc').offset(page.offset).limit(page.limit + 1).execute()) as InterviewRow[];
  const data = await toViews(db, person, rows.slice(0, page.limit), now);
  return { data, offset: page.offset, limit: page.limit, hasMore: rows.length > page.limit };
}

type AnswerJson = { question_id: number; kind: AnswerView['kind']; text: string | null; video_id: number | null; skipped: boolean; answered_at: string; saved_at: string | null };
type ResponseRow = Database['interview_responses'] & { author_firstname: string | null; author_lastname: string | null; author_slug: string | null; author_logo: string | null; answers: AnswerJson[] };

/**
 * The responses `wanted` picks (a parenthesised list or subquery of their ids), each with its
 * answers in their questions' order as JSON beside it and what `viewerId` saved of them, in one
 * statement: the answers of all of them are grouped in one pass. A read of the answers per
 * response scanned the whole answers table once for each while the table was small enough for
 * the planner to prefer a scan (bench:interviews, 100 responses of 200: 28 µs of PostgreSQL's
 * time a response, 14.6 grouped).
 */
function responseRows(db: Kysely<Database>, viewerId: number | null, wanted: RawBuilder<unknown>) {
  return db
    .selectFrom('interview_responses as r')
    .leftJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('interview_answers as a')
          .innerJoin('interview_questions as q', 'q.id', 'a.question_id')
          .leftJoin('interview_saved_answers as s', (join) => join.onRef('s.response_id', '=', 'a.response_id').onRef('s.question_id', '=', 'a.question_id').on('s.user_id', '=', viewerId ?? 0))
          .where(sql<boolean>`a.response_id in ${wanted}`)
          .groupBy('a.response_id')
          .select([
            'a.response_id',
            sql<AnswerJson[]>`json_agg(json_build_object('question_id', a.question_id, 'kind', a.kind, 'text', a.text, 'video_id', a.video_id, 'skipped', a.skipped, 'answered_at', a.answered_at, 'saved_at', s.saved_at) order by q.position)`.as('answers'),
          ])
          .as('given'),
      (join) => join.onRef('given.response_id', '=', 'r.id'),
    )
    .selectAll('r')
    .select(AUTHOR_COLUMNS)
    .select(sql<AnswerJson[]>`coalesce(given.answers, '[]')`.as('answers'))
    .where(sql<boolean>`r.id in ${wanted}`);
}

async function toResponseViews(db: Kysely<Database>, rows: readonly ResponseRow[]): Promise<ResponseView[]> {
  const videos = await findVideos(db, rows.flatMap((row) => row.answers.flatMap((answer) => (answer.video_id === null ? [] : [Number(answer.video_id)]))));
  return rows.map((row) => ({
    id: Number(row.id),
    interviewId: Number(row.interview_id),
    respondent:
      row.user_id === null
        ? { kind: 'guest', name: row.guest_name ?? '', email: row.guest_email ?? '', organisation: row.guest_organisation ?? '' }
        : { kind: 'member', person: authorNamed(Number(row.user_id), 'person', row) },
    status: row.sent ? 'sent' : 'started',
    answers: row.answers.map((answer) => ({
      questionId: Number(answer.question_id),
      kind: answer.kind,
      text: answer.text,
      video: answer.video_id === null ? null : (videos.get(Number(answer.video_id)) ?? null),
      skipped: answer.skipped,
      answeredAt: new Date(answer.answered_at).toISOString(),
      saved: answer.saved_at !== null,
    })),
    startedAt: row.started_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
  }));
}

/** Every response to an interview, oldest first, for those who read its answers. */
export async function listResponses(db: Kysely<Database>, interviewId: number, viewerId: number): Promise<ResponseView[]> {
  const rows = (await responseRows(db, viewerId, sql`(select id from interview_responses where interview_id = ${interviewId})`).orderBy('r.id').execute()) as ResponseRow[];
  return toResponseViews(db, rows);
}

/** Responses by id, as their interviewer reads them, in one statement whatever their number (and one for their videos). */
export async function findResponseViews(db: Kysely<Database>, responseIds: readonly number[]): Promise<Map<number, ResponseView>> {
  if (responseIds.length === 0) return new Map();
  const rows = (await executePrepared(db, 'interview_responses_by_ids', responseRows(db, null, sql`(select unnest(${batchArray([...new Set(responseIds)], 'int8')}))`))) as ResponseRow[];
  const views = await toResponseViews(db, rows);
  return new Map(views.map((view) => [view.id, view]));
}

export async function findResponseView(db: Kysely<Database>, responseId: number, viewerId: number | null): Promise<ResponseView | null> {
  const row = (await responseRows(db, viewerId, sql`(${responseId})`).executeTakeFirst()) as ResponseRow | undefined;
  return row ? (await toResponseViews(db, [row]))[0]! : null;
}

/** The response of a member or of a link, if it was started. */
export async function findResponseId(db: Kysely<Database>, interviewId: number, by: { userId: number } | { linkId: number }): Promise<number | null> {
  const row = await db
    .selectFrom('interview_responses')
    .select('id')
    .where('interview_id', '=', interviewId)
    .where('userId' in by ? 'user_id' : 'link_id', '=', 'userId' in by ? by.userId : by.linkId)
    .executeTakeFirst();
  return row ? Number(row.id) : null;
}

/** What an answerer sees: with showQuestions every question, otherwise those answered so far and the next. */
export async function answeringView(db: Kysely<Database>, interviewId: number, responseId: number | null, now: Date): Promise<AnsweringView | null> {
  return (await answeringViews(db, [{ interviewId, responseId }], now))[0] ?? null;
}

/** What each answerer sees, in a few statements whatever their number (a batch of answers); an interview that does not exist gives none. */
export async function answeringViews(db: Kysely<Database>, wanted: readonly { interviewId: number; responseId: number | null }[], now: Date): Promise<(AnsweringView | null)[]> {
  if (wanted.length === 0) return [];
  const interviewIds = [...new Set(wanted.map((one) => one.interviewId))];
  const responseIds = wanted.flatMap((one) => (one.responseId === null ? [] : [one.responseId]));
  const [rows, responses] = await Promise.all([
    executePrepared(db, 'interviews_by_ids', interviewRows(db).where(sql<boolean>`i.id in (select unnest(${batchArray(interviewIds, 'int8')}))`)) as Promise<InterviewRow[]>,
    findResponseViews(db, responseIds),
  ]);
  // Once per interview, however many of its answerers the batch holds: the views share them.
  const byId = new Map(rows.map((row) => [Number(row.id), { row, summary: summaryOf(row, now), asked: row.questions.map(questionViewOf) }]));
  return wanted.map(({ interviewId, responseId }) => {
    const found = byId.get(interviewId);
    if (!found) return null;
    const { row, summary, asked } = found;
    const response = responseId === null ? null : (responses.get(responseId) ?? null);
    const done = new Set(response?.answers.map((answer) => answer.questionId) ?? []);
    const next = asked.find((question) => !done.has(question.id)) ?? null;
    return {
      interview: summary,
      questions: row.show_questions ? asked : asked.filter((question) => done.has(question.id) || question.id === next?.id),
      questionsCount: asked.length,
      nextQuestionId: next?.id ?? null,
      response,
    };
  });
}

/** Saved media: the answers a person kept, newest first. */
export async function listSavedAnswers(db: Kysely<Database>, userId: number, page: { offset: number; limit: number }) {
  const rows = await db
    .selectFrom('interview_saved_answers as s')
    .innerJoin('interviews as i', 'i.id', 's.interview_id')
    .innerJoin('interview_questions as q', 'q.id', 's.question_id')
    .select(['s.response_id', 's.question_id', 's.interview_id', 's.saved_at', 'i.title', 'q.text'])
    .where('s.user_id', '=', userId)
    .orderBy('s.saved_at', 'desc')
    .orderBy('s.response_id', 'desc')
    .offset(page.offset)
    .limit(page.limit + 1)
    .execute();
  const shown = rows.slice(0, page.limit);
  const responses = new Map((await Promise.all([...new Set(shown.map((row) => Number(row.response_id)))].map((id) => findResponseView(db, id, userId)))).flatMap((response) => (response ? [[response.id, response] as const] : [])));
  const data = shown.flatMap((row) => {
    const response = responses.get(Number(row.response_id));
    const answer = response?.answers.find((candidate) => candidate.questionId === Number(row.question_id));
    if (!response || !answer) return [];
    const respondentName = response.respondent.kind === 'member' ? response.respondent.person.name : response.respondent.name;
    return [{ interviewId: Number(row.interview_id), interviewTitle: row.title, responseId: response.id, question: row.text, respondentName, answer, savedAt: row.saved_at.toISOString() }];
  });
  return { data, offset: page.offset, limit: page.limit, hasMore: rows.length > page.limit };
}

/** How many responses an interview has had sent, within the caller's transaction. */
export async function sentResponsesCount(db: Kysely<Database>, interviewId: number): Promise<number> {
  const row = await db.selectFrom('interviews').select('answers_count').where('id', '=', interviewId).executeTakeFirst();
  return row?.answers_count ?? 0;
}

/** A video for an answer: an upload of the member's own, or one made through the guest's link; its length once transcoded. */
export async function findAnswerVideo(db: Kysely<Database>, videoId: number, by: { userId: number } | { linkId: number }): Promise<{ id: number; durationSeconds: number | null } | null> {
  const video = await findVideo(db, videoId);
  if (!video) return null;
  const mine =
    'userId' in by
      ? video.ownerId === by.userId
      : Boolean(await db.selectFrom('interview_link_uploads').select('upload_id').where('upload_id', '=', videoId).where('link_id', '=', by.linkId).executeTakeFirst());
  return mine ? { id: video.id, durationSeconds: video.duration } : null;
}

/** A person's sent response to an interview, as a line of their activity. */
export type AnswerLine = { responseId: number; interviewId: number; title: string; sentAt: Date };

/**
 * The responses a person sent that `readerId` may read the answers of (the interview's
 * creator or a colleague it is shared with: mayReadAnswers), newest first, sent before `before`.
 */
export async function answerLinesReadableBy(db: Kysely<Database>, readerId: number, personId: number, before: Date | null, limit: number): Promise<AnswerLine[]> {
  let query = db
    .selectFrom('interview_responses as r')
    .innerJoin('interviews as i', 'i.id', 'r.interview_id')
    .select(['r.id', 'r.interview_id', 'i.title', 'r.sent_at'])
    .where('r.user_id', '=', personId)
    .where('r.sent', '=', true)
    .where('r.sent_at', 'is not', null)
    .where((eb) => eb.or([eb('i.creator_id', '=', readerId), eb.exists(eb.selectFrom('interview_shares as s').select('s.user_id').whereRef('s.interview_id', '=', 'i.id').where('s.user_id', '=', readerId))]))
    .orderBy('r.sent_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit);
  if (before) query = query.where('r.sent_at', '<', before);
  const rows = await query.execute();
  return rows.map((row) => ({ responseId: Number(row.id), interviewId: Number(row.interview_id), title: row.title, sentAt: row.sent_at! }));
}
