import { describe, expect, it } from 'vitest';
import { productModel } from '../../model.ts';
import { useTestCore } from '../../testing/core.ts';
import { useDemo } from '../../testing/demo.ts';

const t = useTestCore(productModel, { process: false });
const { journalist, expert } = useDemo(t);

const JO = '/api/v1/u/jo-reporter/settings';
const errorsOf = (response: { json(): { errors?: string[] } }) => response.json().errors;

describe('contact channels (Profile information)', () => {
  it('keeps each channel, trimmed; blank clears one', async () => {
    const saved = await journalist.call('PATCH', `${JO}/contacts`, { mobile: ' +61 (0)400 123-456 ', workDirect: '02 9999 0000' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().contacts).toEqual({ mobile: '+61 (0)400 123-456', workDirect: '02 9999 0000', workReception: null, home: null });
    const cleared = await journalist.call('PATCH', `${JO}/contacts`, { workDirect: '' });
    expect(cleared.json().contacts).toMatchObject({ mobile: '+61 (0)400 123-456', workDirect: null });
    expect((await journalist.call('GET', `${JO}/contacts`)).json().contacts.mobile).toBe('+61 (0)400 123-456');
  });

  it.each([['phone 123'], ['+61 400 000 00-'], ['++61 400'], ['(02)']])('refuses %j: "Phone ... ending in a digit"', async (phone) => {
    const response = await journalist.call('PATCH', `${JO}/contacts`, { home: phone });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual(['Phone is not valid']);
  });

  it('refuses a body with nothing to change', async () => {
    const response = await journalist.call('PATCH', `${JO}/contacts`, {});
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual(['Nothing to change']);
  });
});

describe('links (Social media profiles)', () => {
  it('prepends https:// to a link without a scheme, and keeps every type', async () => {
    const response = await journalist.call('PATCH', `${JO}/links`, {
      authorUrl: 'thebugle.com/authors/jo',
      website: 'https://jo.example.com',
      twitter: 'x.com/jo_reports',
      linkedIn: 'linkedin.com/in/jo-reporter',
      instagram: 'instagram.com/jo.reports',
      facebook: 'facebook.com/jo.reporter',
      youtube: 'youtube.com/@joreports',
      other: 'muckrack.com/jo',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().links).toEqual({
      authorUrl: 'https://thebugle.com/authors/jo',
      website: 'https://jo.example.com',
      twitter: 'https://x.com/jo_reports',
      linkedIn: 'https://linkedin.com/in/jo-reporter',
      instagram: 'https://instagram.com/jo.reports',
      facebook: 'https://facebook.com/jo.reporter',
      youtube: 'https://youtube.com/@joreports',
      other: 'https://muckrack.com/jo',
    });
    const cleared = await journalist.call('PATCH', `${JO}/links`, { other: null, youtube: '' });
    expect(cleared.json().links).toMatchObject({ other: null, youtube: null, website: 'https://jo.example.com' });
  });

  it.each([
    ['website', 'not a url', 'Url is not valid'],
    ['authorUrl', 'javascript:alert(1)', 'Url is not valid'],
    ['other', `example.com/${'a'.repeat(2048)}`, 'Url is not valid'],
    ['twitter', 'twitter.com/this_handle_is_too_long', 'This is not a Twitter url'],
    ['twitter', 'facebook.com/jo', 'This is not a Twitter url'],
    ['facebook', 'x.com/jo', 'This is not a Facebook url'],
    ['linkedIn', 'linkedin.example.com/in/jo', 'This is not a LinkedIn url'],
    ['instagram', `instagram.com/${'a'.repeat(31)}`, 'This is not a Instagram url'],
    ['youtube', 'vimeo.com/jo', 'This is not a Youtube url'],
  ])('refuses %s %j with "%s"', async (type, url, message) => {
    const response = await journalist.call('PATCH', `${JO}/links`, { [type]: url });
    expect(response.statusCode).toBe(400);
    expect(errorsOf(response)).toEqual([message]);
    expect(response.json().fields).toEqual({ [type]: [message] });
  });

  it('refuses the whole change when one link is bad: nothing is half-saved', async () => {
    const response = await journalist.call('PATCH', `${JO}/links`, { website: 'jo.example.org', twitter: 'not twitter' });
    expect(response.statusCode).toBe(400);
    expect((await journalist.call('GET', `${JO}/contacts`)).json().links.website).toBe('https://jo.example.com');
  });
});

describe('addresses', () => {
  it('keeps the home, office and postal addresses; blank or DELETE clears one', async () => {
    const office = { street: '1 Harbour St', city: 'Sydney', state: 'NSW', postcode: '2000', country: 'au' };
    const saved = await journalist.call('PATCH', `${JO}/addresses/office`, office);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().addresses).toEqual({ home: null, office: { ...office, country: 'AU' }, postal: null });
    await journalist.call('PATCH', `${JO}/addresses/postal`, { street: 'PO Box 9', city: 'Sydney' });
    expect((await journalist.call('GET', `${JO}/contacts`)).json().addresses.postal).toEqual({ street: 'PO Box 9', city: 'Sydney', state: '', postcode: '', country: null });
    expect((await journalist.call('PATCH', `${JO}/addresses/postal`, { street: ' ' })).json().addresses.postal).toBeNull();
    expect((await journalist.call('DELETE', `${JO}/addresses/office`)).json().addresses.office).toBeNull();
    expect((await journalist.call('PATCH', `${JO}/addresses/moon`, office)).statusCode).toBe(404);
  });
});

describe('the suggested profile text', () => {
  it('is written from the person’s own details, and says nothing they did not', async () => {
    const bare = (await expert.call('GET', '/api/v1/u/eve-expert/settings/contacts/profile/user/ai')).json();
    expect(bare.text).toBe('Eve covers tech and people.');
    await journalist.call('PATCH', `${JO}/job`, { job: 'Investigative reporter' });
    await journalist.call('PATCH', `${JO}/organization`, { organization: 'The Bugle' });
    await journalist.call('PATCH', `${JO}/country`, { id: 'AU' });
    await journalist.call('POST', `${JO}/responsibilities/outlets`, { url: 'https://www.smh.com.au/politics' });
    const response = await journalist.call('GET', `${JO}/contacts/profile/user/ai`);
    expect(response.statusCode).toBe(200);
    expect(response.json().text).toBe('Jo Reporter is an Investigative reporter at The Bugle, based in Australia. Jo covers politics and business. Jo writes for smh.com.au.');
  });
});
