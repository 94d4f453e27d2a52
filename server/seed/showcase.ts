import type { FastifyInstance } from 'fastify';
import { signInAs, type Caller } from './callers.ts';
import { DEMO_PEOPLE } from './demo.ts';
import { seedVideoPosts } from './videos.ts';
import { seedInterviews } from './interviews.ts';
import { seedContacts } from './contacts.ts';
import { seedNewsrooms } from './newsrooms.ts';
import { seedAnnouncements } from './announcements.ts';
import { seedNews } from './news.ts';

const inDays = (days: number, hour = 10) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hour, 0, 0, 0);
  return date.toISOString();
};

async function expect201(caller: Caller, url: string, body: object): Promise<{ id: number; slug?: string }> {
  const response = await caller.call('POST', url, body);
  if (response.statusCode !== 201) throw new Error(`showcase: POST ${url} answered ${response.statusCode} ${response.body}`);
  return response.json();
}

async function expectOk(caller: Caller, method: 'POST' | 'PATCH', url: string, body?: object): Promise<void> {
  const response = await caller.call(method, url, body);
  if (response.statusCode >= 300) throw new Error(`showcase: ${method} ${url} answered ${response.statusCode} ${response.body}`);
}

/**
 * What a newcomer sees on first start: communities, a company, posts of every kind (the video
 * ones with clips made on the spot), comments with replies and mentions, and likes, all made through the API by
 * the demo people, so every projection, notification and permission is the real one. The demo
 * newswire's feeds are served by the app at `publicUrl`.
 */
