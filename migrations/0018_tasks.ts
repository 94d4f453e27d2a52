import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence task_ids`.execute(db);
  // Read model of the task streams (inline projection). Every row names its account: nothing
  // here is read except through it.
  await sql`
    create table tasks (
      id bigint primary key,
      account_id bigint not null,
      title text not null,
      assignee_id bigint not null,
      created_by bigint not null,
      due_at timestamptz not null,
      state text not null check (state in ('open', 'done')),
      link_kind text check (link_kind in ('contact', 'interview', 'announcement')),
      link_id bigint,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      done_at timestamptz
    )`.execute(db);
  // The lists: the account's, one's own given, one's own to do; open ones by due date.
  await sql`create index tasks_of_account on tasks (account_id, state, due_at, id)`.execute(db);
  await sql`create index tasks_of_assignee on tasks (assignee_id, state, due_at, id)`.execute(db);
  await sql`create index tasks_of_creator on tasks (created_by, state, due_at, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table tasks`.execute(db);
  await sql`drop sequence task_ids`.execute(db);
}
