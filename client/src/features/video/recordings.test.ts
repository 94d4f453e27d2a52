import { describe, expect, it, vi } from 'vitest';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { recordingName, recordingType, RecordingUploads, type Recording, type RecordingShelf, type Sender } from './recordings.ts';

function memoryShelf(): RecordingShelf & { stored: Map<string, Recording> } {
  const stored = new Map<string, Recording>();
  return {
    stored,
    put: async (recording) => void stored.set(recording.key, { ...recording }),
    delete: async (key) => void stored.delete(key),
    all: async () => [...stored.values()],
  };
}

const stored = (id: number): UploadView => ({ id, type: 'video', path: `/uploads/${id}.webm`, thumbnail: null, status: 'processing', width: null, height: null });
const blob = () => new Blob(['recorded bytes'], { type: 'video/webm' });

/** A sender that stops where the test says: its calls can be answered, failed or left hanging. */
function controlledSender() {
  const calls: { recording: Recording; options: Parameters<Sender>[1]; resolve: (upload: UploadView) => void; reject: (error: Error) => void }[] = [];
  const send: Sender = (recording, options) => new Promise((resolve, reject) => calls.push({ recording, options, resolve, reject }));
  return { send, calls };
}

describe('recordings are kept in the browser until their upload has finished', () => {
  it('keeps a recording with its bytes, named for its type and time, for its owner only', async () => {
    const shelf = memoryShelf();
    const uploads = new RecordingUploads(shelf, controlledSender().send);
    const mine = await uploads.keep(7, blob(), 'video/webm;codecs=vp8,opus', Date.UTC(2026, 10, 25, 19, 30, 5));
    await uploads.keep(8, blob(), 'video/mp4', Date.UTC(2026, 10, 25, 19, 31));
    expect(mine.name).toBe('recording-2026-11-25T19-30-05.webm');
    expect(recordingName('video/mp4;codecs=avc1', 0)).toMatch(/\.mp4$/);
    expect((await uploads.waiting(7)).map((recording) => recording.key)).toEqual([mine.key]);
    expect(shelf.stored.get(mine.key)!.blob).not.toBeNull();
  });

  it('remembers where the upload lives as soon as the server names it, and continues there after a failure', async () => {
    const shelf = memoryShelf();
    const sender = controlledSender();
    const uploads = new RecordingUploads(shelf, sender.send);
    const recording = await uploads.keep(7, blob(), 'video/webm');

    const first = uploads.upload(recording);
    sender.calls[0]!.options.onUploadUrl('/api/v1/uploads/tus/7-abc');
    expect(shelf.stored.get(recording.key)!.uploadUrl).toBe('/api/v1/uploads/tus/7-abc');
    sender.calls[0]!.reject(new Error('offline'));
    await expect(first).rejects.toThrow('offline');
    // Still kept, bytes and all, for the next try.
    const [kept] = await uploads.waiting(7);
    expect(kept!.blob).not.toBeNull();

    const second = uploads.upload(kept!);
    expect(sender.calls[1]!.options.uploadUrl).toBe('/api/v1/uploads/tus/7-abc');
    sender.calls[1]!.resolve(stored(41));
    await expect(second).resolves.toEqual(stored(41));
    // Sent: the bytes go, the answer stays until the recording is used.
    const [done] = await uploads.waiting(7);
    expect(done).toMatchObject({ blob: null, uploaded: stored(41), uploadUrl: '/api/v1/uploads/tus/7-abc' });
    await expect(uploads.upload(done!)).resolves.toEqual(stored(41));
    expect(sender.calls).toHaveLength(2);
    await uploads.forget(done!.key);
    expect(await uploads.waiting(7)).toEqual([]);
  });

  it('sends one recording once however many ask, and tells each of them the progress', async () => {
    const sender = controlledSender();
    const uploads = new RecordingUploads(memoryShelf(), sender.send);
    const recording = await uploads.keep(7, blob(), 'video/webm');
    const screen = vi.fn();
    const background = uploads.upload(recording);
    const onScreen = uploads.upload(recording, screen);
    expect(sender.calls).toHaveLength(1);
    sender.calls[0]!.options.onProgress(0.25);
    expect(screen).toHaveBeenLastCalledWith(0.25);
    uploads.unfollow(recording.key, screen);
    sender.calls[0]!.options.onProgress(0.5);
    expect(screen).toHaveBeenCalledTimes(2);
    sender.calls[0]!.resolve(stored(42));
    expect(await background).toEqual(stored(42));
    expect(await onScreen).toEqual(stored(42));
  });

  it('resumes the person’s unsent recordings when they are back (a reopened tab, the connection again), and leaves failures kept', async () => {
    const shelf = memoryShelf();
    const sender = controlledSender();
    const uploads = new RecordingUploads(shelf, sender.send);
    const unsent = await uploads.keep(7, blob(), 'video/webm', 1);
    const failing = await uploads.keep(7, blob(), 'video/webm', 2);
    const someoneElses = await uploads.keep(8, blob(), 'video/webm', 3);
    const sent = await uploads.keep(7, blob(), 'video/webm', 4);
    await shelf.put({ ...sent, blob: null, uploaded: stored(40) });

    // A tab opened later: a new queue over the same shelf.
    const reopened = new RecordingUploads(shelf, sender.send);
    const resumed = reopened.resume(7);
    await vi.waitFor(() => expect(sender.calls).toHaveLength(2));
    expect(sender.calls.map((call) => call.recording.key).sort()).toEqual([unsent.key, failing.key].sort());
    sender.calls.find((call) => call.recording.key === unsent.key)!.resolve(stored(43));
    sender.calls.find((call) => call.recording.key === failing.key)!.reject(new Error('offline'));
    await resumed;

    const waiting = await reopened.waiting(7);
    expect(waiting.map((recording) => [recording.key, recording.uploaded?.id ?? null, recording.blob !== null])).toEqual([
      [sent.key, 40, false],
      [failing.key, null, true],
      [unsent.key, 43, false],
    ]);
    expect((await reopened.waiting(8)).map((recording) => recording.key)).toEqual([someoneElses.key]);
  });
});

describe('the recording’s format (MediaRecorder.isTypeSupported)', () => {
  it('records WebM on Chromium and MP4 on Safari, nothing where neither is supported', () => {
    const chromium = (type: string) => type.startsWith('video/webm') || type === 'video/mp4';
    const safari = (type: string) => type.startsWith('video/mp4');
    expect(recordingType(chromium)).toBe('video/webm;codecs=vp9,opus');
    expect(recordingType(safari)).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(recordingType(() => false)).toBeNull();
  });
});
