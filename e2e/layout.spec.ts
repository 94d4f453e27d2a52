import { expect, test, type Page } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

const mainNavigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const quickNavigation = (page: Page) => page.getByRole('navigation', { name: 'Quick' });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const mainTop = (page: Page) => page.locator('main').evaluate((main) => getComputedStyle(main).paddingTop);

test('on a 375 px phone: no left navbar, the bottom navbar, the menu drawer', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/app/sign_in');
  await keepScreenshot(page, testInfo, 'sign-in-375');
  await signIn(page, demo.pr);

  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  const quick = quickNavigation(page);
  await expect(quick.locator('.bottom-navbar__label')).toHaveText(['Home', 'Search', 'Create', 'Notifications', 'Messages']);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'home-pr-375');
  await expectAccessible(page, testInfo, 'home-mobile');

  await page.getByRole('button', { name: 'Open the menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Menu' });
  await expect(drawer.getByRole('link', { name: 'Home' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'menu-375');
  await drawer.getByRole('button', { name: 'Interviews' }).click();
  await drawer.getByRole('link', { name: 'Interview Wire' }).click();
  await expect(page).toHaveURL(/\/app\/interviews\/wire$/);
  await expect(drawer).toHaveCount(0);
});

test('a journalist on a phone has only home, search and create below', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signIn(page, demo.journalist);
  await expect(quickNavigation(page).locator('.bottom-navbar__label')).toHaveText(['Home', 'Search', 'Create']);
});

test('on an 800 px tablet: the short left navbar', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 800, height: 1024 });
  await signIn(page, demo.admin);
  const navbar = mainNavigation(page);
  await expect(navbar).toBeVisible();
  expect(await navbar.evaluate((element) => element.getBoundingClientRect().width)).toBe(72);
  await expect(navbar.getByRole('link', { name: 'Home' })).toBeVisible();
  await expect(quickNavigation(page)).toHaveCount(0);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'home-admin-800');
  await expectAccessible(page, testInfo, 'home-tablet');
});

test('on a 1440 px desktop: the full left navbar, and the banner for account users', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demo.pr);
  const navbar = mainNavigation(page);
  expect(await navbar.evaluate((element) => element.getBoundingClientRect().width)).toBe(248);

  const banner = page.getByRole('complementary', { name: 'Account news' });
  await expect(banner).toContainText('Harbour PR');
  expect(await mainTop(page)).toBe('142px');
  await keepScreenshot(page, testInfo, 'home-pr-1440');
  await expectAccessible(page, testInfo, 'home-desktop-banner');

  await banner.getByRole('button', { name: 'Dismiss the banner' }).click();
  await expect(banner).toHaveCount(0);
  expect(await mainTop(page)).toBe('72px');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Account news' })).toHaveCount(0);
});

test('settings have no left navbar; the scroll-to-top toggle shows above 1530 px once scrolled past 240 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1600, height: 700 });
  await signIn(page, demo.journalist);
  await expect(page.getByRole('banner')).toBeVisible();
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Settings' })).toBeVisible();
  await expect(mainNavigation(page)).toHaveCount(0);
  await keepScreenshot(page, testInfo, 'settings-1600');

  await page.evaluate(() => {
    document.body.style.minHeight = '3000px';
  });
  const toggle = page.getByRole('button', { name: 'Back to top' });
  await expect(toggle).toHaveCount(0);
  await page.mouse.wheel(0, 400);
  await expect(toggle).toBeVisible();
  await toggle.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.setViewportSize({ width: 1500, height: 700 });
  await page.mouse.wheel(0, 400);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(240);
  await expect(toggle).toHaveCount(0);
});
