import { z } from 'zod';

/** What the audit shows when no type is asked for: the acts an admin is asked about afterwards. */
export const DEFAULT_AUDIT_TYPES = ['PostDeleted', 'PostRestored', 'CommentDeleted'] as const;

const eventType = z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,99}$/, { message: 'Event type must be a name like PostDeleted' });

// `?type=A&type=B` arrives as an array, `?type=A,B` as one string: both mean the same list.
const eventTypes = z
  .union([z.string(), z.array(z.string())])
  .transform((given) => [...new Set([given].flat().flatMap((part) => part.split(',')).map((part) => part.trim()).filter(Boolean))])
  .pipe(z.array(eventType).min(1, { message: 'Give at least one event type' }));

export const auditQuery = z.object({
  type: eventTypes.optional(),
  actorId: z.string().trim().min(1).max(128).optional(),
  streamId: z.string().trim().min(1).max(200).optional(),
  /** A position: the page holds the events older than it. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const auditRow = z.object({
  position: z.number().int(),
  streamId: z.string(),
  streamVersion: z.number().int(),
  type: z.string(),
  recordedAt: z.iso.datetime(),
  actor: z.object({ id: z.string().nullable(), name: z.string().nullable(), role: z.string().nullable() }),
  requestId: z.string().nullable(),
  correlationId: z.string().nullable(),
  /** One sentence for a person, e.g. "Post 12 deleted". */
  summary: z.string(),
});

/** `nextBefore` is the `before` of the next (older) page, null on the last one. */
export const auditPage = z.object({ data: z.array(auditRow), nextBefore: z.number().int().nullable() });

export const streamParams = z.object({ streamId: z.string().min(1).max(200) });

/**
 * Every event of one stream exactly as stored: `data` keeps the shape of its `schemaVersion`
 * (not upcast) and `metadata` whatever keys it was written with.
 */
export const streamHistory = z.object({
  streamId: z.string(),
  events: z.array(
    z.object({
      position: z.number().int(),
      streamVersion: z.number().int(),
      type: z.string(),
      schemaVersion: z.number().int(),
      data: z.unknown(),
      metadata: z.record(z.string(), z.unknown()),
      recordedAt: z.iso.datetime(),
    }),
  ),
});

export type AuditQuery = z.infer<typeof auditQuery>;
export type AuditRow = z.infer<typeof auditRow>;
export type AuditPage = z.infer<typeof auditPage>;
export type StreamHistory = z.infer<typeof streamHistory>;
