import { useId, useRef, useState } from 'react';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { ApiError, api, linesOf } from '../../lib/api/index.ts';
import { Button } from '../../ui/index.ts';
import { ErrorIcon } from '../../ui/icons.tsx';

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';

export type HeldImage = { id: number; path: string };

type ImageUploadProps = {
  label: string;
  value: HeldImage | null;
  onChange: (image: HeldImage | null) => void;
  /** The server's line about this field, if it refused it. */
  error?: string | undefined;
  hint?: string;
  shape?: 'square' | 'wide';
};

/** One image, uploaded as soon as it is chosen (POST /api/v1/uploads), shown, and taken off again. */
export function ImageUpload({ label, value, onChange, error, hint, shape = 'square' }: ImageUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setProblem(null);
    try {
      const body = new FormData();
      body.append('file', file, file.name);
      const stored = await api.post<UploadView>('/api/v1/uploads', body, { quiet: true });
      onChange({ id: stored.id, path: stored.path });
    } catch (failure) {
      setProblem(failure instanceof ApiError ? linesOf(failure).join(' ') : 'The image could not be uploaded.');
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className={['field', 'image-upload', `image-upload--${shape}`, shown ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <span className="field__label" id={`${id}-label`}>
        {label}
      </span>
      <div className="image-upload__row">
        <div className="image-upload__preview" aria-hidden={value ? undefined : true}>
          {value ? <img src={value.path} alt={`${label} preview`} /> : <span className="image-upload__none">No image</span>}
        </div>
        <div className="image-upload__actions">
          <input
            ref={input}
            id={id}
            type="file"
            accept={IMAGE_TYPES}
            className="visually-hidden"
            aria-labelledby={`${id}-label`}
            aria-describedby={shown ? `${id}-error` : hint ? `${id}-hint` : undefined}
            onChange={(event) => void choose(event.target.files?.[0])}
          />
          <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
            {value ? 'Replace image' : 'Upload image'}
            <span className="visually-hidden"> for {label.toLowerCase()}</span>
          </Button>
          {value && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
              Remove
              <span className="visually-hidden"> {label.toLowerCase()}</span>
            </Button>
          )}
        </div>
      </div>
      {hint && !shown && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {shown && (
        <p id={`${id}-error`} className="field__error">
          <ErrorIcon width="16" height="16" />
          <span>{shown}</span>
        </p>
      )}
    </div>
  );
}
