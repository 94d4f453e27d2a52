import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

/** What the screen shows (not the whole page): a dialog or panel over the feed. */
async function keepView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(`${name}.png`, { body, contentType: 'image/png' });
}

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function call<T>(request: APIRequestContext, method: 'POST' | 'PATCH', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: XHR, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ });

/** The unread count the bell reads out ("Notifications, 3 unread"), 0 when it says none. */
async function unreadOf(page: Page): Promise<number> {
  const label = (await bell(page).getAttribute('aria-label')) ?? '';
  return Number(/(\d+) unread/.exec(label)?.[1] ?? 0);
}

test('the author’s badge rises live when another person likes their callout, and a click opens the post at the comment', async ({ browser, page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  const stamp = Date.now().toString(36);
  const callout = await call<{ id: number }>(page.request, 'POST', '/api/v1/callouts', { title: `Flood maps ${stamp}`, content: '<p>Who has the new flood maps?</p>' });
  await page.goto('/app/');
  // Start from nothing unread, so each rise is this test's.
  await call(page.request, 'PATCH', '/api/v1/notifications/read');
  await page.reload();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const expert = await other.newPage();
  await signIn(expert, demo.expert);
  await call(expert.request, 'POST', `/api/v1/callouts/${callout.id}/toggleLike`, { status: true });
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 1 unread');
  const comment = await call<{ id: number }>(expert.request, 'POST', `/api/v1/callouts/${callout.id}/comments`, { content: '<p>I have them: sending now.</p>' });
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications, 2 unread');
  await other.close();

  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: new RegExp(`^Eve Expert liked your callout “Flood maps ${stamp}”`) })).toBeVisible();
  await keepView(page, testInfo, 'notifications-panel-1440');
  await expectAccessible(page, testInfo, 'notifications-panel');

  await panel.getByRole('button', { name: /^Eve Expert commented on your callout “I have them: sending now\.”/ }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]callout=${callout.id}(&|$)`));
  await expect(page).toHaveURL(new RegExp(`[?&]cid=${comment.id}(&|$)`));
  await expect(page.getByRole('dialog').getByText(`Flood maps ${stamp}`).first()).toBeVisible();
  // Opening it marked it read: one left.
  await expect.poll(() => unreadOf(page)).toBe(1);
});

test('mark all read clears the badge and every unread mark', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  await page.goto('/app/');
  // The demo's likes and comments on Jo's posts have left notifications.
  await expect.poll(() => unreadOf(page)).toBeGreaterThan(0);
  await bell(page).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.locator('.notification--unread').first()).toBeVisible();
  await panel.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(bell(page)).toHaveAttribute('aria-label', 'Notifications');
  await expect(panel.locator('.notification--unread')).toHaveCount(0);
  await expect(panel.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await keepView(page, testInfo, 'notifications-panel-read-1440');
});

test('on a 375 px phone the notifications are a page of their own', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo.pr);
  await page.goto('/app/notifications');
  await expect(page.getByRole('heading', { level: 1, name: /Notifications/ })).toBeVisible();
  await expect(page.locator('.notification').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'notifications-page-375');
  await expectAccessible(page, testInfo, 'notifications-mobile');
});
