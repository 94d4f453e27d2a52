import { lazy, Suspense, useRef, useState } from 'react';
import type { MediaItem } from '../../../../contracts/posts/media.ts';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { ApiError, linesOf, uploadWithProgress } from '../../lib/api/index.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { PaperclipIcon, VideoCameraIcon } from '../posts/icons.tsx';
import './composer.css';

// Loaded when a person first records: the camera, IndexedDB and tus are no part of reading.
const VideoRecorder = lazy(() => import('../video/VideoRecorder.tsx').then((module) => ({ default: module.VideoRecorder })));

const ACCEPT = 'image/jpeg,image/png,image/webp,image/gif,video/mp4,video/webm,video/quicktime';

type Uploading = { key: number; name: string; progress: number };

const heldOf = (stored: UploadView): MediaItem => ({ type: stored.type, id: stored.id, path: stored.path, thumbnail: stored.thumbnail, length: null });

/**
 * The images and videos a comment or a message carries: uploaded one by one with their
 * progress, or recorded with the camera; `problem` holds the server's lines when one fails.
 */
export function useAttachments(initial: MediaItem[] = []) {
  const [attachments, setAttachments] = useState<MediaItem[]>(initial);
  const [uploading, setUploading] = useState<Uploading[]>([]);
  const [problem, setProblem] = useState<string[]>([]);
  const [recording, setRecording] = useState(false);
  const uploadKey = useRef(0);

  const upload = async (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      const key = ++uploadKey.current;
      setUploading((list) => [...list, { key, name: file.name, progress: 0 }]);
      try {
        const stored = await uploadWithProgress<UploadView>('/api/v1/uploads', 'file', file, (progress) => setUploading((list) => list.map((item) => (item.key === key ? { ...item, progress } : item))));
        setAttachments((list) => [...list, heldOf(stored)]);
      } catch (error) {
        setProblem(error instanceof ApiError ? linesOf(error) : ['The file could not be uploaded.']);
      } finally {
        setUploading((list) => list.filter((item) => item.key !== key));
      }
    }
  };

  return {
    attachments,
    uploading,
    problem,
    setProblem,
    recording,
    setRecording,
    upload,
    recorded: (stored: UploadView) => {
      setRecording(false);
      setAttachments((list) => [...list, heldOf(stored)]);
    },
    remove: (id: number) => setAttachments((list) => list.filter((held) => held.id !== id)),
    clear: () => setAttachments([]),
    busy: uploading.length > 0,
  };
}

export type AttachmentsState = ReturnType<typeof useAttachments>;

/** The two ways in: record with the camera (in a dialog), or pick images and videos. */
export function AttachButtons({ state, onRecorded }: { state: AttachmentsState; onRecorded?: () => void }) {
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <>
      <button type="button" className="icon-button attach-button" aria-label="Record a video" onClick={() => state.setRecording(true)}>
        <VideoCameraIcon />
      </button>
      <button type="button" className="icon-button attach-button" aria-label="Attach an image or a video" onClick={() => fileInput.current?.click()}>
        <PaperclipIcon />
      </button>
      <input
        ref={fileInput}
        type="file"
        accept={ACCEPT}
        multiple
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          void state.upload(event.target.files);
          event.target.value = '';
        }}
      />
      <Modal open={state.recording} onClose={() => state.setRecording(false)} title="Record a video" size="lg">
        <Suspense fallback={<Spinner label="Loading the recorder" />}>
          {state.recording && (
            <VideoRecorder
              onUploaded={(stored) => {
                state.recorded(stored);
                onRecorded?.();
              }}
              onCancel={() => state.setRecording(false)}
            />
          )}
        </Suspense>
      </Modal>
    </>
  );
}

/** What is attached so far, each removable, and what is still uploading with its progress. */
export function AttachmentTray({ state }: { state: AttachmentsState }) {
  if (state.attachments.length === 0 && state.uploading.length === 0) return null;
  return (
    <ul className="attachment-tray">
      {state.attachments.map((item) => (
        <li key={item.id} className="attachment-tray__file">
          {item.type === 'image' ? <img src={item.path} alt="" /> : <video src={item.path} muted aria-label="Attached video" />}
          <button type="button" className="attachment-tray__remove" aria-label="Remove attachment" onClick={() => state.remove(item.id)}>
            <CloseIcon width="14" height="14" />
          </button>
        </li>
      ))}
      {state.uploading.map((item) => (
        <li key={item.key} className="attachment-tray__file attachment-tray__file--uploading">
          <progress max={1} value={item.progress} aria-label={`Uploading ${item.name}`} />
          <span>{Math.round(item.progress * 100)}%</span>
        </li>
      ))}
    </ul>
  );
}
