import type { Caller } from './callers.ts';

/**
 * Harbour PR's media list: private records of journalists it works with, Jo (a journalist on
 * the platform) kept as a contact, notes, a list to pitch from and one person not to contact.
 */
export async function seedContacts(pr: Caller, journalistId: number): Promise<void> {
  const call = async (method: 'POST' | 'PATCH', url: string, body?: object) => {
    const response = await pr.call(method, url, body);
    if (response.statusCode >= 300) throw new Error(`demo contacts: ${method} ${url} answered ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const people = [
    { name: 'Mia Chen', jobTitle: 'Technology editor', outlets: ['The Harbour Herald'], beats: [355, 356], emails: ['mia.chen@herald.example'], country: 'AU', timezone: 'Australia/Sydney', links: { twitter: 'https://twitter.com/miachen' }, tags: ['launch'] },
    { name: 'Tom Walker', jobTitle: 'Business reporter', outlets: ['Metro Business Daily'], beats: [356], emails: ['tom.walker@metrobiz.example'], phones: { workDirect: '+61 2 9000 1234' }, country: 'AU', tags: ['launch', 'finance'] },
    { name: 'Aroha Ngata', jobTitle: 'Politics correspondent', outlets: ['Southern Cross Radio'], beats: [62], emails: ['aroha@scr.example'], country: 'NZ', timezone: 'Pacific/Auckland' },
    { name: 'Lena Fischer', jobTitle: 'Lifestyle writer', outlets: ['Weekend Magazine'], beats: [19, 357], emails: ['lena@weekendmag.example'], country: 'DE', timezone: 'Europe/Berlin' },
    { name: 'Sam Okafor', jobTitle: 'Sports producer', outlets: ['Channel 8'], beats: [354], country: 'GB', links: { linkedIn: 'https://www.linkedin.com/in/samokafor' } },
    { name: 'Mia Chen', jobTitle: 'Freelance', beats: [355], links: { twitter: 'https://twitter.com/miachen' }, tags: ['freelance'] },
  ];
  const ids: number[] = [];
  for (const person of people) ids.push((await call('POST', '/api/v1/contacts', person)).id);
  const jo = (await call('POST', '/api/v1/contacts', { userId: journalistId, tags: ['launch'] })).id;
  await call('POST', `/api/v1/contacts/${ids[0]}/notes`, { text: 'Prefers embargoed briefings by email, never before 9am.' });
  await call('POST', `/api/v1/contacts/${ids[1]}/notes`, { text: 'Covered our Q2 results; wants numbers early.' });
  await call('POST', `/api/v1/contacts/${ids[3]}/do-not-contact`);
  const launch = await call('POST', '/api/v1/contact-lists', { name: 'Product launch', description: 'Tech and business journalists for the spring launch' });
  await call('POST', `/api/v1/contact-lists/${launch.id}/contacts`, { contactIds: [ids[0], ids[1], jo] });
  const politics = await call('POST', '/api/v1/contact-lists', { name: 'Politics desk', description: 'For policy announcements' });
  await call('POST', `/api/v1/contact-lists/${politics.id}/contacts`, { contactIds: [ids[2]] });
}
