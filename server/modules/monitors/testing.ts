import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { Core } from '../../core.ts';
import type { AnyEvent } from '../../events/types.ts';
import { newAccount, newPerson, placeIn } from '../../testing/accounts.ts';
import type { Caller } from '../../testing/people.ts';
import type { FastifyInstance } from 'fastify';

const feedMetadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: 'test-feed', causationId: null };

export type NewsItem = { id: number; title: string; summary?: string; outlet?: string; beats?: string[]; country?: string | null; link?: string };

/** An outside item as the news area records it, appended straight to the log. */
export async function addNewsItem(core: Core, item: NewsItem): Promise<void> {
  const data = {
    id: item.id,
    feedId: 1,
    title: item.title,
    summary: item.summary ?? '',
    link: item.link ?? `https://news.example/${item.id}`,
    outlet: item.outlet ?? 'The Daily Example',
    beats: item.beats ?? [],
    country: item.country ?? null,
    publishedAt: new Date().toISOString(),
  };
  await core.store.append(`news-item-${item.id}`, 'no_stream', [{ type: 'NewsItemAdded', data } as AnyEvent], feedMetadata);
}

/** An editorial article as the news area publishes it, appended straight to the log. */
export async function publishArticle(core: Core, article: { id: number; kind: string; title: string; content: string }): Promise<void> {
  const data = { ...article, summary: '', imageUrl: null, videoId: null, publishedAt: new Date().toISOString() };
  await core.store.append(`article-${article.id}`, 'no_stream', [{ type: 'ArticlePublished', data } as AnyEvent], feedMetadata);
}

/** A PR person of a new account holding these modules. */
export async function prWithModules(app: FastifyInstance, admin: Caller, name: string, modules: string[]): Promise<Caller> {
  const person = await newPerson(app, name);
  await placeIn(admin, person, await newAccount(admin, `${name} Account`, modules));
  return person;
}

export const EVERY_MONITOR_MODULE = ['ROLE_MODULE_MONITOR', 'ROLE_MODULE_MONITOR_ADVANCED', 'ROLE_MODULE_MONITOR_SOCIAL', 'ROLE_MODULE_MONITOR_PRINT', 'ROLE_MODULE_REPORTS'];
