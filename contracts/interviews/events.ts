import { z } from 'zod';
import { defineEvent } from '../events/define.ts';
import { closedReason, questionKind } from './api.ts';

const interviewId = z.number().int().positive();
const questionId = z.number().int().positive();
const responseId = z.number().int().positive();
const userId = z.number().int().positive();

const details = {
  title: z.string(),
  brief: z.string(),
  deadline: z.string().nullable(),
  showQuestions: z.boolean(),
  allowSkip: z.boolean(),
  closeAfterAnswers: z.number().int().nullable(),
};
const question = {
  text: z.string(),
  timeLimitSeconds: z.number().int().nullable(),
  maxLength: z.number().int().nullable(),
  thinkSeconds: z.number().int(),
  retakes: z.number().int(),
};

// Facts of an interview's stream (`interview-{id}`): what it asks, who may answer and read, its life.
export const InterviewCreated = defineEvent('InterviewCreated', z.object({ interviewId, creatorId: userId, accountId: z.number().int().positive().nullable(), ...details }));
/** Only the details that changed. */
export const InterviewUpdated = defineEvent('InterviewUpdated', z.object({ interviewId, ...z.object(details).partial().shape }));
export const QuestionAdded = defineEvent('QuestionAdded', z.object({ interviewId, questionId, kind: questionKind, ...question }));
export const QuestionEdited = defineEvent('QuestionEdited', z.object({ interviewId, questionId, ...question }));
export const QuestionRemoved = defineEvent('QuestionRemoved', z.object({ interviewId, questionId }));
/** Every question's id, in the new order. */
export const QuestionsReordered = defineEvent('QuestionsReordered', z.object({ interviewId, questionIds: z.array(questionId) }));
export const InterviewPublished = defineEvent('InterviewPublished', z.object({ interviewId }));
/** Closed early by its creator, or by itself after enough answers; a passed deadline needs no event. */
export const InterviewClosed = defineEvent('InterviewClosed', z.object({ interviewId, reason: closedReason.exclude(['deadline']) }));
export const IntervieweeInvited = defineEvent('IntervieweeInvited', z.object({ interviewId, userId, invitedBy: userId }));
export const InterviewShared = defineEvent('InterviewShared', z.object({ interviewId, userId, sharedBy: userId }));
/** The link's secret lives in a plain table; the log says only that a link exists, and of which type. */
export const AnswerLinkCreated = defineEvent('AnswerLinkCreated', z.object({ interviewId, linkId: z.number().int().positive(), type: questionKind }));
export const AnswerLinkRevoked = defineEvent('AnswerLinkRevoked', z.object({ interviewId, linkId: z.number().int().positive() }));
const savedAnswer = { interviewId, responseId, questionId, userId };
export const AnswerSaved = defineEvent('AnswerSaved', z.object(savedAnswer));
export const AnswerUnsaved = defineEvent('AnswerUnsaved', z.object(savedAnswer));

// Facts of one person's response (`interview-{id}-response-{member|link}-{id}`): one stream per
// answerer, so answerers never wait on each other and one person has one response.
const respondent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), userId }),
  z.object({ kind: z.literal('guest'), linkId: z.number().int().positive(), name: z.string(), email: z.string(), organisation: z.string() }),
]);
export const ResponseStarted = defineEvent('ResponseStarted', z.object({ interviewId, responseId, respondent }));
/** A later answer to the same question replaces the earlier one. */
export const AnswerSubmitted = defineEvent(
  'AnswerSubmitted',
  z.object({ interviewId, responseId, questionId, kind: questionKind, text: z.string().nullable(), videoId: z.number().int().positive().nullable() }),
);
export const AnswerSkipped = defineEvent('AnswerSkipped', z.object({ interviewId, responseId, questionId }));
export const AnswerWithdrawn = defineEvent('AnswerWithdrawn', z.object({ interviewId, responseId, questionId }));
/** The answerer sent their answers; sending again after a change replaces what was sent. */
export const ResponseSent = defineEvent('ResponseSent', z.object({ interviewId, responseId, respondentUserId: userId.nullable() }));

export const interviewEvents = [
  InterviewCreated,
  InterviewUpdated,
  QuestionAdded,
  QuestionEdited,
  QuestionRemoved,
  QuestionsReordered,
  InterviewPublished,
  InterviewClosed,
  IntervieweeInvited,
  InterviewShared,
  AnswerLinkCreated,
  AnswerLinkRevoked,
  AnswerSaved,
  AnswerUnsaved,
  ResponseStarted,
  AnswerSubmitted,
  AnswerSkipped,
  AnswerWithdrawn,
  ResponseSent,
] as const;
