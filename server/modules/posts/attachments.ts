import type { Kysely } from 'kysely';
import type { MediaItem } from '../../../contracts/posts/media.ts';
import type { Database } from '../../db/schema.ts';
import { ValidationFailed } from '../../errors.ts';
import type { UploadsTable } from '../uploads/queries.ts';

const uploadsOf = (db: Kysely<Database>) => db.withTables<{ uploads: UploadsTable }>();

/**
 * The person's own uploads, in the order given, as the media items a post or comment keeps.
 * Someone else's upload, or one that does not exist, is refused by its id.
 */
export async function ownAttachments(db: Kysely<Database>, ownerId: number, ids: readonly number[]): Promise<MediaItem[]> {
  if (ids.length === 0) return [];
  const rows = await uploadsOf(db)
    .selectFrom('uploads')
    .select(['id', 'kind', 'path', 'thumbnail_path'])
    .where('id', 'in', [...ids])
    .where('owner_id', '=', ownerId)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const missing = ids.filter((id) => !byId.has(id));
  if (missing.length > 0) throw new ValidationFailed(missing.map((id) => `Attachment ${id} was not found`));
  return ids.map((id) => {
    const row = byId.get(id)!;
    return { type: row.kind, id: row.id, path: row.path, thumbnail: row.thumbnail_path, length: null };
  });
}

/** A video upload of the person's own, for a video update, reaction, statement or story. */
export async function ownVideo(db: Kysely<Database>, ownerId: number, id: number): Promise<number> {
  const row = await uploadsOf(db).selectFrom('uploads').select(['id', 'kind']).where('id', '=', id).where('owner_id', '=', ownerId).executeTakeFirst();
  if (!row || row.kind !== 'video') throw new ValidationFailed([`Video ${id} was not found`]);
  return row.id;
}
