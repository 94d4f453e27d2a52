import { sql, type Kysely, type Selectable } from 'kysely';
import type { AdminNewsroom, AdminNewsroomList, AdminNewsroomListQuery, NewsroomSummary, NewsroomView } from '../../../contracts/newsrooms/api.ts';
import type { NewsroomFields } from '../../../contracts/newsrooms/events.ts';
import type { Database } from '../../db/schema.ts';
import { findCompany } from '../organizations/index.ts';
import { mayEdit, type Member, type NewsroomAccess } from './permissions.ts';
import type { NewsroomsTable } from './tables.ts';

type Db = Kysely<Database>;
export type NewsroomRow = Selectable<NewsroomsTable>;

// Reads of newsrooms; other modules (announcements) may call these through index.ts.

export async function findNewsroom(db: Db, by: { id: number } | { slug: string }): Promise<NewsroomRow | null> {
  let query = db.selectFrom('newsrooms').selectAll();
  query = 'id' in by ? query.where('id', '=', by.id) : query.where('slug', '=', by.slug);
  return (await query.executeTakeFirst()) ?? null;
}

/** What permissions need: the running account, the people it confirmed, and whether it is public. */
export async function accessOf(db: Db, row: NewsroomRow): Promise<NewsroomAccess> {
  const managers = await db.selectFrom('newsroom_managers').select('user_id').where('newsroom_id', '=', row.id).execute();
  return { accountId: row.account_id, managers: new Set(managers.map((m) => m.user_id)), isPublic: row.is_public };
}

export const linksOf = (row: NewsroomRow): Record<string, string> => (typeof row.links === 'string' ? JSON.parse(row.links) : row.links) as Record<string, string>;

/** The fields of a newsroom as its events hold them. */
export const fieldsOf = (row: NewsroomRow): NewsroomFields => ({
  name: row.name,
  slug: row.slug,
  logo: row.logo_id === null || row.logo_path === null ? null : { uploadId: row.logo_id, path: row.logo_path },
  brandColour: row.brand_colour,
  about: row.about,
  pressContacts: row.press_contacts.map(Number),
  links: linksOf(row),
  languages: row.languages,
  isPublic: row.is_public,
});

/** The companies of some newsrooms, each read once. */
async function companiesOf(db: Db, rows: readonly NewsroomRow[]) {
  const ids = [...new Set(rows.map((row) => row.company_id))];
  const found = await Promise.all(ids.map((id) => findCompany(db, { id })));
  return new Map(found.flatMap((company) => (company ? [[company.id, { id: company.id, slug: company.slug, name: company.name }] as const] : [])));
}

function summaryOf(row: NewsroomRow, company: NewsroomSummary['company'] | undefined): NewsroomSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    company: company ?? { id: row.company_id, slug: '', name: '' },
    logo: row.logo_path,
    brandColour: row.brand_colour,
    languages: row.languages,
    isPublic: row.is_public,
  };
}

export async function summariesOf(db: Db, rows: readonly NewsroomRow[]): Promise<NewsroomSummary[]> {
  const companies = await companiesOf(db, rows);
  return rows.map((row) => summaryOf(row, companies.get(row.company_id)));
}

/** Press contacts as a page shows them: a name, a face and where their profile is; nothing more, whatever their profile's visibility. */
async function pressContactsOf(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const people = await db.selectFrom('users').select(['id', 'slug', 'firstname', 'lastname', 'logo']).where('id', 'in', [...ids]).execute();
  const byId = new Map(people.map((person) => [person.id, person]));
  return ids.flatMap((id) => {
    const person = byId.get(id);
    return person ? [{ id: person.id, slug: person.slug, name: `${person.firstname} ${person.lastname}`.trim(), avatar: person.logo }] : [];
  });
}

export const feedsOf = (publicUrl: string, slug: string) => ({ rss: `${publicUrl}/newsrooms/${slug}/rss.xml`, atom: `${publicUrl}/newsrooms/${slug}/atom.xml` });

export async function newsroomViewOf(db: Db, row: NewsroomRow, reader: Member | null, access: NewsroomAccess, publicUrl: string): Promise<NewsroomView> {
  const [summary] = await summariesOf(db, [row]);
  return {
    ...summary!,
    logoId: row.logo_id,
    about: row.about,
    pressContacts: await pressContactsOf(db, row.press_contacts.map(Number)),
    links: linksOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    feeds: feedsOf(publicUrl, row.slug),
    canEdit: reader !== null && mayEdit(reader, access),
  };
}

/** Public newsrooms by name: the `newsrooms` list under News. */
export async function publicNewsrooms(db: Db, page: { offset: number; limit: number }) {
  const rows = await db.selectFrom('newsrooms').selectAll().where('is_public', '=', true).orderBy(sql`lower(name)`).orderBy('id').offset(page.offset).limit(page.limit).execute();
  const { total } = await db.selectFrom('newsrooms').select(sql<number>`count(*)::int`.as('total')).where('is_public', '=', true).executeTakeFirstOrThrow();
  return { data: await summariesOf(db, rows), total };
}

