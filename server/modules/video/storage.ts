import path from 'node:path';

// Served by the uploads module's static files under the same prefix as every upload.
const PUBLIC_PREFIX = '/uploads/';
const VIDEOS = 'videos';

/** Where an upload's file lives on disk, from its public path. */
export function sourceFile(uploadsDir: string, publicPath: string): string {
  if (!publicPath.startsWith(PUBLIC_PREFIX)) throw new Error(`not an upload path: ${publicPath}`);
  const file = path.resolve(uploadsDir, publicPath.slice(PUBLIC_PREFIX.length));
  if (!file.startsWith(path.resolve(uploadsDir) + path.sep)) throw new Error(`outside the uploads: ${publicPath}`);
  return file;
}

/**
 * One attempt's output directory. Each attempt writes a directory of its own: a file a browser
 * may hold is never rewritten (uploads are served as immutable), and an attempt that died is
 * told from the live one by its name.
 */
export function outputDir(uploadsDir: string, videoId: number, attempt: string) {
  const videoDir = path.join(uploadsDir, VIDEOS, String(videoId));
  return {
    videoDir,
    dir: path.join(videoDir, attempt),
    publicPath: (file: string) => `${PUBLIC_PREFIX}${VIDEOS}/${videoId}/${attempt}/${file}`,
  };
}
