import { sql, type Kysely } from 'kysely';
import { RANGE_DAYS_MAX, type CountsView, type MentionView, type MentionsPage, type MonitorView, type RangeQuery, type SourceKind } from '../../../contracts/monitors/api.ts';
import type { Database } from '../../db/schema.ts';
import { ValidationFailed } from '../../errors.ts';
import type { Tx } from '../../events/types.ts';
import type { MentionsTable, MonitorsTable } from './tables.ts';
import './tables.ts';

export type Db = Kysely<Database> | Tx;

const iso = (at: Date | string) => new Date(at).toISOString();

type MonitorRow = Omit<MonitorsTable, 'created_at' | 'updated_at' | 'mentions_count' | 'last_mention_at' | 'digest_through'> & { created_at: Date; updated_at: Date; mentions_count: number; last_mention_at: Date | null };

function monitorView(row: MonitorRow): MonitorView {
  return {
    id: Number(row.id),
    name: row.name,
    query: row.query,
    sources: row.sources as SourceKind[],
    beats: row.beats,
    outlets: row.outlets,
    countries: row.countries,
    emailDigest: row.email_digest,
    createdBy: Number(row.created_by),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    mentionsCount: row.mentions_count,
    lastMentionAt: row.last_mention_at ? iso(row.last_mention_at) : null,
  };
}

/** The account's monitors, by name. */
export async function listMonitors(db: Db, accountId: number): Promise<MonitorView[]> {
  const rows = await db.selectFrom('monitors').selectAll().where('account_id', '=', accountId).orderBy(sql`lower(name)`).orderBy('id').execute();
  return rows.map((row) => monitorView(row as MonitorRow));
}

export async function countMonitors(db: Db, accountId: number): Promise<number> {
  const row = await db.selectFrom('monitors').select(sql<number>`count(*)::int`.as('count')).where('account_id', '=', accountId).executeTakeFirstOrThrow();
  return row.count;
}

/** One monitor of the account, or null: another account's is never found. */
export async function findMonitor(db: Db, accountId: number, monitorId: number): Promise<MonitorView | null> {
  const row = await db.selectFrom('monitors').selectAll().where('id', '=', monitorId).where('account_id', '=', accountId).executeTakeFirst();
  return row ? monitorView(row as MonitorRow) : null;
}

type MentionRow = Omit<MentionsTable, 'published_at' | 'matched_at'> & { published_at: Date; matched_at: Date };

export function mentionView(row: MentionRow): MentionView {
  return {
    monitorId: Number(row.monitor_id),
    source: row.source as SourceKind,
    sourceId: row.source_id,
    title: row.title,
    summary: row.summary,
    link: row.link,
    outlet: row.outlet,
    beats: row.beats,
    country: row.country,
    publishedAt: iso(row.published_at),
    matchedAt: iso(row.matched_at),
  };
}

type Cursor = { matchedAt: string; source: string; sourceId: string };
const encodeCursor = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');
function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString()) as Cursor;
    if (typeof value.matchedAt === 'string' && !Number.isNaN(Date.parse(value.matchedAt)) && typeof value.source === 'string' && typeof value.sourceId === 'string') return value;
  } catch {
    // Falls through to the refusal below.
  }
  throw new ValidationFailed(['The page cursor is not valid']);
}

/** A monitor's mentions, newest first, a page at a time. */
export async function listMentions(db: Db, monitorId: number, page: { after?: string | undefined; limit: number }): Promise<MentionsPage> {
  let query = db.selectFrom('mentions').selectAll().where('monitor_id', '=', monitorId);
  if (page.after) {
    const cursor = decodeCursor(page.after);
    query = query.where(sql<boolean>`(matched_at, source, source_id) < (${cursor.matchedAt}::timestamptz, ${cursor.source}, ${cursor.sourceId})`);
  }
  const rows = (await query.orderBy('matched_at', 'desc').orderBy('source', 'desc').orderBy('source_id', 'desc').limit(page.limit + 1).execute()) as MentionRow[];
  const data = rows.slice(0, page.limit).map(mentionView);
  const last = data.at(-1);
  return { data, next: rows.length > page.limit && last ? encodeCursor({ matchedAt: last.matchedAt, source: last.source, sourceId: last.sourceId }) : null };
}

