import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One id sequence for every kind of post (DESIGN.md: "Post ids are one numeric sequence").
  await sql`create sequence post_ids`.execute(db);
  await sql`create sequence comment_ids`.execute(db);

  // Read models of the post, comment and like streams (inline projections).
  await sql`
    create table posts (
      id bigint primary key,
      kind text not null,
      author_id bigint not null,
      author_type text not null,
      creator_id bigint not null,
      community_ids bigint[] not null default '{}',
      user_types text[] not null default '{}',
      fields jsonb not null,
      is_deleted boolean not null default false,
      published_at timestamptz not null,
      updated_at timestamptz not null,
      likes_count integer not null default 0 check (likes_count >= 0),
      comments_count integer not null default 0 check (comments_count >= 0),
      total_comments_count integer not null default 0 check (total_comments_count >= 0)
    )`.execute(db);
  // The feed reads newest first, all kinds or one, skipping deleted posts.
  await sql`create index posts_feed on posts (published_at desc, id desc) where not is_deleted`.execute(db);
  await sql`create index posts_kind_feed on posts (kind, published_at desc, id desc) where not is_deleted`.execute(db);
  await sql`create index posts_communities on posts using gin (community_ids)`.execute(db);

  await sql`
    create table comments (
      id bigint primary key,
      post_id bigint not null references posts (id),
      parent_id bigint references comments (id),
      author_id bigint not null,
      content text not null,
      attachments jsonb not null default '[]',
      created_at timestamptz not null,
      edited_at timestamptz,
      is_deleted boolean not null default false,
      likes_count integer not null default 0 check (likes_count >= 0),
      children_count integer not null default 0 check (children_count >= 0)
    )`.execute(db);
  await sql`create index comments_thread on comments (post_id, parent_id, created_at, id) where not is_deleted`.execute(db);
  await sql`create index comments_replies on comments (parent_id, created_at, id) where not is_deleted and parent_id is not null`.execute(db);

  await sql`
    create table likes (
      target_kind text not null,
      target_id bigint not null,
      user_id bigint not null,
      liked_at timestamptz not null,
      primary key (target_kind, target_id, user_id)
    )`.execute(db);
  await sql`create index likes_newest on likes (target_kind, target_id, liked_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table likes`.execute(db);
  await sql`drop table comments`.execute(db);
  await sql`drop table posts`.execute(db);
  await sql`drop sequence comment_ids`.execute(db);
  await sql`drop sequence post_ids`.execute(db);
}
