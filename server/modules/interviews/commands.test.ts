import { describe, expect, it } from 'vitest';
import { CLOSED_TO_ANSWERS } from '../../../contracts/interviews/api.ts';
import type { InterviewEvent } from '../../../contracts/interviews/index.ts';
import { fold } from '../../events/decider.ts';
import { Forbidden, NotFound, ValidationFailed } from '../../errors.ts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { interviewDecider, responseDecider, type Interview, type Respondent } from './commands.ts';

const interviews = deciderSpec(interviewDecider);
const responses = deciderSpec(responseDecider);
const ID = 5;
const jo = { id: 10, roles: ['journo' as const], accountId: null };
const pat = { id: 11, roles: ['pr' as const], accountId: 3 };
const colleague = { id: 12, accountId: 3 };
const eve = { id: 13, roles: ['expert' as const], accountId: null };
const now = new Date('2026-11-25T10:00:00Z');
const details = { title: 'Housing', brief: 'Rents in the city', deadline: '2026-11-26T10:00:00.000Z', showQuestions: true, allowSkip: false, closeAfterAnswers: null };

const created: InterviewEvent[] = [
  { type: 'InterviewCreated', data: { interviewId: ID, creatorId: jo.id, accountId: null, ...details } },
  { type: 'QuestionAdded', data: { interviewId: ID, questionId: 1, kind: 'video', text: 'What do you pay?', timeLimitSeconds: 120, maxLength: null, thinkSeconds: 0, retakes: 1 } },
  { type: 'QuestionAdded', data: { interviewId: ID, questionId: 2, kind: 'text', text: 'Why?', timeLimitSeconds: null, maxLength: 20, thinkSeconds: 0, retakes: 0 } },
];
const published: InterviewEvent[] = [...created, { type: 'InterviewPublished', data: { interviewId: ID } }];
const interviewOf = (events: InterviewEvent[]) => fold(interviewDecider, events) as Interview;
const eveAnswers: Respondent = { kind: 'member', userId: eve.id };
const answering = (events: InterviewEvent[] = published, at = now) => ({ interview: interviewOf(events), now: at, responseId: 40, respondent: eveAnswers });
const started: InterviewEvent = { type: 'ResponseStarted', data: { interviewId: ID, responseId: 40, respondent: eveAnswers } };
const videoAnswered: InterviewEvent = { type: 'AnswerSubmitted', data: { interviewId: ID, responseId: 40, questionId: 1, kind: 'video', text: null, videoId: 9 } };

describe('an interview', () => {
  it('is created by a journalist or a PR person with its questions, each with its limits and defaults', () => {
    interviews
      .given([])
      .when({ type: 'create', interviewId: ID, details, questions: [{ questionId: 1, body: { kind: 'video', text: 'What do you pay?', thinkSeconds: 0, retakes: 1 } }, { questionId: 2, body: { kind: 'text', text: 'Why?', maxLength: 20, thinkSeconds: 30, retakes: 3 } }], by: jo, now })
      .then(created);
    interviews.given([]).when({ type: 'create', interviewId: ID, details, questions: [], by: eve, now }).thenFails(Forbidden);
    interviews.given([]).when({ type: 'create', interviewId: ID, details: { ...details, deadline: '2026-11-24T10:00:00Z' }, questions: [], by: jo, now }).thenFails(ValidationFailed, 'Deadline must be in the future');
  });

  it('is managed by its creator alone', () => {
    for (const by of [pat, eve]) {
      interviews.given(created).when({ type: 'publish', by, now }).thenFails(Forbidden);
      interviews.given(created).when({ type: 'close', by }).thenFails(Forbidden);
      interviews.given(created).when({ type: 'addQuestion', questionId: 3, body: { kind: 'text', text: 'More?', thinkSeconds: 0, retakes: 0 }, by }).thenFails(Forbidden);
    }
    interviews.given([]).when({ type: 'close', by: jo }).thenFails(NotFound);
  });

  it('keeps its questions fixed once published, and reorders them while a draft', () => {
    interviews.given(created).when({ type: 'reorderQuestions', questionIds: [2, 1], by: jo }).then([{ type: 'QuestionsReordered', data: { interviewId: ID, questionIds: [2, 1] } }]);
    interviews.given(created).when({ type: 'reorderQuestions', questionIds: [2], by: jo }).thenFails(ValidationFailed, 'Give every question');
    interviews.given(published).when({ type: 'removeQuestion', questionId: 1, by: jo }).thenFails(ValidationFailed, 'Questions cannot change once the interview is published');
    interviews.given([created[0]!]).when({ type: 'publish', by: jo, now }).thenFails(ValidationFailed, 'Add a question');
  });

  it('closes early by its creator, and by itself once it has the answers it asked for', () => {
    interviews.given(published).when({ type: 'close', by: jo }).then([{ type: 'InterviewClosed', data: { interviewId: ID, reason: 'creator' } }]);
    const quota: InterviewEvent = { type: 'InterviewUpdated', data: { interviewId: ID, closeAfterAnswers: 2 } };
    interviews.given([...published, quota]).when({ type: 'closeIfAnswered', sentCount: 1 }).then([]);
    interviews.given([...published, quota]).when({ type: 'closeIfAnswered', sentCount: 2 }).then([{ type: 'InterviewClosed', data: { interviewId: ID, reason: 'answers' } }]);
    interviews.given(published).when({ type: 'closeIfAnswered', sentCount: 99 }).then([]);
  });

  it('is shared only with colleagues of the same account', () => {
    const patsOwn: InterviewEvent[] = [{ type: 'InterviewCreated', data: { interviewId: ID, creatorId: pat.id, accountId: 3, ...details } }];
    interviews.given(patsOwn).when({ type: 'share', colleagues: [colleague], by: pat }).then([{ type: 'InterviewShared', data: { interviewId: ID, userId: colleague.id, sharedBy: pat.id } }]);
    interviews.given(patsOwn).when({ type: 'share', colleagues: [{ id: eve.id, accountId: null }], by: pat }).thenFails(ValidationFailed, `Person ${eve.id} is not a colleague of your account`);
    interviews.given(created).when({ type: 'share', colleagues: [colleague], by: jo }).thenFails(ValidationFailed);
  });

  it('lets those who read the answers save their media, once', () => {
    const shared: InterviewEvent = { type: 'InterviewShared', data: { interviewId: ID, userId: pat.id, sharedBy: jo.id } };
    const saved: InterviewEvent = { type: 'AnswerSaved', data: { interviewId: ID, responseId: 40, questionId: 1, userId: pat.id } };
    interviews.given([...published, shared]).when({ type: 'save', responseId: 40, questionId: 1, by: pat }).then([saved]);
    interviews.given([...published, shared, saved]).when({ type: 'save', responseId: 40, questionId: 1, by: pat }).then([]);
    interviews.given(published).when({ type: 'save', responseId: 40, questionId: 1, by: eve }).thenFails(Forbidden);
  });
});

