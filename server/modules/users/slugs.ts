import type { Kysely } from 'kysely';
import { wordsSlug } from '../../../contracts/slugs.ts';
import type { Database } from '../../db/schema.ts';
import { isSlugTaken } from './queries.ts';

/** "Zoë O'Brien" -> "zoe-o-brien": the readable part of /u/{slug}. */
export function slugify(...parts: string[]): string {
  return wordsSlug(parts.join(' ')) || 'user';
}

/** The name's slug, or with the id appended when someone has it already. */
export async function slugFor(db: Kysely<Database>, userId: number, firstname: string, lastname: string): Promise<string> {
  const base = slugify(firstname, lastname);
  return (await isSlugTaken(db, base)) ? `${base}-${userId}` : base;
}
