import type { AnswerView, AnsweringView, QuestionKind, QuestionView } from '../../../../contracts/interviews/api.ts';

/** Where an answerer is: the interview's opening page, one question, or the page that sends. */
export type Step = { name: 'intro' } | { name: 'question'; question: QuestionView } | { name: 'review' };

export type QuestionState = 'answered' | 'skipped' | 'open';

export function answerTo(view: AnsweringView, questionId: number): AnswerView | null {
  return view.response?.answers.find((answer) => answer.questionId === questionId) ?? null;
}

export function stateOf(view: AnsweringView, questionId: number): QuestionState {
  const answer = answerTo(view, questionId);
  if (!answer) return 'open';
  return answer.skipped ? 'skipped' : 'answered';
}

/**
 * The step to show. A question asked for by the address is shown when the answerer may see it
 * (the server lists only answered ones and the next unless all are shown); otherwise one resumes
 * at the first question neither answered nor skipped, as the server says, or at the sending
 * page once there is none. Someone who has not begun starts at the interview's opening page.
 */
export function stepOf(view: AnsweringView, askedFor: number | null, opening = true): Step {
  const asked = askedFor === null ? undefined : view.questions.find((question) => question.id === askedFor);
  if (asked) return { name: 'question', question: asked };
  const begun = (view.response?.answers.length ?? 0) > 0;
  if (!begun && opening) return { name: 'intro' };
  const next = view.questions.find((question) => question.id === view.nextQuestionId);
  if (next) return { name: 'question', question: next };
  return view.nextQuestionId === null ? { name: 'review' } : { name: 'intro' };
}

export type Progress = {
  /** The question's place in the interview, from 1. */
  position: number;
  total: number;
  /** Answered or skipped, of all questions. */
  done: number;
};

export function progressOf(view: AnsweringView, question: QuestionView): Progress {
  const done = view.response?.answers.length ?? 0;
  // Positions may have gaps (a question removed before publishing); the questions before one the
  // answerer sees are all seen, so its place in the list is its place in the interview.
  const position = view.questions.filter((candidate) => candidate.position < question.position).length + 1;
  return { position, total: view.questionsCount, done: Math.min(done, view.questionsCount) };
}

/** The question before this one, which the answerer has seen (and so may go back to). */
export function previousOf(view: AnsweringView, question: QuestionView): QuestionView | null {
  const earlier = view.questions.filter((candidate) => candidate.position < question.position);
  return earlier.at(-1) ?? null;
}

/** The kind that names the page of a step: the question's own, else the kind the page had. */
export const kindOf = (step: Step, current: QuestionKind): QuestionKind => (step.name === 'question' ? step.question.kind : current);

/**
 * A sent response changed since: an answer given after it was sent. Sending again replaces
 * what the interviewer has, so only then is there something to send.
 */
export function changedSinceSent(view: AnsweringView): boolean {
  const response = view.response;
  if (!response || response.status !== 'sent' || !response.sentAt) return false;
  const sentAt = Date.parse(response.sentAt);
  return response.answers.some((answer) => Date.parse(answer.answeredAt) > sentAt);
}

export const isClosed = (view: AnsweringView) => view.interview.status !== 'open';

/** What a written answer's counter says, and whether the text may be sent. */
export type CountLine = { text: string; over: boolean; near: boolean; empty: boolean };

/**
 * Counted as the server counts: the text without the spaces around it, in the same units
 * (JavaScript string length), so the counter and a refusal never disagree. "Near" is the last
 * tenth, when the counter starts to be worth hearing.
 */
export function countLine(text: string, limit: number): CountLine {
  const length = text.trim().length;
  const over = length > limit;
  return {
    text: over ? `${length - limit} characters over the limit of ${limit}` : `${length} of ${limit} characters`,
    over,
    near: !over && length >= limit * 0.9,
    empty: length === 0,
  };
}

/** A question's limits in words, as the opening page lists them. */
export function limitLine(question: QuestionView): string {
  if (question.kind === 'text') return `Written answer, up to ${question.maxLength ?? 0} characters`;
  const parts = [`Video answer, up to ${spoken(question.timeLimitSeconds ?? 0)}`];
  if (question.thinkSeconds > 0) parts.push(`${spoken(question.thinkSeconds)} to think first`);
  parts.push(question.retakes === 0 ? 'no retakes' : `${question.retakes} ${question.retakes === 1 ? 'retake' : 'retakes'}`);
  return parts.join(', ');
}

function spoken(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  const rest = seconds % 60;
  const words = [minutes > 0 && `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`, rest > 0 && `${rest} ${rest === 1 ? 'second' : 'seconds'}`].filter(Boolean);
  return words.length > 0 ? words.join(' ') : '0 seconds';
}
