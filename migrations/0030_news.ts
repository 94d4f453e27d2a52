import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence news_feed_ids`.execute(db);
  await sql`create sequence news_item_ids`.execute(db);
  await sql`create sequence article_ids`.execute(db);

  // Read models of the feed, item and article streams (inline projection).
  await sql`
    create table news_feeds (
      id bigint primary key,
      name text not null,
      url text not null,
      outlet text not null,
      beats text[] not null default '{}',
      country text,
      removed boolean not null default false,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table news_items (
      id bigint primary key,
      feed_id bigint not null,
      title text not null,
      summary text not null,
      link text not null,
      outlet text not null,
      beats text[] not null default '{}',
      country text,
      published_at timestamptz not null,
      added_at timestamptz not null
    )`.execute(db);
  await sql`create index news_items_newest on news_items (published_at desc, id desc)`.execute(db);
  await sql`
    create table articles (
      id bigint primary key,
      kind text not null check (kind in ('media', 'epitome', 'marcoms')),
      title text not null,
      summary text not null,
      content text not null,
      image_url text,
      video_id bigint,
      published_at timestamptz not null
    )`.execute(db);
  await sql`create index articles_newest on articles (kind, published_at desc, id desc)`.execute(db);

  // The fetcher's own state, not a projection of the log: when each feed is next due, who holds
  // it (a lease, as video jobs are held) and how it has been failing. Made with the feed.
  await sql`
    create table news_feed_fetches (
      feed_id bigint primary key,
      due_at timestamptz not null,
      locked_by text,
      locked_until timestamptz,
      failures integer not null default 0,
      last_error text,
      last_failed_at timestamptz,
      last_fetched_at timestamptz
    )`.execute(db);
  await sql`create index news_feed_fetches_due on news_feed_fetches (due_at)`.execute(db);
  // What the fetcher has seen, so that each outside item is appended once: a feed's GUID
  // (`guid:{feedId}:{guid}`) and a link anywhere (`link:{url}`), written with the item's event.
  await sql`create table news_item_keys (key text primary key, item_id bigint not null)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['news_item_keys', 'news_feed_fetches', 'articles', 'news_items', 'news_feeds']) await sql`drop table ${sql.table(table)}`.execute(db);
  for (const sequence of ['article_ids', 'news_item_ids', 'news_feed_ids']) await sql`drop sequence ${sql.raw(sequence)}`.execute(db);
}
