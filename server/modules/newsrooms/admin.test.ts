import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminNewsroomList } from '../../../contracts/newsrooms/api.ts';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { companyWith } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);
const guest = (url: string) => demo.app.inject({ method: 'GET', url, headers: { 'x-requested-with': 'XMLHttpRequest' } });

const list = async (query: string): Promise<AdminNewsroomList> => {
  const answer = await demo.admin.call('GET', `/api/v1/admin/newsrooms?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json();
};
const names = (page: AdminNewsroomList) => page.data.map((newsroom) => newsroom.name);

let press: { id: number; slug: string };
let careers: { id: number; slug: string };

beforeAll(async () => {
  const company = await companyWith(demo.admin, 'Quillfeather Industries', [demo.pr]);
  const make = async (name: string, isPublic: boolean) => {
    const made = await demo.pr.call('POST', '/api/v1/newsrooms', { companyId: company.id, name, isPublic });
    expect(made.statusCode, made.body).toBe(201);
    return made.json() as { id: number; slug: string };
  };
  press = await make('Quill Press', true);
  careers = await make('Quill Careers', false);
  await make('Feathered Investors', false);
  const announce = async (headline: string) => {
    const made = await demo.pr.call('POST', '/api/v1/announcements', { newsroomId: press.id, headline, body: '<p>Quillfeather ships its pens.</p>' });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().id as number;
  };
  const published = await announce('Quillfeather ships');
  expect((await demo.pr.call('POST', `/api/v1/announcements/${published}/publish`)).statusCode).toBe(200);
  await announce('Quillfeather hires');
});

describe('the admins’ companies/newsrooms list', () => {
  it('finds newsrooms by their name or their company’s, whatever the case, newest first', async () => {
    expect(names(await list('q=QUILLFEATHER'))).toEqual(['Feathered Investors', 'Quill Careers', 'Quill Press']);
    expect(names(await list('q=careers'))).toEqual(['Quill Careers']);
    // What is typed is text, not a pattern.
    expect((await list('q=%25')).total).toBe(0);
  });

  it('shows public or hidden ones alone', async () => {
    const hidden = await list('q=quillfeather&visibility=hidden');
    expect([names(hidden), hidden.total]).toEqual([['Feathered Investors', 'Quill Careers'], 2]);
    expect(names(await list('q=quillfeather&visibility=public'))).toEqual(['Quill Press']);
    const everyVisibility = await list('limit=100');
    expect(everyVisibility.data.some((newsroom) => newsroom.isPublic) && everyVisibility.data.some((newsroom) => !newsroom.isPublic)).toBe(true);
  });

  it('pages through what matched, the total counting every page', async () => {
    const first = await list('q=quillfeather&limit=2');
    const second = await list('q=quillfeather&limit=2&offset=2');
    expect([first.total, second.total]).toEqual([3, 3]);
    expect([...names(first), ...names(second)]).toEqual(['Feathered Investors', 'Quill Careers', 'Quill Press']);
  });

  it('says who runs each newsroom, its company, when it was made and how many announcements it has', async () => {
    const [row] = (await list('q=quill%20press')).data;
    expect(row).toMatchObject({
      id: press.id,
      slug: press.slug,
      company: { name: 'Quillfeather Industries' },
      accountName: 'Harbour PR',
      isPublic: true,
      announcements: { published: 1, drafts: 1 },
    });
    expect(Date.parse(row!.createdAt)).not.toBeNaN();
    expect((await list('q=quill%20careers')).data[0]!.announcements).toEqual({ published: 0, drafts: 0 });
  });
});

describe('an admin managing another company’s newsroom', () => {
  it('hides it: an edit in its stream with the admin as actor, after which its public page is not found', async () => {
    expect((await demo.app.inject({ method: 'GET', url: `/app/newsrooms/${press.slug}` })).statusCode).toBe(200);
    const hidden = await demo.admin.call('PATCH', `/api/v1/newsrooms/${press.id}`, { isPublic: false });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ isPublic: false, canEdit: true });

    const { rows } = await sql<{ type: string; data: { fields: { isPublic: boolean } }; metadata: { actorId: string; actorRole: string } }>`
      select type, data, metadata from events where stream_id = ${`newsroom-${press.id}`} order by stream_version desc limit 1`.execute(t.database.db);
    expect(rows[0]).toMatchObject({ type: 'NewsroomEdited', data: { fields: { isPublic: false } }, metadata: { actorId: String(demo.admin.id), actorRole: 'admin' } });

    expect((await demo.app.inject({ method: 'GET', url: `/app/newsrooms/${press.slug}` })).statusCode).toBe(404);
    expect((await guest(`/api/v1/newsrooms/${press.slug}`)).statusCode).toBe(404);
    expect((await list('q=quill%20press')).data[0]!.isPublic).toBe(false);
  });

  it('makes a hidden one public, and edits it as its own people would', async () => {
    const shown = await demo.admin.call('PATCH', `/api/v1/newsrooms/${careers.id}`, { isPublic: true, about: 'Work with us.' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect((await guest(`/api/v1/newsrooms/${careers.slug}`)).json()).toMatchObject({ isPublic: true, about: 'Work with us.' });
  });
});
