import { connect, type NewActivity, type StreamClient } from 'getstream';
import type { PostEvent } from '../../contracts/posts/index.ts';
import type { AnyEvent, StoredEvent, Tx } from '../events/types.ts';
import type { ProcessorDefinition } from '../projections/processor.ts';

export type StreamPushClient = { apiKey: string; apiSecret: string; apiUrl: string | null };

export type StreamPushLog = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** One call to Stream, planned inside the batch and made once it has committed. */
type Push = { op: 'add'; authorId: number; activity: NewActivity } | { op: 'remove'; authorId: number; foreignId: string };

type PostState = {
  postId: number;
  kind: string;
  authorId: number;
  communityIds: readonly number[];
  userTypes: readonly string[];
  fields: Record<string, unknown>;
  publishedAt: Date;
};

const TRIES = 3;
const FIRST_BACKOFF_MS = 250;

/**
 * Mirrors posts into Stream (getstream.io): each post is an activity on its author's `user`
 * feed, copied (`to`) into the author's `beat` feeds when it is public.
 *
 * Stream is a mirror, not a record. The calls are made after the batch commits, one at a
 * time in log order, each tried a bounded number of times and then logged and given up: a
 * push retried forever would hold back every later one, and nothing is lost by giving up,
 * because the log stays the source of truth and `npm run replay -- --projection stream_push`
 * pushes it all again. Replays are harmless: Stream keeps one activity per foreign id and
 * time, and the time is the post's first recording, never the moment of the push.
 */
export function streamPushProcessor(client: StreamPushClient, log: StreamPushLog): ProcessorDefinition<AnyEvent> {
  const stream = connect(client.apiKey, client.apiSecret, undefined, client.apiUrl ? { urlOverride: { api: withTrailingSlash(client.apiUrl) } } : {});
  // Planned in handle, sent in afterCommit; a rolled-back batch is planned again on its retry.
  const planned = new Map<number, Push[]>();
  // afterCommit may not wait: the pushes chain here, so they go out in order without holding the processor.
  let queue = Promise.resolve();
  return {
    name: 'stream_push',
    version: 1,
    tables: [],
    // Stream learns of posts from the day the keys are set; older ones come with a replay.
    startAt: 'head',
    async handle(trx, event) {
      const pushes = await plan(trx, event as StoredEvent<PostEvent>);
      if (pushes.length > 0) planned.set(event.position, pushes);
    },
    afterCommit(events) {
      for (const event of events) {
        for (const push of planned.get(event.position) ?? []) queue = queue.then(() => deliver(stream, push, log));
        planned.delete(event.position);
      }
    },
  };
}

async function plan(trx: Tx, event: StoredEvent<PostEvent>): Promise<Push[]> {
  switch (event.type) {
    case 'PostCreated': {
      const { postId, kind, authorId, communityIds, userTypes, fields } = event.data;
      return [await added(trx, { postId, kind, authorId, communityIds, userTypes, fields, publishedAt: event.recordedAt })];
    }
    case 'PostUpdated':
    case 'PostRestored': {
      const post = await livePost(trx, event.data.postId);
      if (!post) return [];
      // Out and in again: an edit may have narrowed who the post is for, and the removal takes
      // its copies out of the beat feeds with it.
      const add = await added(trx, post);
      return event.type === 'PostUpdated' ? [removal(post), add] : [add];
    }
    case 'PostDeleted': {
      const post = await trx.selectFrom('posts').select('author_id').where('id', '=', event.data.postId).executeTakeFirst();
      return post ? [removal({ postId: event.data.postId, authorId: Number(post.author_id) })] : [];
    }
    default:
      return [];
  }
}

/**
 * Beat feeds are public: every reader gets a read-only token for any beat. A post meant for
 * some user types or for communities would reach everyone through them, so only a post for
 * everyone is copied there; any other stays on its author's own feed.
 */
async function added(trx: Tx, post: PostState): Promise<Push> {
  const isPublic = post.communityIds.length === 0 && post.userTypes.length === 0;
  const beats = isPublic
    ? await trx.selectFrom('user_beats').select('beat_id').where('user_id', '=', post.authorId).orderBy('position').execute()
    : [];
  return { op: 'add', authorId: post.authorId, activity: activityOf(post, beats.map((beat) => `beat:${beat.beat_id}`)) };
}

function removal(post: Pick<PostState, 'postId' | 'authorId'>): Push {
  return { op: 'remove', authorId: post.authorId, foreignId: foreignIdOf(post.postId) };
}

function activityOf(post: PostState, to: string[]): NewActivity {
  // Events have a name where other kinds have a title.
  const title = post.fields.title ?? post.fields.name;
  return {
    actor: `user:${post.authorId}`,
    verb: 'post',
    object: `${post.kind}:${post.postId}`,
    foreign_id: foreignIdOf(post.postId),
    // Stream reads times as UTC without a zone designator.
    time: post.publishedAt.toISOString().replace(/Z$/, ''),
    kind: post.kind,
    ...(typeof title === 'string' && title !== '' ? { title } : {}),
    ...(to.length > 0 ? { to } : {}),
  };
}

const foreignIdOf = (postId: number) => `post:${postId}`;

/** The post as it stands now, unless it is gone or deleted (its deletion removes it from Stream). */
async function livePost(trx: Tx, postId: number): Promise<PostState | null> {
  const row = await trx
    .selectFrom('posts')
    .select(['id', 'kind', 'author_id', 'community_ids', 'user_types', 'fields', 'published_at', 'is_deleted'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!row || row.is_deleted) return null;
  return {
    postId,
    kind: row.kind,
    authorId: Number(row.author_id),
    communityIds: row.community_ids,
    userTypes: row.user_types,
    fields: row.fields,
    publishedAt: new Date(row.published_at),
  };
}

/** Never rejects: a push that keeps failing is logged and the queue moves on. */
async function deliver(stream: StreamClient, push: Push, log: StreamPushLog): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await send(stream, push);
      return;
    } catch (error) {
      const context = { processor: 'stream_push', push: describePush(push), attempt, status: statusOf(error), err: error };
      if (attempt >= TRIES || !isRetryable(error)) {
        log.error(context, 'Stream push failed; a replay of stream_push sends it again');
        return;
      }
      log.warn(context, 'Stream push failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, FIRST_BACKOFF_MS * 2 ** (attempt - 1)));
    }
  }
}

async function send(stream: StreamClient, push: Push): Promise<void> {
  const feed = stream.feed('user', String(push.authorId));
  if (push.op === 'add') {
    await feed.addActivity(push.activity);
    return;
  }
  try {
    await feed.removeActivity({ foreignId: push.foreignId });
  } catch (error) {
    // Already gone (never pushed, say, because it predates the keys): what a removal wants.
    if (statusOf(error) !== 404) throw error;
  }
}

const describePush = (push: Push) => (push.op === 'add' ? `add ${push.activity.foreign_id} to user:${push.authorId}` : `remove ${push.foreignId} from user:${push.authorId}`);

function statusOf(error: unknown): number | undefined {
  return (error as { response?: { status?: number } } | null)?.response?.status;
}

// A refused request (bad key, bad activity) fails the same way again; the network, Stream's
// own errors and its rate limit may not.
function isRetryable(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status >= 500 || status === 429 || status === 408;
}

// The SDK appends `v1.0/...` to the base as is.
const withTrailingSlash = (url: string) => (url.endsWith('/') ? url : `${url}/`);
