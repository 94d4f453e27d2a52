import { useEffect, useId, useRef, useState } from 'react';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { runErrorCatalogue } from '../../lib/api/catalogue.ts';
import { Button } from '../../ui/Button.tsx';
import { CountdownTimer, useCountdown } from '../../ui/CountdownTimer.tsx';
import { showToast } from '../../ui/toast.tsx';
import { useCurrentUser } from '../session/currentUser.ts';
import { formatDuration, spokenDuration } from './quality.ts';
import { recordingType, type Recording, type RecordingOwner, type RecordingUploads } from './recordings.ts';
import { apiErrorOf, recordingUploads } from './tusUpload.ts';
import './recorder.css';

/** How long one recording may run: long enough for a statement, short enough to watch in a feed. */
export const RECORDING_LIMIT_SECONDS = 180;
/** The count before recording starts, to settle in front of the camera. */
export const COUNTDOWN_SECONDS = 3;

const VIDEO_FILE_TYPES = 'video/mp4,video/webm,video/quicktime';

type Unavailable = 'no-camera' | 'denied' | 'busy' | 'unsupported';

type Phase =
  | { name: 'starting' }
  | { name: 'unavailable'; reason: Unavailable }
  | { name: 'ready' }
  | { name: 'countdown' }
  | { name: 'recording' }
  | { name: 'recorded'; recording: Recording; earlier: boolean }
  | { name: 'uploading'; recording: Recording | null; fraction: number }
  | { name: 'stalled'; recording: Recording; offline: boolean };

const UNAVAILABLE_LINES: Record<Unavailable, string> = {
  'no-camera': 'No camera was found on this device.',
  denied: 'The browser was not allowed to use the camera. You can allow it in the site settings of your browser.',
  busy: 'The camera is in use by another app. Close it and try again.',
  unsupported: 'This browser cannot record video.',
};

function unavailableReason(error: unknown): Unavailable {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'no-camera';
}

async function openCamera(): Promise<MediaStream> {
  const video = { facingMode: 'user', width: { ideal: 1280 }, height: { ideal: 720 } };
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio: true });
  } catch (error) {
    // A camera without a microphone still records, silently.
    if (error instanceof DOMException && error.name === 'NotFoundError') return navigator.mediaDevices.getUserMedia({ video, audio: false });
    throw error;
  }
}

const SLICE_WAIT_MS = 250;
const SLICE_WAIT_LIMIT_MS = 3000;

/**
 * Waits for slices that arrive after the stop. Chromium under load was seen delivering a
 * recording's only data after its stop event, which left an empty file.
 */
async function lastSlices(chunks: readonly Blob[]): Promise<void> {
  const started = Date.now();
  let seen = -1;
  while ((seen !== chunks.length || chunks.length === 0) && Date.now() - started < SLICE_WAIT_LIMIT_MS) {
    seen = chunks.length;
    await new Promise((resolve) => setTimeout(resolve, SLICE_WAIT_MS));
  }
}

const stopTracks = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

export type VideoRecorderProps = {
  /** The upload, stored on the server: the recording is sent and no longer kept in the browser. */
  onUploaded: (upload: UploadView) => void;
  onCancel?: () => void;
  limitSeconds?: number;
  /** Whose shelf the recordings go on: the signed-in person's unless told (a guest has no id). */
  owner?: RecordingOwner;
  /** Where recordings and files are sent: the signed-in person's tus uploads unless told. */
  uploads?: RecordingUploads;
  /**
   * How many times the person may record again. Given, every take is kept and the person
   * picks the one to use; unset, a retake replaces the last one, as often as they like.
   */
  retakes?: number;
  /** Seconds to think before the first take, after which recording starts by itself. */
  thinkSeconds?: number;
  /** Its first step takes the focus; off where the page gives it elsewhere first (a question's heading). */
  focusOnOpen?: boolean;
};

/**
 * Records a video with the camera and microphone, and uploads it. A recording is kept in the
 * browser from the moment it stops until the server has all of it, so a closed tab or a lost
 * connection loses nothing: the next recorder offers it again, and the upload resumes.
 */
