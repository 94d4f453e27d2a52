import fs from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { makeClip } from '../server/modules/video/testing.ts';
import { chromiumLaunchOptions } from './chromium.ts';
import { demo, expectAccessible, signIn } from './people.ts';

// Chromium's own test camera and microphone (a moving pattern and a beep), granted without a prompt.
const base = await chromiumLaunchOptions();
test.use({ launchOptions: { ...base, args: [...(base.args ?? []), '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'] } });

/** What the screen shows now, kept as a test artifact. */
async function keepView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(`${name}.png`, { body, contentType: 'image/png' });
}

/** Records `seconds` of the fake camera: the 3-2-1 countdown, then recording, then stop. */
async function record(recorder: Locator, seconds: number): Promise<void> {
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(recorder.getByRole('timer', { name: /Recording starts in/ })).toBeVisible();
  const stop = recorder.getByRole('button', { name: 'Stop recording' });
  await expect(stop).toBeVisible({ timeout: 6000 });
  await expect(stop).toBeFocused();
  await recorder.page().waitForTimeout(seconds * 1000);
  await stop.click();
  await expect(recorder.getByRole('button', { name: 'Use this video' })).toBeVisible();
}

test('a person records a video update with the camera and publishes it; a second tab sees it go from processing to playing without a reload, and switches quality', async ({ page, browser }, testInfo) => {
  test.setTimeout(600_000);
  // Someone else reads the feed in a tab of their own, open before the post exists.
  const other = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const reader = await other.newPage();
  await signIn(reader, demo.journalist);
  await reader.goto('/app/');
  await expect(reader.getByRole('article').first()).toBeVisible({ timeout: 60_000 });
  await reader.evaluate(() => Object.assign(window, { sameDocument: true }));

  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.pr);
  await page.goto('/app/');
  const stamp = Date.now().toString(36);
  await page.getByRole('button', { name: 'Start a post' }).click();
  await page.getByRole('dialog', { name: 'Create a post' }).getByRole('button', { name: /^Video update/ }).click();
  const dialog = page.getByRole('dialog', { name: /^New / });
  await dialog.getByRole('button', { name: 'Record video' }).click();
  const recorder = dialog.getByRole('region', { name: 'Video recorder' });
  await expect(recorder.getByLabel('Camera preview')).toBeVisible({ timeout: 30_000 });
  await record(recorder, 4);
  // Someone else's longer video is ahead in the transcode queue: a quiet machine makes a short
  // recording playable in a second or two, before the reader could see it processing.
  const ahead = testInfo.outputPath('ahead.mp4');
  await makeClip(ahead, { width: 1920, height: 1080, seconds: 8, fps: 30 });
  const queued = await page.request.post('/api/v1/uploads', { headers: { 'x-requested-with': 'XMLHttpRequest' }, multipart: { file: { name: 'ahead.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(ahead) } } });
  expect(queued.status()).toBe(201);
  await recorder.getByRole('button', { name: 'Use this video' }).click();
  await expect(dialog.getByText(/^Video attached, processing/)).toBeVisible({ timeout: 60_000 });
  await dialog.getByLabel('Content').fill(`Recorded update ${stamp}`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Video update published')).toBeVisible({ timeout: 30_000 });

  // The reader is told of the new post, shows it, and sees it processing.
  await reader.getByRole('button', { name: /new post/ }).click({ timeout: 60_000 });
  const card = reader.getByRole('article').filter({ hasText: `Recorded update ${stamp}` });
  const figure = card.getByRole('figure', { name: 'Video update' });
  await expect(figure.getByRole('status')).toHaveText(/Processing…/, { timeout: 30_000 });

  // The transcode ends; the video plays where "Processing…" was, in the same document.
  const player = figure.locator('video');
  // Transcoding takes a few times the clip's length on a busy machine.
  await expect(player).toBeVisible({ timeout: 300_000 });
  expect(await reader.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(player).toHaveAttribute('poster', /\.jpg/);
  await expect(figure).toHaveAttribute('data-playback', 'hls.js');

  // It starts at the lowest quality; the person picks a higher one and the player switches to it.
  const quality = figure.getByLabel('Quality');
  await expect(quality).toBeVisible({ timeout: 30_000 });
  const offered = await quality.locator('option').evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
  expect(offered[0]).toBe('auto');
  const [highest, ...rest] = offered.slice(1);
  const lowest = rest.at(-1) ?? highest;
  // Until then the cover waits with one button, and nothing of the stream is loaded.
  expect(await player.evaluate((video: HTMLVideoElement) => ({ controls: video.controls, src: video.currentSrc }))).toEqual({ controls: false, src: '' });
  await figure.getByRole('button', { name: 'Play Video update' }).click();
  await expect(player).toHaveJSProperty('controls', true);
  await expect(figure).toHaveAttribute('data-quality', lowest!, { timeout: 30_000 });
  await keepView(reader, testInfo, 'player-playing-1280');
  await quality.selectOption(highest!);
  await expect(figure).toHaveAttribute('data-quality', highest!, { timeout: 60_000 });
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 60_000 }).toBeGreaterThan(0.5);
  await keepView(reader, testInfo, 'player-switched-1280');

  // The choice is remembered for the next time the person watches.
  await reader.reload();
  await expect(reader.getByRole('article').filter({ hasText: `Recorded update ${stamp}` }).getByLabel('Quality')).toHaveValue(highest!, { timeout: 60_000 });
  await other.close();
});

test('the recorder and the player on their development pages, on a desktop and a phone', async ({ page }, testInfo) => {
  test.setTimeout(480_000);
  await signIn(page, demo.admin);
  for (const [width, height] of [
    [1440, 1000],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto('/app/development/videoRecorder');
    const recorder = page.getByRole('region', { name: 'Video recorder' });
    // The browser opens the camera at its own pace; once it is ready, its button has the focus.
    await expect(recorder.getByRole('button', { name: 'Start recording' })).toBeVisible({ timeout: 30_000 });
    await expect(recorder.getByRole('button', { name: 'Start recording' })).toBeFocused();
    await expectAccessible(page, testInfo, `recorder-ready-${width}`);
    await keepView(page, testInfo, `recorder-ready-${width}`);
    await recorder.getByRole('button', { name: 'Start recording' }).click();
    await expect(recorder.getByRole('timer', { name: /Recording starts in/ })).toBeVisible();
    await keepView(page, testInfo, `recorder-countdown-${width}`);
    await expect(recorder.getByRole('button', { name: 'Stop recording' })).toBeVisible({ timeout: 6000 });
    await page.waitForTimeout(2500);
    await keepView(page, testInfo, `recorder-recording-${width}`);
    await recorder.getByRole('button', { name: 'Stop recording' }).click();
    await expect(recorder.getByRole('button', { name: 'Use this video' })).toBeFocused();
    await expect(recorder.getByRole('status')).toHaveText('Recorded. Watch it back, then use it or retake it.');
    // The playback knows the recording's length at once, not 0:00 until played to the end.
    const length = () => recorder.getByLabel('Your recording').evaluate((video: HTMLVideoElement) => video.duration);
    await expect.poll(length, { timeout: 10_000 }).toBeGreaterThan(1.5);
    expect(Number.isFinite(await length())).toBe(true);
    expect(await recorder.getByLabel('Your recording').evaluate((video: HTMLVideoElement) => video.currentTime)).toBe(0);
    await keepView(page, testInfo, `recorder-recorded-${width}`);

    // Retake throws the recording away and opens the camera again.
    await recorder.getByRole('button', { name: 'Retake' }).click();
    await expect(recorder.getByRole('button', { name: 'Start recording' })).toBeVisible();
    await record(recorder, 2);
    await recorder.getByRole('button', { name: 'Use this video' }).click();
    await expect(page.getByText(/^Uploaded as video \d+\.$/)).toBeVisible({ timeout: 30_000 });
    const uploaded = Number((await page.getByText(/^Uploaded as video \d+\.$/).textContent())!.match(/\d+/)![0]);
    await keepView(page, testInfo, `recorder-uploaded-${width}`);
    // Uploaded: nothing of it is left in the browser.
    await expect.poll(() => page.evaluate(() => new Promise<number>((resolve) => {
      const open = indexedDB.open('pressroom-recordings');
      open.onsuccess = () => {
        const count = open.result.transaction('recordings').objectStore('recordings').count();
        count.onsuccess = () => resolve(count.result);
      };
    }))).toBe(0);

    await page.goto('/app/development/hls');
    await page.getByLabel('Video id').fill(String(uploaded));
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page.getByRole('figure', { name: `Video ${uploaded}` }).locator('video')).toBeVisible({ timeout: 240_000 });
    await expectAccessible(page, testInfo, `hls-${width}`);
    await keepView(page, testInfo, `hls-${width}`);
  }
});

test('where the browser has no camera, the recorder says so and offers a file instead', async ({ page }, testInfo) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.mediaDevices, 'getUserMedia', {
      value: () => Promise.reject(new DOMException('Requested device not found', 'NotFoundError')),
    });
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, demo.admin);
  await page.goto('/app/development/videoRecorder');
  const recorder = page.getByRole('region', { name: 'Video recorder' });
  await expect(recorder.getByRole('status')).toHaveText('No camera was found on this device. You can upload a video file instead.');
  await expect(recorder.getByRole('button', { name: 'Upload a video file' })).toBeFocused();
  await keepView(page, testInfo, 'recorder-no-camera-390');
});