export async function seedShowcase(app: FastifyInstance, publicUrl: string): Promise<void> {
  const [admin, journalist, pr, expert] = await Promise.all(DEMO_PEOPLE.map((person) => signInAs(app, person.email)));
  if (!admin || !journalist || !pr || !expert) throw new Error('showcase: the demo people are missing');

  const desk = await expect201(admin, '/api/v1/communities', {
    name: 'Climate Desk',
    description: 'Reporters, scientists and communicators covering climate, energy and the environment.',
    type: 'public',
    country: 'AU',
  });
  const leaders = await expect201(admin, '/api/v1/communities', {
    name: 'Newsroom Leaders',
    description: 'Editors and producers comparing notes on running a newsroom.',
    type: 'public',
  });
  await expect201(admin, '/api/v1/communities', {
    name: 'Embargo Circle',
    description: 'Briefings under embargo for accredited journalists. Ask to join.',
    type: 'private',
  });
  for (const member of [journalist, pr, expert]) await expectOk(member, 'POST', `/api/v1/communities/${desk.slug}/join`);
  await expectOk(journalist, 'POST', `/api/v1/communities/${leaders.slug}/join`);

  const company = await expect201(admin, '/api/v1/companies', { name: 'Harbour PR', website: 'https://harbourpr.example' });
  await expectOk(admin, 'PATCH', `/api/v1/u/pat-publicist/settings/company/${company.id}/join`);

  const story = await expect201(admin, '/api/v1/stories', {
    articleKind: 'media',
    title: 'How newsrooms are sourcing experts in 2026',
    summary: 'Callouts now reach experts in minutes, not days. We looked at what changed.',
    content: '<p>Deadlines have not moved, but the way reporters find sources has.</p><p>Three editors told us how they work now.</p>',
  });
  const asap = await expect201(journalist, '/api/v1/callouts', {
    title: 'Hydrologists on the Murray–Darling flows, today',
    content: '<p>Filing at 4 pm on this season’s water allocations. Looking for a hydrologist for two quotes.</p>',
  });
  const dated = await expect201(journalist, '/api/v1/callouts', {
    title: 'Energy economists: home battery subsidies',
    content: '<p>Feature for the weekend edition. Background chat first, quotes later.</p>',
    deadline: inDays(3, 6),
    communities: [desk.id],
  });
  const statement = await expect201(pr, '/api/v1/callouts', {
    title: 'Spokesperson available: coastal erosion report',
    content: '<p>Our client’s lead author can talk about the report from Monday.</p>',
    saveAs: company.id,
    userTypes: ['journo'],
  });
  await expect201(pr, '/api/v1/jobs', {
    title: 'Senior media relations manager',
    description: '<p>Lead our media team across the Asia-Pacific region.</p>',
    company: 'Harbour PR',
    workplace: 'hybrid',
    jobType: 'full-time',
    location: 'Sydney',
    url: 'harbourpr.example/careers',
  });
  await expect201(journalist, '/api/v1/jobs', {
    title: 'Casual sub-editor, night shift',
    description: '<p>Three nights a week on the news desk.</p>',
    company: 'The Bugle',
    workplace: 'on-site',
    jobType: 'part-time',
    location: 'Melbourne',
  });
  const briefing = await expect201(admin, '/api/v1/events', {
    type: 'online',
    name: 'Briefing: reading the new climate data',
    description: '<p>A 30-minute walkthrough for reporters, with time for questions.</p>',
    timezone: 'Australia/Sydney',
    start: inDays(5, 0),
    end: inDays(5, 1),
    link: 'meet.example.com/climate-briefing',
    communities: [desk.id],
  });
  await expect201(expert, '/api/v1/events', {
    type: 'offline',
    name: 'Science meets the press',
    venue: 'State Library, Reading Room',
    address: 'Macquarie St, Sydney NSW',
    timezone: 'Australia/Sydney',
    start: inDays(12, 8),
    description: '<p>An evening of short talks and open questions.</p>',
  });
  const hello = await expect201(expert, '/api/v1/communityPosts', {
    content: '<p>Happy to help anyone covering heatwaves this summer: I study urban heat islands. Ping me here.</p>',
    communities: [desk.id],
  });
  await expect201(journalist, '/api/v1/communityPosts', {
    content: '<p>What is your rule for using embargoed studies when the press release gets the numbers wrong?</p>',
    communities: [leaders.id],
  });

  const reply = await expect201(expert, `/api/v1/callouts/${asap.id}/comments`, { content: '<p>I can help: I work on river flows. Free after 1 pm.</p>' });
  await expect201(journalist, `/api/v1/callouts/${asap.id}/comments`, { content: '<p>Perfect, calling you at 1.</p>', parentId: reply.id });
  await expect201(pr, `/api/v1/callouts/${dated.id}/comments`, { content: '<p>Our client has modelling on this; sending it over.</p>' });
  await expect201(pr, `/api/v1/communityPosts/${hello.id}/comments`, { content: '<p>@jo-reporter you were after someone on heat stress: here she is.</p>' });
  await expect201(journalist, `/api/v1/communityPosts/${hello.id}/comments`, { content: '<p>Saving this for January, thank you!</p>' });
  await expect201(journalist, `/api/v1/stories/${story.id}/comments`, { content: '<p>Matches what we see on our desk.</p>' });

  const likes: [Caller, string][] = [
    [expert, `/api/v1/callouts/${asap.id}`],
    [pr, `/api/v1/callouts/${asap.id}`],
    [expert, `/api/v1/callouts/${dated.id}`],
    [journalist, `/api/v1/callouts/${statement.id}`],
    [journalist, `/api/v1/events/${briefing.id}`],
    [pr, `/api/v1/communityPosts/${hello.id}`],
    [journalist, `/api/v1/communityPosts/${hello.id}`],
    [expert, `/api/v1/stories/${story.id}`],
  ];
  for (const [who, url] of likes) await expectOk(who, 'POST', `${url}/toggleLike`, { status: true });

  await seedVideoPosts(app, { pr, expert });

  await seedInterviews(app, { journalist, pr, expert });

  await seedContacts(pr, journalist.id);

  await seedNewsrooms(pr, company.id);

  await seedAnnouncements(pr);

  await seedNews(admin, publicUrl);
}
