import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

/** What the screen shows (not the whole page): a dialog or panel over the feed. */
async function keepView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(`${name}.png`, { body, contentType: 'image/png' });
}

// A tiny MP4 (an ftyp box and an empty mdat): the server tells files by their bytes, and
// keeps a video as sent until the video pipeline exists.
const VIDEO = {
  name: 'clip.mp4',
  mimeType: 'video/mp4',
  buffer: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2'),
    Buffer.from([0, 0, 0, 16]),
    Buffer.from('mdat'),
    Buffer.alloc(8),
  ]),
};

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };
const composer = (page: Page) => page.getByRole('dialog', { name: /^New / });
const feed = (page: Page) => page.locator('main');

async function startPost(page: Page, kind: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Start a post' }).click();
  const chooser = page.getByRole('dialog', { name: 'Create a post' });
  await chooser.getByRole('button', { name: new RegExp(`^${kind}`) }).click();
  const dialog = composer(page);
  await expect(dialog.getByRole('form', { name: `New ${kind}` })).toBeVisible();
  return dialog;
}

async function publish(page: Page, dialog: Locator, toast: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText(toast)).toBeVisible();
  await expect(dialog).toHaveCount(0);
}

async function expectInFeed(page: Page, text: string): Promise<void> {
  await expect(feed(page).getByText(text).first()).toBeVisible();
}

test('one post of each kind through the composer: bad input shows the spec’s messages, then the post appears in the feed', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.pr);
  await page.goto('/app/');
  const stamp = Date.now().toString(36);

  // Community post: the server's own line when there is nothing to publish.
  let dialog = await startPost(page, 'Community Post');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Write something or attach a file');
  await dialog.getByLabel('Post', { exact: true }).fill(`Community hello ${stamp}: who is covering the heatwave?`);
  await dialog.getByRole('button', { name: 'Climate Desk' }).click();
  await expect(dialog.getByRole('button', { name: 'Climate Desk' })).toHaveAttribute('aria-pressed', 'true');
  await publish(page, dialog, 'Community Post published');
  await expectInFeed(page, `Community hello ${stamp}`);

  // Callout: a title is required; without a deadline it is ASAP.
  dialog = await startPost(page, 'Callout');
  await dialog.getByLabel('Content').fill('Looking for two voices on the reef survey.');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByText('Title is required')).toBeVisible();
  await expect(dialog.getByLabel('Title')).toBeFocused();
  await dialog.getByLabel('Title').fill(`Reef scientists ${stamp}`);
  await dialog.getByRole('button', { name: 'Journalists' }).click();
  await keepView(page, testInfo, 'composer-callout-1440');
  await expectAccessible(page, testInfo, 'composer-callout');
  await publish(page, dialog, 'Callout published');
  await expectInFeed(page, `Reef scientists ${stamp}`);

  // Job: a URL is judged, and https:// is put in front of one without a scheme.
  dialog = await startPost(page, 'Job');
  await dialog.getByLabel('Job title').fill(`Night editor ${stamp}`);
  await dialog.getByLabel('Company').fill('The Bugle');
  await dialog.getByLabel('Job type').selectOption('part-time');
  await dialog.getByLabel('Workplace').selectOption('hybrid');
  const apply = dialog.getByLabel('Link to apply');
  await apply.fill('not a url');
  await apply.blur();
  await expect(dialog.getByText('Url is not valid')).toBeVisible();
  await apply.fill('thebugle.example/jobs/night');
  await apply.blur();
  await expect(apply).toHaveValue('https://thebugle.example/jobs/night');
  await expect(dialog.getByText('Url is not valid')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  // The description is a business rule of the server: its line lands by the field.
  await expect(dialog.getByText('Description is required')).toBeVisible();
  await dialog.getByLabel('Description').fill('Three nights a week on the news desk.');
  await publish(page, dialog, 'Job published');
  await expectInFeed(page, `Night editor ${stamp}`);

  // Event: a start needs a timezone.
  dialog = await startPost(page, 'Event');
  await dialog.getByLabel('Event name').fill(`Press briefing ${stamp}`);
  await dialog.getByLabel('Timezone').selectOption('');
  await dialog.getByLabel('Starts').fill('2031-03-01T10:00');
  await dialog.getByLabel('Link to join').fill('meet.example.com/briefing');
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByText('Timezone is required for the start and end')).toBeVisible();
  await keepView(page, testInfo, 'composer-event-errors-1440');
  await dialog.getByLabel('Timezone').selectOption('Australia/Sydney');
  await expect(dialog.getByText('Timezone is required for the start and end')).toHaveCount(0);
  await publish(page, dialog, 'Event published');
  await expectInFeed(page, `Press briefing ${stamp}`);

  // Video update: the video is required.
  dialog = await startPost(page, 'Video update');
  await dialog.getByLabel('Content').fill(`Video update ${stamp} from the newsroom`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByText('Add a video to your video update')).toBeVisible();
  await dialog.getByLabel('Add video').setInputFiles(VIDEO);
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeVisible();
  await publish(page, dialog, 'Video update published');
  await expectInFeed(page, `Video update ${stamp}`);

  // Reaction: a bad link is refused.
  dialog = await startPost(page, 'Reaction');
  await dialog.getByLabel('Add video').setInputFiles(VIDEO);
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeVisible();
  await dialog.getByLabel('Link').fill('http://');
  await dialog.getByLabel('Content').fill(`Reaction ${stamp} to the budget`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByText('Url is not valid')).toBeVisible();
  await dialog.getByLabel('Link').fill('budget.example/2031');
  await publish(page, dialog, 'Reaction published');
  await expectInFeed(page, `Reaction ${stamp}`);

  // Statement, published as the company Pat answers for.
  dialog = await startPost(page, 'Statement');
  await dialog.getByLabel('Post as').selectOption({ label: 'Harbour PR' });
  await dialog.getByLabel('Add video').setInputFiles(VIDEO);
  await expect(dialog.getByRole('button', { name: 'Remove' })).toBeVisible();
  await dialog.getByLabel('Content').fill(`Statement ${stamp} on the coastal report`);
  await publish(page, dialog, 'Statement published');
  await expectInFeed(page, `Statement ${stamp}`);
  // Published as the company: the company is the author, Pat the creator.
  const card = feed(page).locator('article').filter({ hasText: `Statement ${stamp}` }).first();
  const href = (await card.getByRole('link', { name: 'Open statement' }).getAttribute('href')) ?? '';
  const statementId = /statement=(\d+)/.exec(href)?.[1];
  const statement = await (await page.request.get(`/api/v1/statements/${statementId}`, { headers: XHR })).json();
  const companies = await (await page.request.get('/api/v1/u/pat-publicist/settings/responsibilities/companies', { headers: XHR })).json();
  const harbour = companies.data.find((held: { company: { name: string } }) => held.company.name === 'Harbour PR').company;
  expect(statement.author).toMatchObject({ id: harbour.id, type: 'company' });
});

