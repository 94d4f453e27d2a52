import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import sharp, { type Metadata, type Sharp } from 'sharp';

export type MediaKind = 'image' | 'video';

/** An accepted file as its bytes describe it. */
export type Media = { kind: MediaKind; mime: string; extension: string };

// What browsers show inline without plugins, plus QuickTime because phones record it.
// SVG stays out: it is a document that can carry script, not a picture.
const ACCEPTED: Readonly<Record<string, MediaKind>> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/quicktime': 'video',
};

/** What the file really is, read from its bytes: the name and content type it came with prove nothing. */
export async function detectMedia(file: string): Promise<Media | null> {
  const type = await fileTypeFromFile(file);
  const kind = type ? ACCEPTED[type.mime] : undefined;
  return type && kind ? { kind, mime: type.mime, extension: type.ext } : null;
}

export const THUMBNAIL_WIDTH = 480;

/** An image as stored: its displayed size and the bytes of the cleaned original. */
export type StoredImage = { width: number; height: number; bytes: number };

// The same format back, re-encoded from pixels. Quality 90 keeps a photo indistinguishable
// from what was sent; mozjpeg would make smaller files in ten times the time (measured:
// 0.25 s against 3.1 s for 12 megapixels). A palette PNG (a screenshot, a logo) stays one:
// written as truecolour it grew threefold, and requantising at most 256 colours gave them
// back exactly.
type Encoder = (image: Sharp, input: Metadata) => Sharp;
const ENCODERS: Readonly<Record<string, Encoder>> = {
  'image/jpeg': (image) => image.jpeg({ quality: 90, mozjpeg: false }),
  'image/png': (image, input) => image.png({ palette: input.isPalette === true }),
  'image/webp': (image) => image.webp({ quality: 90 }),
  'image/gif': (image) => image.gif(),
};

/**
 * Writes the image to `original` without any of its metadata, and a webp thumbnail at most
 * THUMBNAIL_WIDTH wide to `thumbnail`. Answers the size as displayed and the bytes written,
 * or null when the bytes start like an image but do not decode as one.
 *
 * Phones write where a photo was taken into its EXIF, and people upload from the field:
 * no original is kept byte for byte. The EXIF orientation is turned into the pixels before
 * it goes; EXIF, XMP, IPTC and comments go with it. Colours are converted to sRGB and the
 * ICC profile dropped (sharp's default), which is what browsers assume of an untagged image.
 * Animations keep every frame, their delays and loop count.
 */
export async function storeImage(source: string, mime: string, original: string, thumbnail: string): Promise<StoredImage | null> {
  const encode = ENCODERS[mime];
  if (!encode) return null;
  let made: { width: number; height: number; original: Buffer; thumbnail: Buffer };
  try {
    const input = sharp(source, { animated: true });
    const metadata = await input.metadata();
    // sharp cannot turn an animation by 90 degrees; an orientation tag on an animation is
    // all but unheard of, so there it goes with the rest of the metadata, unapplied.
    const oriented = (metadata.pages ?? 1) > 1 ? input : input.autoOrient();
    const { data, info } = await encode(oriented, metadata).toBuffer({ resolveWithObject: true });
    // From the clean original, so it shows what is stored; sharp reads an animation's first frame.
    const small = await sharp(data).resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true }).webp().toBuffer();
    made = { width: info.width, height: info.pageHeight ?? info.height, original: data, thumbnail: small };
  } catch {
    return null;
  }
  // Outside the catch: a full disk is the server's failure, not a bad image.
  await Promise.all([fsp.writeFile(original, made.original), fsp.writeFile(thumbnail, made.thumbnail)]);
  return { width: made.width, height: made.height, bytes: made.original.length };
}