/** "Our newsrooms": those the person's account runs and those they were confirmed to edit. */
export async function ourNewsrooms(db: Db, member: Member) {
  const rows = await db
    .selectFrom('newsrooms')
    .selectAll()
    .where((eb) =>
      eb.or([eb('account_id', '=', member.accountId ?? -1), eb('id', 'in', eb.selectFrom('newsroom_managers').select('newsroom_id').where('user_id', '=', member.id))]),
    )
    .orderBy(sql`lower(name)`)
    .orderBy('id')
    .execute();
  return { data: await summariesOf(db, rows), total: rows.length };
}

/** Published and other announcements of some newsrooms, by newsroom: the announcements module knows them. */
export type AnnouncementCounts = (newsroomIds: readonly number[]) => Promise<Map<number, AdminNewsroom['announcements']>>;

/**
 * Every newsroom for the platform's admins, newest first: the account that runs it and how many
 * announcements it has. The company and account names come from their modules' tables in the
 * same statement, so the search can match a company's name and the total counts what matched.
 */
export async function allNewsrooms(db: Db, query: AdminNewsroomListQuery, countAnnouncements: AnnouncementCounts): Promise<AdminNewsroomList> {
  let matching = db.selectFrom('newsrooms as n').innerJoin('accounts as a', 'a.id', 'n.account_id').leftJoin('companies as c', 'c.id', 'n.company_id');
  if (query.visibility) matching = matching.where('n.is_public', '=', query.visibility === 'public');
  // strpos, not like: what an admin types is text, never a pattern.
  if (query.q) matching = matching.where((eb) => eb.or([eb(sql`strpos(lower(n.name), lower(${query.q}))`, '>', 0), eb(sql`strpos(lower(c.name), lower(${query.q}))`, '>', 0)]));
  const [rows, { total }] = await Promise.all([
    matching
      .selectAll('n')
      .select(['a.name as account_name', 'c.slug as company_slug', 'c.name as company_name'])
      .orderBy('n.created_at', 'desc')
      .orderBy('n.id', 'desc')
      .offset(query.offset)
      .limit(query.limit)
      .execute(),
    matching.select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  const counts = await countAnnouncements(rows.map((row) => row.id));
  const data = rows.map((row) => ({
    ...summaryOf(row, row.company_name === null ? undefined : { id: row.company_id, slug: row.company_slug!, name: row.company_name }),
    accountId: row.account_id,
    accountName: row.account_name,
    createdAt: new Date(row.created_at).toISOString(),
    announcements: counts.get(row.id) ?? { published: 0, drafts: 0 },
  }));
  return { data, total };
}

/** The newsroom of this company the account already runs, if any. */
export async function accountNewsroomOf(db: Db, accountId: number, companyId: number): Promise<NewsroomRow | null> {
  return (await db.selectFrom('newsrooms').selectAll().where('account_id', '=', accountId).where('company_id', '=', companyId).orderBy('id').executeTakeFirst()) ?? null;
}

/** Whether another newsroom has this address. */
export async function slugTaken(db: Db, slug: string, exceptId: number | null): Promise<boolean> {
  let query = db.selectFrom('newsrooms').select('id').where('slug', '=', slug);
  if (exceptId !== null) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/**
 * Who confirms a request to edit a newsroom: the admins of the account that runs it (the
 * company's admins on the platform); the platform's admins when that account has none.
 */
export async function confirmersOf(db: Db, accountId: number): Promise<{ id: number; email: string }[]> {
  const admins = (role: string, account: number | null) => {
    let query = db.selectFrom('users').select(['id', 'email']).where(sql<boolean>`${role} = any(roles)`).where('is_read_only', '=', false).orderBy('id');
    if (account !== null) query = query.where('account_id', '=', account);
    return query.execute();
  };
  const ofAccount = await admins('accountAdmin', accountId);
  return ofAccount.length > 0 ? ofAccount : admins('admin', null);
}

/** A person's name and email, for the mail and the confirmation page. */
export async function personOf(db: Db, userId: number) {
  const row = await db.selectFrom('users').select(['id', 'firstname', 'lastname', 'email']).where('id', '=', userId).executeTakeFirst();
  return row ? { id: row.id, name: `${row.firstname} ${row.lastname}`.trim(), email: row.email } : null;
}

export async function accountModules(db: Db, accountId: number | null): Promise<string[] | null> {
  if (accountId === null) return null;
  const row = await db.selectFrom('accounts').select('modules').where('id', '=', accountId).executeTakeFirst();
  return row?.modules ?? null;
}
