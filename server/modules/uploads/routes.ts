import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uploadView } from '../../../contracts/uploads.ts';
import type { Core } from '../../core.ts';
import { NotFound, ValidationFailed } from '../../errors.ts';
import { withUploadedFile } from '../../http/multipart.ts';
import { created, eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { findVideo, type VideoIntake } from '../video/index.ts';
import { storeUpload, type UploadLimits } from './intake.ts';
import { findUpload } from './queries.ts';
import { PUBLIC_PREFIX, UploadStorage } from './storage.ts';
import { idParams } from '../../../contracts/validation.ts';

export type UploadOptions = UploadLimits & { dir: string; video: VideoIntake };

export function uploadRoutes(core: Core, options: UploadOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const storage = new UploadStorage(options.dir);
    await storage.prepare();

    // Registered here, not app-wide: only this route reads multipart bodies. The stream stops
    // at the larger of the two limits; the limit of the file's kind is checked once its bytes say which.
    await app.register(fastifyMultipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: Math.max(options.maxImageBytes, options.maxVideoBytes), files: 1 },
    });

    // Files are public to whoever holds the link: a name is 128 random bits, and a post's
    // pictures must load in an <img> and through caches without a session. A stored file
    // never changes (a new upload gets a new name), so caches may keep it for good.
    await app.register(fastifyStatic, {
      root: storage.dir,
      prefix: PUBLIC_PREFIX,
      decorateReply: false,
      index: false,
      redirect: false,
      dotfiles: 'ignore',
      maxAge: '365d',
      immutable: true,
      setHeaders: (reply) => reply.header('x-content-type-options', 'nosniff'),
    });

    app.post('/api/v1/uploads', { schema: { response: { 201: uploadView } } }, async (request, reply) => {
      const user = requireUser(request);
      const upload = await withUploadedFile(request, (part) => {
        if (part?.fieldname !== 'file') throw new ValidationFailed(['Choose a file to upload']);
        return storeUpload(core.database.db, storage, options, user.id, part, { ...options.video, metadata: eventMetadata(request, actorOf(user)) });
      });
      return created(reply, upload.id).send(upload);
    });

    // Anyone signed in may read an upload's metadata: uploads are attached to posts and
    // comments that people read, and the file itself is public by its link anyway.
    app.get('/api/v1/uploads/:id', { schema: { params: idParams, response: { 200: uploadView } } }, async (request) => {
      requireUser(request);
      const upload = await findUpload(core.database.db, request.params.id);
      if (!upload) throw new NotFound('This upload does not exist.');
      if (upload.type !== 'video') return upload;
      // A video's state is the video pipeline's: processed, its playlist and cover are what to show.
      const video = await findVideo(core.database.db, upload.id);
      if (!video) return upload;
      return { ...upload, status: video.status, path: video.status === 'processed' ? video.url : upload.path, thumbnail: video.coverUrl ?? upload.thumbnail };
    });
  };
}
