import { z } from 'zod';
import { author } from '../posts/views.ts';
import { videoView } from '../posts/media.ts';

/** How a question is answered: on camera or in writing; also the `{type}` of an answer link. */
export const questionKind = z.enum(['video', 'text'], { error: 'Invalid type' });
export type QuestionKind = z.infer<typeof questionKind>;

/** A video answer's time limit when none is given (the issue: two minutes). */
export const DEFAULT_VIDEO_SECONDS = 120;
/** A written answer's length limit when none is given: the spec's settings constant of 2000. */
export const DEFAULT_TEXT_LENGTH = 2000;

/** The line every refused answer to a closed interview reads. */
export const CLOSED_TO_ANSWERS = 'This interview is closed to answers';

const required = (label: string, max: number) =>
  z.string().trim().min(1, { message: `${label} is required` }).max(max, { message: `${label} must be at most ${max} characters` });
const optionalText = (label: string, max: number) => z.string().trim().max(max, { message: `${label} must be at most ${max} characters` }).default('');
const whole = (label: string, min: number, max: number) =>
  z.number({ error: `${label} must be a number` }).int({ message: `${label} must be a whole number` }).min(min, { message: `${label} must be at least ${min}` }).max(max, { message: `${label} must be at most ${max}` });
const deadline = z.iso.datetime({ offset: true, message: 'Deadline must be a date and time' }).nullable();

export const questionBody = z.object({
  kind: questionKind,
  text: required('Question', 1000),
  /** Video only: the longest answer, in seconds. */
  timeLimitSeconds: whole('Time limit', 10, 600).optional(),
  /** Text only: the longest answer, in characters. */
  maxLength: whole('Length limit', 1, 20_000).optional(),
  /** Video only: seconds to read the question before recording starts. */
  thinkSeconds: whole('Think time', 0, 300).default(0),
  /** Video only: how many times the answerer may record again before choosing a take. */
  retakes: whole('Retakes', 0, 10).default(1),
});
export type QuestionBody = z.output<typeof questionBody>;

const details = {
  title: required('Title', 300),
  brief: optionalText('Brief', 5000),
  /** Past it, no new answers; none means open until closed. */
  deadline: deadline.optional().transform((value) => value ?? null),
  /** The answerer sees every question before starting. */
  showQuestions: z.boolean().default(true),
  /** A question may be skipped. */
  allowSkip: z.boolean().default(false),
  /** Closes by itself once this many responses are sent. */
  closeAfterAnswers: whole('Number of answers', 1, 10_000).nullable().default(null),
};

export const createInterviewBody = z.object({ ...details, questions: z.array(questionBody).max(50, { message: 'At most 50 questions' }).default([]) });
export type CreateInterviewBody = z.output<typeof createInterviewBody>;

export const updateInterviewBody = z.object({
  title: details.title.optional(),
  brief: z.string().trim().max(5000, { message: 'Brief must be at most 5000 characters' }).optional(),
  deadline: deadline.optional(),
  showQuestions: z.boolean().optional(),
  allowSkip: z.boolean().optional(),
  closeAfterAnswers: whole('Number of answers', 1, 10_000).nullable().optional(),
});
export type UpdateInterviewBody = z.output<typeof updateInterviewBody>;

export const editQuestionBody = questionBody.partial().omit({ kind: true });
export const reorderQuestionsBody = z.object({ questionIds: z.array(z.number().int().positive()).min(1).max(50) });
export const peopleBody = z.object({ userIds: z.array(z.number().int().positive()).min(1, { message: 'Choose at least one person' }).max(50, { message: 'At most 50 people at a time' }) });
export const linkBody = z.object({ type: questionKind, label: optionalText('Label', 200) });

/** An answer: written text, or a video uploaded beforehand (by its id). */
export const answerBody = z
  .object({
    text: z.string().max(100_000, { message: 'Answer is too long' }).optional(),
    video: z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() }).transform((upload) => upload.id)]).optional(),
  })
  .refine((answer) => (answer.text === undefined) !== (answer.video === undefined), { message: 'Answer with a text or a video' });
export type AnswerBody = z.output<typeof answerBody>;

/** Who a guest answering by link is. */
export const guestBody = z.object({
  name: required('Name', 200),
  email: z.string().trim().max(320).pipe(z.email({ message: 'Email is not valid' })),
  organisation: optionalText('Organisation', 200),
});
export type GuestBody = z.output<typeof guestBody>;

