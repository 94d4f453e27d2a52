import { expect, test, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT', url: string, data?: object): Promise<T> {
  const response = await request.fetch(url, { method, headers: XHR, ...(data ? { data } : {}) });
  expect(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The screen as a person sees it once the confirmations this test raised are read and closed; a toast still fading out fails axe's contrast check. */
async function judge(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  const closes = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss notification' });
  await closes.evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
  await expect(closes).toHaveCount(0);
  await keepScreenshot(page, testInfo, screen);
  await expectAccessible(page, testInfo, screen);
}

type Answering = { questions: { id: number; kind: 'video' | 'text' }[] };

test('a journalist creates an interview through the modal, publishes it, makes an answer link and watches a guest’s written answer arrive live', async ({ browser, page }, testInfo) => {
  // Two browsers and a build on a shared machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  await page.goto('/app/interviews/my');
  await expect(page.getByRole('heading', { name: 'My interviews', level: 1 })).toBeVisible({ timeout: 30_000 });
  // The seed's interviews, with their answer counts.
  const seeded = page.getByRole('list', { name: 'My interviews' }).getByRole('listitem').filter({ hasText: 'Heatwaves and the power grid' });
  await expect(seeded).toContainText('1 answer');
  await judge(page, testInfo, 'interviews-my-1440');

  await page.getByRole('button', { name: 'Create interview' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create interview' });
  await expect(dialog.getByRole('textbox', { name: /Title/ })).toBeFocused();
  await dialog.getByRole('textbox', { name: /Title/ }).fill('Flood defences: what works');
  await dialog.getByRole('textbox', { name: 'Brief' }).fill('For Saturday’s explainer. A minute on camera or a few lines.');
  await dialog.getByRole('textbox', { name: /Question 1/ }).fill('On camera: which defence failed worst this winter?');
  await dialog.getByRole('combobox', { name: 'Time limit' }).selectOption('60');
  await dialog.getByRole('button', { name: 'Add a written question' }).click();
  await dialog.getByRole('textbox', { name: /Question 2/ }).fill('In writing: one thing councils should fund first?');
  await dialog.getByRole('checkbox', { name: 'Allow skipping a question' }).check();
  await judge(page, testInfo, 'interview-create-1440');
  await dialog.getByRole('button', { name: 'Create and publish' }).click();

  await expect(page).toHaveURL(/\/app\/interviews\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Flood defences: what works', level: 1 })).toBeVisible();
  await expect(page.locator('.interview-page__header')).toContainText('Open');
  const questions = page.getByRole('region', { name: 'Questions' });
  await expect(questions.getByRole('listitem')).toHaveText([/which defence failed worst.*Video answer, up to 1 minute/, /one thing councils.*Written answer, up to 2000 characters/]);
  await expect(page.getByRole('region', { name: /Answers/ })).toContainText('No answers yet');

  await page.getByRole('textbox', { name: 'Who it is for' }).fill('Dr Lee, by email');
  await page.getByRole('combobox', { name: 'Opens on' }).selectOption('text');
  await page.getByRole('button', { name: 'Create link' }).click();
  const linkBox = page.getByRole('textbox', { name: 'Link for Dr Lee, by email' });
  await expect(linkBox).toHaveValue(/\/async\/answer\/text\/[\w-]+$/);
  const [, type, hash] = /\/async\/answer\/(text|video)\/([\w-]+)$/.exec(await linkBox.inputValue())!;

  // A guest with no account answers through the link's public API, from a browser of their own.
  const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const base = `/api/v1/async/answer/${type}/${hash}`;
  const opened = await call<Answering>(guest.request, 'GET', base);
  const written = opened.questions.find((question) => question.kind === 'text')!;
  const onCamera = opened.questions.find((question) => question.kind === 'video')!;
  await call(guest.request, 'POST', `${base}/start`, { name: 'Dr Ana Lee', email: 'ana.lee@example.com', organisation: 'Coastal Institute' });
  await call(guest.request, 'PUT', `${base}/answers/${written.id}`, { text: 'Maintenance of the levees we already have.' });

  const answers = page.getByRole('list', { name: 'Responses' });
  const response = answers.getByRole('listitem', { name: 'Dr Ana Lee' });
  await expect(response).toContainText('Maintenance of the levees we already have.');
  await expect(response).toContainText('Answering…');
  await expect(response).toContainText('Coastal Institute');

  await call(guest.request, 'POST', `${base}/answers/${onCamera.id}/skip`);
  await call(guest.request, 'POST', `${base}/send`);
  await expect(response).toContainText(/Sent \d/);
  await expect(response).toContainText('Skipped');
  await expect(page.getByRole('heading', { name: /Answers/ })).toContainText('1 answer');
  await guest.close();

  // Asked on the platform too: an expert invited by name, and the interview published as a callout for experts.
  await page.getByRole('button', { name: 'Invite people' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite people' });
  await invite.getByRole('searchbox', { name: 'People' }).fill('Eve');
  await invite.getByRole('button', { name: /Eve Expert/ }).click();
  await invite.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Invited Eve Expert')).toBeVisible();
  await expect(invite).toBeHidden();

  await page.getByRole('button', { name: 'Publish as a callout' }).click();
  const callout = page.getByRole('dialog', { name: 'Publish as a callout' });
  await expect(callout.getByRole('textbox', { name: /Title/ })).toHaveValue('Flood defences: what works');
  await callout.getByRole('button', { name: 'Experts' }).click();
  await callout.getByRole('button', { name: 'Publish callout' }).click();
  await expect(callout).toBeHidden();
  await expect(page.getByRole('link', { name: 'See the callout' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish as a callout' })).toHaveCount(0);

  await judge(page, testInfo, 'interview-page-1440');

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(response).toBeVisible();
  await judge(page, testInfo, 'interview-page-375');

  await page.goto('/app/interviews/my');
  await expect(page.getByRole('list', { name: 'My interviews' })).toContainText('Flood defences: what works');
  await judge(page, testInfo, 'interviews-my-375');
});
