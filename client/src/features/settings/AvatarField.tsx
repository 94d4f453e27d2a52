import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import type { SettingsView } from '../../../../contracts/users/settings.ts';
import { Button } from '../../ui/Button.tsx';
import { confirmDialog } from '../../ui/AlertDialog.tsx';
import { showToast } from '../../ui/toast.tsx';
import { Avatar } from '../composer/Avatar.tsx';
import { errorLines } from '../auth/FormErrors.tsx';
import { settingsApi } from './api.ts';
import { uploadAvatar } from './avatarUpload.ts';
import { isCancelled } from './validation.ts';

type Upload = { preview: string; progress: number; controller: AbortController };

/** Profile photo: choose a picture (previewed while it uploads, with its progress), or remove it. */
export function AvatarField({ slug, settings, onSaved }: { slug: string; settings: SettingsView; onSaved: (view: SettingsView) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const [upload, setUpload] = useState<Upload | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = `${settings.firstname} ${settings.lastname}`;

  // Leaving the page stops an upload still under way.
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const controller = new AbortController();
    running.current = controller;
    const preview = URL.createObjectURL(file);
    setError(null);
    setUpload({ preview, progress: 0, controller });
    try {
      const view = await uploadAvatar(slug, file, (progress) => setUpload((current) => (current ? { ...current, progress } : current)), controller.signal);
      onSaved(view);
      showToast({ type: 'success', lines: ['Profile photo saved.'] });
    } catch (failure) {
      if (!isCancelled(failure)) setError(errorLines(failure).join(' '));
    } finally {
      running.current = null;
      URL.revokeObjectURL(preview);
      setUpload(null);
    }
  };

  const remove = async () => {
    const sure = await confirmDialog({ title: 'Remove your profile photo?', message: 'People will see your initials instead.', applyLabel: 'Remove' });
    if (!sure) return;
    setRemoving(true);
    setError(null);
    try {
      onSaved(await settingsApi.removeAvatar(slug));
      showToast({ type: 'success', lines: ['Profile photo removed.'] });
    } catch (failure) {
      setError(errorLines(failure).join(' '));
    } finally {
      setRemoving(false);
    }
  };

  const percent = upload ? Math.round(upload.progress * 100) : 0;
  return (
    <div className="avatar-field">
      <div className="avatar-field__picture">
        {upload ? <img className="avatar avatar--lg" src={upload.preview} alt="Preview of your new profile photo" /> : <Avatar name={name} src={settings.logo} size="lg" />}
      </div>
      <div className="avatar-field__body">
        <p className="avatar-field__hint">A square photo of your face works best. JPEG, PNG, WebP or GIF, up to 10 MB.</p>
        <input ref={input} className="visually-hidden" type="file" accept="image/*" tabIndex={-1} aria-hidden="true" onChange={(event) => void choose(event)} />
        <div className="avatar-field__actions">
          <Button variant="secondary" loading={upload !== null} onClick={() => input.current?.click()}>
            {settings.logo ? 'Change photo' : 'Upload photo'}
          </Button>
          {settings.logo && !upload && (
            <Button variant="ghost" loading={removing} onClick={() => void remove()}>
              Remove photo
            </Button>
          )}
          {upload && (
            <Button variant="ghost" onClick={() => upload.controller.abort()}>
              Cancel
            </Button>
          )}
        </div>
        {upload && (
          <div className="avatar-field__progress">
            <progress max={100} value={percent} aria-label="Uploading your profile photo" />
            <span aria-hidden="true">{percent}%</span>
          </div>
        )}
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </div>
  );
}
