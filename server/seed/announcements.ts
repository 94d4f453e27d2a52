import type { Caller } from './callers.ts';

/** One published announcement in Harbour PR's newsroom, so its page, its feeds and `announcements/all` have a release to show. */
export async function seedAnnouncements(pr: Caller): Promise<void> {
  const newsroom = await pr.call('GET', '/api/v1/newsrooms/harbour-pr');
  if (newsroom.statusCode !== 200) throw new Error(`demo announcement: GET /api/v1/newsrooms/harbour-pr answered ${newsroom.statusCode} ${newsroom.body}`);
  const drafted = await pr.call('POST', '/api/v1/announcements', {
    newsroomId: newsroom.json().id,
    headline: 'Harbour PR opens a Perth office for energy and resources clients',
    subtitle: 'A west-coast team of six starts on Monday, led by Pat Publicist',
    body:
      '<p>Harbour PR today announced a new office in Perth, its first outside the east coast, to serve clients in energy, mining and resources across Western Australia.</p>' +
      '<p>The team of six will be led by <strong>Pat Publicist</strong>, who joins from the Sydney office. “Our clients’ projects are in the west; our people should be too,” she said.</p>' +
      '<h3>About the office</h3><ul><li>Opens Monday at 9am AWST</li><li>Media training and crisis support on site</li><li>Embargoed briefings on request</li></ul>',
    beats: [356, 355],
    language: 'en',
  });
  if (drafted.statusCode !== 201) throw new Error(`demo announcement: POST /api/v1/announcements answered ${drafted.statusCode} ${drafted.body}`);
  const published = await pr.call('POST', `/api/v1/announcements/${drafted.json().id}/publish`);
  if (published.statusCode !== 200) throw new Error(`demo announcement: publish answered ${published.statusCode} ${published.body}`);
}