export type DayRange = { from: string; to: string; timezone: string; days: string[] };

const DAY = /^\d{4}-\d{2}-\d{2}$/;
function isDay(text: string): boolean {
  if (!DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}
const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
function isTimezone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const todayIn = (timezone: string, now: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: timezone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);

/** A range of days as asked (the last 30 days to today when not), or every reason it is not one. */
export function dayRange(query: RangeQuery, now: Date): DayRange {
  const errors: string[] = [];
  const timezone = query.timezone ?? 'UTC';
  if (!isTimezone(timezone)) errors.push('Timezone is not known');
  const today = isTimezone(timezone) ? todayIn(timezone, now) : now.toISOString().slice(0, 10);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -29);
  if (!isDay(from)) errors.push('From is not a valid date');
  if (!isDay(to)) errors.push('To is not a valid date');
  if (errors.length === 0) {
    if (from > to) errors.push('From must not be after To');
    else if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > RANGE_DAYS_MAX) errors.push(`A range may span at most ${RANGE_DAYS_MAX} days`);
  }
  if (errors.length > 0) throw new ValidationFailed(errors);
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return { from, to, timezone, days };
}

/** The instants a range of days covers in its timezone, as SQL: from its first midnight to the one after its last day. */
const rangeBounds = (range: DayRange) => ({
  start: sql`(${range.from}::timestamp at time zone ${range.timezone})`,
  end: sql`(${addDays(range.to, 1)}::timestamp at time zone ${range.timezone})`,
});

/** Mentions per day of the range, every day present. */
export async function mentionCounts(db: Db, monitorId: number, range: DayRange): Promise<CountsView> {
  const { start, end } = rangeBounds(range);
  const rows = await sql<{ day: string; count: number }>`
    select to_char(matched_at at time zone ${range.timezone}, 'YYYY-MM-DD') as day, count(*)::int as count
    from mentions where monitor_id = ${monitorId} and matched_at >= ${start} and matched_at < ${end}
    group by 1`.execute(db);
  const counted = new Map(rows.rows.map((row) => [row.day, row.count]));
  return { from: range.from, to: range.to, timezone: range.timezone, days: range.days.map((day) => ({ day, count: counted.get(day) ?? 0 })) };
}

/** Every mention of the range, oldest first: what a report lists. */
export async function mentionsInRange(db: Db, monitorId: number, range: DayRange): Promise<MentionView[]> {
  const { start, end } = rangeBounds(range);
  const rows = await db
    .selectFrom('mentions')
    .selectAll()
    .where('monitor_id', '=', monitorId)
    .where('matched_at', '>=', start as never)
    .where('matched_at', '<', end as never)
    .orderBy('matched_at')
    .orderBy('source')
    .orderBy('source_id')
    .execute();
  return (rows as MentionRow[]).map(mentionView);
}

/** The people of each account, who hear of its monitors' mentions. */
export async function accountPeople(db: Db, accountIds: readonly number[]): Promise<Map<number, number[]>> {
  const people = new Map<number, number[]>();
  if (accountIds.length === 0) return people;
  const rows = await db.selectFrom('users').select(['id', 'account_id']).where('account_id', 'in', [...new Set(accountIds)]).execute();
  for (const row of rows) {
    const accountId = Number(row.account_id);
    people.set(accountId, [...(people.get(accountId) ?? []), Number(row.id)]);
  }
  return people;
}

/** Every monitor, as the matcher files them. */
export async function allMonitors(db: Db): Promise<{ id: number; accountId: number; name: string; query: string; sources: string[]; beats: string[]; outlets: string[]; countries: string[] }[]> {
  const rows = await db.selectFrom('monitors').select(['id', 'account_id', 'name', 'query', 'sources', 'beats', 'outlets', 'countries']).execute();
  return rows.map((row) => ({ id: Number(row.id), accountId: Number(row.account_id), name: row.name, query: row.query, sources: row.sources, beats: row.beats, outlets: row.outlets, countries: row.countries }));
}
