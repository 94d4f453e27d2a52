import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Core } from '../../core.ts';
import type { Caller } from '../../testing/people.ts';

/** A company page, made by the platform admin, with these people answering for it. */
export async function companyWith(admin: Caller, name: string, people: Caller[]): Promise<{ id: number; slug: string }> {
  const made = await admin.call('POST', '/api/v1/companies', { name, website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}-${Math.random().toString(36).slice(2, 6)}.example` });
  expect(made.statusCode, made.body).toBe(201);
  const company = made.json() as { id: number; slug: string };
  for (const person of people) {
    const info = await person.call('GET', '/api/v1/current_user/info');
    const joined = await admin.call('PATCH', `/api/v1/u/${info.json().slug}/settings/company/${company.id}/join`);
    expect(joined.statusCode, joined.body).toBe(200);
  }
  return company;
}

/** The confirmation link of the latest mail to this address, as its reader would follow it. */
export async function mailedCode(core: Core, to: string): Promise<string> {
  const { rows } = await sql<{ text_body: string }>`select text_body from mail_outbox where to_address = ${to} order by id desc limit 1`.execute(core.database.db);
  const code = /\/app\/newsrooms\/confirm\/([\w-]+)/.exec(rows[0]?.text_body ?? '')?.[1];
  expect(code, rows[0]?.text_body).toMatch(/^[\w-]+$/);
  return code!;
}
