import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demo, expectAccessible, keepScreenshot, newPersonPastOnboarding, signIn } from './people.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: XHR, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new PR person (no cold-pitch gate between two non-journalists), signed in on a page of their own. */
async function newWriter(page: Page): Promise<number> {
  await newPersonPastOnboarding(page, 'pr');
  return (await call<{ id: number }>(page.request, 'GET', '/api/v1/current_user/info')).id;
}

for (const width of [1440, 375] as const) {
  test(`a conversation at ${width} px: the badge rises live, the thread opens, a reply goes out; no serious axe violation`, async ({ browser, page }, testInfo) => {
    // Two people in two browsers on a shared machine.
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 740 : 1000 });
    // The left nav lists Messages in full mode (admins; MVP's nav has no Messages, spec section 2),
    // the bottom bar on phones for every non-journalist.
    let reader: number;
    if (width === 375) {
      reader = await newWriter(page);
    } else {
      await signIn(page, demo.admin);
      reader = (await call<{ id: number }>(page.request, 'GET', '/api/v1/current_user/info')).id;
    }
    await page.goto('/app/messages');
    // A loaded machine can take a while over the first screen.
    await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible({ timeout: 30_000 });

    const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const writerPage = await other.newPage();
    await newWriter(writerPage);
    const conversation = await call<{ id: number }>(writerPage.request, 'POST', '/api/v1/conversations', { participantIds: [reader], content: '<p>Do you have a minute for the flood story?</p>' });
    await call(writerPage.request, 'POST', `/api/v1/conversations/${conversation.id}/messages`, { content: '<p>Two quotes would do.</p>' });

    // The badge (left nav on larger screens, bottom bar on phones) counts both, live.
    const nav = page.getByRole('navigation', { name: width === 375 ? 'Quick' : 'Main' });
    const badged = width === 375 ? /2.*Messages|Messages.*2/ : /Messages.*2 unread messages/;
    await expect(nav.getByRole('link', { name: badged })).toBeVisible();
    const item = page.getByRole('link', { name: /Tess Tester/ }).first();
    await expect(item).toContainText('Two quotes would do.');
    await keepScreenshot(page, testInfo, `messages-list-${width}`);
    await expectAccessible(page, testInfo, `messages-list-${width}`);

    await item.click();
    await expect(page).toHaveURL(new RegExp(`/app/messages/${conversation.id}$`));
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Do you have a minute for the flood story?')).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
    if (width === 375) await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeHidden();

    await page.getByRole('textbox', { name: 'Write a message' }).fill('Yes, call me at four.');
    await page.keyboard.press('Enter');
    await expect(log.getByText('Yes, call me at four.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Write a message' })).toHaveValue('');
    // The other person's open thread hears the reply.
    await writerPage.goto(`/app/messages/${conversation.id}`);
    await expect(writerPage.getByRole('log', { name: 'Messages' }).getByText('Yes, call me at four.')).toBeVisible();
    await call(writerPage.request, 'POST', `/api/v1/conversations/${conversation.id}/messages`, { content: '<p>Perfect, talk then.</p>' });
    await expect(log.getByText('Perfect, talk then.')).toBeVisible();

    // A photo goes with a line: its upload shows in the tray, and it arrives in the other's thread.
    const photo = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#0b5cad' } }).png().toBuffer();
    await page.locator('.composer-bar input[type=file]').setInputFiles({ name: 'desk.png', mimeType: 'image/png', buffer: photo });
    await expect(page.getByRole('button', { name: 'Remove attachment' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Write a message' }).fill('The desk, this morning.');
    await page.getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('button', { name: 'Remove attachment' })).toHaveCount(0);
    const sent = writerPage.getByRole('log', { name: 'Messages' }).getByRole('article').filter({ hasText: 'The desk, this morning.' });
    await expect(sent.getByRole('img', { name: 'Attached image' })).toBeVisible();
    await other.close();

    await keepScreenshot(page, testInfo, `messages-thread-${width}`);
    await expectAccessible(page, testInfo, `messages-thread-${width}`);
    if (width === 375) {
      await page.getByRole('link', { name: 'All conversations' }).click();
      await expect(page).toHaveURL(/\/app\/messages$/);
    }
  });
}

test('journalists see no messages badge', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  await page.goto('/app/messages');
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /unread messages/ })).toHaveCount(0);
});

test('a profile’s Message button opens a new message to that person, and sending opens the thread', async ({ browser, page }, testInfo) => {
  test.setTimeout(120_000);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const recipientPage = await other.newPage();
  await newWriter(recipientPage);
  const { slug, firstname, lastname } = await call<{ slug: string; firstname: string; lastname: string }>(recipientPage.request, 'GET', '/api/v1/current_user/info');
  await other.close();

  await newWriter(page);
  await page.goto(`/app/u/${slug}`);
  await page.getByRole('link', { name: 'Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await expect(dialog.getByRole('list', { name: 'To' })).toContainText(`${firstname} ${lastname}`);
  // The address no longer asks for the form: a reload does not open it again.
  await expect(page).toHaveURL(/\/app\/messages$/);
  await dialog.getByLabel('Message', { exact: true }).fill('Saw your piece on the port. Coffee?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(page).toHaveURL(/\/app\/messages\/\d+$/);
  await expect(page.getByText('Saw your piece on the port. Coffee?', { exact: true })).toBeVisible();
});

test('a post’s Message action opens a new message to its author', async ({ browser, page }, testInfo) => {
  test.setTimeout(120_000);
  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const authorPage = await other.newPage();
  await newPersonPastOnboarding(authorPage, 'journo');
  const { firstname, lastname } = await call<{ firstname: string; lastname: string }>(authorPage.request, 'GET', '/api/v1/current_user/info');
  const callout = await call<{ id: number }>(authorPage.request, 'POST', '/api/v1/callouts', {
    title: 'Sources on port automation',
    content: '<p>Looking for people who run cranes by remote.</p>',
    deadline: null,
    communities: [],
    userTypes: [],
  });
  await other.close();

  await newWriter(page);
  await page.goto(`/app/?callout=${callout.id}`);
  const post = page.getByRole('dialog', { name: 'Callout' });
  await post.getByRole('link', { name: `Message ${firstname} ${lastname}` }).click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: 'New message' });
  await expect(dialog.getByRole('list', { name: 'To' })).toContainText(`${firstname} ${lastname}`);
});
