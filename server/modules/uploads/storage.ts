import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** The URL path stored files are served under. */
export const PUBLIC_PREFIX = '/uploads/';

// Files still arriving wait in a dot-directory: the static server ignores dotfiles, so a
// half-written or refused upload is never served.
const INCOMING = '.incoming';
// Originals that are only the video pipeline's input, unserved for the same reason.
const KEPT = '.kept';
// Only a crash leaves an incoming file behind; no upload takes a day, and a fresh file may
// belong to another process sharing the directory.
const STALE_INCOMING_MS = 24 * 60 * 60 * 1000;

/** Where one upload lives: on disk, and under PUBLIC_PREFIX. */
export type Placement = { file: string; publicPath: string };

export type Received = { file: string; bytes: number };

/**
 * The uploads directory. Every name in it comes from random bytes, never from what the
 * person sent, so no file name can climb out of the directory or collide with another.
 */
export class UploadStorage {
  constructor(readonly dir: string) {}

  async prepare(): Promise<void> {
    const incoming = path.join(this.dir, INCOMING);
    await fsp.mkdir(incoming, { recursive: true });
    const cutoff = Date.now() - STALE_INCOMING_MS;
    for (const name of await fsp.readdir(incoming)) {
      const file = path.join(incoming, name);
      const stat = await fsp.stat(file).catch(() => null);
      if (stat && stat.mtimeMs < cutoff) await discard(file);
    }
  }

  /** Writes the stream to a new incoming file, counting its bytes; nothing is left behind on failure. */
  async receive(source: Readable): Promise<Received> {
    const file = path.join(this.dir, INCOMING, randomName());
    let bytes = 0;
    try {
      await pipeline(
        source,
        async function* (chunks: AsyncIterable<Buffer>) {
          for await (const chunk of chunks) {
            bytes += chunk.length;
            yield chunk;
          }
        },
        fs.createWriteStream(file, { flags: 'wx' }),
      );
    } catch (error) {
      await discard(file);
      throw error;
    }
    return { file, bytes };
  }

  /**
   * A fresh home for a file and its thumbnail, sharded by the first two characters of its name.
   * A `kept` file (a video as it was sent, with where and on what it was recorded) goes under a
   * dot-directory, which the static files never serve: people get the video pipeline's outputs.
   */
  async place(extension: string, { kept = false } = {}): Promise<{ original: Placement; thumbnail: Placement }> {
    const name = randomName();
    const shard = kept ? `${KEPT}/${name.slice(0, 2)}` : name.slice(0, 2);
    await fsp.mkdir(path.join(this.dir, shard), { recursive: true });
    const at = (fileName: string): Placement => ({ file: path.join(this.dir, shard, fileName), publicPath: `${PUBLIC_PREFIX}${shard}/${fileName}` });
    return { original: at(`${name}.${extension}`), thumbnail: at(`${name}.thumb.webp`) };
  }

  /** Moves a received file to its home; same directory tree, so a rename, never a copy. */
  async keep(received: Received, placement: Placement): Promise<void> {
    await fsp.rename(received.file, placement.file);
  }
}

export async function discard(file: string): Promise<void> {
  await fsp.rm(file, { force: true });
}

function randomName(): string {
  return randomBytes(16).toString('hex');
}
