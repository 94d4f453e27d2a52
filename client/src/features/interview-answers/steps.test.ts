import { describe, expect, it } from 'vitest';
import type { AnswerView, AnsweringView, QuestionView } from '../../../../contracts/interviews/api.ts';
import { changedSinceSent, countLine, limitLine, previousOf, progressOf, stateOf, stepOf } from './steps.ts';

const question = (id: number, position: number, kind: 'video' | 'text' = 'text'): QuestionView => ({
  id,
  position,
  kind,
  text: `Question ${id}?`,
  timeLimitSeconds: kind === 'video' ? 120 : null,
  maxLength: kind === 'text' ? 2000 : null,
  thinkSeconds: 0,
  retakes: kind === 'video' ? 1 : 0,
});

const answer = (questionId: number, skipped = false, answeredAt = '2026-11-25T10:00:00.000Z'): AnswerView => ({
  questionId,
  kind: 'text',
  text: skipped ? null : 'An answer',
  video: null,
  skipped,
  answeredAt,
  saved: false,
});

/** What the server answers: every question with showQuestions, else those answered and the next. */
function viewOf(questions: QuestionView[], answers: AnswerView[] | null, options: { showQuestions?: boolean; sentAt?: string } = {}): AnsweringView {
  const done = new Set(answers?.map((a) => a.questionId));
  const next = questions.find((q) => !done.has(q.id)) ?? null;
  const showQuestions = options.showQuestions ?? true;
  return {
    interview: {
      id: 9,
      title: 'Housing costs',
      brief: '',
      deadline: null,
      status: 'open',
      closedReason: null,
      closedLine: null,
      showQuestions,
      allowSkip: true,
      creator: { id: 2, name: 'Jo Journalist', slug: 'jo', avatar: null, type: 'person' } as AnsweringView['interview']['creator'],
      calloutId: null,
      createdAt: '2026-11-25T09:00:00.000Z',
      publishedAt: '2026-11-25T09:00:00.000Z',
    },
    questions: showQuestions ? questions : questions.filter((q) => done.has(q.id) || q.id === next?.id),
    questionsCount: questions.length,
    nextQuestionId: next?.id ?? null,
    response:
      answers === null
        ? null
        : {
            id: 4,
            interviewId: 9,
            respondent: { kind: 'guest', name: 'Gail', email: 'gail@example.com', organisation: '' },
            status: options.sentAt ? 'sent' : 'started',
            answers,
            startedAt: '2026-11-25T09:30:00.000Z',
            sentAt: options.sentAt ?? null,
          },
  };
}

const three = [question(11, 0, 'video'), question(12, 1), question(13, 2)];

describe('which step an answerer comes back to', () => {
  it('someone who has not begun sees the opening page, or the first question where there is none', () => {
    expect(stepOf(viewOf(three, null), null)).toEqual({ name: 'intro' });
    expect(stepOf(viewOf(three, []), null)).toEqual({ name: 'intro' });
    expect(stepOf(viewOf(three, []), null, false)).toEqual({ name: 'question', question: three[0] });
  });

  it('leaving and coming back resumes at the first question neither answered nor skipped', () => {
    expect(stepOf(viewOf(three, [answer(11)]), null)).toEqual({ name: 'question', question: three[1] });
    expect(stepOf(viewOf(three, [answer(11), answer(12, true)]), null)).toEqual({ name: 'question', question: three[2] });
    // A later answer does not move the place past an earlier question still open.
    expect(stepOf(viewOf(three, [answer(13)]), null)).toEqual({ name: 'question', question: three[0] });
  });

  it('once every question is answered or skipped, the page that sends them', () => {
    expect(stepOf(viewOf(three, [answer(11), answer(12, true), answer(13)]), null)).toEqual({ name: 'review' });
  });

  it('a question named in the address is shown when the answerer may see it, else the place to resume', () => {
    const view = viewOf(three, [answer(11)], { showQuestions: false });
    expect(stepOf(view, 11)).toEqual({ name: 'question', question: three[0] });
    expect(stepOf(view, 12)).toEqual({ name: 'question', question: three[1] });
    // Not shown before its turn when the interviewer keeps the questions back, nor one of another interview.
    expect(stepOf(view, 13)).toEqual({ name: 'question', question: three[1] });
    expect(stepOf(view, 99)).toEqual({ name: 'question', question: three[1] });
    expect(stepOf(viewOf(three, [answer(11)]), 13)).toEqual({ name: 'question', question: three[2] });
  });
});

