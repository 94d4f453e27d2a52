import type { SettingsView } from '../../../../contracts/users/settings.ts';
import { uploadWithProgress } from '../../lib/api/index.ts';
import { settingsPath } from './api.ts';

/** POST avatar (multipart field `avatar`) with its progress. */
export const uploadAvatar = (slug: string, file: File, onProgress: (fraction: number) => void, signal?: AbortSignal) =>
  uploadWithProgress<SettingsView>(settingsPath(slug, 'avatar'), 'avatar', file, onProgress, signal);
