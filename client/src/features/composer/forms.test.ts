import { describe, expect, it } from 'vitest';
import { emptyValues, judge, normalisedUrl, placeServerErrors, toInstant, valuesOfForm, type ComposerValues } from './forms.ts';
import { htmlToText, textToHtml } from './richText.ts';

const TZ = 'Australia/Sydney';
const values = (changes: Partial<ComposerValues>): ComposerValues => ({ ...emptyValues(TZ), ...changes });

describe('the composer judges a post as the API does (spec section 5)', () => {
  it('a callout needs a title; without a deadline it goes as ASAP (null)', () => {
    const missing = judge('callout', values({ content: 'Looking for sources' }), TZ);
    expect(missing).toEqual({ ok: false, errors: { fields: { title: 'Title is required' }, form: [] } });
    const asap = judge('callout', values({ title: 'Sources on the budget', content: 'Looking for sources' }), TZ);
    expect(asap).toMatchObject({ ok: true, body: { title: 'Sources on the budget', deadline: null, content: '<p>Looking for sources</p>', saveAs: 'self' } });
  });

  it('a callout deadline is read in the person’s timezone', () => {
    const judged = judge('callout', values({ title: 'Sources', content: 'x', deadline: '2030-01-15T09:30' }), TZ);
    expect(judged).toMatchObject({ ok: true, body: { deadline: '2030-01-15T09:30:00+11:00' } });
  });

  it('URLs without a scheme get https:// in front; a bad one says "Url is not valid"', () => {
    const job = values({ title: 'Night editor', company: 'The Daily', description: 'Edit at night', url: 'thedaily.example/jobs/1' });
    expect(judge('job', job, TZ)).toMatchObject({ ok: true, body: { url: 'https://thedaily.example/jobs/1' } });
    expect(judge('job', { ...job, url: 'not a url' }, TZ)).toEqual({ ok: false, errors: { fields: { url: 'Url is not valid' }, form: [] } });
    expect(normalisedUrl('job', 'url', 'thedaily.example')).toBe('https://thedaily.example');
    expect(normalisedUrl('event', 'link', 'meet.example/room')).toBe('https://meet.example/room');
    expect(normalisedUrl('event', 'link', 'no way')).toBe('no way');
  });

  it('an event link says which field is wrong', () => {
    const event = values({ name: 'Press day', link: 'http://', timezone: '' });
    expect(judge('event', event, TZ)).toMatchObject({ ok: false, errors: { fields: { link: 'Link is not a valid url' } } });
  });

  it('an event with a start or an end needs a timezone for them', () => {
    const event = values({ name: 'Press day', start: '2030-03-01T10:00', timezone: '' });
    expect(judge('event', event, TZ)).toEqual({ ok: false, errors: { fields: { timezone: 'Timezone is required for the start and end' }, form: [] } });
    const placed = judge('event', { ...event, timezone: 'Europe/Paris', end: '2030-03-01T12:00' }, TZ);
    expect(placed).toMatchObject({ ok: true, body: { timezone: 'Europe/Paris', start: '2030-03-01T10:00:00+01:00', end: '2030-03-01T12:00:00+01:00' } });
    expect(judge('event', { ...event, timezone: 'Europe/Paris', end: '2030-03-01T09:00' }, TZ)).toMatchObject({ ok: false, errors: { fields: { end: 'End must be after start' } } });
  });

  it('a video update needs its video', () => {
    expect(judge('record', values({ content: 'Hello' }), TZ)).toEqual({ ok: false, errors: { fields: { video: 'Add a video to your video update' }, form: [] } });
    const held = { id: 9, type: 'video' as const, path: '/uploads/9.mp4', thumbnail: null };
    expect(judge('statement', values({ video: held, url: 'example.com/statement' }), TZ)).toMatchObject({ ok: true, body: { video: 9, url: 'https://example.com/statement' } });
  });

  it('a date that is no date is refused with the schema’s words', () => {
    expect(toInstant('tomorrow-ish', TZ)).toBe('tomorrow-ish');
    expect(judge('callout', values({ title: 'x', deadline: 'tomorrow-ish' }), TZ)).toMatchObject({ ok: false, errors: { fields: { deadline: 'Deadline must be a date and time' } } });
  });
});

describe('server lines by their fields', () => {
  it('places lines by the field the answer ties them to or whose label starts them, the rest on the form', () => {
    const placed = placeServerErrors(
      ['Title is required', 'Type must be one of online, offline', 'Content is required', 'Community 4 does not exist'],
      ['title', 'content', 'eventType'],
      { title: ['Title is required'], type: ['Type must be one of online, offline'] },
    );
    expect(placed).toEqual({
      fields: { title: 'Title is required', eventType: 'Type must be one of online, offline', content: 'Content is required' },
      form: ['Community 4 does not exist'],
    });
  });
});

describe('editing a post: its full form as the composer values', () => {
  it('turns the stored event back into inputs in the event’s own timezone', () => {
    const form = {
      id: 3,
      type: 'event',
      saveAs: 41,
      communities: [2],
      userTypes: ['journo'],
      name: 'Launch',
      eventType: 'offline',
      timezone: 'Europe/Paris',
      start: '2030-03-01T09:00:00.000Z',
      end: null,
      description: '<p>Come <strong>early</strong></p><p>Bring ID</p>',
      link: null,
      address: '1 Rue',
      venue: 'Hall',
      img: null,
    };
    const edited = valuesOfForm('event', form, TZ);
    expect(edited).toMatchObject({ saveAs: 41, communities: [2], userTypes: ['journo'], eventType: 'offline', timezone: 'Europe/Paris', start: '2030-03-01T10:00', end: '', link: '' });
    expect(edited.description).toBe('Come early\n\nBring ID');
  });
});

describe('rich text', () => {
  it('writes paragraphs and line breaks, escaped, and reads them back', () => {
    const html = textToHtml('Hello <team>\nsecond line\n\n\nNew & last');
    expect(html).toBe('<p>Hello &lt;team&gt;<br>second line</p><p>New &amp; last</p>');
    expect(htmlToText(html)).toBe('Hello <team>\nsecond line\n\nNew & last');
    expect(textToHtml('   \n\n ')).toBe('');
  });
});