describe('progress across questions', () => {
  it('counts the place of the question and what is done, over every question of the interview', () => {
    const view = viewOf(three, [answer(11), answer(12, true)], { showQuestions: false });
    expect(progressOf(view, three[2]!)).toEqual({ position: 3, total: 3, done: 2 });
    expect(progressOf(viewOf(three, null), three[0]!)).toEqual({ position: 1, total: 3, done: 0 });
  });

  it('numbers questions by their order, whatever gaps a removed question left in their positions', () => {
    const gapped = [question(11, 0), question(13, 2), question(14, 5)];
    expect(progressOf(viewOf(gapped, [answer(11)]), gapped[1]!).position).toBe(2);
    expect(progressOf(viewOf(gapped, [answer(11), answer(13)]), gapped[2]!).position).toBe(3);
  });

  it('goes back only to a question already seen', () => {
    const view = viewOf(three, [answer(11)], { showQuestions: false });
    expect(previousOf(view, three[1]!)).toEqual(three[0]);
    expect(previousOf(view, three[0]!)).toBeNull();
  });

  it('tells answered, skipped and open questions apart', () => {
    const view = viewOf(three, [answer(11), answer(12, true)]);
    expect([11, 12, 13].map((id) => stateOf(view, id))).toEqual(['answered', 'skipped', 'open']);
  });
});

describe('sending again', () => {
  it('is offered only when an answer changed after the answers were sent', () => {
    const sentAt = '2026-11-25T11:00:00.000Z';
    const before = [answer(11, false, '2026-11-25T10:00:00.000Z'), answer(12, false, '2026-11-25T10:30:00.000Z'), answer(13)];
    expect(changedSinceSent(viewOf(three, before, { sentAt }))).toBe(false);
    expect(changedSinceSent(viewOf(three, [...before.slice(0, 2), answer(13, false, '2026-11-25T12:00:00.000Z')], { sentAt }))).toBe(true);
    expect(changedSinceSent(viewOf(three, before))).toBe(false);
  });
});

describe('a written answer’s character count', () => {
  it('counts as the server does, without the spaces around the text', () => {
    expect(countLine('  Half my pay \n', 200)).toEqual({ text: '11 of 200 characters', over: false, near: false, empty: false });
    expect(countLine('   ', 200)).toMatchObject({ text: '0 of 200 characters', empty: true });
  });

  it('warns in the last tenth and refuses past the limit', () => {
    expect(countLine('x'.repeat(180), 200)).toMatchObject({ near: true, over: false });
    expect(countLine('x'.repeat(200), 200)).toMatchObject({ text: '200 of 200 characters', near: true, over: false });
    expect(countLine('x'.repeat(203), 200)).toEqual({ text: '3 characters over the limit of 200', over: true, near: false, empty: false });
  });
});

describe('a question’s limits in words', () => {
  it('says the time, think time and retakes of a video question, and the length of a written one', () => {
    expect(limitLine({ ...question(1, 0, 'video'), timeLimitSeconds: 90, thinkSeconds: 20, retakes: 2 })).toBe('Video answer, up to 1 minute 30 seconds, 20 seconds to think first, 2 retakes');
    expect(limitLine({ ...question(1, 0, 'video'), retakes: 0 })).toBe('Video answer, up to 2 minutes, no retakes');
    expect(limitLine(question(2, 1))).toBe('Written answer, up to 2000 characters');
  });
});
