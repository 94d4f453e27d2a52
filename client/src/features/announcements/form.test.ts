import type { InfiniteData } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AnnouncementSummary } from '../../../../contracts/announcements/api.ts';
import { bodyOf, changeLine, draftOf, errorsByField, fromLocalInput, statusChip } from './form.ts';
import { placeAnnouncement, type AnnouncementListPage } from './queries.ts';

describe('the announcement editor', () => {
  it('reads the embargo on the person’s clock and sends it as an instant', () => {
    expect(fromLocalInput('2026-05-01T09:00', 'Australia/Sydney')).toBe('2026-04-30T23:00:00.000Z');
    expect(fromLocalInput('', 'Australia/Sydney')).toBeNull();
  });

  it('sends the body as the composer’s rich text', () => {
    const draft = { ...draftOf(null, 'UTC'), headline: 'Harbour opens', body: 'First paragraph.\n\nSecond <one>.' };
    expect(bodyOf(draft, 'UTC')).toMatchObject({ headline: 'Harbour opens', body: '<p>First paragraph.</p><p>Second &lt;one&gt;.</p>', headerImage: null, embargoUntil: null, language: 'en' });
  });

  it('puts each of the server’s lines under its field', () => {
    expect(errorsByField(['Headline is required', 'The publication time must be in the future', 'Embargo must be a date and time with its offset', 'Write the body before publishing', 'No such newsroom.'])).toEqual({
      headline: 'Headline is required',
      publishAt: 'The publication time must be in the future',
      embargoUntil: 'Embargo must be a date and time with its offset',
      body: 'Write the body before publishing',
      newsroom: 'No such newsroom.',
    });
  });
});

describe('status and history', () => {
  it('says a published one under embargo is not public yet', () => {
    expect(statusChip({ status: 'published', isEmbargoed: true })).toEqual({ label: 'Under embargo', tone: 'embargoed' });
    expect(statusChip({ status: 'draft', isEmbargoed: false })).toEqual({ label: 'Draft', tone: 'draft' });
  });

  it('names who changed what, and the platform for its own acts', () => {
    expect(changeLine({ type: 'AnnouncementPublished', by: { name: 'Pat Lee' } })).toBe('Published by Pat Lee');
    expect(changeLine({ type: 'AnnouncementEmbargoLifted', by: null })).toBe('Embargo lifted by Pressroom, at its time');
  });
});

describe('lists, live', () => {
  const row = (id: number, status: AnnouncementSummary['status'], isEmbargoed = false): AnnouncementSummary => ({
    id,
    newsroom: { id: 1, slug: 'n', name: 'N' },
    status,
    headline: `H${id}`,
    subtitle: '',
    summary: '',
    headerImage: null,
    language: 'en',
    embargoUntil: null,
    isEmbargoed,
    publishAt: null,
    publishedAt: null,
    publicAt: null,
    url: '',
    updatedAt: '2026-01-01T00:00:00.000Z',
  });
  const data = (rows: AnnouncementSummary[]): InfiniteData<AnnouncementListPage> => ({ pages: [{ data: rows, total: rows.length }], pageParams: [0] });

  it('our list keeps drafts and gains new ones first', () => {
    expect(placeAnnouncement(data([row(1, 'published')]), row(2, 'draft'), 'our')!.pages[0]).toEqual({ data: [row(2, 'draft'), row(1, 'published')], total: 2 });
  });

  it('the public list drops one unpublished or under embargo, and gains one published', () => {
    expect(placeAnnouncement(data([row(1, 'published'), row(2, 'published')]), row(2, 'unpublished'), 'all')!.pages[0]).toEqual({ data: [row(1, 'published')], total: 1 });
    expect(placeAnnouncement(data([row(1, 'published')]), row(3, 'published', true), 'all')!.pages[0]).toEqual({ data: [row(1, 'published')], total: 1 });
    expect(placeAnnouncement(data([row(1, 'published')]), row(3, 'published'), 'all')!.pages[0]!.data.map((r) => r.id)).toEqual([3, 1]);
  });
});
