import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

const membersCount = (page: Page) => page.getByTestId('community-members-count');
const countOf = async (page: Page) => Number(/\d+/.exec((await membersCount(page).textContent()) ?? '')?.[0]);

test('a community page: banner, logo, description, members, activity and posts; joining counts live for everyone watching', async ({ browser, page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.journalist);
  await page.goto('/app/community/newsroom-leaders');
  await expect(page.getByRole('heading', { level: 1, name: 'Newsroom Leaders' })).toBeVisible();
  await expect(page.getByText('Editors and producers comparing notes on running a newsroom.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave' })).toBeVisible();
  const members = page.getByRole('region', { name: /Members/ });
  await expect(members.getByRole('link', { name: 'Jo Reporter' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Recent activity' }).getByText(/Jo Reporter posted a community post/)).toBeVisible();
  await expect(page.locator('main article').filter({ hasText: 'What is your rule for using embargoed studies' })).toBeVisible();
  const before = await countOf(page);
  await keepScreenshot(page, testInfo, 'community-1440');
  await expectAccessible(page, testInfo, 'community');

  const other = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const expert = await other.newPage();
  await expert.setViewportSize({ width: 1440, height: 1000 });
  await signIn(expert, demo.expert);
  await expert.goto('/app/community/newsroom-leaders');
  await expect(expert.getByText('You are not joined to this community. Do you wish to join?')).toBeVisible();
  await expert.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(expert.getByRole('button', { name: 'Leave' })).toBeVisible();

  // Jo never reloaded: the count and the members came over the community's room.
  await expect.poll(() => countOf(page)).toBe(before + 1);
  await expect(members.getByRole('link', { name: 'Eve Expert' })).toBeVisible();

  await expert.getByRole('button', { name: 'Leave' }).click();
  await expect(expert.getByRole('button', { name: 'Join', exact: true })).toBeVisible();
  await expect.poll(() => countOf(page)).toBe(before);
  await other.close();
});

test('a private community: ask to join, then withdraw; its posts stay hidden meanwhile', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo.journalist);
  await page.goto('/app/community/embargo-circle');
  await expect(page.getByRole('heading', { level: 1, name: 'Embargo Circle' })).toBeVisible();
  await expect(page.getByText('Private community')).toBeVisible();
  await expect(page.getByText('This community is private')).toBeVisible();
  await page.getByRole('button', { name: 'Ask to join' }).click();
  await expect(page.getByText('Your request to join is waiting for an admin of this community.')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'community-private-375');
  await expectAccessible(page, testInfo, 'community-private');
  await page.getByRole('button', { name: 'Withdraw request' }).click();
  await expect(page.getByRole('button', { name: 'Ask to join' })).toBeVisible();
});

test('the joined communities in the left navigation follow a join or a leave made in another tab', async ({ context, page }) => {
  // Only the full view mode (platform admins) lists communities in the navigation (spec section 2).
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.admin);
  await page.goto('/app/');
  const navigation = page.getByRole('navigation', { name: 'Main' });
  await expect(navigation.getByRole('link', { name: 'Climate Desk' })).toBeVisible();

  const tab = await context.newPage();
  await tab.setViewportSize({ width: 1440, height: 1000 });
  await tab.goto('/app/community/climate-desk');
  await tab.getByRole('button', { name: 'Leave' }).click();
  await expect(tab.getByRole('button', { name: 'Join', exact: true })).toBeVisible();

  // The first tab was not touched: its navigation now offers to join instead of linking.
  await expect(navigation.getByRole('link', { name: 'Climate Desk' })).toHaveCount(0);
  await expect(navigation.getByRole('button', { name: /Climate Desk/ })).toBeVisible();

  await tab.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(navigation.getByRole('link', { name: 'Climate Desk' })).toBeVisible();
});
