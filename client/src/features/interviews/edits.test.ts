import { describe, expect, it } from 'vitest';
import type { InterviewView } from '../../../../contracts/interviews/api.ts';
import { draftReducer, judgeDraft, type DraftAction, type InterviewDraft } from './draft.ts';
import { draftOf, saveEdits } from './edits.ts';

const interview = (status: InterviewView['status'] = 'draft'): InterviewView => ({
  id: 5,
  title: 'Heat and the grid',
  brief: 'For Saturday.',
  deadline: '2030-01-15T09:30:00.000Z',
  status,
  closedReason: null,
  closedLine: null,
  showQuestions: true,
  allowSkip: false,
  closeAfterAnswers: null,
  creator: { id: 7, avatar: null, name: 'Jo Reporter', slug: 'jo', type: 'person' },
  calloutId: null,
  questions: [
    { id: 11, position: 0, kind: 'video', text: 'What fails first?', timeLimitSeconds: 60, maxLength: null, thinkSeconds: 20, retakes: 2 },
    { id: 12, position: 1, kind: 'text', text: 'One fix?', timeLimitSeconds: null, maxLength: 800, thinkSeconds: 0, retakes: 0 },
    { id: 13, position: 2, kind: 'text', text: 'Anything else?', timeLimitSeconds: null, maxLength: 2000, thinkSeconds: 0, retakes: 0 },
  ],
  answersCount: 0,
  createdAt: '2026-11-25T10:00:00Z',
  publishedAt: null,
  permissions: { canManage: true, canReadAnswers: true, canAnswer: false },
});

/** Saves the draft after these changes, answering each added question with the next id; the calls made, in order. */
async function saved(view: InterviewView, ...actions: DraftAction[]): Promise<string[]> {
  const draft = actions.reduce(draftReducer, draftOf(view, 'UTC'));
  const judged = judgeDraft(draft, 'UTC');
  if (!judged.ok) throw new Error(JSON.stringify(judged.errors));
  const calls: string[] = [];
  let next = 20;
  await saveEdits(view, draft.questions, judged.body, async (method, path, body, question) => {
    calls.push(`${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}${question === null ? '' : ` @${question}`}`);
    return { id: method === 'POST' ? next++ : null };
  });
  return calls;
}

describe('editing a saved interview', () => {
  it('starts from the interview as saved, each question with its id and limits', () => {
    const draft: InterviewDraft = draftOf(interview(), 'Australia/Sydney');
    expect(draft).toMatchObject({ title: 'Heat and the grid', deadline: '2030-01-15T20:30', closeAfterAnswers: '', nextKey: 4 });
    expect(draft.questions.map((q) => [q.id, q.kind, q.timeLimitSeconds, q.maxLength])).toEqual([
      [11, 'video', 60, '2000'],
      [12, 'text', 120, '800'],
      [13, 'text', 120, '2000'],
    ]);
  });

  it('sends nothing when nothing changed', async () => {
    expect(await saved(interview())).toEqual([]);
  });

  it('sends only the details that changed', async () => {
    expect(await saved(interview(), { type: 'set', field: 'title', value: 'Heat, and the grid' }, { type: 'toggle', field: 'allowSkip', value: true })).toEqual([
      'PATCH /api/v1/interviews/5 {"title":"Heat, and the grid","allowSkip":true}',
    ]);
  });

  it('removes, edits, adds and reorders questions, a changed kind being a new question', async () => {
    expect(
      await saved(
        interview(),
        { type: 'remove', key: 3 },
        { type: 'edit', key: 2, changes: { text: 'One fix, in a line?' } },
        { type: 'kind', key: 1, kind: 'text' },
        { type: 'add', kind: 'video' },
        { type: 'edit', key: 4, changes: { text: 'On camera: why?' } },
        { type: 'move', key: 4, by: -1 },
      ),
    ).toEqual([
      'DELETE /api/v1/interviews/5/questions/11',
      'DELETE /api/v1/interviews/5/questions/13',
      'POST /api/v1/interviews/5/questions {"kind":"text","text":"What fails first?","maxLength":2000,"thinkSeconds":0,"retakes":1} @0',
      'POST /api/v1/interviews/5/questions {"kind":"video","text":"On camera: why?","timeLimitSeconds":120,"thinkSeconds":0,"retakes":1} @1',
      'PATCH /api/v1/interviews/5/questions/12 {"text":"One fix, in a line?","maxLength":800,"thinkSeconds":0,"retakes":1} @2',
      'PUT /api/v1/interviews/5/questions {"questionIds":[20,21,12]}',
    ]);
  });

  it('asks for no new order when the added questions already end the list', async () => {
    expect(await saved(interview(), { type: 'add', kind: 'text' }, { type: 'edit', key: 4, changes: { text: 'Last one?' } })).toEqual([
      'POST /api/v1/interviews/5/questions {"kind":"text","text":"Last one?","maxLength":2000,"thinkSeconds":0,"retakes":1} @3',
    ]);
  });

  it('leaves the questions of a published interview alone, whose details may still change', async () => {
    expect(await saved(interview('open'), { type: 'set', field: 'deadline', value: '2030-02-01T12:00' }, { type: 'edit', key: 1, changes: { text: 'Changed?' } })).toEqual([
      'PATCH /api/v1/interviews/5 {"deadline":"2030-02-01T12:00:00Z"}',
    ]);
  });
});
