import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const name of ['interview_ids', 'interview_question_ids', 'interview_response_ids', 'interview_link_ids']) await sql`create sequence ${sql.id(name)}`.execute(db);

  // Read models of the interview and response streams (inline projection). References stay
  // among themselves, so a replay empties them in one TRUNCATE.
  await sql`
    create table interviews (
      id bigint primary key,
      creator_id bigint not null,
      account_id bigint,
      title text not null,
      brief text not null,
      deadline timestamptz,
      show_questions boolean not null,
      allow_skip boolean not null,
      close_after_answers integer,
      status text not null check (status in ('draft', 'open', 'closed')),
      closed_reason text check (closed_reason in ('creator', 'answers')),
      callout_id bigint,
      callout_user_types text[] not null default '{}',
      answers_count integer not null default 0 check (answers_count >= 0),
      created_at timestamptz not null,
      published_at timestamptz,
      closed_at timestamptz
    )`.execute(db);
  await sql`create index interviews_by_creator on interviews (creator_id, id desc)`.execute(db);
  await sql`create index interviews_open on interviews (id desc) where status = 'open'`.execute(db);

  await sql`
    create table interview_questions (
      id bigint primary key,
      interview_id bigint not null references interviews (id),
      position integer not null,
      kind text not null check (kind in ('video', 'text')),
      text text not null,
      time_limit_seconds integer,
      max_length integer,
      think_seconds integer not null,
      retakes integer not null
    )`.execute(db);
  await sql`create index interview_questions_in_order on interview_questions (interview_id, position)`.execute(db);

  await sql`
    create table interview_invitations (
      interview_id bigint not null references interviews (id),
      user_id bigint not null,
      invited_at timestamptz not null,
      primary key (interview_id, user_id)
    )`.execute(db);
  await sql`create index interview_invitations_of_user on interview_invitations (user_id, interview_id desc)`.execute(db);

  await sql`
    create table interview_shares (
      interview_id bigint not null references interviews (id),
      user_id bigint not null,
      shared_at timestamptz not null,
      primary key (interview_id, user_id)
    )`.execute(db);
  await sql`create index interview_shares_of_user on interview_shares (user_id, interview_id desc)`.execute(db);

  await sql`
    create table interview_responses (
      id bigint primary key,
      interview_id bigint not null references interviews (id),
      user_id bigint,
      link_id bigint,
      guest_name text,
      guest_email text,
      guest_organisation text,
      sent boolean not null default false,
      started_at timestamptz not null,
      sent_at timestamptz
    )`.execute(db);
  await sql`create index interview_responses_of_interview on interview_responses (interview_id, id)`.execute(db);
  await sql`create index interview_responses_of_user on interview_responses (user_id, interview_id desc) where user_id is not null`.execute(db);

  await sql`
    create table interview_answers (
      response_id bigint not null references interview_responses (id),
      question_id bigint not null,
      interview_id bigint not null,
      kind text not null check (kind in ('video', 'text')),
      text text,
      video_id bigint,
      skipped boolean not null,
      answered_at timestamptz not null,
      primary key (response_id, question_id)
    )`.execute(db);

  await sql`
    create table interview_saved_answers (
      user_id bigint not null,
      response_id bigint not null,
      question_id bigint not null,
      interview_id bigint not null references interviews (id),
      saved_at timestamptz not null,
      primary key (user_id, response_id, question_id)
    )`.execute(db);
  await sql`create index interview_saved_answers_newest on interview_saved_answers (user_id, saved_at desc)`.execute(db);

  // Not a read model: the links' secrets, which never enter the log (AnswerLinkCreated and
  // AnswerLinkRevoked record that they changed). Written in the transaction of those events.
  await sql`
    create table interview_links (
      id bigint primary key,
      interview_id bigint not null,
      type text not null check (type in ('video', 'text')),
      token text not null unique,
      label text not null,
      created_at timestamptz not null default now(),
      revoked_at timestamptz
    )`.execute(db);
  await sql`create index interview_links_of_interview on interview_links (interview_id, id)`.execute(db);
  // Videos a guest uploaded through their link: a guest has no account to own them.
  await sql`create table interview_link_uploads (upload_id bigint primary key, link_id bigint not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['interview_link_uploads', 'interview_links', 'interview_saved_answers', 'interview_answers', 'interview_responses', 'interview_shares', 'interview_invitations', 'interview_questions', 'interviews']) {
    await sql`drop table ${sql.table(table)}`.execute(db);
  }
  for (const name of ['interview_ids', 'interview_question_ids', 'interview_response_ids', 'interview_link_ids']) await sql`drop sequence ${sql.id(name)}`.execute(db);
}
