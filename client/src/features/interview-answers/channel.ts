import type { AnsweringView, GuestBody, QuestionKind } from '../../../../contracts/interviews/api.ts';
import type { UploadView } from '../../../../contracts/uploads.ts';
import { api, uploadWithProgress } from '../../lib/api/index.ts';
import { RecordingUploads, type RecordingOwner } from '../video/recordings.ts';
import { indexedDbShelf } from '../video/shelf.ts';

/** An answer as the server takes it: written text, or a video uploaded beforehand. */
export type AnswerBody = { text: string } | { video: number };

/**
 * One answerer's way to an interview: a member through their session, a guest through their
 * link. The screens talk to either the same way.
 */
export type AnswerChannel = {
  kind: 'member' | 'guest';
  interviewId: number;
  queryKey: readonly unknown[];
  read(signal?: AbortSignal): Promise<AnsweringView>;
  answer(questionId: number, body: AnswerBody): Promise<AnsweringView>;
  skip(questionId: number): Promise<AnsweringView>;
  send(): Promise<AnsweringView>;
  /** The shelf one question's takes are kept on, apart from every other recording in the browser. */
  recordingOwner(view: AnsweringView, questionId: number): RecordingOwner | null;
  /** Where recordings go: a guest's through their link; a member's over the usual tus uploads. */
  uploads: RecordingUploads | undefined;
};

// The screens show a refusal beside what was refused, so no request of theirs toasts.
const quiet = { quiet: true } as const;

const answeringKeys = {
  member: (interviewId: number) => ['interview-answers', 'member', interviewId] as const,
  guest: (type: string, hash: string) => ['interview-answers', 'guest', type, hash] as const,
};

export function memberChannel(interviewId: number, userId: number): AnswerChannel {
  const base = `/api/v1/interviews/${interviewId}`;
  return {
    kind: 'member',
    interviewId,
    queryKey: answeringKeys.member(interviewId),
    read: (signal) => api.get<AnsweringView>(`${base}/answering`, { ...quiet, ...(signal ? { signal } : {}) }),
    answer: (questionId, body) => api.put<AnsweringView>(`${base}/answers/${questionId}`, body, quiet),
    skip: (questionId) => api.post<AnsweringView>(`${base}/answers/${questionId}/skip`, undefined, quiet),
    send: () => api.post<AnsweringView>(`${base}/send`, undefined, quiet),
    recordingOwner: (_view, questionId) => `user-${userId}-interview-${interviewId}-question-${questionId}`,
    uploads: undefined,
  };
}

/** An answer link as the app keeps it for the pages after the first: its type and secret. */
export type AnswerLink = { type: QuestionKind; hash: string };

const guestUploads = new Map<string, RecordingUploads>();

/**
 * A guest's recordings go up through their link (multipart, as the server takes them there).
 * One queue per link for the tab, so an upload resumed by the connection coming back and the
 * recorder on screen share it.
 */
function uploadsThrough(base: string): RecordingUploads {
  let uploads = guestUploads.get(base);
  if (!uploads) {
    uploads = new RecordingUploads(indexedDbShelf(), (recording, options) =>
      uploadWithProgress<UploadView>(`${base}/uploads`, 'file', new File([recording.blob], recording.name, { type: recording.mimeType.split(';')[0]! }), options.onProgress),
    );
    guestUploads.set(base, uploads);
  }
  return uploads;
}

export function guestChannel(interviewId: number, link: AnswerLink): AnswerChannel & { start(guest: GuestBody): Promise<AnsweringView> } {
  const base = `/api/v1/async/answer/${link.type}/${encodeURIComponent(link.hash)}`;
  return {
    kind: 'guest',
    interviewId,
    queryKey: answeringKeys.guest(link.type, link.hash),
    read: (signal) => api.get<AnsweringView>(base, { ...quiet, ...(signal ? { signal } : {}) }),
    start: (guest) => api.post<AnsweringView>(`${base}/start`, guest, quiet),
    answer: (questionId, body) => api.put<AnsweringView>(`${base}/answers/${questionId}`, body, quiet),
    skip: (questionId) => api.post<AnsweringView>(`${base}/answers/${questionId}/skip`, undefined, quiet),
    send: () => api.post<AnsweringView>(`${base}/send`, undefined, quiet),
    // A guest is known by their response: two people answering on one computer keep their takes apart.
    recordingOwner: (view, questionId) => (view.response ? `response-${view.response.id}-question-${questionId}` : null),
    uploads: uploadsThrough(base),
  };
}
