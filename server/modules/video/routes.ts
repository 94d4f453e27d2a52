import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server as TusServer, type ServerOptions } from '@tus/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { videoView } from '../../../contracts/posts/media.ts';
import { idParams } from '../../../contracts/validation.ts';
import type { Core } from '../../core.ts';
import { DomainError, NotFound, ValidationFailed } from '../../errors.ts';
import { eventMetadata } from '../../http/request-context.ts';
import { actorOf, requireUser } from '../auth/plugin.ts';
import { storeReceived, type UploadLimits } from '../uploads/intake.ts';
import { discard, UploadStorage } from '../uploads/storage.ts';
import type { VideoIntake } from './intake.ts';
import { findVideo } from './queries.ts';

/** Where resumable uploads are made and continued (the tus protocol); each upload's URL is below it. */
export const TUS_PATH = '/api/v1/uploads/tus';

// Inside the uploads directory so that a finished file is moved home by a rename; a
// dot-directory, which the static file server never serves.
const TUS_DIR = '.tus';
// A resumable upload left unfinished this long is given up and its bytes removed.
const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;

export type VideoRouteOptions = UploadLimits & { dir: string; intake: VideoIntake };

type Uploader = { id: number; metadata: ReturnType<typeof eventMetadata> };

export function videoRoutes(core: Core, options: VideoRouteOptions): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = core.database;
    const storage = new UploadStorage(options.dir);
    const tusDir = path.join(options.dir, TUS_DIR);
    await fsp.mkdir(tusDir, { recursive: true });
    const datastore = new FileStore({ directory: tusDir, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
    // Who sent each request tus handles, set by the route once the session says so.
    const uploaders = new WeakMap<IncomingMessage, Uploader>();
    const uploaderOf = (req: Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0]) => {
      const node = (req as unknown as { runtime?: { node?: { req: IncomingMessage } } }).runtime?.node?.req;
      const uploader = node ? uploaders.get(node) : undefined;
      if (!uploader) throw { status_code: 401, body: JSON.stringify({ detail: 'You need to sign in.' }) };
      return uploader;
    };

    const tus = new TusServer({
      path: TUS_PATH,
      datastore,
      maxSize: options.maxVideoBytes,
      relativeLocation: true,
      // The owner's id leads the name, so that only they can continue or read their upload.
      namingFunction: (req) => `${uploaderOf(req).id}-${randomBytes(16).toString('hex')}`,
      async onIncomingRequest(req, uploadId) {
        if (!uploadId.startsWith(`${uploaderOf(req).id}-`)) throw { status_code: 404, body: JSON.stringify({ detail: 'No such upload.' }) };
      },
      // Every /api answer is JSON in the error shape, tus's own refusals included.
      onResponseError(_req, error) {
        const status = 'status_code' in error ? error.status_code : 500;
        const body = 'body' in error ? error.body : '';
        if (status >= 500) return { status_code: status, body: JSON.stringify({ detail: 'The upload could not be stored. Try again.' }) };
        return { status_code: status, body: isJson(body) ? body : JSON.stringify({ detail: body.trim() || 'This upload request was refused.' }) };
      },
      async onUploadFinish(req, upload) {
        const uploader = uploaderOf(req);
        const file = path.join(tusDir, upload.id);
        try {
          const stored = await storeReceived(
            db,
            storage,
            options,
            uploader.id,
            { file, bytes: upload.offset, cutShort: false, name: upload.metadata?.filename ?? upload.metadata?.name ?? '' },
            { ...options.intake, metadata: uploader.metadata },
          );
          return { status_code: 201, headers: { 'content-type': 'application/json', 'object-id': stored.id }, body: JSON.stringify(stored) };
        } catch (error) {
          if (error instanceof DomainError && error.status === 422) throw { status_code: 422, body: JSON.stringify({ errors: error.message.split('\n') }) };
          throw error;
        } finally {
          await Promise.all([discard(file), discard(`${file}.json`)]);
        }
      },
    });

    // tus reads the request body itself: it must reach the handler unread.
    app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const user = requireUser(request);
      // tus answers a request without its version in plain text; the API answers in its own shape.
      if (request.method !== 'OPTIONS' && request.headers['tus-resumable'] === undefined) throw new ValidationFailed(['Send a tus 1.0.0 request: the Tus-Resumable header is missing'], 400);
      uploaders.set(request.raw, { id: user.id, metadata: eventMetadata(request, actorOf(user)) });
      reply.hijack();
      await tus.handle(request.raw, reply.raw);
    };
    app.route({ method: ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: TUS_PATH, handler });
    app.route({ method: ['HEAD', 'PATCH', 'DELETE', 'OPTIONS'], url: `${TUS_PATH}/:id`, handler });

    // The video as posts show it, for a screen that follows one video (an upload in progress).
    app.get('/api/v1/videos/:id', { schema: { params: idParams, response: { 200: videoView } } }, async (request) => {
      requireUser(request);
      const video = await findVideo(db, request.params.id);
      if (!video) throw new NotFound('This video does not exist.');
      const { ownerId: _owner, ...view } = video;
      return view;
    });
  };
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
