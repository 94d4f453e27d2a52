import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence community_ids`.execute(db);

  // Read models of the community streams (inline projection). Their references stay among
  // themselves: a replay empties them all in one TRUNCATE, and nothing outside may point in.
  await sql`
    create table communities (
      id bigint primary key,
      slug text not null unique,
      name text not null,
      description text not null default '',
      type text not null check (type in ('public', 'private')),
      country text,
      logo text,
      banner text,
      created_by bigint not null,
      created_at timestamptz not null,
      members_count integer not null default 0 check (members_count >= 0)
    )`.execute(db);
  await sql`create index communities_newest on communities (created_at desc, id desc)`.execute(db);
  await sql`create index communities_by_name on communities (lower(name), id)`.execute(db);

  // Every address a community has had, its current one included: an old link keeps leading
  // to it, and no other community can take an address that still answers for another.
  await sql`
    create table community_slugs (
      slug text primary key,
      community_id bigint not null references communities (id)
    )`.execute(db);

  await sql`
    create table memberships (
      community_id bigint not null references communities (id),
      user_id bigint not null,
      role text not null check (role in ('member', 'admin')),
      joined_at timestamptz not null,
      last_active_at timestamptz not null,
      primary key (community_id, user_id)
    )`.execute(db);
  await sql`create index memberships_of_user on memberships (user_id)`.execute(db);
  await sql`create index memberships_recently_active on memberships (community_id, last_active_at desc, user_id)`.execute(db);

  await sql`
    create table join_requests (
      community_id bigint not null references communities (id),
      user_id bigint not null,
      requested_at timestamptz not null,
      primary key (community_id, user_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['join_requests', 'memberships', 'community_slugs', 'communities']) await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`drop sequence community_ids`.execute(db);
}
