import { expect, test } from '@playwright/test';
import { expectAccessible, signInThroughForm } from './people.ts';

type OutboxMail = { to: string; subject: string; text: string };

test('a person recovers their password through the emailed link', async ({ page }, testInfo) => {
  // Someone of their own, so no other test's sign-in depends on the demo password.
  const email = `sam.reed.${Date.now()}@example.com`;
  const signedUp = await page.request.post('/api/v1/auth/sign_up', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    data: { email, password: 'first-password-1', firstname: 'Sam', lastname: 'Reed', role: 'expert' },
  });
  expect(signedUp.status()).toBe(201);
  await page.context().clearCookies();

  await page.goto('/app/password/new');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();

  const outbox = await page.request.get('/api/v1/dev/mail', { headers: { 'X-Requested-With': 'XMLHttpRequest' } });
  const mail = ((await outbox.json()) as { data: OutboxMail[] }).data.find((candidate) => candidate.to === email);
  const link = mail?.text.match(/https?:\/\/\S+\/app\/password\/recovery\/\d+\/[\w-]+/)?.[0] ?? '';
  expect(link, 'the recovery mail carries a link').toMatch(/\/app\/password\/recovery\/\d+\/[\w-]{16,}$/);

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
  await expectAccessible(page, testInfo, 'password-recovery');
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('second-password-2');
  await page.getByRole('textbox', { name: 'Repeat the new password', exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Save the new password' }).click();

  await expect(page).toHaveURL(/\/app\/sign_in$/);
  await signInThroughForm(page, email, 'first-password-1');
  await expect(page.getByRole('alert')).toHaveText('Email or password is not correct.');
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('second-password-2');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Signed in, a new person goes on with onboarding.
  await expect(page).toHaveURL(/\/app\/onboarding$/);

  // The link works once.
  await page.context().clearCookies();
  await page.goto(new URL(link!).pathname);
  await page.getByRole('textbox', { name: 'New password', exact: true }).fill('third-password-3');
  await page.getByRole('textbox', { name: 'Repeat the new password', exact: true }).fill('third-password-3');
  await page.getByRole('button', { name: 'Save the new password' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used. Ask for a new one.');
});
