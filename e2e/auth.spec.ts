import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signIn, signInThroughForm, signOut } from './people.ts';

test('a person signs up as PR, lands on onboarding, signs out and signs in again to the same step', async ({ page }, testInfo) => {
  const email = `ana.lopez.${Date.now()}@example.com`;
  const password = 'harbour-lights-42';
  await page.goto('/app/sign_up');
  await expect(page).toHaveTitle('Sign up');
  await expectAccessible(page, testInfo, 'sign-up');

  await page.getByLabel('PR and marketing').check();
  await page.getByRole('textbox', { name: 'First name', exact: true }).fill('Ana');
  await page.getByRole('textbox', { name: 'Last name', exact: true }).fill('Lopez');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await expect(page).toHaveTitle('Set up your profile');
  await expectAccessible(page, testInfo, 'onboarding');

  await signOut(page);
  await expect(page).toHaveTitle('Sign in');
  await expectAccessible(page, testInfo, 'sign-in');

  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
});

test('a wrong password is refused beside the form', async ({ page }) => {
  await page.goto('/app/sign_in');
  await signInThroughForm(page, demo.journalist, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Email or password is not correct.');
  await expect(page).toHaveURL(/\/app\/sign_in$/);
});

test('a guest deep link is saved and restored after sign-in', async ({ page }) => {
  await page.goto('/app/interviews/my?tab=answers');
  await expect(page).toHaveURL(/\/app\/sign_in$/);
  await signInThroughForm(page, demo.journalist);
  await expect(page).toHaveURL(/\/app\/interviews\/my\?tab=answers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My interviews' })).toBeVisible();
  await expect(page).toHaveTitle('My interviews');
});

test('an unknown path of a guest is saved too, and / sends a guest to sign in', async ({ page }) => {
  await page.goto('/app/');
  await expect(page).toHaveURL(/\/app\/sign_in$/);
  await page.goto('/app/interviews/wire');
  await expect(page).toHaveURL(/\/app\/sign_in$/);
  await signInThroughForm(page, demo.expert);
  await expect(page).toHaveURL(/\/app\/interviews\/wire$/);
});

test('a signed-in person sees the 404 page for unknown paths, bad ids and routes they do not have', async ({ page }, testInfo) => {
  await signIn(page, demo.journalist);
  for (const path of ['/app/no/such/page', '/app/stories/abc', '/app/announcements/12x/hub', '/app/channels', '/app/contacts']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/app\/error\/404$/);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await expect(page).toHaveTitle('Page not found');
  await expectAccessible(page, testInfo, '404');

  // Digits are a story's address even when no such story exists: its page says so.
  await page.goto('/app/stories/424242');
  await expect(page).toHaveURL(/\/app\/stories\/424242$/);
  await expect(page.getByText('This story is not available')).toBeVisible();
});

test('guest-only routes send a signed-in person home', async ({ page }) => {
  await signIn(page, demo.journalist);
  for (const path of ['/app/sign_in', '/app/sign_up', '/app/password/new']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/app\/$/);
  }
});

test('redirects keep what they must: settings to basic, contacts/all with its query, pub answers', async ({ page }) => {
  await signIn(page, demo.admin);
  await page.goto('/app/contacts/all?q=harbour&page=2');
  await expect(page).toHaveURL(/\/app\/contacts\?q=harbour&page=2$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();

  await page.goto('/app/pub/async/answer/video/a1b2c3');
  await expect(page).toHaveURL(/\/app\/async\/answer\/video\/a1b2c3$/);

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/u\/[^/]+\/settings\/basic$/);
  await expect(page).toHaveTitle('Basic details');
});

test('restore access and the sign-up screen are reachable from sign in', async ({ page }, testInfo) => {
  await page.goto('/app/sign_in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/app\/password\/new$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Restore access' })).toBeVisible();
  await expectAccessible(page, testInfo, 'restore-access');
  await page.getByRole('link', { name: 'Back to sign in' }).click();
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page).toHaveURL(/\/app\/sign_up$/);
});
