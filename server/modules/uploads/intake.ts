import type { MultipartFile } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { UploadView } from '../../../contracts/uploads.ts';
import type { Database } from '../../db/schema.ts';
import { ValidationFailed } from '../../errors.ts';
import { detectMedia, storeImage, type StoredImage } from './media.ts';
import { insertUpload } from './queries.ts';
import { discard, type UploadStorage } from './storage.ts';

export type UploadLimits = { maxImageBytes: number; maxVideoBytes: number };

export const UNSUPPORTED_TYPE = 'This file type is not supported';

/**
 * Takes one multipart file from the wire to a stored upload: received to disk, judged by
 * its bytes and size, then stored and recorded. An image is stored re-encoded without its
 * metadata (where it was taken, above all), with a thumbnail; a video is moved home as it
 * came. A refusal is a 422 with one line, and whatever was written for it is gone.
 */
export async function storeUpload(db: Kysely<Database>, storage: UploadStorage, limits: UploadLimits, ownerId: number, part: MultipartFile): Promise<UploadView> {
  const received = await storage.receive(part.file);
  try {
    const media = await detectMedia(received.file);
    if (!media) throw new ValidationFailed([UNSUPPORTED_TYPE]);
    const limit = media.kind === 'image' ? limits.maxImageBytes : limits.maxVideoBytes;
    // Truncated means the stream hit the multipart limit and the file was larger still.
    if (part.file.truncated || received.bytes > limit) throw new ValidationFailed([`This ${media.kind} is larger than ${readableSize(limit)}`]);

    const placed = await storage.place(media.extension);
    try {
      let image: StoredImage | null = null;
      if (media.kind === 'image') {
        image = await storeImage(received.file, media.mime, placed.original.file, placed.thumbnail.file);
        if (!image) throw new ValidationFailed(['This image could not be read']);
      } else {
        await storage.keep(received, placed.original);
      }
      return await insertUpload(db, {
        owner_id: ownerId,
        kind: media.kind,
        mime: media.mime,
        // What is stored: a re-encoded image may be smaller or larger than what was sent.
        size_bytes: image?.bytes ?? received.bytes,
        path: placed.original.publicPath,
        thumbnail_path: image ? placed.thumbnail.publicPath : null,
        width: image?.width ?? null,
        height: image?.height ?? null,
        // Images are done once stored; a video waits for the video pipeline.
        status: media.kind === 'image' ? 'processed' : 'processing',
        original_name: cleanName(part.filename),
      });
    } catch (error) {
      await Promise.all([discard(placed.original.file), discard(placed.thumbnail.file)]);
      throw error;
    }
  } finally {
    await discard(received.file);
  }
}

// Kept for people to recognise their file, never used as a path. Postgres text refuses NUL,
// and a name is not worth more than a line.
function cleanName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, 255);
}

function readableSize(bytes: number): string {
  const units = [
    { unit: 'MB', size: 1024 * 1024 },
    { unit: 'KB', size: 1024 },
  ];
  const fit = units.find(({ size }) => bytes >= size);
  return fit ? `${Number((bytes / fit.size).toFixed(1))} ${fit.unit}` : `${bytes} bytes`;
}
