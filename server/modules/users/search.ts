import { sql, type Kysely } from 'kysely';
import type { UserSearchResult } from '../../../contracts/users/search.ts';
import type { Database } from '../../db/schema.ts';
import { authorOf } from '../posts/queries.ts';

const likePattern = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * People whose name or address matches what was typed; those whose first name, last name or
 * address starts with it come first, as a person typing "@ja" means Jane before Benjamin.
 * A private profile shows here what it shows anyone: name, address and face, no job title.
 */
export async function searchPeople(db: Kysely<Database>, search: string, limit: number): Promise<UserSearchResult['data']> {
  const term = likePattern(search.toLowerCase());
  const rows = await db
    .selectFrom('users as u')
    .leftJoin('user_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.firstname', 'u.lastname', 'u.slug', 'u.logo', sql<string | null>`case when p.visibility = 'private' then null else u.job_title end`.as('job_title')])
    .where((eb) =>
      eb.or([
        eb(sql`lower(u.firstname || ' ' || u.lastname)`, 'like', `%${term}%`),
        eb(sql`lower(u.slug)`, 'like', `${term}%`),
      ]),
    )
    .orderBy(sql`lower(u.firstname) like ${`${term}%`} or lower(u.lastname) like ${`${term}%`} or lower(u.slug) like ${`${term}%`}`, 'desc')
    .orderBy('u.firstname')
    .orderBy('u.lastname')
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    ...authorOf({ author_id: row.id, author_type: 'person', author_firstname: row.firstname, author_lastname: row.lastname, author_slug: row.slug, author_logo: row.logo }),
    jobTitle: row.job_title,
  }));
}
