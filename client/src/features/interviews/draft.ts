import { createInterviewBody, DEFAULT_TEXT_LENGTH, DEFAULT_VIDEO_SECONDS, type CreateInterviewBody, type QuestionKind } from '../../../../contracts/interviews/api.ts';
import { refusalOf } from '../../../../contracts/error-map.ts';
import { placeLines, type FieldLines } from '../../lib/api/index.ts';
import { toInstant } from '../composer/forms.ts';

/** One question as the create-interview form holds it; `key` tells React and the buttons which one. */
export type QuestionDraft = {
  key: number;
  /** The saved question it edits; none for a question added in this form. */
  id?: number;
  kind: QuestionKind;
  text: string;
  timeLimitSeconds: number;
  thinkSeconds: number;
  retakes: number;
  /** As typed: an emptied field stays empty until the person writes a number again. */
  maxLength: string;
};

export type InterviewDraft = {
  title: string;
  brief: string;
  /** A datetime-local value, read in the person's timezone. */
  deadline: string;
  showQuestions: boolean;
  allowSkip: boolean;
  /** As typed; empty means the interview stays open until its deadline or until closed. */
  closeAfterAnswers: string;
  questions: QuestionDraft[];
  nextKey: number;
};

export type DraftAction =
  | { type: 'set'; field: 'title' | 'brief' | 'deadline' | 'closeAfterAnswers'; value: string }
  | { type: 'toggle'; field: 'showQuestions' | 'allowSkip'; value: boolean }
  | { type: 'add'; kind: QuestionKind }
  | { type: 'edit'; key: number; changes: Partial<Omit<QuestionDraft, 'key' | 'id' | 'kind'>> }
  | { type: 'kind'; key: number; kind: QuestionKind }
  | { type: 'remove'; key: number }
  | { type: 'move'; key: number; by: -1 | 1 }
  | { type: 'reset' };

/** Retakes a video question gets unless changed: one, as the server's default. */
const DEFAULT_RETAKES = 1;

function newQuestion(key: number, kind: QuestionKind, text = ''): QuestionDraft {
  return { key, kind, text, timeLimitSeconds: DEFAULT_VIDEO_SECONDS, thinkSeconds: 0, retakes: DEFAULT_RETAKES, maxLength: String(DEFAULT_TEXT_LENGTH) };
}

/** A new interview starts with one video question: the reason most people come to this form. */
export function emptyDraft(): InterviewDraft {
  return { title: '', brief: '', deadline: '', showQuestions: true, allowSkip: false, closeAfterAnswers: '', questions: [newQuestion(1, 'video')], nextKey: 2 };
}

export function draftReducer(draft: InterviewDraft, action: DraftAction): InterviewDraft {
  const change = (key: number, update: (question: QuestionDraft) => QuestionDraft) => ({ ...draft, questions: draft.questions.map((question) => (question.key === key ? update(question) : question)) });
  switch (action.type) {
    case 'set':
      return { ...draft, [action.field]: action.value };
    case 'toggle':
      return { ...draft, [action.field]: action.value };
    case 'add':
      return { ...draft, questions: [...draft.questions, newQuestion(draft.nextKey, action.kind)], nextKey: draft.nextKey + 1 };
    case 'edit':
      return change(action.key, (question) => ({ ...question, ...action.changes }));
    case 'kind':
      // The wording stays; each kind keeps its own limits, so switching back loses nothing.
      return change(action.key, (question) => ({ ...question, kind: action.kind }));
    case 'remove':
      return { ...draft, questions: draft.questions.filter((question) => question.key !== action.key) };
    case 'move': {
      const from = draft.questions.findIndex((question) => question.key === action.key);
      const to = from + action.by;
      if (from === -1 || to < 0 || to >= draft.questions.length) return draft;
      const questions = [...draft.questions];
      [questions[from], questions[to]] = [questions[to]!, questions[from]!];
      return { ...draft, questions };
    }
    case 'reset':
      return emptyDraft();
  }
}

const numberOrText = (typed: string) => (/^\d+$/.test(typed.trim()) ? Number(typed) : typed);

/** The request body before the schema judges it: each question carries only its own kind's limits. */
export function rawBodyOf(draft: InterviewDraft, timezone: string): Record<string, unknown> {
  return {
    title: draft.title,
    brief: draft.brief,
    deadline: toInstant(draft.deadline, timezone),
    showQuestions: draft.showQuestions,
    allowSkip: draft.allowSkip,
    closeAfterAnswers: draft.closeAfterAnswers.trim() === '' ? null : numberOrText(draft.closeAfterAnswers),
    questions: draft.questions.map((question) =>
      question.kind === 'video'
        ? { kind: 'video', text: question.text, timeLimitSeconds: question.timeLimitSeconds, thinkSeconds: question.thinkSeconds, retakes: question.retakes }
        : { kind: 'text', text: question.text, maxLength: numberOrText(question.maxLength) },
    ),
  };
}

/**
 * Problems by where they show: `title`, `deadline`, `questions.0.text`..., and the rest
 * (`form`) above the buttons.
 */
export type DraftErrors = { fields: Record<string, string>; form: string[] };

// A line the server wrote without a path ("Deadline must be in the future") starts with its field's label.
const LABELS: [string, string][] = [
  ['Title', 'title'],
  ['Brief', 'brief'],
  ['Deadline', 'deadline'],
  ['Number of answers', 'closeAfterAnswers'],
];

/** The lines of a refused create (400 with each line's field in `fields`, 422 with a plain sentence), placed at their fields. */
export function errorsOfLines(lines: readonly string[], fields: FieldLines = {}): DraftErrors {
  const errors: DraftErrors = { fields: {}, form: [] };
  const { byPath, rest } = placeLines(lines, fields);
  for (const [path, said] of Object.entries(byPath)) errors.fields[path] = said[0]!;
  for (const line of rest) {
    const field = LABELS.find(([label]) => line.startsWith(`${label} `))?.[1];
    if (!field) errors.form.push(line);
    else errors.fields[field] ??= line;
  }
  return errors;
}

export type Judged = { ok: true; body: CreateInterviewBody } | { ok: false; errors: DraftErrors };

/** Judges the draft with the server's own schema, so the form says what the server would, before asking it. */
export function judgeDraft(draft: InterviewDraft, timezone: string): Judged {
  const result = createInterviewBody.safeParse(rawBodyOf(draft, timezone));
  if (result.success) return { ok: true, body: result.data };
  const { errors, fields } = refusalOf(result.error.issues);
  return { ok: false, errors: errorsOfLines(errors, fields) };
}

/** The server's most questions an interview has. */
export const MAX_QUESTIONS = 50;

/** The options a video question's time limit offers, in seconds (the server takes 10 to 600). */
export const TIME_LIMITS = [30, 60, 90, 120, 180, 300, 600] as const;
export const THINK_TIMES = [0, 10, 20, 30, 60, 120] as const;

/** "2 minutes", "90 seconds", "1 minute 30 seconds": how the form and the page name a length of time. */
export function spokenSeconds(total: number): string {
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  const unit = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
  if (minutes === 0) return unit(seconds, 'second');
  if (seconds === 0) return unit(minutes, 'minute');
  return `${unit(minutes, 'minute')} ${unit(seconds, 'second')}`;
}