test('a story is written by an admin; its content is required', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.admin);
  await page.goto('/app/');
  const stamp = Date.now().toString(36);
  const dialog = await startPost(page, 'Story');
  await dialog.getByLabel('Article type').selectOption('epitome');
  await dialog.getByLabel('Title').fill(`Inside the night desk ${stamp}`);
  await dialog.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(dialog.getByText('Content is required')).toBeVisible();
  await dialog.getByLabel('Content').fill('Four editors, one long night, and the story that nearly did not run.');
  await publish(page, dialog, 'Story published');
  await expectInFeed(page, `Inside the night desk ${stamp}`);
});

test('the composer on a 375 px phone (/create)', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo.journalist);
  await page.goto('/app/create');
  await expect(page.getByRole('heading', { name: 'Create a post' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'composer-chooser-375');
  await page.getByRole('button', { name: /^Event/ }).click();
  await page.getByRole('button', { name: 'Post', exact: true }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'composer-event-375');
  await expectAccessible(page, testInfo, 'composer-mobile');
});

async function deleteAndRestore(page: Page, title: string): Promise<void> {
  const modal = page.getByRole('dialog', { name: 'Callout' });
  await expect(modal.getByText(title).first()).toBeVisible();
  await modal.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this callout?' });
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Callout deleted')).toBeVisible();
  await expect(modal.getByText('Deleted', { exact: true })).toBeVisible();
  await modal.getByRole('button', { name: 'Restore' }).click();
  await expect(page.getByText('Callout restored')).toBeVisible();
  await expect(modal.getByText('Deleted', { exact: true })).toHaveCount(0);
  await expect(modal.getByRole('button', { name: 'Delete', exact: true })).toBeVisible();
}

test('delete and restore: the author their own callout, an admin anyone’s; others get no buttons', async ({ browser, page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  const title = `Court reporters ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/callouts', { headers: XHR, data: { title, content: '<p>Anyone at the hearing today?</p>' } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/app/?callout=${id}`);
  await deleteAndRestore(page, title);

  const expertContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const expert = await expertContext.newPage();
  await signIn(expert, demo.expert);
  await expert.goto(`/app/?callout=${id}`);
  const seen = expert.getByRole('dialog', { name: 'Callout' });
  await expect(seen.getByText(title).first()).toBeVisible();
  await expect(seen.getByRole('button', { name: 'Delete', exact: true })).toHaveCount(0);
  await expertContext.close();

  const adminContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const admin = await adminContext.newPage();
  await admin.setViewportSize({ width: 1440, height: 1000 });
  await signIn(admin, demo.admin);
  await admin.goto(`/app/?callout=${id}`);
  await deleteAndRestore(admin, title);
  await adminContext.close();

  // Restored, it is back in the author's feed.
  await page.goto('/app/');
  await expectInFeed(page, title);
});

test('the author edits a callout in the same modal (edit=1): the form comes filled, is judged, and saves', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  const title = `Port strike ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/callouts', {
    headers: XHR,
    data: { title, content: '<p>Need a <strong>logistics</strong> economist.</p>', deadline: '2031-05-01T09:30:00+10:00', userTypes: ['experts'] },
  });
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/app/?callout=${id}`);
  await page.getByRole('dialog', { name: 'Callout' }).getByRole('button', { name: 'Edit' }).click();
  await expect(page).toHaveURL(/[?&]edit=1/);
  const form = page.getByRole('form', { name: 'Edit Callout' });
  await expect(form.getByLabel('Title')).toHaveValue(title);
  await expect(form.getByLabel('Content')).toHaveValue('Need a logistics economist.');
  await expect(form.getByLabel('Deadline')).toHaveValue('2031-05-01T09:30');
  await expect(form.getByRole('button', { name: 'Experts' })).toHaveAttribute('aria-pressed', 'true');

  await form.getByLabel('Title').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Title is required')).toBeVisible();
  await form.getByLabel('Title').fill(`${title} (updated)`);
  await form.getByLabel('Deadline').fill('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Callout updated')).toBeVisible();
  await expect(page).not.toHaveURL(/edit=1/);
  const modal = page.getByRole('dialog', { name: 'Callout' });
  await expect(modal.getByText(`${title} (updated)`).first()).toBeVisible();
  await expect(modal.getByText('ASAP').first()).toBeVisible();
});
