import { sql, type Kysely, type Selectable } from 'kysely';
import type { CompanyProfile, CompanySummary, OutletProfile, OutletSummary } from '../../../contracts/organizations/api.ts';
import { BEATS, type Beat } from '../../../contracts/users/enums.ts';
import type { CompanyRole, OutletRole } from '../../../contracts/users/catalogues.ts';
import type { Database } from '../../db/schema.ts';
import { emailDomain } from '../profiles/permissions.ts';
import type { CompaniesTable, OutletsTable } from './tables.ts';

// Reads other modules may call: companies and outlets, and who answers for them.

export type CompanyRecord = Selectable<CompaniesTable>;
export type OutletRecord = Selectable<OutletsTable>;

const BEAT_BY_ID = new Map<number, Beat>(BEATS.map((known) => [known.id, { ...known }]));
/** Beat ids as the spec's beats with names and colours, in the order chosen. */
export const beatsOf = (ids: readonly number[]): Beat[] => ids.flatMap((id) => BEAT_BY_ID.get(Number(id)) ?? []);

export const companySummaryOf = (row: CompanyRecord): CompanySummary => ({ id: row.id, slug: row.slug, name: row.name, website: row.website, logo: row.logo });
export const outletSummaryOf = (row: OutletRecord): OutletSummary => ({ id: row.id, slug: row.slug, name: row.name, url: row.url });

export async function findCompany(db: Kysely<Database>, by: { id: number } | { slug: string } | { domain: string }): Promise<CompanyRecord | null> {
  let query = db.selectFrom('companies').selectAll();
  if ('id' in by) query = query.where('id', '=', by.id);
  else if ('slug' in by) query = query.where('slug', '=', by.slug);
  else query = query.where('domain', '=', by.domain);
  return (await query.executeTakeFirst()) ?? null;
}

export async function findOutlet(db: Kysely<Database>, by: { id: number } | { slug: string } | { domain: string }): Promise<OutletRecord | null> {
  let query = db.selectFrom('outlets').selectAll();
  if ('id' in by) query = query.where('id', '=', by.id);
  else if ('slug' in by) query = query.where('slug', '=', by.slug);
  else query = query.where('domain', '=', by.domain);
  return (await query.executeTakeFirst()) ?? null;
}

/** Companies by name, for a person looking for theirs to join. */
export async function searchCompanies(db: Kysely<Database>, text: string): Promise<CompanySummary[]> {
  let query = db.selectFrom('companies').selectAll().orderBy(sql`lower(name)`).orderBy('id').limit(20);
  if (text) query = query.where((eb) => eb.or([eb(sql`lower(name)`, 'like', `%${escapeLike(text.toLowerCase())}%`), eb('domain', 'like', `%${escapeLike(text.toLowerCase())}%`)]));
  return (await query.execute()).map(companySummaryOf);
}

/** The company whose domain holds the email address (news.example.com belongs to example.com), the closest one first. */
export async function findEmployer(db: Kysely<Database>, email: string): Promise<CompanyRecord | null> {
  const labels = emailDomain(email).split('.');
  const domains = labels.slice(0, -1).map((_, index) => labels.slice(index).join('.'));
  if (domains.length === 0) return null;
  return (await db.selectFrom('companies').selectAll().where('domain', 'in', domains).orderBy(sql`length(domain)`, 'desc').executeTakeFirst()) ?? null;
}

/** Whether the person answers for the company, and so may publish as it (saveAs). */
export async function isResponsibleFor(db: Kysely<Database>, userId: number, companyId: number): Promise<boolean> {
  return Boolean(await db.selectFrom('company_people').select('user_id').where('user_id', '=', userId).where('company_id', '=', companyId).executeTakeFirst());
}

const personColumns = ['u.id', 'u.slug', 'u.firstname', 'u.lastname', 'u.logo'] as const;
type PersonRow = { id: number; slug: string; firstname: string; lastname: string; logo: string | null; role_title: string | null; beats: number[] };
const personOf = (row: PersonRow) => ({ id: row.id, slug: row.slug, name: `${row.firstname} ${row.lastname}`.trim(), avatar: row.logo, roleTitle: row.role_title, beats: beatsOf(row.beats) });

// People whose profile is private are not listed on organisation pages: the list would show
// more than their own page does.
const publicPeople = sql<boolean>`coalesce((select visibility from user_profiles up where up.user_id = u.id), 'public') = 'public'`;

/** A company's page: the people who answer for it and its spokespersons. */
export async function companyProfileOf(db: Kysely<Database>, company: CompanyRecord): Promise<CompanyProfile> {
  const people = await db
    .selectFrom('company_people as cp')
    .innerJoin('users as u', 'u.id', 'cp.user_id')
    .select([...personColumns, 'cp.roles', 'cp.beats', 'cp.is_media_contact', 'cp.role_title'])
    .where('cp.company_id', '=', company.id)
    .where(publicPeople)
    .orderBy('cp.joined_at')
    .orderBy('u.id')
    .execute();
  const spokespersons = await db
    .selectFrom('spokespersons as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([...personColumns, 's.roles', 's.beats', 's.role_title'])
    .where('s.company_id', '=', company.id)
    .where(publicPeople)
    .orderBy('u.id')
    .execute();
  return {
    ...companySummaryOf(company),
    people: people.map((row) => ({ ...personOf(row), roles: row.roles as CompanyRole[], isMediaContact: row.is_media_contact })),
    spokespersons: spokespersons.map((row) => ({ ...personOf(row), roles: row.roles as CompanyRole[] })),
  };
}

/** An outlet's page: the people who work for it. */
export async function outletProfileOf(db: Kysely<Database>, outlet: OutletRecord): Promise<OutletProfile> {
  const people = await db
    .selectFrom('outlet_people as op')
    .innerJoin('users as u', 'u.id', 'op.user_id')
    .select([...personColumns, 'op.roles', 'op.beats', 'op.role_title'])
    .where('op.outlet_id', '=', outlet.id)
    .where(publicPeople)
    .orderBy('op.added_at')
    .orderBy('u.id')
    .execute();
  return { ...outletSummaryOf(outlet), people: people.map((row) => ({ ...personOf(row), roles: row.roles as OutletRole[] })) };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
