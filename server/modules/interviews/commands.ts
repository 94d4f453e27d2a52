import { CLOSED_TO_ANSWERS, DEFAULT_TEXT_LENGTH, DEFAULT_VIDEO_SECONDS, type ClosedReason, type QuestionBody, type QuestionKind } from '../../../contracts/interviews/api.ts';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import type { Decider } from '../../events/decider.ts';
import { Conflict, Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { mayCreateInterview, mayManage, mayReadAnswers, mayShareWith, type Person } from './permissions.ts';

export const interviewStream = (interviewId: number) => `interview-${interviewId}`;
export type RespondentKey = { kind: 'member'; userId: number } | { kind: 'guest'; linkId: number };
/** One stream per answerer and interview: one response per person, and answerers never wait on each other. */
export const responseStream = (interviewId: number, key: RespondentKey) =>
  `interview-${interviewId}-response-${key.kind === 'member' ? `member-${key.userId}` : `link-${key.linkId}`}`;

const NOT_PERMITTED = 'Sorry, you are not permitted to do this.';
const NO_SUCH_INTERVIEW = 'No such interview.';
const NO_SUCH_QUESTION = 'No such question.';

export type Question = { id: number; kind: QuestionKind; text: string; timeLimitSeconds: number | null; maxLength: number | null; thinkSeconds: number; retakes: number };
type Details = { title: string; brief: string; deadline: string | null; showQuestions: boolean; allowSkip: boolean; closeAfterAnswers: number | null };

export type Interview = {
  exists: true;
  id: number;
  creatorId: number;
  accountId: number | null;
  details: Details;
  published: boolean;
  closedReason: Exclude<ClosedReason, 'deadline'> | null;
  questions: readonly Question[];
  invited: ReadonlySet<number>;
  sharedWith: ReadonlySet<number>;
  links: ReadonlyMap<number, { type: QuestionKind; revoked: boolean }>;
  saved: ReadonlySet<string>;
};
export type InterviewState = { exists: false } | Interview;

/** Open to answers: published, not closed, and before its deadline (a passed deadline needs no event). */
export function closedBy(interview: Interview, now: Date): ClosedReason | null {
  if (interview.closedReason) return interview.closedReason;
  if (interview.details.deadline !== null && Date.parse(interview.details.deadline) <= now.getTime()) return 'deadline';
  return null;
}
export const isOpen = (interview: Interview, now: Date) => interview.published && closedBy(interview, now) === null;

const savedKey = (responseId: number, questionId: number, userId: number) => `${responseId}:${questionId}:${userId}`;

export type InterviewCommand =
  | { type: 'create'; interviewId: number; details: Details; questions: { questionId: number; body: QuestionBody }[]; by: Person; now: Date }
  | { type: 'update'; changes: Partial<Details>; by: Person; now: Date }
  | { type: 'addQuestion'; questionId: number; body: QuestionBody; by: Person }
  | { type: 'editQuestion'; questionId: number; changes: Partial<Omit<QuestionBody, 'kind'>>; by: Person }
  | { type: 'removeQuestion'; questionId: number; by: Person }
  | { type: 'reorderQuestions'; questionIds: number[]; by: Person }
  | { type: 'publish'; by: Person; now: Date }
  | { type: 'close'; by: Person }
  /** After a response is sent: closes the interview once it has the answers it asked for. */
  | { type: 'closeIfAnswered'; sentCount: number }
  | { type: 'invite'; userIds: number[]; by: Person }
  | { type: 'share'; colleagues: { id: number; accountId: number | null }[]; by: Person }
  | { type: 'createLink'; linkId: number; linkType: QuestionKind; by: Person }
  | { type: 'revokeLink'; linkId: number; by: Person }
  | { type: 'save' | 'unsave'; responseId: number; questionId: number; by: Person };

/** A question's stored shape: each kind keeps only its own limits, with the defaults filled in. */
export function questionOf(questionId: number, body: QuestionBody): Question {
  return body.kind === 'video'
    ? { id: questionId, kind: 'video', text: body.text, timeLimitSeconds: body.timeLimitSeconds ?? DEFAULT_VIDEO_SECONDS, maxLength: null, thinkSeconds: body.thinkSeconds, retakes: body.retakes }
    : { id: questionId, kind: 'text', text: body.text, timeLimitSeconds: null, maxLength: body.maxLength ?? DEFAULT_TEXT_LENGTH, thinkSeconds: 0, retakes: 0 };
}

function futureDeadline(deadline: string | null | undefined, now: Date): void {
  if (deadline && Date.parse(deadline) <= now.getTime()) throw new ValidationFailed(['Deadline must be in the future']);
}

const withQuestion = (interview: Interview, question: Question): Interview => ({ ...interview, questions: interview.questions.map((q) => (q.id === question.id ? question : q)) });

export const interviewDecider: Decider<InterviewState, InterviewCommand, InterviewEvent> = {
  initialState: { exists: false },
  evolve(state, event) {
    if (event.type === 'InterviewCreated') {
      const { interviewId, creatorId, accountId, title, brief, deadline, showQuestions, allowSkip, closeAfterAnswers } = event.data;
      return {
        exists: true,
        id: interviewId,
        creatorId,
        accountId,
        details: { title, brief, deadline, showQuestions, allowSkip, closeAfterAnswers },
        published: false,
        closedReason: null,
        questions: [],
        invited: new Set(),
        sharedWith: new Set(),
        links: new Map(),
        saved: new Set(),
      };
    }
    if (!state.exists) return state;
    switch (event.type) {
      case 'InterviewUpdated': {
        const { interviewId: _, ...changes } = event.data;
        return { ...state, details: { ...state.details, ...changes } };
      }
      case 'QuestionAdded': {
        const { interviewId: _, questionId, ...question } = event.data;
        return { ...state, questions: [...state.questions, { id: questionId, ...question }] };
      }
      case 'QuestionEdited': {
        const { interviewId: _, questionId, ...question } = event.data;
        const kind = state.questions.find((q) => q.id === questionId)?.kind ?? 'text';
        return withQuestion(state, { id: questionId, kind, ...question });
      }
      case 'QuestionRemoved':
        return { ...state, questions: state.questions.filter((q) => q.id !== event.data.questionId) };
      case 'QuestionsReordered': {
        const byId = new Map(state.questions.map((q) => [q.id, q]));
        return { ...state, questions: event.data.questionIds.flatMap((id) => byId.get(id) ?? []) };
      }
      case 'InterviewPublished':
        return { ...state, published: true };
      case 'InterviewClosed':
        return { ...state, closedReason: event.data.reason };
      case 'IntervieweeInvited':
        return { ...state, invited: new Set([...state.invited, event.data.userId]) };
      case 'InterviewShared':
        return { ...state, sharedWith: new Set([...state.sharedWith, event.data.userId]) };
      case 'AnswerLinkCreated':
        return { ...state, links: new Map([...state.links, [event.data.linkId, { type: event.data.type, revoked: false }]]) };
      case 'AnswerLinkRevoked': {
        const link = state.links.get(event.data.linkId);
        return link ? { ...state, links: new Map([...state.links, [event.data.linkId, { ...link, revoked: true }]]) } : state;
      }
      case 'AnswerSaved':
      case 'AnswerUnsaved': {
        const { responseId, questionId, userId } = event.data;
        const saved = new Set(state.saved);
        if (event.type === 'AnswerSaved') saved.add(savedKey(responseId, questionId, userId));
        else saved.delete(savedKey(responseId, questionId, userId));
        return { ...state, saved };
      }
      default:
        return state;
    }
  },
  decide(command, state) {
    if (command.type === 'create') {
      if (state.exists) throw new Conflict('This interview exists already.');
      if (!mayCreateInterview(command.by)) throw new Forbidden(NOT_PERMITTED);
      futureDeadline(command.details.deadline, command.now);
      const { interviewId } = command;
      return [
        { type: 'InterviewCreated', data: { interviewId, creatorId: command.by.id, accountId: command.by.accountId, ...command.details } },
        ...command.questions.map(({ questionId, body }): InterviewEvent => {
          const { id, ...question } = questionOf(questionId, body);
          return { type: 'QuestionAdded', data: { interviewId, questionId: id, ...question } };
        }),
      ];
    }
    if (!state.exists) throw new NotFound(NO_SUCH_INTERVIEW);
    const interviewId = state.id;
    if (command.type === 'closeIfAnswered') {
      const wanted = state.details.closeAfterAnswers;
      return state.closedReason === null && wanted !== null && command.sentCount >= wanted ? [{ type: 'InterviewClosed', data: { interviewId, reason: 'answers' } }] : [];
    }
    const { by } = command;
    if (command.type === 'save' || command.type === 'unsave') {
      if (!mayReadAnswers(by, state)) throw new Forbidden(NOT_PERMITTED);
      const data = { interviewId, responseId: command.responseId, questionId: command.questionId, userId: by.id };
      const saved = state.saved.has(savedKey(data.responseId, data.questionId, by.id));
      if (command.type === 'save') return saved ? [] : [{ type: 'AnswerSaved', data }];
      return saved ? [{ type: 'AnswerUnsaved', data }] : [];
    }
    if (!mayManage(by, state)) throw new Forbidden(NOT_PERMITTED);
    const questionsFixed = () => {
      if (state.published) throw new ValidationFailed(['Questions cannot change once the interview is published']);
    };
    const questionAt = (questionId: number) => {
      const question = state.questions.find((q) => q.id === questionId);
      if (!question) throw new NotFound(NO_SUCH_QUESTION);
      return question;
    };
    switch (command.type) {
      case 'update': {
        futureDeadline(command.changes.deadline, command.now);
        const changed = Object.fromEntries(
          Object.entries(command.changes).filter(([key, value]) => value !== undefined && value !== state.details[key as keyof Details]),
        ) as Partial<Details>;
        return Object.keys(changed).length > 0 ? [{ type: 'InterviewUpdated', data: { interviewId, ...changed } }] : [];
      }
      case 'addQuestion': {
        questionsFixed();
        if (state.questions.length >= 50) throw new ValidationFailed(['At most 50 questions']);
        const { id, ...question } = questionOf(command.questionId, command.body);
        return [{ type: 'QuestionAdded', data: { interviewId, questionId: id, ...question } }];
      }
      case 'editQuestion': {
        questionsFixed();
        const current = questionAt(command.questionId);
        const { id, kind: _, ...next } = questionOf(current.id, {
          kind: current.kind,
          text: command.changes.text ?? current.text,
          timeLimitSeconds: command.changes.timeLimitSeconds ?? current.timeLimitSeconds ?? undefined,
          maxLength: command.changes.maxLength ?? current.maxLength ?? undefined,
          thinkSeconds: command.changes.thinkSeconds ?? current.thinkSeconds,
          retakes: command.changes.retakes ?? current.retakes,
        });
        const same = (Object.keys(next) as (keyof typeof next)[]).every((key) => next[key] === current[key]);
        return same ? [] : [{ type: 'QuestionEdited', data: { interviewId, questionId: id, ...next } }];
      }
      case 'removeQuestion':
        questionsFixed();
        questionAt(command.questionId);
        return [{ type: 'QuestionRemoved', data: { interviewId, questionId: command.questionId } }];
      case 'reorderQuestions': {
        questionsFixed();
        const current = state.questions.map((q) => q.id);
        const given = command.questionIds;
        if (given.length !== current.length || new Set(given).size !== given.length || !given.every((id) => current.includes(id))) {
          throw new ValidationFailed(['Give every question of the interview once, in the new order']);
        }
        return given.every((id, i) => id === current[i]) ? [] : [{ type: 'QuestionsReordered', data: { interviewId, questionIds: given } }];
      }
      case 'publish':
        if (state.published) return [];
        if (state.closedReason) throw new ValidationFailed([CLOSED_TO_ANSWERS]);
        if (state.questions.length === 0) throw new ValidationFailed(['Add a question before publishing the interview']);
        futureDeadline(state.details.deadline, command.now);
        return [{ type: 'InterviewPublished', data: { interviewId } }];
      case 'close':
        return state.closedReason ? [] : [{ type: 'InterviewClosed', data: { interviewId, reason: 'creator' } }];
      case 'invite': {
        if (command.userIds.includes(state.creatorId)) throw new ValidationFailed(['You cannot invite yourself']);
        const fresh = [...new Set(command.userIds)].filter((userId) => !state.invited.has(userId));
        return fresh.map((userId) => ({ type: 'IntervieweeInvited', data: { interviewId, userId, invitedBy: by.id } }));
      }
      case 'share': {
        const problems = command.colleagues.filter((colleague) => !mayShareWith(state, colleague)).map((colleague) => `Person ${colleague.id} is not a colleague of your account`);
        if (problems.length > 0) throw new ValidationFailed(problems);
        const fresh = [...new Set(command.colleagues.map((colleague) => colleague.id))].filter((userId) => !state.sharedWith.has(userId));
        return fresh.map((userId) => ({ type: 'InterviewShared', data: { interviewId, userId, sharedBy: by.id } }));
      }
      case 'createLink':
        return [{ type: 'AnswerLinkCreated', data: { interviewId, linkId: command.linkId, type: command.linkType } }];
      case 'revokeLink': {
        const link = state.links.get(command.linkId);
        if (!link) throw new NotFound('No such link.');
        return link.revoked ? [] : [{ type: 'AnswerLinkRevoked', data: { interviewId, linkId: command.linkId } }];
      }
    }
  },
};

// A response: one person's answers to one interview.

export type Respondent = { kind: 'member'; userId: number } | { kind: 'guest'; linkId: number; name: string; email: string; organisation: string };
export type ResponseState =
  | { started: false }
  | { started: true; responseId: number; respondent: Respondent; answered: ReadonlyMap<number, 'answered' | 'skipped'>; sent: boolean };

/** A video's facts as the answer needs them: its length, when known by now. */
export type AnswerGiven = { text: string } | { video: { id: number; durationSeconds: number | null } };

type Answering = { interview: Interview; now: Date };
export type ResponseCommand =
  | (Answering & { type: 'start'; responseId: number; respondent: Respondent })
  | (Answering & { type: 'answer'; responseId: number; respondent: Respondent; questionId: number; answer: AnswerGiven })
  | (Answering & { type: 'skip' | 'withdraw'; responseId: number; respondent: Respondent; questionId: number })
  | (Answering & { type: 'send' });

/** Seconds a recording may run past its limit: a recorder stops on the second, a container's length rounds up. */
const RECORDING_TOLERANCE_SECONDS = 1;

export const responseDecider: Decider<ResponseState, ResponseCommand, InterviewEvent> = {
  initialState: { started: false },
  evolve(state, event) {
    switch (event.type) {
      case 'ResponseStarted':
        return { started: true, responseId: event.data.responseId, respondent: event.data.respondent, answered: new Map(), sent: false };
      case 'AnswerSubmitted':
      case 'AnswerSkipped':
      case 'AnswerWithdrawn': {
        if (!state.started) return state;
        const answered = new Map(state.answered);
        if (event.type === 'AnswerWithdrawn') answered.delete(event.data.questionId);
        else answered.set(event.data.questionId, event.type === 'AnswerSubmitted' ? 'answered' : 'skipped');
        return { ...state, answered };
      }
      case 'ResponseSent':
        return state.started ? { ...state, sent: true } : state;
      default:
        return state;
    }
  },
  decide(command, state) {
    const { interview, now } = command;
    if (!isOpen(interview, now)) throw new ValidationFailed([CLOSED_TO_ANSWERS]);
    const interviewId = interview.id;
    if (command.type === 'send') {
      if (!state.started) throw new ValidationFailed(['Answer the questions before sending your answers']);
      const missing = interview.questions.filter((question) => !state.answered.has(question.id));
      if (missing.length > 0) throw new ValidationFailed([interview.details.allowSkip ? 'Answer or skip every question before sending your answers' : 'Answer every question before sending your answers']);
      const respondentUserId = state.respondent.kind === 'member' ? state.respondent.userId : null;
      return [{ type: 'ResponseSent', data: { interviewId, responseId: state.responseId, respondentUserId } }];
    }
    const started: InterviewEvent[] = [];
    let responseId = command.responseId;
    if (state.started) responseId = state.responseId;
    else if (command.respondent.kind === 'member' || command.type === 'start') started.push({ type: 'ResponseStarted', data: { interviewId, responseId, respondent: command.respondent } });
    else throw new ValidationFailed(['Tell us your name and email before you answer']);
    if (command.type === 'start') return started;

    const question = interview.questions.find((q) => q.id === command.questionId);
    if (!question) throw new NotFound(NO_SUCH_QUESTION);
    const questionId = question.id;
    switch (command.type) {
      case 'answer': {
        const { answer } = command;
        if ('text' in answer) {
          if (question.kind !== 'text') throw new ValidationFailed(['This question is answered on video']);
          const text = answer.text.trim();
          if (text === '') throw new ValidationFailed(['Write an answer']);
          if (question.maxLength !== null && text.length > question.maxLength) throw new ValidationFailed([`An answer to this question is at most ${question.maxLength} characters`]);
          return [...started, { type: 'AnswerSubmitted', data: { interviewId, responseId, questionId, kind: 'text', text, videoId: null } }];
        }
        if (question.kind !== 'video') throw new ValidationFailed(['This question is answered in writing']);
        const { id, durationSeconds } = answer.video;
        if (question.timeLimitSeconds !== null && durationSeconds !== null && durationSeconds > question.timeLimitSeconds + RECORDING_TOLERANCE_SECONDS) {
          throw new ValidationFailed([`A video answer to this question is at most ${question.timeLimitSeconds} seconds`]);
        }
        return [...started, { type: 'AnswerSubmitted', data: { interviewId, responseId, questionId, kind: 'video', text: null, videoId: id } }];
      }
      case 'skip':
        if (!interview.details.allowSkip) throw new ValidationFailed(['Questions of this interview cannot be skipped']);
        return [...started, { type: 'AnswerSkipped', data: { interviewId, responseId, questionId } }];
      case 'withdraw':
        return state.started && state.answered.has(questionId) ? [{ type: 'AnswerWithdrawn', data: { interviewId, responseId, questionId } }] : [];
    }
  },
};

