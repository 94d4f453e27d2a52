import type { Generated, Insertable, Kysely, Selectable } from 'kysely';
import type { UploadView } from '../../../contracts/uploads.ts';
import type { Database } from '../../db/schema.ts';

export interface UploadsTable {
  id: Generated<number>;
  owner_id: number;
  kind: 'image' | 'video';
  mime: string;
  size_bytes: number;
  path: string;
  thumbnail_path: string | null;
  width: number | null;
  height: number | null;
  status: 'processing' | 'processed';
  original_name: string;
  created_at: Generated<Date>;
}

export type NewUpload = Insertable<UploadsTable>;

// The table is this module's alone, so its type joins the shared ones here.
const withUploads = (db: Kysely<Database>) => db.withTables<{ uploads: UploadsTable }>();

export async function insertUpload(db: Kysely<Database>, upload: NewUpload): Promise<UploadView> {
  const row = await withUploads(db).insertInto('uploads').values(upload).returningAll().executeTakeFirstOrThrow();
  return viewOf(row);
}

export async function findUpload(db: Kysely<Database>, id: number): Promise<UploadView | null> {
  const row = await withUploads(db).selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? viewOf(row) : null;
}

function viewOf(row: Selectable<UploadsTable>): UploadView {
  return { id: row.id, type: row.kind, path: row.path, thumbnail: row.thumbnail_path, status: row.status, width: row.width, height: row.height };
}

/** The image upload when it is this person's own, for another module to take as a picture (a newsroom's logo). */
export async function findOwnImage(db: Kysely<Database>, id: number, ownerId: number): Promise<UploadView | null> {
  const row = await withUploads(db).selectFrom('uploads').selectAll().where('id', '=', id).where('owner_id', '=', ownerId).where('kind', '=', 'image').executeTakeFirst();
  return row ? viewOf(row) : null;
}

/** The uploads among `ids` that are this person's own, by id, for another module to attach (an announcement's files). */
export async function findOwnUploads(db: Kysely<Database>, ids: readonly number[], ownerId: number): Promise<Map<number, UploadView>> {
  if (ids.length === 0) return new Map();
  const rows = await withUploads(db).selectFrom('uploads').selectAll().where('id', 'in', [...new Set(ids)]).where('owner_id', '=', ownerId).execute();
  return new Map(rows.map((row) => [row.id, viewOf(row)]));
}
