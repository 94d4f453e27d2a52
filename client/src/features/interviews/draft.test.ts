import { describe, expect, it } from 'vitest';
import { draftReducer, emptyDraft, errorsOfLines, judgeDraft, rawBodyOf, spokenSeconds, type DraftAction, type InterviewDraft } from './draft.ts';

const run = (...actions: DraftAction[]) => actions.reduce(draftReducer, emptyDraft());
const keys = (draft: InterviewDraft) => draft.questions.map((question) => `${question.key}:${question.kind}`);

describe('the question editor', () => {
  it('starts with one video question of two minutes and one retake, as the server defaults', () => {
    expect(emptyDraft().questions).toEqual([{ key: 1, kind: 'video', text: '', timeLimitSeconds: 120, thinkSeconds: 0, retakes: 1, maxLength: '2000' }]);
  });

  it('adds questions at the end, each with a key of its own, and removes the one asked', () => {
    const draft = run({ type: 'add', kind: 'text' }, { type: 'add', kind: 'video' }, { type: 'remove', key: 2 });
    expect(keys(draft)).toEqual(['1:video', '3:video']);
    expect(keys(draftReducer(draft, { type: 'add', kind: 'text' }))).toEqual(['1:video', '3:video', '4:text']);
  });

  it('moves a question up or down one place, and not past either end', () => {
    const draft = run({ type: 'add', kind: 'text' }, { type: 'add', kind: 'text' });
    expect(keys(draftReducer(draft, { type: 'move', key: 3, by: -1 }))).toEqual(['1:video', '3:text', '2:text']);
    expect(keys(draftReducer(draft, { type: 'move', key: 1, by: 1 }))).toEqual(['2:text', '1:video', '3:text']);
    expect(draftReducer(draft, { type: 'move', key: 1, by: -1 })).toBe(draft);
    expect(draftReducer(draft, { type: 'move', key: 3, by: 1 })).toBe(draft);
  });

  it('keeps the wording and each kind’s limits when a question switches kind and back', () => {
    const draft = run({ type: 'edit', key: 1, changes: { text: 'Why now?', timeLimitSeconds: 60 } }, { type: 'kind', key: 1, kind: 'text' }, { type: 'edit', key: 1, changes: { maxLength: '500' } });
    expect(draft.questions[0]).toMatchObject({ kind: 'text', text: 'Why now?', maxLength: '500' });
    expect(draftReducer(draft, { type: 'kind', key: 1, kind: 'video' }).questions[0]).toMatchObject({ kind: 'video', timeLimitSeconds: 60, maxLength: '500' });
  });

  it('starts again empty on reset', () => {
    expect(draftReducer(run({ type: 'set', field: 'title', value: 'x' }, { type: 'add', kind: 'text' }), { type: 'reset' })).toEqual(emptyDraft());
  });
});

describe('the request a draft makes', () => {
  it('gives each question only its own kind’s limits, the deadline as an instant in the person’s timezone, and no quota when none is typed', () => {
    const draft = run(
      { type: 'set', field: 'title', value: 'Heat and the grid' },
      { type: 'set', field: 'deadline', value: '2030-01-15T09:30' },
      { type: 'edit', key: 1, changes: { text: 'On camera: what fails first?', thinkSeconds: 20, retakes: 2 } },
      { type: 'add', kind: 'text' },
      { type: 'edit', key: 2, changes: { text: 'In writing: one fix?', maxLength: '800' } },
      { type: 'toggle', field: 'allowSkip', value: true },
    );
    expect(rawBodyOf(draft, 'Australia/Sydney')).toEqual({
      title: 'Heat and the grid',
      brief: '',
      deadline: '2030-01-15T09:30:00+11:00',
      showQuestions: true,
      allowSkip: true,
      closeAfterAnswers: null,
      questions: [
        { kind: 'video', text: 'On camera: what fails first?', timeLimitSeconds: 120, thinkSeconds: 20, retakes: 2 },
        { kind: 'text', text: 'In writing: one fix?', maxLength: 800 },
      ],
    });
  });

  it('is judged by the server’s schema: the problems sit at their fields, questions by their place', () => {
    const draft = run({ type: 'add', kind: 'text' }, { type: 'edit', key: 1, changes: { text: 'Fine' } }, { type: 'edit', key: 2, changes: { maxLength: '' } }, { type: 'set', field: 'closeAfterAnswers', value: '0' });
    const judged = judgeDraft(draft, 'UTC');
    expect(judged.ok).toBe(false);
    if (judged.ok) return;
    expect(judged.errors.fields).toMatchObject({
      title: 'Title is required',
      'questions.1.text': 'Question is required',
      'questions.1.maxLength': expect.stringMatching(/Length limit/),
      closeAfterAnswers: 'Number of answers must be at least 1',
    });
    expect(judged.errors.fields['questions.0.text']).toBeUndefined();
  });

  it('passes a whole draft as the body the server takes', () => {
    const judged = judgeDraft(run({ type: 'set', field: 'title', value: '  Budget night ' }, { type: 'edit', key: 1, changes: { text: 'Your reaction?' } }), 'UTC');
    expect(judged).toMatchObject({ ok: true, body: { title: 'Budget night', deadline: null, closeAfterAnswers: null, questions: [{ kind: 'video', text: 'Your reaction?', timeLimitSeconds: 120 }] } });
  });
});

describe('the server’s lines, placed', () => {
  it('places lines by the field the answer ties them to (400) or whose label starts them (422), and keeps the rest for the form', () => {
    const lines = ['Question must be at most 1000 characters', 'Deadline must be in the future', 'At most 50 questions', 'Title is required', 'Title must be at most 300 characters'];
    expect(errorsOfLines(lines, { 'questions.0.text': ['Question must be at most 1000 characters'], title: ['Title is required'] })).toEqual({
      fields: { 'questions.0.text': 'Question must be at most 1000 characters', deadline: 'Deadline must be in the future', title: 'Title is required' },
      form: ['At most 50 questions'],
    });
  });
});

it('says lengths of time as people do', () => {
  expect([30, 60, 90, 120, 600].map(spokenSeconds)).toEqual(['30 seconds', '1 minute', '1 minute 30 seconds', '2 minutes', '10 minutes']);
});