describe('a response', () => {
  it('starts with a member’s first answer; a guest says who they are first', () => {
    responses.given([]).when({ type: 'answer', ...answering(), questionId: 1, answer: { video: { id: 9, durationSeconds: 60 } } }).then([started, videoAnswered]);
    const guest: Respondent = { kind: 'guest', linkId: 7, name: 'Gail', email: 'gail@example.com', organisation: 'Uni' };
    responses.given([]).when({ type: 'answer', ...answering(), respondent: guest, questionId: 2, answer: { text: 'Because' } }).thenFails(ValidationFailed, 'Tell us your name and email');
    responses.given([]).when({ type: 'start', ...answering(), respondent: guest }).then([{ type: 'ResponseStarted', data: { interviewId: ID, responseId: 40, respondent: guest } }]);
  });

  it('refuses a video over the time limit, a text over its limit, and an answer of the wrong kind, each with a line', () => {
    responses.given([started]).when({ type: 'answer', ...answering(), questionId: 1, answer: { video: { id: 9, durationSeconds: 125 } } }).thenFails(ValidationFailed, 'A video answer to this question is at most 120 seconds');
    responses.given([started]).when({ type: 'answer', ...answering(), questionId: 2, answer: { text: 'x'.repeat(21) } }).thenFails(ValidationFailed, 'An answer to this question is at most 20 characters');
    responses.given([started]).when({ type: 'answer', ...answering(), questionId: 2, answer: { video: { id: 9, durationSeconds: 5 } } }).thenFails(ValidationFailed, 'This question is answered in writing');
    responses.given([started]).when({ type: 'answer', ...answering(), questionId: 1, answer: { text: 'Hi' } }).thenFails(ValidationFailed, 'This question is answered on video');
    responses.given([started]).when({ type: 'answer', ...answering(), questionId: 2, answer: { text: '   ' } }).thenFails(ValidationFailed, 'Write an answer');
    responses.given([started]).when({ type: 'answer', ...answering(), questionId: 99, answer: { text: 'Hi' } }).thenFails(NotFound);
  });

  it('is refused once the deadline has passed, by the clock and without any event', () => {
    const afterDeadline = new Date('2026-11-26T10:00:01Z');
    responses.given([started]).when({ type: 'answer', ...answering(published, afterDeadline), questionId: 2, answer: { text: 'Late' } }).thenFails(ValidationFailed, CLOSED_TO_ANSWERS);
    expect(() => responseDecider.decide({ type: 'send', interview: interviewOf(published), now: afterDeadline }, fold(responseDecider, [started, videoAnswered]))).toThrow(CLOSED_TO_ANSWERS);
  });

  it('is refused once closed, and before it is published', () => {
    const closed: InterviewEvent = { type: 'InterviewClosed', data: { interviewId: ID, reason: 'creator' } };
    responses.given([started]).when({ type: 'answer', ...answering([...published, closed]), questionId: 2, answer: { text: 'Hi' } }).thenFails(ValidationFailed, CLOSED_TO_ANSWERS);
    responses.given([]).when({ type: 'answer', ...answering(created), questionId: 2, answer: { text: 'Hi' } }).thenFails(ValidationFailed, CLOSED_TO_ANSWERS);
  });

  it('is sent once every question is answered (or skipped, when skipping is allowed); sending again replaces it', () => {
    const textAnswered: InterviewEvent = { type: 'AnswerSubmitted', data: { interviewId: ID, responseId: 40, questionId: 2, kind: 'text', text: 'Because', videoId: null } };
    const sent: InterviewEvent = { type: 'ResponseSent', data: { interviewId: ID, responseId: 40, respondentUserId: eve.id } };
    responses.given([started, videoAnswered]).when({ type: 'send', ...answering() }).thenFails(ValidationFailed, 'Answer every question before sending your answers');
    responses.given([started, videoAnswered, textAnswered]).when({ type: 'send', ...answering() }).then([sent]);
    responses.given([started, videoAnswered, textAnswered, sent]).when({ type: 'send', ...answering() }).then([sent]);
    responses.given([started]).when({ type: 'skip', ...answering(), questionId: 2 }).thenFails(ValidationFailed, 'Questions of this interview cannot be skipped');
    const skippable = [...published, { type: 'InterviewUpdated', data: { interviewId: ID, allowSkip: true } } as InterviewEvent];
    responses.given([started, videoAnswered]).when({ type: 'skip', ...answering(skippable), questionId: 2 }).then([{ type: 'AnswerSkipped', data: { interviewId: ID, responseId: 40, questionId: 2 } }]);
  });
});
