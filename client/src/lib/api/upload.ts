import { ApiError, errorBodyFrom } from './ApiError.ts';
import { runErrorCatalogue } from './catalogue.ts';

/**
 * A multipart POST of one file with its progress: fetch cannot report an upload's progress,
 * so this call goes through XMLHttpRequest, with the API client's header, error shape and
 * catalogue (quiet: the caller shows the error beside the file; 401 and 403 still end the session).
 * `fields` go before the file, so a server reading the form as a stream has them first.
 */
export function uploadWithProgress<T>(path: string, field: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal, fields: Record<string, string> = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    const fail = (failure: ApiError) => {
      runErrorCatalogue(failure, true);
      reject(failure);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve(request.response as T);
      else fail(new ApiError(request.status, errorBodyFrom(request.response)));
    };
    request.onerror = () => fail(new ApiError(0, {}));
    signal?.addEventListener('abort', () => request.abort());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    body.append(field, file, file.name);
    request.send(body);
  });
}
