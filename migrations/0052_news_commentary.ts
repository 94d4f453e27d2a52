import { sql, type Kysely } from 'kysely';
import { linkKey } from '../contracts/news/links.ts';

/**
 * Commentary gathered under the news item it answers (issue 19): an outside item keeps its link's
 * key, and each reaction or statement that gives an address keeps that address's key, both made
 * by the one normaliser (contracts/news/links.ts). Filled here from the read models already kept,
 * as the news projection fills them from the log.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table news_items add column link_key text`.execute(db);
  const { rows: items } = await sql<{ id: string; link: string }>`select id, link from news_items`.execute(db);
  for (const item of items) await sql`update news_items set link_key = ${linkKey(item.link)} where id = ${item.id}`.execute(db);
  await sql`create index news_items_link_key on news_items (link_key)`.execute(db);

  await sql`create table news_commentary (post_id bigint primary key, url_key text not null)`.execute(db);
  const { rows: posts } = await sql<{ id: string; url: string }>`
    select id, fields->>'url' as url from posts where kind in ('reaction', 'statement') and fields->>'url' is not null`.execute(db);
  for (const post of posts) {
    const key = linkKey(post.url);
    if (key !== null) await sql`insert into news_commentary (post_id, url_key) values (${post.id}, ${key})`.execute(db);
  }
  await sql`create index news_commentary_url_key on news_commentary (url_key)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table news_commentary`.execute(db);
  await sql`alter table news_items drop column link_key`.execute(db);
}
