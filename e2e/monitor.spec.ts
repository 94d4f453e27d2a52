import fs from 'node:fs/promises';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, newPersonPastOnboarding, signIn } from './people.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: XHR, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

test('a PR person monitors their company’s name: a new announcement and an article mentioning it arrive live, and the report downloads', async ({ browser, page }, testInfo) => {
  test.setTimeout(180_000);
  const company = `Lighthouse ${Math.random().toString(36).slice(2, 7)}`;

  // A PR person of an account with monitoring, print and reports, answering for the company.
  await newPersonPastOnboarding(page, 'pr');
  const me = await call<{ id: number; slug: string }>(page.request, 'GET', '/api/v1/current_user/info');
  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, demo.admin);
  const modules = ['ROLE_MODULE_MONITOR', 'ROLE_MODULE_MONITOR_PRINT', 'ROLE_MODULE_REPORTS', 'ROLE_MODULE_ONLINE_NEWSROOM'];
  const account = await call<{ id: number }>(admin.request, 'POST', '/api/v1/admin/accounts', { name: company, modules });
  await call(admin.request, 'PATCH', `/api/v1/admin/users/${me.id}`, { accountId: account.id });
  const made = await call<{ id: number }>(admin.request, 'POST', '/api/v1/companies', { name: company, website: `https://${company.replace(/\W+/g, '').toLowerCase()}.example` });
  await call(admin.request, 'PATCH', `/api/v1/u/${me.slug}/settings/company/${made.id}/join`);

  // The monitor, made in its form; the page it lands on has nothing yet.
  await page.goto('/app/monitor');
  await expect(page.getByRole('heading', { name: 'Monitor', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('heading', { name: 'No monitors yet' })).toBeVisible();
  await page.getByRole('button', { name: 'New monitor' }).click();
  const dialog = page.getByRole('dialog', { name: 'New monitor' });
  await dialog.getByRole('button', { name: 'Create monitor' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Name is required');
  await dialog.getByRole('textbox', { name: 'Name' }).fill(company);
  await dialog.getByRole('textbox', { name: 'Query' }).fill(company);
  await keepScreenshot(page, testInfo, 'monitor-form');
  await dialog.getByRole('button', { name: 'Create monitor' }).click();
  await expect(page.getByRole('heading', { name: company, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No mentions yet' })).toBeVisible();

  // Published while the page is open: an announcement of the company, then an editorial article.
  const newsroom = await call<{ id: number }>(page.request, 'POST', '/api/v1/newsrooms', { companyId: made.id, name: company, isPublic: true });
  const announcement = await call<{ id: number }>(page.request, 'POST', '/api/v1/announcements', { newsroomId: newsroom.id, headline: `${company} opens in Perth`, body: '<p>From Monday.</p>' });
  await call(page.request, 'POST', `/api/v1/announcements/${announcement.id}/publish`);
  const mentions = page.getByRole('list', { name: 'Mentions', exact: true });
  await expect(mentions.getByRole('heading', { name: `${company} opens in Perth` })).toBeVisible({ timeout: 15_000 });
  await call(admin.request, 'POST', '/api/v1/news/articles', { kind: 'media', title: `Inside ${company}`, summary: 'A profile of the agency.', content: '<p>Who they are.</p>' });
  await expect(mentions.getByRole('heading', { name: `Inside ${company}` })).toBeVisible({ timeout: 15_000 });
  await expect(mentions.getByRole('listitem')).toHaveCount(2);
  await expect(page.getByText('2 mentions from')).toBeVisible();
  await adminContext.close();
  await keepScreenshot(page, testInfo, 'monitor-page');
  await expectAccessible(page, testInfo, 'monitor-page');

  // The report of the range, as CSV.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await fs.readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`${company} opens in Perth`);
  expect(csv).toContain(`Inside ${company}`);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(pdf.suggestedFilename()).toMatch(/\.pdf$/);
  expect((await fs.readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');

  // On a phone the page stacks: the range, the chart and the mentions one under the other.
  await page.setViewportSize({ width: 375, height: 760 });
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeInViewport();
  await keepScreenshot(page, testInfo, 'monitor-page-375');
});
