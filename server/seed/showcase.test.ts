import { describe, expect, it } from 'vitest';
import { productModel } from '../model.ts';
import { buildTestApp, TEST_PUBLIC_URL } from '../testing/app.ts';
import { useTestCore } from '../testing/core.ts';
import { signInAs } from './callers.ts';
import { seedDemo } from './demo.ts';
import { seedShowcase } from './showcase.ts';

const t = useTestCore(productModel, { process: true });

describe('the demo a newcomer sees on first start', () => {
  it('fills the feed with posts of several kinds, comments, likes and notifications, through the real API', async () => {
    await seedDemo(t.core);
    const app = await buildTestApp(t.core);
    try {
      await seedShowcase(app, TEST_PUBLIC_URL);
      const journalist = await signInAs(app, 'journalist@pressroom.local');
      const feed = (await journalist.call('GET', '/api/v1/posts?limit=100')).json().data as { type: string; likable: { likesCount: number }; commentsCount?: number }[];
      expect(new Set(feed.map((post) => post.type))).toEqual(new Set(['story', 'callout', 'job', 'event', 'communityPost', 'record', 'reaction', 'statement']));
      expect(feed.some((post) => post.likable.likesCount >= 2)).toBe(true);
      const communities = (await journalist.call('GET', '/api/v1/communities')).json().data as { name: string }[];
      expect(communities.map((c) => c.name)).toEqual(expect.arrayContaining(['Climate Desk', 'Newsroom Leaders', 'Embargo Circle']));
      await t.core.processors.caughtUp();
      const notifications = (await journalist.call('GET', '/api/v1/notifications')).json().data as { type: string }[];
      expect(notifications.map((n) => n.type)).toEqual(expect.arrayContaining(['comment', 'like', 'mentionOnComment', 'interviewAnswer']));
      const expert = await signInAs(app, 'expert@pressroom.local');
      const titles = async (who: typeof expert, list: string) => ((await who.call('GET', `/api/v1/interviews?list=${list}`)).json().data as { title: string }[]).map((i) => i.title);
      expect(await titles(journalist, 'my')).toEqual(['Budget night: first reactions', 'Heatwaves and the power grid']);
      expect(await titles(expert, 'awaiting')).toEqual(['Coastal erosion report: expert reactions']);
      expect(await titles(expert, 'questions')).toEqual(['Heatwaves and the power grid']);
      const admin = await signInAs(app, 'admin@pressroom.local');
      expect(((await admin.call('GET', '/api/v1/news/feeds')).json().data as { url: string }[]).map((feed) => feed.url).sort()).toEqual(
        ['capital-politics', 'harbour-times', 'southern-tech'].map((name) => `${TEST_PUBLIC_URL}/news/demo-feeds/${name}.xml`),
      );
      expect(((await journalist.call('GET', '/api/v1/news/wire')).json().data as { source: string }[]).map((entry) => entry.source)).toContain('article');
    } finally {
      await app.close();
    }
    // Every demo post, comment, like and interview goes through the API, one call after another.
  }, 180_000);
});
