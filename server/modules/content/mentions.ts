import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export type Mention = { userId: number; slug: string };

/** The people behind the slugs that exist, in the slugs' order, each once. */
export async function resolveMentions(db: Kysely<Database>, slugs: string[]): Promise<Mention[]> {
  const distinct = [...new Set(slugs)];
  if (distinct.length === 0) return [];
  const rows = await db.selectFrom('users').select(['id', 'slug']).where('slug', 'in', distinct).execute();
  const idBySlug = new Map(rows.map((row) => [row.slug, row.id]));
  return distinct.flatMap((slug) => {
    const userId = idBySlug.get(slug);
    return userId === undefined ? [] : [{ userId, slug }];
  });
}
