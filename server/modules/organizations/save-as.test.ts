import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const { admin, journalist, pr } = useDemo(t);

const NOT_YOURS = 'You may publish only as yourself or as a company you are responsible for';
const stored = async (postId: number) => t.database.db.selectFrom('posts').select(['author_id', 'author_type', 'creator_id']).where('id', '=', postId).executeTakeFirstOrThrow();

describe('publishing as a company (saveAs)', () => {
  it('makes the company the author and the person the creator, for the people who answer for it', async () => {
    const company = (await admin.call('POST', '/api/v1/companies', { name: 'Harbour Clients', website: 'clients.example' })).json();
    const callout = { title: 'Experts on tides?', content: 'Looking for sources', saveAs: company.id };
    const refused = await pr.call('POST', '/api/v1/callouts', callout);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual([NOT_YOURS]);

    await admin.call('PATCH', `/api/v1/u/pat-publicist/settings/company/${company.id}/join`);
    const published = await pr.call('POST', '/api/v1/callouts', callout);
    expect(published.statusCode, published.body).toBe(201);
    const { id } = published.json();
    expect(published.json().author).toMatchObject({ id: company.id, type: 'company', name: 'Harbour Clients', slug: company.slug });
    const listed = (await journalist.call('GET', '/api/v1/posts')).json().data.find((post: { id: number }) => post.id === published.json().id);
    expect(listed.author).toMatchObject({ id: company.id, type: 'company', name: 'Harbour Clients', slug: company.slug });
    expect(await stored(id)).toEqual({ author_id: company.id, author_type: 'company', creator_id: pr.id });

    // Section 6: the company is the main author, so its callout is edited by platform admins, not by the person.
    const mine = await pr.call('PATCH', `/api/v1/callouts/${id}`, { title: 'Mine?', content: 'x', saveAs: company.id });
    expect(mine.statusCode, mine.body).toBe(403);
    const edited = await admin.call('PATCH', `/api/v1/callouts/${id}`, { title: 'Experts on tides', content: 'Looking for sources', saveAs: company.id });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().title).toBe('Experts on tides');

    // A community post as a company is a system post: only an admin may delete it.
    const posted = await pr.call('POST', '/api/v1/communityPosts', { content: 'We welcome the decision', saveAs: company.id });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(await stored(posted.json().id)).toEqual({ author_id: company.id, author_type: 'company', creator_id: pr.id });
    expect((await pr.call('DELETE', `/api/v1/communityPosts/${posted.json().id}`)).statusCode).toBe(403);
    expect((await admin.call('DELETE', `/api/v1/communityPosts/${posted.json().id}`)).statusCode).toBe(204);

    // Leaving the company ends publishing as it.
    await pr.call('DELETE', `/api/v1/u/pat-publicist/settings/responsibilities/companies/${company.id}`);
    expect((await pr.call('POST', '/api/v1/callouts', callout)).json().errors).toEqual([NOT_YOURS]);
  });

  it('refuses a company that does not exist, or another person’s id', async () => {
    expect((await journalist.call('POST', '/api/v1/callouts', { title: 'x', content: 'y', saveAs: 999999 })).json().errors).toEqual([NOT_YOURS]);
    expect((await journalist.call('POST', '/api/v1/callouts', { title: 'x', content: 'y', saveAs: pr.id })).json().errors).toEqual([NOT_YOURS]);
    expect((await journalist.call('POST', '/api/v1/callouts', { title: 'x', content: 'y', saveAs: 'self' })).statusCode).toBe(201);
  });
});
