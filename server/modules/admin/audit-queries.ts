import { sql, type Kysely } from 'kysely';
import { DEFAULT_AUDIT_TYPES, type AuditPage, type AuditQuery, type StreamHistory } from '../../../contracts/admin/audit.ts';
import type { Database } from '../../db/schema.ts';

// Both readers below take rows straight from the `events` table, past the event registry: the
// audit must show what was written, so data keeps the shape of its stored schema_version (never
// upcast), and a type this build does not know (yet, or any more) cannot fail the page.

type AuditEventRow = {
  position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  recorded_at: Date;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  request_id: string | null;
  correlation_id: string | null;
};

type StreamEventRow = {
  position: number;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: Record<string, unknown>;
  recorded_at: Date;
};

/**
 * One page of the log, newest first. Paging by position is right for a person browsing back in
 * time; only tailing readers need the commit-safe order of readAll.
 */
export async function findAuditPage(db: Kysely<Database>, query: AuditQuery): Promise<AuditPage> {
  const filters = [sql`type = any(${query.type ?? [...DEFAULT_AUDIT_TYPES]}::text[])`];
  if (query.actorId !== undefined) filters.push(sql`metadata->>'actorId' = ${query.actorId}`);
  if (query.streamId !== undefined) filters.push(sql`stream_id = ${query.streamId}`);
  if (query.before !== undefined) filters.push(sql`position < ${query.before}`);

  // The page is cut before the join, so names are looked up for its rows only. Actor ids are
  // text in the log and not always a person's ('system' and the like), hence the guarded cast.
  // One row past the limit says whether an older page exists.
  const { rows } = await sql<AuditEventRow>`
    select page.position, page.stream_id, page.stream_version, page.type, page.data, page.recorded_at,
      page.metadata->>'actorId' as actor_id,
      page.metadata->>'actorRole' as actor_role,
      page.metadata->>'requestId' as request_id,
      page.metadata->>'correlationId' as correlation_id,
      actor.firstname || ' ' || actor.lastname as actor_name
    from (
      select position, stream_id, stream_version, type, data, metadata, recorded_at
      from events
      where ${sql.join(filters, sql` and `)}
      order by position desc
      limit ${query.limit + 1}
    ) page
    left join users actor on actor.id = case when page.metadata->>'actorId' ~ '^[0-9]{1,18}$' then (page.metadata->>'actorId')::bigint end
    order by page.position desc`.execute(db);

  const page = rows.slice(0, query.limit);
  return {
    data: page.map((row) => ({
      position: row.position,
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      type: row.type,
      recordedAt: new Date(row.recorded_at).toISOString(),
      actor: { id: row.actor_id, name: row.actor_name, role: row.actor_role },
      requestId: row.request_id,
      correlationId: row.correlation_id,
      summary: summarize(row.type, row.stream_id, row.data),
    })),
    nextBefore: rows.length > query.limit ? page.at(-1)!.position : null,
  };
}

/** Every event of one stream in version order, or null when the log has none. */
export async function findStreamHistory(db: Kysely<Database>, streamId: string): Promise<StreamHistory | null> {
  const { rows } = await sql<StreamEventRow>`
    select position, stream_version, type, schema_version, data, metadata, recorded_at
    from events where stream_id = ${streamId}
    order by stream_version`.execute(db);
  if (rows.length === 0) return null;
  return {
    streamId,
    events: rows.map((row) => ({
      position: row.position,
      streamVersion: row.stream_version,
      type: row.type,
      schemaVersion: row.schema_version,
      data: row.data,
      metadata: row.metadata,
      recordedAt: new Date(row.recorded_at).toISOString(),
    })),
  };
}

/** A sentence for the acts admins look up; anything else names its type and stream. */
function summarize(type: string, streamId: string, data: unknown): string {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const id = (key: string) => {
    const value = fields[key];
    return typeof value === 'number' || typeof value === 'string' ? value : null;
  };
  const postId = id('postId');
  const commentId = id('commentId');
  if (type === 'PostDeleted' && postId !== null) return `Post ${postId} deleted`;
  if (type === 'PostRestored' && postId !== null) return `Post ${postId} restored`;
  if (type === 'CommentDeleted' && commentId !== null) return `Comment ${commentId} deleted`;
  return `${type} on ${streamId}`;
}
