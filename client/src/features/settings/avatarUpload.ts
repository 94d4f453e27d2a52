import type { SettingsView } from '../../../../contracts/users/settings.ts';
import { ApiError } from '../../lib/api/index.ts';
import { settingsPath } from './api.ts';

/**
 * POST avatar (multipart field `avatar`) with its progress: fetch cannot report an upload's
 * progress, so this call goes through XMLHttpRequest with the API client's header and error shape.
 */
export function uploadAvatar(slug: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal): Promise<SettingsView> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', settingsPath(slug, 'avatar'));
    request.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    request.setRequestHeader('Accept', 'application/json');
    request.withCredentials = true;
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = (request.response ?? {}) as SettingsView & { errors?: string[]; detail?: string };
      if (request.status >= 200 && request.status < 300) resolve(body);
      else reject(new ApiError(request.status, { ...(body.errors ? { errors: body.errors } : {}), ...(body.detail ? { detail: body.detail } : {}) }));
    };
    request.onerror = () => reject(new ApiError(0, {}));
    signal?.addEventListener('abort', () => request.abort());
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    const body = new FormData();
    body.append('avatar', file, file.name);
    request.send(body);
  });
}
