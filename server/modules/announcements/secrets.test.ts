import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { seedDemo } from '../../seed/demo.ts';
import { buildTestApp } from '../../testing/app.ts';
import { useTestCore } from '../../testing/core.ts';
import { signInAs } from '../../testing/people.ts';
import { draft, newsroomOf } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  await seedDemo(t.core);
  // Everything the server would write at its most talkative level.
  app = await buildTestApp(t.core, { log: { level: 'trace', destination: { write: (line: string) => void lines.push(line) } } });
});
afterAll(() => app?.close());

describe('a preview link’s secret', () => {
  it('is never written to the log, the event log or the database, through making, reading and opening the link', async () => {
    const admin = await signInAs(app, 'admin@pressroom.local');
    const pr = await signInAs(app, 'pr@pressroom.local');
    const room = await newsroomOf(admin, 'Secret Room', [pr]);
    const id = await draft(pr, room.id, { headline: 'Secret preview' });
    const made = await pr.call('POST', `/api/v1/announcements/${id}/preview`);
    const { token, url } = made.json() as { token: string; url: string };
    expect((await app.inject({ method: 'GET', url: `/api/v1/announcements/${id}/preview?token=${token}`, headers: { 'x-requested-with': 'XMLHttpRequest' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: url.replace(/^https?:\/\/[^/]+/, '') })).statusCode).toBe(200);

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.filter((line) => line.includes(token))).toEqual([]);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events where data::text like ${`%${token}%`} or metadata::text like ${`%${token}%`}`.execute(t.database.db);
    expect(rows[0]!.n).toBe(0);
    const stored = await sql<{ n: number }>`select count(*)::int as n from announcement_preview_links where code_hash = ${token}`.execute(t.database.db);
    expect(stored.rows[0]!.n).toBe(0);
  });
});
