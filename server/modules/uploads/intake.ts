import type { MultipartFile } from '@fastify/multipart';
import type { Kysely } from 'kysely';
import type { UploadView } from '../../../contracts/uploads.ts';
import type { Database } from '../../db/schema.ts';
import { ValidationFailed } from '../../errors.ts';
import { detectMedia, storeImage, type StoredImage } from './media.ts';
import type { EventMetadata } from '../../../contracts/events/index.ts';
import type { VideoIntake } from '../video/index.ts';
import { insertUpload, type NewUpload } from './queries.ts';
import { discard, type Received, type UploadStorage } from './storage.ts';

export type UploadLimits = { maxImageBytes: number; maxVideoBytes: number };

export const UNSUPPORTED_TYPE = 'This file type is not supported';

/**
 * Takes one multipart file from the wire to a stored upload: received to disk, judged by
 * its bytes and size, then stored and recorded (see storeReceived).
 */
export async function storeUpload(db: Kysely<Database>, storage: UploadStorage, limits: UploadLimits, ownerId: number, part: MultipartFile, video: VideoHandOver): Promise<UploadView> {
  const received = await storage.receive(part.file);
  try {
    // Truncated means the stream hit the multipart limit and the file was larger still.
    return await storeReceived(db, storage, limits, ownerId, { ...received, cutShort: part.file.truncated, name: part.filename }, video);
  } finally {
    await discard(received.file);
  }
}

/** Where a video goes once stored: its checks (length) and the transaction that queues its transcode. */
export type VideoHandOver = Pick<VideoIntake, 'check' | 'accept'> & { metadata: EventMetadata };

/**
 * Judges a file already on disk (a multipart body, a finished resumable upload) by its bytes
 * and size, then stores and records it. An image is stored re-encoded without its metadata
 * (where it was taken, above all), with a thumbnail; a video is moved home as it came and
 * handed to the video pipeline, which strips it. A refusal is a 422 with one line, and
 * whatever was written for it is gone; the received file is the caller's to discard.
 */
export async function storeReceived(
  db: Kysely<Database>,
  storage: UploadStorage,
  limits: UploadLimits,
  ownerId: number,
  received: Received & { cutShort: boolean; name: string },
  video: VideoHandOver,
): Promise<UploadView> {
  const media = await detectMedia(received.file);
  if (!media) throw new ValidationFailed([UNSUPPORTED_TYPE]);
  const limit = media.kind === 'image' ? limits.maxImageBytes : limits.maxVideoBytes;
  if (received.cutShort || received.bytes > limit) throw new ValidationFailed([`This ${media.kind} is larger than ${readableSize(limit)}`]);
  if (media.kind === 'video') await video.check(received.file);

  const placed = await storage.place(media.extension, { kept: media.kind === 'video' });
  try {
    let image: StoredImage | null = null;
    if (media.kind === 'image') {
      image = await storeImage(received.file, media.mime, placed.original.file, placed.thumbnail.file);
      if (!image) throw new ValidationFailed(['This image could not be read']);
    } else {
      await storage.keep(received, placed.original);
    }
    const upload: NewUpload = {
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
      original_name: cleanName(received.name),
    };
    if (media.kind === 'image') return await insertUpload(db, upload);
    return await video.accept(ownerId, video.metadata, (trx) => insertUpload(trx, upload));
  } catch (error) {
    await Promise.all([discard(placed.original.file), discard(placed.thumbnail.file)]);
    throw error;
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
