import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { NewsEvent } from '../../../contracts/news/index.ts';
import type { Core, Logger } from '../../core.ts';
import { DueWorker, msUntilDue } from '../../jobs/poll-loop.ts';
import type { Tx } from '../../events/types.ts';
import { DEFAULT_LIMITS, fetchFeed, FetchFailed, type FetchLimits } from './fetch-guard.ts';
import { parseFeedEntries, type FeedEntry } from './parse.ts';
import { newsItemStream } from './streams.ts';
import './tables.ts';

export type NewsFetcherOptions = {
  /** How the fetch of a feed is limited and which private addresses it may reach (tests, demo feeds). */
  limits: Omit<FetchLimits, keyof typeof DEFAULT_LIMITS> & Partial<FetchLimits>;
  /** Between two good fetches of one feed. */
  intervalMs?: number;
  /** The first wait after a failure, doubled at each failure in a row up to `maxBackoffMs`. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** How long a claim holds a feed: a process that died lets it go after this. */
  leaseMs?: number;
  /** The longest an idle fetcher sleeps before it looks for due feeds again. */
  pollMs?: number;
  /** Feeds fetched side by side in this process. */
  concurrency?: number;
  /** The fetcher's clock; tests pass their own. */
  now?: () => Date;
  log: Logger;
};

type Feed = { feedId: number; url: string; outlet: string; beats: string[]; country: string | null };

const systemMetadata: EventMetadata = { actorId: null, actorRole: 'system', requestId: null, correlationId: null, causationId: null };

const ms = (value: number) => sql`make_interval(secs => ${value / 1000})`;

/** The keys by which an item is known: its GUID within its feed, and its link anywhere. */
const keysOf = (feedId: number, entry: FeedEntry) => [...(entry.guid ? [`guid:${feedId}:${entry.guid}`] : []), ...(entry.link ? [`link:${entry.link}`] : [])];

/**
 * Fetches the outside feeds admins registered, each when it is due. A feed is claimed by its
 * row in `news_feed_fetches` under a lease (as video jobs are), so any number of processes may
 * run a fetcher and each fetch is one process's. What a fetch brings is judged against the keys
 * already seen and each new item appended once, as `NewsItemAdded` on a stream of its own, in the
 * transaction that writes its keys and moves the feed's next fetch on. A feed that fails waits
 * longer each time and says why on the admin screen; the others go on meanwhile.
 */
