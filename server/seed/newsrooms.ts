import type { Caller } from './callers.ts';

/** Harbour PR's public newsroom, with Pat as its press contact, so the newsroom page, its feeds and the public list have something to show. */
export async function seedNewsrooms(pr: Caller, companyId: number): Promise<void> {
  const response = await pr.call('POST', '/api/v1/newsrooms', {
    companyId,
    name: 'Harbour PR Newsroom',
    slug: 'harbour-pr',
    brandColour: '#0f766e',
    about:
      'Harbour PR is a Sydney communications agency working with technology, energy and public-interest clients across Australia and New Zealand.\n\n' +
      'Journalists can reach our media team on weekdays from 8am to 6pm AEST; embargoed briefings are available on request.',
    pressContacts: [pr.id],
    links: { website: 'https://harbourpr.example', linkedIn: 'https://www.linkedin.com/company/harbour-pr', twitter: 'https://x.com/harbourpr' },
    languages: ['en'],
    isPublic: true,
  });
  if (response.statusCode !== 201) throw new Error(`demo newsroom: POST /api/v1/newsrooms answered ${response.statusCode} ${response.body}`);
}
