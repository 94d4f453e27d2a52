import fsp from 'node:fs/promises';
import path from 'node:path';
import type { MultipartFile } from '@fastify/multipart';
import sharp from 'sharp';
import { ValidationFailed } from '../../errors.ts';
import { UNSUPPORTED_TYPE } from '../uploads/intake.ts';
import { detectMedia } from '../uploads/media.ts';
import { discard, PUBLIC_PREFIX, type UploadStorage } from '../uploads/storage.ts';

/** The square sizes an avatar is kept at: the profile's picture and the small face beside posts. */
export const AVATAR_SIZE = 400;
export const AVATAR_ICON_SIZE = 96;

export type Avatar = { logo: string; logoIcon: string };

/**
 * Takes an uploaded picture to two square webp files, cropped to the middle, without the
 * original's metadata (sharp writes none unless asked). The bytes decide whether it is an
 * image; refusals are 422 with one line and leave nothing on disk.
 */
export async function storeAvatar(storage: UploadStorage, maxBytes: number, part: MultipartFile): Promise<Avatar> {
  const received = await storage.receive(part.file);
  try {
    const media = await detectMedia(received.file);
    if (media?.kind !== 'image') throw new ValidationFailed([UNSUPPORTED_TYPE]);
    if (part.file.truncated || received.bytes > maxBytes) throw new ValidationFailed([`This image is larger than ${maxBytes / (1024 * 1024)} MB`]);
    let sizes: [Buffer, Buffer];
    try {
      const oriented = sharp(received.file).autoOrient();
      const square = (size: number) => oriented.clone().resize(size, size, { fit: 'cover', position: 'attention' }).webp({ quality: 88 }).toBuffer();
      sizes = await Promise.all([square(AVATAR_SIZE), square(AVATAR_ICON_SIZE)]);
    } catch {
      throw new ValidationFailed(['This image could not be read']);
    }
    const placed = await storage.place('webp');
    await Promise.all([fsp.writeFile(placed.original.file, sizes[0]), fsp.writeFile(placed.thumbnail.file, sizes[1])]);
    return { logo: placed.original.publicPath, logoIcon: placed.thumbnail.publicPath };
  } finally {
    await discard(received.file);
  }
}

/** Deletes an avatar's files; paths outside the uploads directory are never touched. */
export async function removeAvatarFiles(storage: UploadStorage, avatar: Avatar): Promise<void> {
  const root = path.resolve(storage.dir);
  for (const publicPath of [avatar.logo, avatar.logoIcon]) {
    if (!publicPath.startsWith(PUBLIC_PREFIX)) continue;
    const file = path.resolve(root, publicPath.slice(PUBLIC_PREFIX.length));
    if (file.startsWith(`${root}${path.sep}`)) await discard(file);
  }
}
