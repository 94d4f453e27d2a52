import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PATCH', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: XHR, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A new PR person past onboarding, signed in on `page`, whom the platform admin moves into Harbour PR (Pat's account). */
async function newColleague(page: Page, admin: APIRequestContext, accountId: number, lastname: string): Promise<number> {
  const email = `colleague-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const signedUp = await page.request.post('/api/v1/auth/sign_up', { headers: XHR, data: { email, password: DEMO_PASSWORD, firstname: 'Cole', lastname, role: 'pr' } });
  expect(signedUp.status()).toBe(201);
  const { id, slug } = await call<{ id: number; slug: string }>(page.request, 'GET', '/api/v1/current_user/info');
  await call(page.request, 'PATCH', `/api/v1/u/${slug}/settings/onboarding`, { stage: false });
  await call(admin, 'PATCH', `/api/v1/admin/users/${id}`, { accountId });
  return id;
}

for (const width of [1440, 375] as const) {
  test(`a PR person at ${width} px gives a colleague a task, who sees it arrive and is told; overdue ones stand out; no serious axe violation`, async ({ browser, page }, testInfo) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 375 ? 760 : 1000 };
    await page.setViewportSize(viewport);
    await signIn(page, demo.pr);
    const harbour = (await call<{ account: { id: number } }>(page.request, 'GET', '/api/v1/current_user/info')).account.id;

    // The colleague, in a browser of their own, on their tasks before anything is given to them.
    const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const adminPage = await adminContext.newPage();
    await signIn(adminPage, demo.admin);
    const colleagueContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport });
    const colleague = await colleagueContext.newPage();
    const lastname = `Colleague${width}`;
    const colleagueId = await newColleague(colleague, adminPage.request, harbour, lastname);
    await adminContext.close();
    await colleague.goto('/app/tasks');
    await expect(colleague.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(colleague.getByRole('heading', { name: 'Nothing here is assigned to you' })).toBeVisible();

    // Pat gives the colleague a task about a contact, in the form.
    await page.goto('/app/tasks');
    await expect(page.getByRole('heading', { name: 'Tasks', level: 1 })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'New task' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New task' });
    await dialog.getByRole('button', { name: 'Create task' }).click();
    // Said beside the field, in the server's words, and read out once.
    await expect(dialog.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription('Title is required');
    await expect(dialog.getByRole('alert')).toHaveText('Title is required');
    const title = `Pitch the launch to Tom (${width})`;
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Assignee' }).selectOption({ label: `Cole ${lastname}` });
    await dialog.getByLabel('Due').fill('2031-05-02T10:30');
    await dialog.getByRole('textbox', { name: 'Link to a contact' }).fill('Tom Wal');
    await dialog.getByRole('button', { name: /^Link Tom Walker/ }).first().click();
    await expect(dialog.getByText('Contact: Tom Walker')).toBeVisible();
    await keepScreenshot(page, testInfo, `tasks-form-${width}`);
    await expectAccessible(page, testInfo, `tasks-form-${width}`);
    await dialog.getByRole('button', { name: 'Create task' }).click();
    await expect(dialog).toBeHidden();

    // The colleague's open page hears it: the task appears and a toast says who gave it.
    const theirs = colleague.getByRole('list', { name: /Assigned to me/ });
    await expect(theirs.getByRole('heading', { name: title })).toBeVisible();
    await expect(colleague.getByText(`Pat Publicist gave you “${title}”.`)).toBeVisible();
    // Due 10:30 on Pat's clock (Sydney), shown on the colleague's (Sydney too, by default).
    await expect(theirs.getByText('Due 2 May 2031, 10:30')).toBeVisible();
    await expect(theirs.getByRole('link', { name: 'Contact: Tom Walker' })).toBeVisible();

    // One already late, given through the API: it stands out and leads the list.
    await call(page.request, 'POST', '/api/v1/tasks', { title: `Send the embargoed kit (${width})`, assigneeId: colleagueId, dueAt: new Date(Date.now() - 86_400_000).toISOString() });
    const late = theirs.getByRole('listitem').filter({ hasText: `Send the embargoed kit (${width})` });
    await expect(late.getByText('Overdue')).toBeVisible();
    await expect(theirs.getByRole('listitem').first()).toContainText('Send the embargoed kit');
    await keepScreenshot(colleague, testInfo, `tasks-assigned-${width}`);
    await expectAccessible(colleague, testInfo, `tasks-assigned-${width}`);

    // Done: it leaves the open list, and Pat's list of tasks given follows.
    await late.getByRole('checkbox', { name: /Mark “Send the embargoed kit/ }).click();
    await expect(theirs.getByRole('heading', { name: `Send the embargoed kit (${width})` })).toBeHidden();
    await page.getByRole('button', { name: 'Given by me' }).click();
    const given = page.getByRole('list', { name: /Given by me/ });
    await expect(given.getByRole('heading', { name: title })).toBeVisible();
    await expect(given.getByRole('heading', { name: `Send the embargoed kit (${width})` })).toBeHidden();
    await keepScreenshot(page, testInfo, `tasks-given-${width}`);
    await expectAccessible(page, testInfo, `tasks-given-${width}`);
    await colleagueContext.close();
  });
}
