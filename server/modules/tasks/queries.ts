import { sql, type Kysely } from 'kysely';
import type { TaskPerson, TasksPage, TasksQuery, TaskView } from '../../../contracts/tasks/api.ts';
import type { Database } from '../../db/schema.ts';
import type { Tx } from '../../events/types.ts';
import { findAnnouncement } from '../announcements/index.ts';
import { contactNames } from '../contacts/index.ts';
import { interviewTitles } from '../interviews/index.ts';
import type { Assignee, Member } from './permissions.ts';
import './tables.ts';

export type Db = Kysely<Database> | Tx;

const iso = (at: Date | string) => new Date(at).toISOString();

/** The modules of a person's account, or null without one. */
export async function accountModules(db: Db, accountId: number | null): Promise<string[] | null> {
  if (accountId === null) return null;
  const row = await db.selectFrom('accounts').select('modules').where('id', '=', accountId).executeTakeFirst();
  return row?.modules ?? null;
}

/** The person a task would be given to, or null when nobody has that id. */
export async function findAssignee(db: Db, userId: number): Promise<Assignee | null> {
  const row = await db.selectFrom('users').select(['id', 'account_id', 'is_read_only']).where('id', '=', userId).executeTakeFirst();
  return row ? { id: Number(row.id), accountId: row.account_id === null ? null : Number(row.account_id), isReadOnly: row.is_read_only } : null;
}

/** The account's people a task may be given to, by name. */
export async function assignees(db: Db, accountId: number): Promise<TaskPerson[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'firstname', 'lastname', 'logo', 'timezone'])
    .where('account_id', '=', accountId)
    .where('is_read_only', '=', false)
    .orderBy(sql`lower(firstname || ' ' || lastname)`)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ id: Number(row.id), name: `${row.firstname} ${row.lastname}`.trim(), avatar: row.logo, timezone: row.timezone }));
}

type Row = {
  id: number;
  title: string;
  state: 'open' | 'done';
  due_at: Date;
  link_kind: 'contact' | 'interview' | 'announcement' | null;
  link_id: number | null;
  created_at: Date;
  updated_at: Date;
  done_at: Date | null;
  account_id: number;
  assignee_id: number;
  assignee_first: string | null;
  assignee_last: string | null;
  assignee_logo: string | null;
  assignee_timezone: string | null;
  creator_id: number;
  creator_first: string | null;
  creator_last: string | null;
  creator_logo: string | null;
  creator_timezone: string | null;
};

const DEFAULT_TIMEZONE = 'Australia/Sydney';

function taskRows(db: Db) {
  return db
    .selectFrom('tasks as t')
    .leftJoin('users as a', 'a.id', 't.assignee_id')
    .leftJoin('users as c', 'c.id', 't.created_by')
    .select([
      't.id',
      't.title',
      't.state',
      't.due_at',
      't.link_kind',
      't.link_id',
      't.created_at',
      't.updated_at',
      't.done_at',
      't.account_id',
      't.assignee_id',
      'a.firstname as assignee_first',
      'a.lastname as assignee_last',
      'a.logo as assignee_logo',
      'a.timezone as assignee_timezone',
      't.created_by as creator_id',
      'c.firstname as creator_first',
      'c.lastname as creator_last',
      'c.logo as creator_logo',
      'c.timezone as creator_timezone',
    ]);
}

const person = (id: number, first: string | null, last: string | null, logo: string | null, timezone: string | null): TaskPerson => ({
  id: Number(id),
  name: first === null ? '' : `${first} ${last ?? ''}`.trim(),
  avatar: logo,
  timezone: timezone ?? DEFAULT_TIMEZONE,
});

