import { DetailedError, Upload } from 'tus-js-client';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { ApiError, errorBodyFrom } from '../../lib/api/ApiError.ts';
import { RecordingUploads, type SendOptions } from './recordings.ts';
import { indexedDbShelf } from './shelf.ts';

/** The server's resumable upload endpoint (tus); each upload's own URL is below it. */
export const TUS_ENDPOINT = '/api/v1/uploads/tus';

// A phone on a train drops for seconds at a time: the upload retries for about a minute
// before it gives up, and the recording stays kept for the next try after that.
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000, 20_000];
// Large enough to keep a fast connection busy, small enough that a drop loses little.
const CHUNK_BYTES = 5 * 1024 * 1024;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A failed tus request as the API client would have reported it, for the error catalogue. */
export function apiErrorOf(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new ApiError(0, {}, { cause: error });
  return new ApiError(response.getStatus(), errorBodyFrom(parseJson(response.getBody())), { cause: error });
}

export type TusOptions = SendOptions & { signal?: AbortSignal };

/** Uploads a file or a recording over tus, continuing `uploadUrl` when given; answers the stored upload. */
export function sendResumable(file: Blob, name: string, mimeType: string, options: TusOptions): Promise<UploadView> {
  return new Promise((resolve, reject) => {
    const upload = new Upload(file, {
      endpoint: TUS_ENDPOINT,
      uploadUrl: options.uploadUrl,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      metadata: { filename: name, filetype: mimeType.split(';')[0]! },
      // Recordings remember their upload URL in IndexedDB beside their bytes; tus's own store
      // (local storage, keyed by a file's name and date) cannot tell two recordings apart.
      storeFingerprintForResuming: false,
      onUploadUrlAvailable: () => {
        if (upload.url) options.onUploadUrl(upload.url);
      },
      onProgress: (sent, total) => options.onProgress(total > 0 ? sent / total : 0),
      onSuccess: ({ lastResponse }) => {
        const stored = parseJson(lastResponse.getBody()) as UploadView | undefined;
        if (stored && typeof stored.id === 'number') resolve(stored);
        else reject(new ApiError(lastResponse.getStatus(), { detail: 'The upload finished without an answer.' }));
      },
      onError: (error) => reject(apiErrorOf(error)),
    });
    options.signal?.addEventListener('abort', () => {
      void upload.abort();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    });
    upload.start();
  });
}

let shared: RecordingUploads | null = null;

/** The tab's one queue of recordings, kept in IndexedDB and sent over tus. */
export function recordingUploads(): RecordingUploads {
  shared ??= new RecordingUploads(indexedDbShelf(), (recording, options) => sendResumable(recording.blob, recording.name, recording.mimeType, options));
  return shared;
}
