import { lazy, Suspense, useId, useRef, useState } from 'react';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { api, ApiError, linesOf } from '../../lib/api/index.ts';
import { runErrorCatalogue } from '../../lib/api/catalogue.ts';
import { Button } from '../../ui/Button.tsx';
import { CloseIcon, ErrorIcon, ImageIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { AttachedVideoStatus } from '../video/AttachedVideoStatus.tsx';
import type { HeldUpload } from './forms.ts';
import { KindIcon } from './KindChooser.tsx';

// The recorder and the resumable upload (tus, IndexedDB) load when a person first records or picks a video.
const VideoRecorder = lazy(() => import('../video/VideoRecorder.tsx').then((module) => ({ default: module.VideoRecorder })));

const IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif';
const VIDEO_TYPES = 'video/mp4,video/webm,video/quicktime';

const held = (stored: UploadView): HeldUpload => ({ id: stored.id, type: stored.type, path: stored.path, thumbnail: stored.thumbnail, status: stored.status });

async function upload(file: File): Promise<HeldUpload> {
  const body = new FormData();
  body.append('file', file, file.name);
  return held(await api.post<UploadView>('/api/v1/uploads', body, { quiet: true }));
}

/** Uploads the chosen files one by one; the server's lines (too large, not an image) come back as the error. */
function useUploader(onUploaded: (uploads: HeldUpload[]) => void) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (files: FileList | null) => {
    if (!files || files.length === 0) return;
    setBusy(true);
    setProblem(null);
    const done: HeldUpload[] = [];
    try {
      for (const file of Array.from(files)) done.push(await upload(file));
    } catch (error) {
      setProblem(error instanceof ApiError ? linesOf(error).join(' ') : 'The file could not be uploaded.');
    } finally {
      setBusy(false);
      if (done.length > 0) onUploaded(done);
    }
  };
  return { busy, problem, run };
}

type PickerProps = { label: string; accept: string; multiple?: boolean; busy: boolean; onFiles: (files: FileList | null) => void };

function Picker({ label, accept, multiple, busy, onFiles }: PickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        aria-label={label}
        onChange={(event) => {
          onFiles(event.target.files);
          event.target.value = '';
        }}
      />
      <Button variant="secondary" size="sm" loading={busy} onClick={() => input.current?.click()}>
        <ImageIcon width="16" height="16" aria-hidden="true" />
        {label}
      </Button>
    </>
  );
}

function FieldProblem({ text }: { text: string | null | undefined }) {
  if (!text) return null;
  return (
    <p className="field__error" role="alert">
      <ErrorIcon width="16" height="16" />
      <span>{text}</span>
    </p>
  );
}

function Preview({ item, onRemove }: { item: HeldUpload; onRemove: () => void }) {
  // A video is shown by its thumbnail once the video pipeline has made one; the file itself
  // is not played here (it may still be processing).
  return (
    <figure className="composer-media">
      {item.type === 'image' ? (
        <img src={item.path} alt="" className="composer-media__image" />
      ) : (
        <div className="composer-media__video">
          <KindIcon kind="record" />
          <AttachedVideoStatus video={item} />
        </div>
      )}
      <button type="button" className="composer-media__remove" aria-label="Remove" onClick={onRemove}>
        <CloseIcon width="16" height="16" />
      </button>
    </figure>
  );
}

type ImageFieldProps = { label: string; value: string; onChange: (path: string) => void; error?: string | undefined };

/** An image for an event, job or story: uploaded, then held by its path. */
export function ImageField({ label, value, onChange, error }: ImageFieldProps) {
  const uploader = useUploader((done) => onChange(done[0]!.path));
  return (
    <div className="field composer-upload">
      <span className="field__label">{label}</span>
      {value ? (
        <Preview item={{ id: 0, type: 'image', path: value, thumbnail: null }} onRemove={() => onChange('')} />
      ) : (
        <Picker label={`Add ${label.toLowerCase()}`} accept={IMAGE_TYPES} busy={uploader.busy} onFiles={(files) => void uploader.run(files)} />
      )}
      <FieldProblem text={uploader.problem ?? error} />
    </div>
  );
}

type VideoFieldProps = { value: HeldUpload | null; onChange: (video: HeldUpload | null) => void; error?: string | undefined; required?: boolean };

/**
 * The video of a video update, reaction, statement or story: recorded with the camera, or a
 * file sent resumably (tus) with its progress, so a large one survives a dropped connection.
 */
export function VideoField({ value, onChange, error, required }: VideoFieldProps) {
  const [recording, setRecording] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setProgress(0);
    try {
      const { apiErrorOf, sendResumable } = await import('../video/tusUpload.ts');
      try {
        onChange(held(await sendResumable(file, file.name, file.type, { uploadUrl: null, onUploadUrl: () => undefined, onProgress: setProgress })));
      } catch (failure) {
        const apiError = apiErrorOf(failure);
        runErrorCatalogue(apiError, true);
        setProblem(linesOf(apiError).join(' '));
      }
    } finally {
      setProgress(null);
    }
  };
  return (
    <div className={['field', 'composer-upload', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <span className="field__label">
        Video
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </span>
      {value ? (
        <Preview item={value} onRemove={() => onChange(null)} />
      ) : recording ? (
        <Suspense fallback={<Spinner label="Loading the recorder" />}>
          <VideoRecorder
            onUploaded={(stored) => {
              setRecording(false);
              onChange(held(stored));
            }}
            onCancel={() => setRecording(false)}
          />
        </Suspense>
      ) : progress !== null ? (
        <div className="composer-upload__progress">
          <progress max={1} value={progress} aria-label="Uploading the video" />
          <span>{Math.round(progress * 100)}%</span>
        </div>
      ) : (
        <div className="composer-upload__choices">
          <Button variant="secondary" size="sm" onClick={() => setRecording(true)}>
            <KindIcon kind="record" />
            Record video
          </Button>
          <Picker label="Add video" accept={VIDEO_TYPES} busy={false} onFiles={(files) => void pick(files)} />
        </div>
      )}
      <FieldProblem text={problem ?? error} />
    </div>
  );
}

type AttachmentsFieldProps = { value: HeldUpload[]; onChange: (uploads: HeldUpload[]) => void; error?: string | undefined };

/** Photos and videos of a community post. */
export function AttachmentsField({ value, onChange, error }: AttachmentsFieldProps) {
  const latest = useRef(value);
  latest.current = value;
  const uploader = useUploader((done) => onChange([...latest.current, ...done]));
  return (
    <div className="field composer-upload">
      <span className="field__label">Attachments</span>
      {value.length > 0 && (
        <div className="composer-media-grid">
          {value.map((item) => (
            <Preview key={item.id} item={item} onRemove={() => onChange(value.filter((other) => other.id !== item.id))} />
          ))}
        </div>
      )}
      <div>
        <Picker label="Add photos or videos" accept={`${IMAGE_TYPES},${VIDEO_TYPES}`} multiple busy={uploader.busy} onFiles={(files) => void uploader.run(files)} />
      </div>
      <FieldProblem text={uploader.problem ?? error} />
    </div>
  );
}
