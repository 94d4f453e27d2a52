import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';
import { EVERY_MONITOR_MODULE, prWithModules } from './testing.ts';

const t = useTestCore(productModel, { process: false });
const demo = useDemo(t);

describe('monitors', () => {
  it('are saved, listed, changed and deleted by the account; a new one watches every source its modules allow', async () => {
    const pat = demo.pr;
    const made = await pat.call('POST', '/api/v1/monitors', { name: ' Harbour watch ', query: 'Harbour PR', beats: ['Business'], outlets: ['The Age', ' the age '] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.headers['object-id']).toBe(String(made.json().id));
    expect(made.json()).toMatchObject({ name: 'Harbour watch', query: 'Harbour PR', sources: ['news', 'announcement'], beats: ['business'], outlets: ['The Age'], countries: [], emailDigest: false, mentionsCount: 0 });
    const id = made.json().id;

    const changed = await pat.call('PATCH', `/api/v1/monitors/${id}`, { name: 'Harbour', emailDigest: true });
    expect(changed.json()).toMatchObject({ name: 'Harbour', query: 'Harbour PR', emailDigest: true });
    expect((await pat.call('GET', '/api/v1/monitors')).json().data.map((monitor: { id: number }) => monitor.id)).toContain(id);

    expect((await pat.call('DELETE', `/api/v1/monitors/${id}`)).statusCode).toBe(204);
    expect((await pat.call('GET', `/api/v1/monitors/${id}`)).json()).toEqual({ detail: 'No such monitor.' });
  });

  it('refuse a bad monitor with one line per rule broken, all at once, and store nothing', async () => {
    const before = (await demo.pr.call('GET', '/api/v1/monitors')).json().data.length;
    const answer = await demo.pr.call('POST', '/api/v1/monitors', { name: '', query: 'solar OR wind', sources: ['post', 'article'], beats: ['gardening'] });
    expect(answer.statusCode).toBe(422);
    expect(answer.json().errors).toEqual([
      'Name is required',
      'AND, OR, NOT, brackets and "exact phrases" need the advanced monitor module: list the words that must all appear',
      'Editorial articles need the print monitor module',
      'Platform posts need the social monitor module',
      'Unknown beat: gardening',
    ]);
    expect((await demo.pr.call('GET', '/api/v1/monitors')).json().data).toHaveLength(before);
    const empty = await demo.pr.call('POST', '/api/v1/monitors', { name: 'None', query: 'x', sources: [] });
    expect(empty.json().errors).toEqual(['Choose at least one source']);
    const shape = await demo.pr.call('POST', '/api/v1/monitors', { name: 'Bad', query: 'x', sources: ['radio'] });
    expect(shape.statusCode).toBe(400);
  });

  it('take advanced queries and every source where the account holds every monitor module', async () => {
    const ada = await prWithModules(demo.app, demo.admin, 'Ada', EVERY_MONITOR_MODULE);
    const made = await ada.call('POST', '/api/v1/monitors', { name: 'Energy', query: '(solar OR wind) AND NOT coal', countries: ['AU'] });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().sources).toEqual(['news', 'article', 'announcement', 'post']);
    const bad = await ada.call('PATCH', `/api/v1/monitors/${made.json().id}`, { query: '(solar OR wind' });
    expect(bad.json()).toEqual({ errors: ['A bracket is not closed'] });
  });

  it('chart mentions per day of a range and refuse a range that is not one', async () => {
    const id = (await demo.pr.call('POST', '/api/v1/monitors', { name: 'Chart', query: 'chart' })).json().id;
    const counts = await demo.pr.call('GET', `/api/v1/monitors/${id}/counts?from=2026-01-30&to=2026-02-02&timezone=Australia/Sydney`);
    expect(counts.json()).toEqual({ from: '2026-01-30', to: '2026-02-02', timezone: 'Australia/Sydney', days: ['2026-01-30', '2026-01-31', '2026-02-01', '2026-02-02'].map((day) => ({ day, count: 0 })) });
    const bad = await demo.pr.call('GET', `/api/v1/monitors/${id}/counts?from=2026-02-30&to=2025-01-01&timezone=Mars/Olympus`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual(['Timezone is not known', 'From is not a valid date']);
    const backwards = await demo.pr.call('GET', `/api/v1/monitors/${id}/counts?from=2026-02-03&to=2026-02-01`);
    expect(backwards.json().errors).toEqual(['From must not be after To']);
    const long = await demo.pr.call('GET', `/api/v1/monitors/${id}/counts?from=2024-01-01&to=2026-01-01`);
    expect(long.json().errors).toEqual(['A range may span at most 366 days']);
  });
});
