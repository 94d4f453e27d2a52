import type { UploadView } from '../../../../contracts/uploads.ts';

/**
 * A recording made in this browser, kept until its upload has finished: the blob while it is
 * not all sent, where its resumable upload lives once one was started, and what the server
 * answered once it was. `ownerId` keeps one person's recordings from another's on a shared
 * computer (the upload belongs to whoever started it): a person's id, or a text naming a
 * narrower shelf (one interview question's takes, a guest's answers through their link).
 */
export type RecordingOwner = number | string;

export type Recording = {
  key: string;
  ownerId: RecordingOwner;
  blob: Blob | null;
  mimeType: string;
  name: string;
  createdAt: number;
  uploadUrl: string | null;
  uploaded: UploadView | null;
};

/** Where recordings are kept: IndexedDB in the browser (blobs survive a closed tab), a Map in tests. */
export interface RecordingShelf {
  put(recording: Recording): Promise<void>;
  delete(key: string): Promise<void>;
  all(): Promise<Recording[]>;
}

export type SendOptions = {
  /** Where an earlier attempt of this upload lives, to continue it rather than start again. */
  uploadUrl: string | null;
  onUploadUrl: (url: string) => void;
  onProgress: (fraction: number) => void;
};

/** Sends a recording's bytes (tus in the browser) and answers the stored upload. */
export type Sender = (recording: Recording & { blob: Blob }, options: SendOptions) => Promise<UploadView>;

type Progress = { listeners: Set<(fraction: number) => void>; fraction: number };
type InFlight = { promise: Promise<UploadView>; progress: Progress };

const EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm' };

export const recordingName = (mimeType: string, createdAt: number) =>
  `recording-${new Date(createdAt).toISOString().replaceAll(':', '-').slice(0, 19)}.${EXTENSIONS[mimeType.split(';')[0]!] ?? 'webm'}`;

/**
 * The recordings waiting in this browser and their uploads. One upload per recording at a
 * time, whoever asks (the recorder on screen, the resume when the connection comes back):
 * both follow the same progress and get the same answer.
 */
export class RecordingUploads {
  private readonly inFlight = new Map<string, InFlight>();

  constructor(
    private readonly shelf: RecordingShelf,
    private readonly send: Sender,
  ) {}

  async keep(ownerId: RecordingOwner, blob: Blob, mimeType: string, createdAt = Date.now()): Promise<Recording> {
    const recording: Recording = {
      key: `${ownerId}-${createdAt}-${Math.random().toString(36).slice(2, 8)}`,
      ownerId,
      blob,
      mimeType,
      name: recordingName(mimeType, createdAt),
      createdAt,
      uploadUrl: null,
      uploaded: null,
    };
    await this.shelf.put(recording);
    return recording;
  }

  /** The person's recordings not yet used in a post, newest first. */
  async waiting(ownerId: RecordingOwner): Promise<Recording[]> {
    const all = await this.shelf.all();
    return all.filter((recording) => recording.ownerId === ownerId).sort((a, b) => b.createdAt - a.createdAt);
  }

  /**
   * Uploads a recording, continuing where an earlier attempt stopped. Once the server has it,
   * the blob is dropped and the answer kept until the recording is used or discarded.
   */
  upload(recording: Recording, onProgress?: (fraction: number) => void): Promise<UploadView> {
    if (recording.uploaded) return Promise.resolve(recording.uploaded);
    const running = this.inFlight.get(recording.key);
    if (running) {
      if (onProgress) {
        running.progress.listeners.add(onProgress);
        onProgress(running.progress.fraction);
      }
      return running.promise;
    }
    const { blob } = recording;
    if (!blob) return Promise.reject(new Error('The recording is no longer on this device.'));
    const progress: Progress = { listeners: new Set(onProgress ? [onProgress] : []), fraction: 0 };
    let current: Recording = recording;
    const promise = this.send(
      { ...recording, blob },
      {
        uploadUrl: recording.uploadUrl,
        onUploadUrl: (url) => {
          current = { ...current, uploadUrl: url };
          void this.shelf.put(current);
        },
        onProgress: (fraction) => {
          progress.fraction = fraction;
          for (const listener of progress.listeners) listener(fraction);
        },
      },
    )
      .then(async (uploaded) => {
        await this.shelf.put({ ...current, blob: null, uploaded });
        return uploaded;
      })
      .finally(() => this.inFlight.delete(recording.key));
    this.inFlight.set(recording.key, { promise, progress });
    return promise;
  }

  /** Sends a file the person picked, through the same sender, without keeping it: the file is still on their disk. */
  sendFile(file: Blob, name: string, mimeType: string, onProgress: (fraction: number) => void): Promise<UploadView> {
    const createdAt = Date.now();
    const recording = { key: `file-${createdAt}`, ownerId: '', blob: file, mimeType, name, createdAt, uploadUrl: null, uploaded: null };
    return this.send(recording, { uploadUrl: null, onUploadUrl: () => undefined, onProgress });
  }

  /** Stops following an upload's progress (the recorder left the screen); the upload goes on. */
  unfollow(key: string, onProgress: (fraction: number) => void): void {
    this.inFlight.get(key)?.progress.listeners.delete(onProgress);
  }

  /**
   * Continues every recording of the person that is not all sent (the tab reopened, the
   * connection came back). A failure leaves it kept for the next chance; nobody is told,
   * as nobody asked: the recorder shows it when the person comes to it.
   */
  async resume(ownerId: RecordingOwner): Promise<void> {
    const unsent = (await this.waiting(ownerId)).filter((recording) => recording.blob && !recording.uploaded);
    await Promise.all(unsent.map((recording) => this.upload(recording).catch(() => undefined)));
  }

  /** The recording went into a post, or the person threw it away. */
  async forget(key: string): Promise<void> {
    await this.shelf.delete(key);
  }
}

// WebM where the browser records it (Chromium, Firefox), MP4 where it records only that (Safari):
// both are what the server takes, and the transcode makes them the same for every viewer.
const RECORDING_TYPES = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4;codecs=avc1,mp4a.40.2', 'video/mp4'];

/** The first container and codecs this browser's MediaRecorder takes; null when it takes none of them. */
export function recordingType(isTypeSupported: (type: string) => boolean): string | null {
  return RECORDING_TYPES.find((type) => isTypeSupported(type)) ?? null;
}
