import { sql } from 'kysely';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import { ValidationFailed } from '../../errors.ts';
import type { UnitOfWork } from '../../events/command-handler.ts';
import type { Tx } from '../../events/types.ts';
import type { SettingsActor } from '../profiles/permissions.ts';
import { slugify } from '../users/slugs.ts';
import { companyDecider, companyStream, outletDecider, outletStream } from './commands.ts';
import { findCompany, findOutlet, type CompanyRecord, type OutletRecord } from './queries.ts';

const NAME_LOCK_NAMESPACE = 7303;

/** An organisation is known by its web domain: www.example.com and example.com/news are one. */
export function domainOf(url: string): string {
  return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
}

// Two people adding the same outlet at once take turns, so the second finds the first's.
async function lockName(trx: Tx, kind: string, name: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${NAME_LOCK_NAMESPACE}, hashtext(${`${kind}:${name}`}))`.execute(trx);
}

// Two organisations of one name but different domains, registered at once, take turns too,
// so the second sees the first's slug and takes the numbered one.
async function freeSlug(trx: Tx, table: 'companies' | 'outlets', base: string, id: number): Promise<string> {
  await lockName(trx, `${table}-slug`, base);
  const taken = await trx.selectFrom(table).select('id').where('slug', '=', base).executeTakeFirst();
  return taken ? `${base.slice(0, 50)}-${id}` : base;
}

/** The outlet at the URL's domain, added first when nobody has yet. */
export async function findOrRegisterOutlet(unit: UnitOfWork<any>, url: string, by: SettingsActor, metadata: EventMetadata): Promise<OutletRecord> {
  const domain = domainOf(url);
  await lockName(unit.trx, 'outlet', domain);
  const existing = await findOutlet(unit.trx, { domain });
  if (existing) return existing;
  const { rows } = await sql<{ id: number }>`select nextval('outlet_ids')::int as id`.execute(unit.trx);
  const outletId = rows[0]!.id;
  const slug = await freeSlug(unit.trx, 'outlets', slugify(domain), outletId);
  const origin = new URL(url).origin;
  await unit.run(outletDecider, outletStream(outletId), { type: 'registerOutlet', outletId, slug, name: domain, url: origin, domain, by }, metadata);
  return (await findOutlet(unit.trx, { id: outletId }))!;
}

/** A new company page; its domain must be free, since the domain is how people prove they work there. */
export async function registerCompany(
  unit: UnitOfWork<any>,
  company: { name: string; website: string },
  by: SettingsActor & { email: string },
  metadata: EventMetadata,
): Promise<CompanyRecord> {
  const domain = domainOf(company.website);
  await lockName(unit.trx, 'company', domain);
  const existing = await findCompany(unit.trx, { domain });
  if (existing) throw new ValidationFailed([`${existing.name} already has a page for ${domain}`]);
  // Companies are authors: their ids come from the people's sequence.
  const { rows } = await sql<{ id: number }>`select nextval('contact_ids')::int as id`.execute(unit.trx);
  const companyId = rows[0]!.id;
  const slug = await freeSlug(unit.trx, 'companies', slugify(company.name), companyId);
  await unit.run(
    companyDecider,
    companyStream(companyId),
    { type: 'registerCompany', companyId, slug, name: company.name, website: company.website, domain, by, byEmail: by.email },
    metadata,
  );
  return (await findCompany(unit.trx, { id: companyId }))!;
}