export class NewsFetcher extends DueWorker {
  private readonly id = `${os.hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  private readonly limits: FetchLimits;
  private readonly intervalMs: number;
  private readonly backoffMs: number;
  private readonly maxBackoffMs: number;
  private readonly leaseMs: number;
  private readonly concurrency: number;
  private readonly now: () => Date;

  constructor(
    private readonly core: Core,
    private readonly options: NewsFetcherOptions,
  ) {
    super({ pollMs: options.pollMs ?? 2000, log: options.log, failure: 'could not fetch the news feeds that are due; trying again' });
    this.limits = { ...DEFAULT_LIMITS, ...options.limits };
    this.intervalMs = options.intervalMs ?? 5 * 60_000;
    this.backoffMs = options.backoffMs ?? 60_000;
    this.maxBackoffMs = options.maxBackoffMs ?? 6 * 60 * 60_000;
    this.leaseMs = options.leaseMs ?? Math.max(60_000, this.limits.timeoutMs * 3);
    this.concurrency = options.concurrency ?? 3;
    this.now = options.now ?? (() => new Date());
  }

  /** Fetches every feed due at the clock's time, `concurrency` at once; how many items were new. */
  async runDue(): Promise<number> {
    let added = 0;
    const worker = async () => {
      for (;;) {
        const feed = await this.claim();
        if (!feed) return;
        const fresh = await this.fetchOne(feed);
        added += fresh;
      }
    };
    await Promise.all(Array.from({ length: this.concurrency }, worker));
    return added;
  }

  private async claim(): Promise<Feed | null> {
    const at = this.now();
    const { rows } = await sql<{ feed_id: number }>`
      update news_feed_fetches set locked_by = ${this.id}, locked_until = ${at}::timestamptz + ${ms(this.leaseMs)}
      where feed_id = (
        select fetches.feed_id from news_feed_fetches fetches join news_feeds feeds on feeds.id = fetches.feed_id
        where not feeds.removed and fetches.due_at <= ${at} and (fetches.locked_until is null or fetches.locked_until < ${at})
        order by fetches.due_at
        limit 1
        for update of fetches skip locked)
      returning feed_id`.execute(this.core.database.db);
    const row = rows[0];
    if (!row) return null;
    const feed = await this.core.database.db.selectFrom('news_feeds').select(['id', 'url', 'outlet', 'beats', 'country']).where('id', '=', row.feed_id).executeTakeFirstOrThrow();
    return { feedId: Number(feed.id), url: feed.url, outlet: feed.outlet, beats: feed.beats, country: feed.country };
  }

  private async fetchOne(feed: Feed): Promise<number> {
    let entries: FeedEntry[];
    try {
      const xml = await fetchFeed(feed.url, this.limits);
      try {
        entries = parseFeedEntries(xml, this.now());
      } catch (error) {
        throw new FetchFailed(`Not an RSS or Atom feed: ${(error as Error).message}`);
      }
    } catch (error) {
      await this.failed(feed, error);
      return 0;
    }
    try {
      return await this.store(feed, entries);
    } catch (error) {
      await this.failed(feed, error);
      return 0;
    }
  }

  /** The new entries, appended once each, and the feed's next fetch: one transaction. */
  private async store(feed: Feed, entries: FeedEntry[]): Promise<number> {
    const at = this.now();
    return this.core.commands.transaction(async (unit) => {
      const fresh = await newEntries(unit.trx, feed.feedId, entries);
      const { rows: ids } = fresh.length === 0 ? { rows: [] } : await sql<{ id: number }>`select nextval('news_item_ids')::int as id from generate_series(1, ${fresh.length})`.execute(unit.trx);
      // Oldest first: the log, and so the live wire, has them in the order they were published.
      const items = fresh.reverse().map((entry, i) => ({ entry, id: Number(ids[i]!.id) }));
      if (items.length > 0) {
        await unit.trx
          .insertInto('news_item_keys')
          .values(items.flatMap(({ entry, id }) => keysOf(feed.feedId, entry).map((key) => ({ key, item_id: id }))))
          .execute();
        await unit.startStreams(
          items.map(({ entry, id }) => ({
            streamId: newsItemStream(id),
            metadata: systemMetadata,
            events: [
              {
                type: 'NewsItemAdded',
                data: { id, feedId: feed.feedId, title: entry.title, summary: entry.summary, link: entry.link, outlet: feed.outlet, beats: feed.beats, country: feed.country, publishedAt: entry.publishedAt.toISOString() },
              } satisfies NewsEvent,
            ],
          })),
        );
      }
      const held = await unit.trx
        .updateTable('news_feed_fetches')
        .set({ due_at: new Date(at.getTime() + this.intervalMs), locked_by: null, locked_until: null, failures: 0, last_error: null, last_fetched_at: at })
        .where('feed_id', '=', feed.feedId)
        .where('locked_by', '=', this.id)
        .executeTakeFirst();
      // The lease ran out and another fetcher has the feed: what it appends, this one must not.
      if (Number(held.numUpdatedRows) !== 1) throw new LostClaim();
      return items.length;
    });
  }

  private async failed(feed: Feed, error: unknown): Promise<void> {
    if (error instanceof LostClaim) return;
    const reason = error instanceof FetchFailed ? error.message : 'The feed could not be stored.';
    if (!(error instanceof FetchFailed)) this.options.log.error({ err: error, feedId: feed.feedId }, 'could not store a feed');
    const at = this.now();
    await sql`
      update news_feed_fetches
      set failures = failures + 1, last_error = ${reason}, last_failed_at = ${at}, locked_by = null, locked_until = null,
        due_at = ${at}::timestamptz + make_interval(secs => least(${this.maxBackoffMs / 1000}::float8, ${this.backoffMs / 1000}::float8 * power(2, least(failures, 30))))
      where feed_id = ${feed.feedId} and locked_by = ${this.id}`.execute(this.core.database.db);
  }

  protected async nextDueInMs(): Promise<number> {
    const row = await this.core.database.db.selectFrom('news_feed_fetches').select((eb) => eb.fn.min('due_at').as('next')).executeTakeFirst();
    return msUntilDue(row?.next as Date | null, this.now(), this.pollMs);
  }
}

class LostClaim extends Error {}

/** The entries none of whose keys was seen before, nor earlier in this same fetch. */
async function newEntries(trx: Tx, feedId: number, entries: FeedEntry[]): Promise<FeedEntry[]> {
  const keys = entries.flatMap((entry) => keysOf(feedId, entry));
  if (keys.length === 0) return [];
  const seen = new Set((await trx.selectFrom('news_item_keys').select('key').where('key', 'in', keys).execute()).map((row) => row.key));
  return entries.filter((entry) => {
    const own = keysOf(feedId, entry);
    if (own.length === 0 || own.some((key) => seen.has(key))) return false;
    for (const key of own) seen.add(key);
    return true;
  });
}