/** Rows as views, with the names of what they link to (one read per kind for all of them). */
async function toViews(db: Db, rows: readonly Row[], now: Date): Promise<TaskView[]> {
  const ids = (kind: string) => rows.flatMap((row) => (row.link_kind === kind && row.link_id !== null ? [Number(row.link_id)] : []));
  const contacts = new Map<number, string>();
  for (const accountId of new Set(rows.filter((row) => row.link_kind === 'contact').map((row) => Number(row.account_id)))) {
    const names = await contactNames(db, accountId, rows.filter((row) => Number(row.account_id) === accountId && row.link_kind === 'contact').map((row) => Number(row.link_id)));
    for (const [id, name] of names) contacts.set(id, name);
  }
  const interviews = await interviewTitles(db, ids('interview'));
  // A handful per page at most; each was public or the account's own when it was linked.
  const announcements = new Map<number, string>();
  for (const id of new Set(ids('announcement'))) {
    const announcement = await findAnnouncement(db, id);
    if (announcement) announcements.set(id, announcement.headline);
  }
  return rows.map((row) => {
    const linkId = row.link_id === null ? null : Number(row.link_id);
    const labels = { contact: contacts, interview: interviews, announcement: announcements };
    const label = linkId === null || row.link_kind === null ? null : (labels[row.link_kind].get(linkId) ?? null);
    return {
      id: Number(row.id),
      title: row.title,
      state: row.state,
      dueAt: iso(row.due_at),
      overdue: row.state === 'open' && new Date(row.due_at).getTime() < now.getTime(),
      assignee: person(row.assignee_id, row.assignee_first, row.assignee_last, row.assignee_logo, row.assignee_timezone),
      createdBy: person(row.creator_id, row.creator_first, row.creator_last, row.creator_logo, row.creator_timezone),
      link: row.link_kind === null || linkId === null ? null : { kind: row.link_kind, id: linkId, label },
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
      doneAt: row.done_at ? iso(row.done_at) : null,
    };
  });
}

/** One task of the account, or null. */
export async function findTask(db: Db, accountId: number, taskId: number, now: Date): Promise<TaskView | null> {
  const row = await taskRows(db).where('t.id', '=', taskId).where('t.account_id', '=', accountId).executeTakeFirst();
  return row ? (await toViews(db, [row as Row], now))[0]! : null;
}

/** Tasks by id with their accounts, whatever the account (the live messages, which address each to its own). */
export async function findTasks(db: Db, taskIds: readonly number[], now: Date): Promise<Map<number, { accountId: number; view: TaskView }>> {
  if (taskIds.length === 0) return new Map();
  const rows = (await taskRows(db).where('t.id', 'in', [...new Set(taskIds)]).execute()) as Row[];
  const views = await toViews(db, rows, now);
  return new Map(views.map((view, i) => [view.id, { accountId: Number(rows[i]!.account_id), view }]));
}

/**
 * A page of the account's tasks: all of them, those one gave (mine) or those one has to do
 * (assigned); open ones soonest due first, done ones latest done first. `overdueCount`
 * counts the open tasks past due of the same scope, whatever the page shows.
 */
export async function listTasks(db: Db, member: Member, query: TasksQuery, now: Date): Promise<TasksPage> {
  let scoped = taskRows(db).where('t.account_id', '=', member.accountId);
  if (query.scope === 'mine') scoped = scoped.where('t.created_by', '=', member.id);
  if (query.scope === 'assigned') scoped = scoped.where('t.assignee_id', '=', member.id);
  let rows = scoped;
  if (query.overdue) rows = rows.where('t.state', '=', 'open').where('t.due_at', '<', now);
  else if (query.state !== 'all') rows = rows.where('t.state', '=', query.state);
  rows =
    query.state === 'done' && !query.overdue
      ? rows.orderBy('t.done_at', 'desc').orderBy('t.id', 'desc')
      : rows.orderBy(sql`t.state = 'done'`).orderBy('t.due_at').orderBy('t.id');
  const [page, overdue] = await Promise.all([
    rows.offset(query.offset).limit(query.limit + 1).execute(),
    scoped
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('t.state', '=', 'open')
      .where('t.due_at', '<', now)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: await toViews(db, page.slice(0, query.limit) as Row[], now),
    hasMore: page.length > query.limit,
    overdueCount: Number(overdue.count),
  };
}

/** The people of an account, whose tabs hear of its tasks. */
export async function accountPeople(db: Db, accountIds: readonly number[]): Promise<Map<number, number[]>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'account_id']).where('account_id', 'in', [...new Set(accountIds)]).execute();
  const people = new Map<number, number[]>();
  for (const row of rows) {
    const accountId = Number(row.account_id);
    people.set(accountId, [...(people.get(accountId) ?? []), Number(row.id)]);
  }
  return people;
}
