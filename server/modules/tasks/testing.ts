import { expect } from 'vitest';
import type { Caller } from '../../testing/people.ts';

/** The account of a signed-in person. */
export async function accountOf(who: Caller): Promise<number> {
  return (await who.call('GET', '/api/v1/current_user/info')).json().account.id;
}

/** An instant `days` from now (negative: in the past), as the client sends it. */
export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A draft announcement of `pr`'s account: a company they answer for, its public newsroom, then the draft. */
export async function draftAnnouncement(admin: Caller, pr: Caller, headline: string): Promise<number> {
  const name = `Tasks Room ${Math.random().toString(36).slice(2, 6)}`;
  const company = await admin.call('POST', '/api/v1/companies', { name, website: `https://${name.toLowerCase().replace(/[^a-z]+/g, '')}.example` });
  expect(company.statusCode, company.body).toBe(201);
  const { slug } = (await pr.call('GET', '/api/v1/current_user/info')).json();
  const joined = await admin.call('PATCH', `/api/v1/u/${slug}/settings/company/${company.json().id}/join`);
  expect(joined.statusCode, joined.body).toBe(200);
  const newsroom = await pr.call('POST', '/api/v1/newsrooms', { companyId: company.json().id, name, isPublic: true });
  expect(newsroom.statusCode, newsroom.body).toBe(201);
  const announcement = await pr.call('POST', '/api/v1/announcements', { newsroomId: newsroom.json().id, headline, body: '<p>Soon.</p>' });
  expect(announcement.statusCode, announcement.body).toBe(201);
  return announcement.json().id;
}
