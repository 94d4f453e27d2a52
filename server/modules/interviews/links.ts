import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { QuestionKind } from '../../../contracts/interviews/api.ts';
import type { Database } from '../../db/schema.ts';
import { NotFound, TooManyRequests } from '../../errors.ts';
import type { Tx } from '../../events/types.ts';

/** 32 random bytes: 256 bits, twice what a guesser would need to be stopped. */
export const newLinkToken = () => randomBytes(32).toString('base64url');

/** Said of an unknown, revoked or mistyped link alike: nobody learns whether a hash ever existed. */
export const NO_SUCH_LINK = 'This link does not lead to an interview.';

export const answerLinkPath = (type: QuestionKind, token: string) => `/app/async/answer/${type}/${token}`;

export type LiveLink = { id: number; interviewId: number; type: QuestionKind };

export async function insertLink(trx: Tx, link: { id: number; interviewId: number; type: QuestionKind; token: string; label: string }): Promise<void> {
  await trx.insertInto('interview_links').values({ id: link.id, interview_id: link.interviewId, type: link.type, token: link.token, label: link.label }).execute();
}

export async function revokeLink(trx: Tx, interviewId: number, linkId: number): Promise<void> {
  await trx.updateTable('interview_links').set({ revoked_at: new Date() }).where('id', '=', linkId).where('interview_id', '=', interviewId).where('revoked_at', 'is', null).execute();
}

/** The live link at this address, or 404: a revoked link, or one asked for under another type, is as unknown as a made-up one. */
export async function liveLink(db: Kysely<Database>, type: string, token: string): Promise<LiveLink> {
  const row = await db.selectFrom('interview_links').select(['id', 'interview_id', 'type', 'revoked_at']).where('token', '=', token).executeTakeFirst();
  if (!row || row.revoked_at !== null || row.type !== type) throw new NotFound(NO_SUCH_LINK);
  return { id: Number(row.id), interviewId: Number(row.interview_id), type: row.type };
}

export async function listLinks(db: Kysely<Database>, interviewId: number, publicUrl: string) {
  const rows = await db.selectFrom('interview_links').selectAll().where('interview_id', '=', interviewId).orderBy('id').execute();
  return rows.map((row) => ({
    id: Number(row.id),
    type: row.type,
    label: row.label,
    url: `${publicUrl}${answerLinkPath(row.type, row.token)}`,
    createdAt: row.created_at.toISOString(),
    revoked: row.revoked_at !== null,
  }));
}

export type LinkLimit = { points: number; seconds: number };
/** A guest answering ten questions with a few retakes stays far below it; a guesser does not. */
export const DEFAULT_LINK_LIMIT: LinkLimit = { points: 120, seconds: 60 };
/** Under test, a budget no test reaches unless it means to. */
export const LINK_TEST_LIMIT: LinkLimit = { points: 10_000, seconds: 60 };

/**
 * Requests by answer link, counted per address: the hash is the only key a guest has, so its
 * door gets the same budget treatment as sign-in. Redis when there is one, memory otherwise.
 */
export class LinkRateLimit {
  private readonly limiter: RateLimiterAbstract;
  private readonly fallback: RateLimiterMemory;

  constructor(redis: Redis | null, limit: LinkLimit = DEFAULT_LINK_LIMIT, namespace = 'interview-links') {
    const options = { keyPrefix: namespace, points: limit.points, duration: limit.seconds };
    this.fallback = new RateLimiterMemory(options);
    this.limiter = redis ? new RateLimiterRedis({ ...options, storeClient: redis, useRedisPackage: false, insuranceLimiter: this.fallback }) : this.fallback;
  }

  async take(address: string): Promise<void> {
    try {
      await this.limiter.consume(address);
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) throw new TooManyRequests(Math.max(1, Math.ceil(refusal.msBeforeNext / 1000)));
      throw refusal;
    }
  }
}
