import { ADMINS_ONLY, NO_FEED } from '../../../contracts/news/api.ts';
import type { ArticleKind, NewsEvent } from '../../../contracts/news/index.ts';
import { Conflict, Forbidden, NotFound } from '../../errors.ts';
import type { Decider } from '../../events/decider.ts';

/** Who acts: only the platform's admins manage feeds and write articles. */
export type Editor = { id: number; isAdmin: boolean };

export const mustBeAdmin = (by: Editor) => {
  if (!by.isAdmin) throw new Forbidden(ADMINS_ONLY);
};

export type FeedFields = { name: string; url: string; outlet: string; beats: string[]; country: string | null };
export type FeedState = { exists: false } | { exists: true; removed: boolean };
export type FeedCommand = { type: 'register'; feedId: number; fields: FeedFields; by: Editor } | { type: 'remove'; feedId: number; by: Editor };

/** An outside feed's stream: registered once (its fields already judged), removed once. */
export const feedDecider: Decider<FeedState, FeedCommand, NewsEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    if (event.type === 'NewsFeedRegistered') return { exists: true, removed: false };
    if (event.type === 'NewsFeedRemoved' && state.exists) return { ...state, removed: true };
    return state;
  },
  decide(command, state) {
    mustBeAdmin(command.by);
    if (command.type === 'register') {
      if (state.exists) throw new Conflict('This feed exists already.');
      return [{ type: 'NewsFeedRegistered', data: { feedId: command.feedId, ...command.fields, registeredBy: command.by.id } }];
    }
    if (!state.exists || state.removed) throw new NotFound(NO_FEED);
    return [{ type: 'NewsFeedRemoved', data: { feedId: command.feedId, removedBy: command.by.id } }];
  },
};

export type ArticleFields = { kind: ArticleKind; title: string; summary: string; content: string; imageUrl: string | null; videoId: number | null };
export type ArticleCommand = { type: 'publish'; articleId: number; fields: ArticleFields; at: Date; by: Editor };

/** An editorial article's stream: published once, its fields already judged. */
export const articleDecider: Decider<{ exists: boolean }, ArticleCommand, NewsEvent> = {
  initialState: { exists: false },
  evolve: (state, event) => (event.type === 'ArticlePublished' ? { exists: true } : state),
  decide(command, state) {
    mustBeAdmin(command.by);
    if (state.exists) throw new Conflict('This article exists already.');
    return [{ type: 'ArticlePublished', data: { id: command.articleId, ...command.fields, publishedAt: command.at.toISOString() } }];
  },
};
