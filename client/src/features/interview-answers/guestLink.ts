import type { QuestionKind } from '../../../../contracts/interviews/api.ts';
import type { AnswerLink } from './channel.ts';

// The tab's session storage, not local storage: the link's secret leaves the address bar after
// the first page and must not outlive the tab on a shared computer.
const linkKey = (interviewId: number) => `pressroom:interview-link:${interviewId}`;
const FINISHED_KEY = 'pressroom:interview-finished';

const isKind = (value: unknown): value is QuestionKind => value === 'video' || value === 'text';

function read(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A refused storage only costs the pages after the first: the link itself still opens them.
  }
}

export function rememberLink(interviewId: number, link: AnswerLink): void {
  write(linkKey(interviewId), link);
}

/** The link this tab opened the interview with; null when it opened none (a page reached directly). */
export function linkFor(interviewId: number): AnswerLink | null {
  const value = read(linkKey(interviewId)) as Partial<AnswerLink> | null;
  return value && isKind(value.type) && typeof value.hash === 'string' && value.hash !== '' ? { type: value.type, hash: value.hash } : null;
}

/** What the finish page thanks the guest for. */
export type Finished = { title: string; interviewer: string };

export function rememberFinished(finished: Finished): void {
  write(FINISHED_KEY, finished);
}

export function lastFinished(): Finished | null {
  const value = read(FINISHED_KEY) as Partial<Finished> | null;
  return value && typeof value.title === 'string' && typeof value.interviewer === 'string' ? { title: value.title, interviewer: value.interviewer } : null;
}