export const saveBody = z.object({ status: z.boolean() });

export const interviewListName = z.enum(['wire', 'my', 'questions', 'awaiting', 'shared'], { error: 'Invalid type' });
export type InterviewListName = z.infer<typeof interviewListName>;
export const interviewListQuery = z.object({
  list: interviewListName.default('my'),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const pageQuery = interviewListQuery.omit({ list: true });

export const questionView = z.object({
  id: z.number().int(),
  position: z.number().int(),
  kind: questionKind,
  text: z.string(),
  timeLimitSeconds: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
  thinkSeconds: z.number().int(),
  retakes: z.number().int(),
});
export type QuestionView = z.infer<typeof questionView>;

/** draft until published; closed early, by its deadline, or after enough answers. */
export const interviewStatus = z.enum(['draft', 'open', 'closed']);
export const closedReason = z.enum(['creator', 'deadline', 'answers']);
export type ClosedReason = z.infer<typeof closedReason>;

/** What a closed interview says, by why it closed (a callout shows it). */
export const CLOSED_LINES: Record<ClosedReason, string> = {
  creator: 'Closed',
  deadline: 'Closed: deadline passed',
  answers: 'Closed: sources found',
};

export const interviewView = z.object({
  id: z.number().int(),
  title: z.string(),
  brief: z.string(),
  deadline: z.string().nullable(),
  status: interviewStatus,
  closedReason: closedReason.nullable(),
  /** The words a closed interview shows, e.g. 'Closed: sources found'. */
  closedLine: z.string().nullable(),
  showQuestions: z.boolean(),
  allowSkip: z.boolean(),
  closeAfterAnswers: z.number().int().nullable(),
  creator: author,
  /** The callout that carries it, when it was published as one. */
  calloutId: z.number().int().nullable(),
  questions: z.array(questionView),
  /** Responses sent (a response started and not sent is not counted). */
  answersCount: z.number().int(),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** What the viewer may do: manage (its creator), read the answers (creator and colleagues it was shared with), answer. */
  permissions: z.object({ canManage: z.boolean(), canReadAnswers: z.boolean(), canAnswer: z.boolean() }),
});
export type InterviewView = z.infer<typeof interviewView>;

export const interviewList = z.object({ data: z.array(interviewView), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });

export const answerView = z.object({
  questionId: z.number().int(),
  kind: questionKind,
  text: z.string().nullable(),
  /** The spec's Video: processing until transcoded, then playable (HLS, qualities, fallback). */
  video: videoView.nullable(),
  skipped: z.boolean(),
  answeredAt: z.string(),
  /** The viewer keeps this answer's media (Saved media). */
  saved: z.boolean(),
});
export type AnswerView = z.infer<typeof answerView>;

export const respondentView = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), person: author }),
  z.object({ kind: z.literal('guest'), name: z.string(), email: z.string(), organisation: z.string() }),
]);

export const responseView = z.object({
  id: z.number().int(),
  interviewId: z.number().int(),
  respondent: respondentView,
  status: z.enum(['started', 'sent']),
  answers: z.array(answerView),
  startedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type ResponseView = z.infer<typeof responseView>;
export const responseList = z.object({ data: z.array(responseView) });

/** What an answerer sees: the interview, the questions they may see, and their own response. */
export const answeringView = z.object({
  interview: interviewView.omit({ questions: true, permissions: true, closeAfterAnswers: true, answersCount: true }),
  /** All of them with showQuestions; otherwise those answered so far and the next one. */
  questions: z.array(questionView),
  questionsCount: z.number().int(),
  /** The first question neither answered nor skipped; null once all are. */
  nextQuestionId: z.number().int().nullable(),
  response: responseView.nullable(),
});
export type AnsweringView = z.infer<typeof answeringView>;

/** An answer link: the url carries the secret, so only the interview's creator reads these. */
export const linkView = z.object({
  id: z.number().int(),
  type: questionKind,
  label: z.string(),
  url: z.string(),
  createdAt: z.string(),
  revoked: z.boolean(),
});
export const linkList = z.object({ data: z.array(linkView) });

export const savedAnswerView = z.object({
  interviewId: z.number().int(),
  interviewTitle: z.string(),
  responseId: z.number().int(),
  question: z.string(),
  respondentName: z.string(),
  answer: answerView,
  savedAt: z.string(),
});
export const savedAnswerList = z.object({ data: z.array(savedAnswerView), offset: z.number().int(), limit: z.number().int(), hasMore: z.boolean() });
