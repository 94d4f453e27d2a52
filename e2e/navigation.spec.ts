import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, signIn } from './people.ts';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const topLevelLabels = (page: Page) =>
  mainNavigation(page)
    .locator(':scope > ul.nav-list > li > :is(a, button)')
    .allInnerTexts()
    .then((labels) => labels.map((label) => label.trim()));

test.use({ viewport: { width: 1440, height: 900 } });

test('a journalist gets MVP navigation: Home, Interviews, Announcements, Content and News', async ({ page }, testInfo) => {
  await signIn(page, demo.journalist);
  await expect(mainNavigation(page)).toBeVisible();
  expect(await topLevelLabels(page)).toEqual(['Home', 'Interviews', 'Announcements', 'Content', 'News']);
  await expect(mainNavigation(page).getByRole('link', { name: 'Development' })).toHaveCount(0);

  await mainNavigation(page).getByRole('button', { name: 'Content' }).click();
  await expect(mainNavigation(page).getByRole('link', { name: 'Our announcements' })).toBeVisible();
  await mainNavigation(page).getByRole('link', { name: 'Our announcements' }).click();
  await expect(page).toHaveURL(/\/app\/announcements\/our$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Our announcements' })).toBeVisible();
  await expectAccessible(page, testInfo, 'area-page');
});

test('an admin gets full navigation, the unfinished notice and the development view-mode switch', async ({ page }, testInfo) => {
  await signIn(page, demo.admin);
  await expect.poll(() => topLevelLabels(page)).toEqual(['Home', 'Messages', 'Interviews', 'News', 'Content', 'Contacts', 'Admin', 'Development']);
  await expect(mainNavigation(page).getByRole('link', { name: 'Development' })).toBeVisible();

  await mainNavigation(page).getByRole('button', { name: 'Admin' }).click();
  await mainNavigation(page).getByRole('link', { name: 'All newsrooms' }).click();
  await expect(page).toHaveURL(/\/app\/companies\/newsrooms$/);
  await expect(page).toHaveTitle('Companies and newsrooms');
  await expect(page.getByRole('table')).toBeVisible();

  await mainNavigation(page).getByRole('button', { name: 'News' }).click();
  await mainNavigation(page).getByRole('link', { name: 'Newswire' }).click();
  await expect(page).toHaveURL(/\/app\/newswire$/);
  await expect(page).toHaveTitle('Newswire');

  await mainNavigation(page).getByRole('button', { name: 'Content' }).click();
  await mainNavigation(page).getByRole('button', { name: 'Reports' }).click();
  const notice = page.getByRole('alertdialog');
  await expect(notice).toContainText('This option is under development and will appear soon');
  await expectAccessible(page, testInfo, 'unfinished-notice');
  await notice.getByRole('button', { name: 'Ok' }).click();
  await expect(notice).toHaveCount(0);

  // The development setting switches an admin to MVP, and back.
  await mainNavigation(page).getByRole('link', { name: 'Development' }).click();
  await expectAccessible(page, testInfo, 'development');
  await page.getByLabel(/^MVP/).check();
  // The admins' account holds the contacts module, whose screens MVP keeps (docs/decisions.md).
  await expect.poll(() => topLevelLabels(page)).toEqual(['Home', 'Interviews', 'Announcements', 'Content', 'News', 'Contacts']);
  await page.goto('/app/channels');
  await expect(page).toHaveURL(/\/app\/error\/404$/);
  await page.goto('/app/development');
  await page.getByLabel(/^Full/).check();
  await page.goto('/app/channels');
  await expect(page).toHaveURL(/\/app\/channels$/);
});

test('an admin is offered to join a community they are not in', async ({ page }) => {
  await signIn(page, demo.admin);
  const name = `Court reporters ${Date.now()}`;
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const created = await page.request.post('/api/v1/communities', { headers, data: { name, type: 'public', description: 'Reporters who cover the courts.' } });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };
  // Its founder leaves it, so it is one the admin is not in.
  expect((await page.request.post(`/api/v1/communities/${slug}/join`, { headers })).status()).toBe(200);
  await page.reload();

  await mainNavigation(page).getByRole('button', { name: new RegExp(name) }).click();
  const prompt = page.getByRole('alertdialog');
  await expect(prompt).toContainText('You are not joined to this community. Do you wish to join?');
  await prompt.getByRole('button', { name: 'Join' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/community/${slug}$`));
  await expect(mainNavigation(page).getByRole('link', { name })).toBeVisible();
});
