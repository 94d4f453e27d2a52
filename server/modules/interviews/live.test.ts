import { beforeAll, describe, expect, it } from 'vitest';
import { applyInlineBatch } from '../../projections/inline.ts';
import { metadata } from '../../testing/core.ts';
import { signInAs, type Caller } from '../../testing/people.ts';
import { liveDemo, nextMessage } from '../../testing/realtime.ts';
import { uploadRecording } from './testing.ts';

const demo = liveDemo();
const { socketOf } = demo;
let jo: Caller;
let pat: Caller;
let eve: Caller;

beforeAll(async () => {
  jo = await signInAs(demo.live.app, 'journalist@pressroom.local');
  pat = await signInAs(demo.live.app, 'pr@pressroom.local');
  eve = await signInAs(demo.live.app, 'expert@pressroom.local');
});

const put = (who: Caller, url: string, payload: object) =>
  demo.live.app.inject({ method: 'PUT', url, headers: { 'x-requested-with': 'XMLHttpRequest' }, cookies: { pressroom_session: who.token }, payload });

async function openInterview() {
  const created = (await pat.call('POST', '/api/v1/interviews', { title: 'Live', questions: [{ kind: 'text', text: 'Why?' }, { kind: 'video', text: 'Show us' }] })).json();
  await pat.call('POST', `/api/v1/interviews/${created.id}/publish`);
  return { id: created.id as number, text: created.questions[0].id as number, video: created.questions[1].id as number };
}

describe('the interviewer’s open page', () => {
  it('sees each answer arrive live, and the response sent', async () => {
    const { id, text, video } = await openInterview();
    const page = await socketOf(pat);
    expect(await page.emitWithAck('join', `interview:${id}`)).toEqual({ ok: true });

    const answered = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.answers.length === 1);
    expect((await put(jo, `/api/v1/interviews/${id}/answers/${text}`, { text: 'Because' })).statusCode).toBe(200);
    expect(await answered).toMatchObject({ interviewId: id, response: { respondent: { kind: 'member', person: { id: jo.id } }, status: 'started', answers: [{ questionId: text, text: 'Because' }] } });

    const videoId = await uploadRecording(demo.live.app, '/api/v1/uploads', jo.token);
    const withVideo = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.answers.some((a) => a.video !== null));
    await put(jo, `/api/v1/interviews/${id}/answers/${video}`, { video: videoId });
    expect((await withVideo).response.answers).toContainEqual(expect.objectContaining({ questionId: video, video: expect.objectContaining({ id: videoId, status: 'processing' }) }));

    // The transcode finishing: the answer turns playable on the open page.
    const playable = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.answers.some((a) => a.video?.status === 'processed'));
    await demo.live.core.commands.transaction(async (unit) => {
      const processed = { type: 'VideoProcessed', data: { videoId, master: '/uploads/hls/a/master.m3u8', qualities: { '360': '/uploads/hls/a/360.m3u8' }, fallback: '/uploads/hls/a/360.mp4', cover: '/uploads/hls/a/cover.jpg', duration: 1, width: 160, height: 120 } };
      const events = await demo.live.core.store.appendInTransaction(unit.trx, `video-${videoId}`, 1, [processed], metadata());
      await applyInlineBatch(demo.live.core.model.inline, unit.trx, events);
      unit.appended.push(...events);
    });
    expect((await playable).response.answers).toContainEqual(expect.objectContaining({ video: expect.objectContaining({ status: 'processed', url: '/uploads/hls/a/master.m3u8', duration: 1 }) }));

    const sent = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.status === 'sent');
    // The creator's other tabs, on a list and not in the interview's room, see its count move.
    const list = await socketOf(pat);
    const counted = nextMessage(list, 'interview:counted', (m) => m.interviewId === id);
    await jo.call('POST', `/api/v1/interviews/${id}/send`);
    expect(await sent).toMatchObject({ answersCount: 1, response: { status: 'sent' } });
    expect(await counted).toMatchObject({ interviewId: id, answersCount: 1 });

    const closed = nextMessage(page, 'interview:changed', (m) => m.interviewId === id && m.change === 'closed');
    await pat.call('POST', `/api/v1/interviews/${id}/close`);
    expect(await closed).toMatchObject({ status: 'closed', closedReason: 'creator' });
  });

  it('hears a first answer once, though it starts the response too', async () => {
    const { id, text } = await openInterview();
    const page = await socketOf(pat);
    await page.emitWithAck('join', `interview:${id}`);
    const heard: string[] = [];
    page.on('interview:answered', (m) => {
      if (m.interviewId === id) heard.push(m.response.answers[0]?.text ?? '');
    });
    const first = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.answers[0]?.text === 'First');
    await put(eve, `/api/v1/interviews/${id}/answers/${text}`, { text: 'First' });
    await first;
    const again = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.answers[0]?.text === 'Again');
    await put(eve, `/api/v1/interviews/${id}/answers/${text}`, { text: 'Again' });
    await again;
    expect(heard).toEqual(['First', 'Again']);
  });

  it('is a room only those who read the answers may join', async () => {
    const { id } = await openInterview();
    for (const who of [jo, eve]) expect(await (await socketOf(who)).emitWithAck('join', `interview:${id}`)).toEqual({ ok: false, error: 'You may not join this room.' });
  });

  it('hears a guest’s answers by link too', async () => {
    const { id, text } = await openInterview();
    const link = (await pat.call('POST', `/api/v1/interviews/${id}/links`, { type: 'text' })).json();
    const api = `/api/v1/async/answer/text/${link.url.split('/').at(-1)}`;
    const page = await socketOf(pat);
    await page.emitWithAck('join', `interview:${id}`);
    const guest = (method: 'POST' | 'PUT', url: string, payload: object) => demo.live.app.inject({ method, url, headers: { 'x-requested-with': 'XMLHttpRequest' }, payload });
    await guest('POST', `${api}/start`, { name: 'Gail', email: 'gail@example.com' });
    const answered = nextMessage(page, 'interview:answered', (m) => m.interviewId === id && m.response.answers.length === 1);
    await guest('PUT', `${api}/answers/${text}`, { text: 'From a guest' });
    expect(await answered).toMatchObject({ response: { respondent: { kind: 'guest', name: 'Gail' }, answers: [{ text: 'From a guest' }] } });
  });
});
