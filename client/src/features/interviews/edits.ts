import type { CreateInterviewBody, InterviewView, QuestionBody } from '../../../../contracts/interviews/api.ts';
import { DEFAULT_TEXT_LENGTH, DEFAULT_VIDEO_SECONDS } from '../../../../contracts/interviews/api.ts';
import { dayjs } from '../../lib/format/index.ts';
import type { InterviewDraft, QuestionDraft } from './draft.ts';

/** A saved interview as the form edits it: each question keeps its id, so saving changes it rather than adding another. */
export function draftOf(interview: InterviewView, timezone: string): InterviewDraft {
  return {
    title: interview.title,
    brief: interview.brief,
    deadline: interview.deadline ? dayjs(interview.deadline).tz(timezone).format('YYYY-MM-DDTHH:mm') : '',
    showQuestions: interview.showQuestions,
    allowSkip: interview.allowSkip,
    closeAfterAnswers: interview.closeAfterAnswers === null ? '' : String(interview.closeAfterAnswers),
    questions: interview.questions.map((question, index) => ({
      key: index + 1,
      id: question.id,
      kind: question.kind,
      text: question.text,
      timeLimitSeconds: question.timeLimitSeconds ?? DEFAULT_VIDEO_SECONDS,
      thinkSeconds: question.thinkSeconds,
      retakes: question.retakes,
      maxLength: String(question.maxLength ?? DEFAULT_TEXT_LENGTH),
    })),
    nextKey: interview.questions.length + 1,
  };
}

/** One request of a save; `question` is the place in the form of the question it is about, for its lines. */
export type Send = (method: 'PATCH' | 'POST' | 'DELETE' | 'PUT', path: string, body: unknown, question: number | null) => Promise<{ id: number | null }>;

/**
 * Saves an edited interview with the calls the server has: its details, then (while it is a
 * draft) each removed, changed and added question, then their order. A question whose kind
 * changed is another question to the server (its limits are of its kind), so it is removed and
 * added again. Nothing is sent for what did not change.
 */
export async function saveEdits(interview: InterviewView, questions: readonly QuestionDraft[], body: CreateInterviewBody, send: Send): Promise<void> {
  const path = `/api/v1/interviews/${interview.id}`;
  const { questions: asked, ...details } = body;
  const before = { title: interview.title, brief: interview.brief, deadline: interview.deadline, showQuestions: interview.showQuestions, allowSkip: interview.allowSkip, closeAfterAnswers: interview.closeAfterAnswers };
  const changed = Object.fromEntries(Object.entries(details).filter(([key, value]) => !sameValue(key, value, before[key as keyof typeof before])));
  if (Object.keys(changed).length > 0) await send('PATCH', path, changed, null);
  if (interview.status !== 'draft') return;

  const saved = new Map(interview.questions.map((question) => [question.id, question]));
  const kept = (draft: QuestionDraft) => (draft.id !== undefined && saved.get(draft.id)?.kind === draft.kind ? draft.id : null);
  const keptIds = new Set(questions.map(kept).filter((id): id is number => id !== null));
  for (const question of interview.questions) {
    if (!keptIds.has(question.id)) await send('DELETE', `${path}/questions/${question.id}`, undefined, null);
  }
  const order: number[] = [];
  for (const [index, draft] of questions.entries()) {
    const wanted = asked[index]!;
    const id = kept(draft);
    if (id === null) {
      order.push((await send('POST', `${path}/questions`, wanted, index)).id!);
      continue;
    }
    order.push(id);
    const { kind: _, ...edit } = wanted;
    if (!sameQuestion(saved.get(id)!, wanted)) await send('PATCH', `${path}/questions/${id}`, edit, index);
  }
  // Added questions go to the end: the order is asked for whenever it is not already the form's.
  const now = [...interview.questions.map((question) => question.id).filter((id) => keptIds.has(id)), ...order.filter((id) => !keptIds.has(id))];
  if (order.length > 0 && order.some((id, index) => id !== now[index])) await send('PUT', `${path}/questions`, { questionIds: order }, null);
}

/** Equal; a deadline also when it is the same instant written with another offset. */
function sameValue(key: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  return key === 'deadline' && typeof a === 'string' && typeof b === 'string' && Date.parse(a) === Date.parse(b);
}

function sameQuestion(saved: InterviewView['questions'][number], wanted: QuestionBody): boolean {
  return (
    saved.text === wanted.text &&
    saved.thinkSeconds === (wanted.kind === 'video' ? wanted.thinkSeconds : 0) &&
    saved.retakes === (wanted.kind === 'video' ? wanted.retakes : 0) &&
    (wanted.kind === 'video' ? saved.timeLimitSeconds === (wanted.timeLimitSeconds ?? DEFAULT_VIDEO_SECONDS) : saved.maxLength === (wanted.maxLength ?? DEFAULT_TEXT_LENGTH))
  );
}