export function VideoRecorder({ onUploaded, onCancel, limitSeconds = RECORDING_LIMIT_SECONDS, owner, uploads: givenUploads, retakes, thinkSeconds = 0, focusOnOpen = true }: VideoRecorderProps) {
  const user = useCurrentUser();
  const [phase, setPhase] = useState<Phase>({ name: 'starting' });
  const [attempt, setAttempt] = useState(0);
  const [takes, setTakes] = useState<Recording[]>([]);
  const [thought, setThought] = useState(thinkSeconds === 0);
  const stream = useRef<MediaStream | null>(null);
  const preview = useRef<HTMLVideoElement>(null);
  const recorder = useRef<MediaRecorder | null>(null);
  const primary = useRef<HTMLButtonElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const startedAt = useRef(0);
  const following = useRef<{ key: string; listener: (fraction: number) => void } | null>(null);
  const [elapsed, setElapsed] = useState(0);
  const statusId = useId();
  const ownerId = owner ?? user?.id ?? null;
  const uploadsOf = () => givenUploads ?? recordingUploads();
  const keepsTakes = retakes !== undefined;
  const mayRetake = !keepsTakes || takes.length <= retakes;

  const usingCamera = phase.name === 'ready' || phase.name === 'countdown' || phase.name === 'recording';

  // An earlier recording not yet used comes first; otherwise the camera.
  useEffect(() => {
    if (ownerId === null) return;
    let cancelled = false;
    void (async () => {
      const kept = await uploadsOf()
        .waiting(ownerId)
        .catch(() => []);
      if (cancelled) return;
      const [earlier] = kept;
      if (earlier && attempt === 0) {
        if (keepsTakes) setTakes([...kept].reverse());
        return setPhase({ name: 'recorded', recording: earlier, earlier: true });
      }
      // Without mediaDevices (an insecure origin, an old browser) there is no camera to ask for.
      const devices = navigator.mediaDevices as MediaDevices | undefined;
      if (!devices) return setPhase({ name: 'unavailable', reason: 'no-camera' });
      if (typeof MediaRecorder === 'undefined' || !recordingType((type) => MediaRecorder.isTypeSupported(type))) return setPhase({ name: 'unavailable', reason: 'unsupported' });
      setPhase({ name: 'starting' });
      try {
        const opened = await openCamera();
        if (cancelled) return stopTracks(opened);
        stream.current = opened;
        setPhase({ name: 'ready' });
      } catch (error) {
        if (!cancelled) setPhase({ name: 'unavailable', reason: unavailableReason(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [ownerId, attempt]);

  // The camera goes off as soon as it is not needed: after a recording, and when the recorder closes.
  useEffect(() => {
    if (!usingCamera) {
      stopTracks(stream.current);
      stream.current = null;
    }
  }, [usingCamera]);
  useEffect(
    () => () => {
      if (recorder.current?.state === 'recording') recorder.current.stop();
      stopTracks(stream.current);
      if (following.current) uploadsOf().unfollow(following.current.key, following.current.listener);
    },
    [],
  );

  useEffect(() => {
    if (preview.current && stream.current && preview.current.srcObject !== stream.current) preview.current.srcObject = stream.current;
  });

  // Each step's main action takes the focus, so the keyboard never has to hunt for it.
  const opened = useRef(focusOnOpen);
  useEffect(() => {
    if (opened.current) primary.current?.focus();
    else if (phase.name !== 'starting') opened.current = true;
  }, [phase.name]);

  useEffect(() => {
    if (phase.name !== 'recording') return;
    const timer = setInterval(() => setElapsed(Math.floor((Date.now() - startedAt.current) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [phase.name]);

  // A stalled upload goes on by itself when the connection comes back.
  useEffect(() => {
    if (phase.name !== 'stalled') return;
    const retry = () => void upload(phase.recording);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  });

  const startRecording = () => {
    const source = stream.current;
    const mimeType = recordingType((type) => MediaRecorder.isTypeSupported(type));
    if (!source || !mimeType || ownerId === null) return;
    const chunks: Blob[] = [];
    const media = new MediaRecorder(source, { mimeType, videoBitsPerSecond: 2_500_000 });
    media.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    media.onstop = () => {
      void lastSlices(chunks).then(async () => {
        const blob = new Blob(chunks, { type: mimeType });
        if (blob.size === 0) {
          showToast({ type: 'error', lines: ['Nothing was recorded. Please try again.'] });
          return setAttempt((count) => count + 1);
        }
        const recording = await uploadsOf().keep(ownerId, blob, mimeType);
        if (keepsTakes) setTakes((earlier) => [...earlier, recording]);
        setPhase({ name: 'recorded', recording, earlier: false });
      });
    };
    recorder.current = media;
    startedAt.current = Date.now();
    setElapsed(0);
    // A slice a second: a crash mid-recording loses at most the last second of what was said.
    media.start(1000);
    setPhase({ name: 'recording' });
  };

  const stopRecording = () => {
    if (recorder.current?.state === 'recording') recorder.current.stop();
  };

  const retake = async () => {
    if (!keepsTakes && (phase.name === 'recorded' || phase.name === 'stalled')) await uploadsOf().forget(phase.recording.key);
    setAttempt((count) => count + 1);
  };

  // The takes not chosen go with the one that was: none of them is offered again.
  const finish = async (recording: Recording, stored: UploadView) => {
    await Promise.all([recording, ...takes].map((take) => uploadsOf().forget(take.key)));
    onUploaded(stored);
  };

  async function upload(recording: Recording) {
    const uploads = uploadsOf();
    const listener = (fraction: number) => setPhase({ name: 'uploading', recording, fraction });
    following.current = { key: recording.key, listener };
    setPhase({ name: 'uploading', recording, fraction: 0 });
    try {
      const stored = await uploads.upload(recording, listener);
      await finish(recording, stored);
    } catch (error) {
      const [kept] = (await uploads.waiting(recording.ownerId)).filter((one) => one.key === recording.key);
      const offline = !navigator.onLine;
      // Offline is no error to report: the recording waits for the connection, as it says.
      if (!offline) runErrorCatalogue(apiErrorOf(error), false);
      setPhase({ name: 'stalled', recording: kept ?? recording, offline });
    } finally {
      uploads.unfollow(recording.key, listener);
      following.current = null;
    }
  }

  const uploadFile = async (file: File) => {
    setPhase({ name: 'uploading', recording: null, fraction: 0 });
    try {
      const stored = await uploadsOf().sendFile(file, file.name, file.type || 'video/mp4', (fraction) => setPhase({ name: 'uploading', recording: null, fraction }));
      onUploaded(stored);
    } catch (error) {
      runErrorCatalogue(apiErrorOf(error), false);
      setAttempt((count) => count + 1);
    }
  };

  const fileButton = (label: string, variant: 'primary' | 'secondary') => (
    <Button ref={variant === 'primary' ? primary : undefined} variant={variant} onClick={() => fileInput.current?.click()}>
      {label}
    </Button>
  );

  return (
    <section className={`recorder recorder--${phase.name}`} aria-label="Video recorder" aria-describedby={statusId}>
      <div className="recorder__stage">
        {usingCamera && <video ref={preview} className="recorder__preview" muted autoPlay playsInline aria-label="Camera preview" />}
        {(phase.name === 'recorded' || phase.name === 'stalled' || (phase.name === 'uploading' && phase.recording)) && (
          <RecordingPlayback recording={phase.name === 'uploading' ? phase.recording! : phase.recording} />
        )}
        {phase.name === 'starting' && <p className="recorder__message">Starting the camera…</p>}
        {phase.name === 'unavailable' && <p className="recorder__message">{UNAVAILABLE_LINES[phase.reason]}</p>}
        {phase.name === 'ready' && !thought && (
          <div className="recorder__think">
            <span>Think time</span>
            <CountdownTimer
              seconds={thinkSeconds}
              onComplete={() => {
                setThought(true);
                setPhase({ name: 'countdown' });
              }}
              label="Think time left"
            />
          </div>
        )}
        {phase.name === 'countdown' && <Countdown onZero={startRecording} />}
        {phase.name === 'recording' && (
          <div className="recorder__live">
            <span className="recorder__dot" aria-hidden="true" />
            <span className="recorder__rec">REC {formatDuration(elapsed)}</span>
            <span className="recorder__left">
              <CountdownTimer seconds={limitSeconds} onComplete={stopRecording} label="Time left" />
              <span aria-hidden="true"> left</span>
            </span>
          </div>
        )}
        {phase.name === 'uploading' && (
          <div className="recorder__upload">
            <progress max={1} value={phase.fraction} aria-label="Upload progress" />
            <span>{Math.round(phase.fraction * 100)}%</span>
          </div>
        )}
      </div>

      <p id={statusId} className="recorder__status" role="status">
        {statusLine(phase, limitSeconds, keepsTakes ? { count: takes.length, left: mayRetake } : null, thought ? 0 : thinkSeconds)}
      </p>

      {keepsTakes && takes.length > 1 && (phase.name === 'recorded' || phase.name === 'stalled') && (
        <fieldset className="recorder__takes">
          <legend>Choose the take to send</legend>
          {takes.map((take, index) => (
            <label key={take.key} className="recorder__take">
              <input
                type="radio"
                name={`${statusId}-take`}
                checked={take.key === phase.recording.key}
                onChange={() => setPhase({ name: 'recorded', recording: take, earlier: phase.name === 'recorded' && phase.earlier })}
              />
              Take {index + 1}
            </label>
          ))}
        </fieldset>
      )}

      <div className="recorder__controls">
        {phase.name === 'ready' && (
          <Button
            ref={primary}
            onClick={() => {
              setThought(true);
              setPhase({ name: 'countdown' });
            }}
          >
            Start recording
          </Button>
        )}
        {phase.name === 'countdown' && (
          <Button ref={primary} variant="secondary" onClick={() => setPhase({ name: 'ready' })}>
            Cancel countdown
          </Button>
        )}
        {phase.name === 'recording' && (
          <Button ref={primary} variant="danger" onClick={stopRecording}>
            Stop recording
          </Button>
        )}
        {(phase.name === 'recorded' || phase.name === 'stalled') && (
          <>
            <Button
              ref={primary}
              onClick={() => {
                const { recording } = phase;
                if (recording.uploaded) void finish(recording, recording.uploaded);
                else void upload(recording);
              }}
            >
              {phase.name === 'stalled' ? 'Try again' : 'Use this video'}
            </Button>
            {mayRetake && (
              <Button variant="secondary" onClick={() => void retake()}>
                Retake
              </Button>
            )}
          </>
        )}
        {phase.name === 'unavailable' && (
          <>
            {fileButton('Upload a video file', 'primary')}
            {phase.reason !== 'unsupported' && (
              <Button variant="secondary" onClick={() => setAttempt((count) => count + 1)}>
                Try the camera again
              </Button>
            )}
          </>
        )}
        {(phase.name === 'ready' || phase.name === 'starting') && fileButton('Upload a file instead', 'secondary')}
        {onCancel && phase.name !== 'uploading' && phase.name !== 'recording' && (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <input
          ref={fileInput}
          type="file"
          accept={VIDEO_FILE_TYPES}
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void uploadFile(file);
          }}
        />
      </div>
    </section>
  );
}

/** Where the person is among their takes, when the recorder keeps them. */
type TakesSoFar = { count: number; left: boolean } | null;

function statusLine(phase: Phase, limitSeconds: number, takes: TakesSoFar, thinkSeconds: number): string {
  switch (phase.name) {
    case 'starting':
      return 'Asking for your camera and microphone.';
    case 'unavailable':
      return `${UNAVAILABLE_LINES[phase.reason]} You can upload a video file instead.`;
    case 'ready':
      if (thinkSeconds > 0) return `Camera ready. Recording starts by itself after ${spokenDuration(thinkSeconds)} to think, or when you start it. It can be up to ${spokenDuration(limitSeconds)} long.`;
      return `Camera ready. Recordings can be up to ${spokenDuration(limitSeconds)} long.`;
    case 'countdown':
      return 'Recording starts in a moment.';
    case 'recording':
      return 'Recording.';
    case 'recorded':
      if (phase.recording.uploaded) return 'Your earlier recording is uploaded and ready to use.';
      if (takes) return takesLine(phase.earlier, takes);
      return phase.earlier ? 'Your earlier recording was not sent yet. Use it, or retake it.' : 'Recorded. Watch it back, then use it or retake it.';
    case 'uploading':
      return `Uploading, ${Math.round(phase.fraction * 100)}%.`;
    case 'stalled':
      return phase.offline
        ? 'You are offline. The recording is kept on this device and will upload when you are back online.'
        : 'The upload stopped. The recording is kept on this device: try again when you are ready.';
  }
}

function takesLine(earlier: boolean, { count, left }: NonNullable<TakesSoFar>): string {
  const what = earlier ? `You have ${count === 1 ? 'a take' : `${count} takes`} not sent yet.` : `Take ${count} recorded.`;
  if (!left) return `${what} Watch ${count === 1 ? 'it' : 'them'} back, then choose the one to use: no retakes are left.`;
  return `${what} Watch it back, then use it or record another take.`;
}

/** The 3, 2, 1 before recording: the UI kit's countdown, shown large. */
function Countdown({ onZero }: { onZero: () => void }) {
  const left = useCountdown(COUNTDOWN_SECONDS, onZero);
  return (
    <div className="recorder__countdown" role="timer" aria-label={`Recording starts in ${left}`}>
      {left > 0 ? left : ''}
    </div>
  );
}

function RecordingPlayback({ recording }: { recording: Recording }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!recording.blob) return;
    const made = URL.createObjectURL(recording.blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [recording.blob]);
  if (!recording.blob) return <p className="recorder__message">Recorded {new Date(recording.createdAt).toLocaleString()}</p>;
  return url ? <video className="recorder__playback" src={url} controls playsInline aria-label="Your recording" onLoadedMetadata={(event) => findLength(event.currentTarget)} /> : null;
}

/**
 * Chromium's recorder writes WebM without its length, so the player would say 0:00 until played
 * to the end: a seek past the end makes the browser read the whole file and learn it.
 */
function findLength(media: HTMLVideoElement) {
  if (Number.isFinite(media.duration)) return;
  media.addEventListener('durationchange', () => (media.currentTime = 0), { once: true });
  media.currentTime = Number.MAX_SAFE_INTEGER;
}
