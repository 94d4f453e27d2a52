import { expect, test, type APIRequestContext } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium.ts';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

// Chromium's own test camera and microphone (a moving pattern and a beep), granted without a prompt.
const base = await chromiumLaunchOptions();
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: XHR, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

type Interview = { id: number; questions: { id: number; kind: 'video' | 'text' }[] };
type Responses = { data: { respondent: { kind: string; name?: string; email?: string; organisation?: string }; status: string; answers: { questionId: number; kind: string; text: string | null; video: { id: number } | null }[] }[] };

test('a guest answers on camera and in writing through their link in a private window, and the journalist has both answers', async ({ page, browser }, testInfo) => {
  // A camera, a recording and two browsers on a machine others share.
  test.setTimeout(300_000);
  await signIn(page, demo.journalist);
  const stamp = Date.now().toString(36);
  const created = await call<Interview>(page.request, 'POST', '/api/v1/interviews', { title: `Renters on camera ${stamp}`, brief: 'What renting costs this year, in your words.' });
  await call(page.request, 'POST', `/api/v1/interviews/${created.id}/questions`, { kind: 'video', text: 'What do you pay for rent?', timeLimitSeconds: 60, retakes: 1 });
  const questions = (await call<Interview>(page.request, 'POST', `/api/v1/interviews/${created.id}/questions`, { kind: 'text', text: 'Why does it cost so much?', maxLength: 200 })).questions;
  await call(page.request, 'POST', `/api/v1/interviews/${created.id}/publish`);
  const link = await call<{ url: string }>(page.request, 'POST', `/api/v1/interviews/${created.id}/links`, { type: 'video', label: 'For Gail' });
  const linkPath = new URL(link.url).pathname;
  const hash = linkPath.split('/').at(-1)!;

  // A private window: nobody is signed in there.
  const privateWindow = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport: { width: 375, height: 740 } });
  const guest = await privateWindow.newPage();
  await guest.goto(linkPath);
  await expect(guest).toHaveURL(new RegExp(`/app/interviews/async/public/create/${created.id}$`), { timeout: 30_000 });
  // The link's secret leaves the address bar once it has been read.
  expect(guest.url()).not.toContain(hash);
  await expect(guest.getByRole('heading', { name: `Renters on camera ${stamp}`, level: 1 })).toBeVisible();
  await expect(guest.getByRole('listitem').filter({ hasText: 'What do you pay for rent?' })).toContainText('Video answer, up to 1 minute, 1 retake');
  await guest.getByRole('textbox', { name: 'Name' }).fill('Gail Guest');
  await guest.getByRole('textbox', { name: 'Email' }).fill('gail@example.com');
  await guest.getByRole('textbox', { name: 'Organisation' }).fill('Tenants Union');
  await keepScreenshot(guest, testInfo, 'answer-start-375');
  await guest.getByRole('button', { name: 'Start answering' }).click();

  // The video question, on a screen of its own, its heading taking the focus.
  await expect(guest).toHaveURL(new RegExp(`/app/interviews/async/public/video/${created.id}\\?question=${questions[0]!.id}$`));
  const videoQuestion = guest.getByRole('heading', { name: 'What do you pay for rent?', level: 2 });
  await expect(videoQuestion).toBeFocused();
  await expect(guest.getByText('Question 1 of 2')).toBeVisible();
  const recorder = guest.getByRole('region', { name: 'Video recorder' });
  // The browser opens the camera at its own pace on a busy machine.
  await expect(recorder.getByRole('button', { name: 'Start recording' })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(guest, testInfo, 'video-question-375');
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  const stop = recorder.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeVisible({ timeout: 10_000 });
  await guest.waitForTimeout(3000);
  await stop.click();
  await expect(recorder.getByRole('status')).toHaveText('Take 1 recorded. Watch it back, then use it or record another take.', { timeout: 10_000 });
  await keepScreenshot(guest, testInfo, 'video-question-recorded-375');
  await recorder.getByRole('button', { name: 'Use this video' }).click();

  // The written question: counted as one types, against its limit.
  await expect(guest).toHaveURL(new RegExp(`/app/interviews/async/public/text/${created.id}\\?question=${questions[1]!.id}$`), { timeout: 60_000 });
  await expect(guest.getByRole('heading', { name: 'Why does it cost so much?', level: 2 })).toBeFocused();
  await expect(guest.getByText('Question 2 of 2')).toBeVisible();
  const answer = 'Too few homes, and landlords know it.';
  await guest.getByRole('textbox', { name: 'Your answer' }).fill(answer);
  await expect(guest.getByText(`${answer.length} of 200 characters`)).toBeVisible();
  await expectAccessible(guest, testInfo, 'text-question-375');
  await keepScreenshot(guest, testInfo, 'text-question-375');
  await guest.getByRole('button', { name: 'Save and continue' }).click();

  await expect(guest.getByRole('heading', { name: 'Ready to send', level: 2 })).toBeFocused();
  await keepScreenshot(guest, testInfo, 'answer-review-375');
  await guest.getByRole('button', { name: 'Send your answers' }).click();
  await expect(guest).toHaveURL(/\/app\/interviews\/async\/public\/finish$/);
  await expect(guest.getByRole('heading', { name: 'Thank you, your answers are sent', level: 1 })).toBeVisible();
  await keepScreenshot(guest, testInfo, 'answer-finish-375');

  // The journalist has both answers, from the guest as they introduced themselves.
  const responses = await call<Responses>(page.request, 'GET', `/api/v1/interviews/${created.id}/responses`);
  expect(responses.data).toHaveLength(1);
  expect(responses.data[0]).toMatchObject({
    status: 'sent',
    respondent: { kind: 'guest', name: 'Gail Guest', email: 'gail@example.com', organisation: 'Tenants Union' },
    answers: [
      { questionId: questions[0]!.id, kind: 'video', video: { id: expect.any(Number) } },
      { questionId: questions[1]!.id, kind: 'text', text: answer },
    ],
  });

  // The same link on a larger screen comes back to the sent answers, each of which may still change.
  await guest.setViewportSize({ width: 1440, height: 1000 });
  await guest.goto(linkPath);
  await expect(guest.getByRole('heading', { name: 'Your answers are sent', level: 2 })).toBeVisible({ timeout: 30_000 });
  await keepScreenshot(guest, testInfo, 'answer-sent-1440');
  await guest.getByRole('button', { name: 'Change your answer to: Why does it cost so much?' }).click();
  await expect(guest.getByRole('heading', { name: 'Why does it cost so much?', level: 2 })).toBeFocused();
  await expect(guest.getByRole('textbox', { name: 'Your answer' })).toHaveValue(answer);
  await expectAccessible(guest, testInfo, 'text-question-1440');
  await keepScreenshot(guest, testInfo, 'text-question-1440');
  await guest.getByRole('button', { name: 'Previous question' }).click();
  await expect(guest.getByRole('heading', { name: 'What do you pay for rent?', level: 2 })).toBeFocused();
  await expect(guest.getByRole('button', { name: 'Keep this answer' })).toBeVisible();
  await keepScreenshot(guest, testInfo, 'video-question-answered-1440');
  await privateWindow.close();
});
