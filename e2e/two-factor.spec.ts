import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectAccessible, keepScreenshot, newPersonPastOnboarding, signInThroughForm, signOut } from './people.ts';

test('an expert turns on two-factor with the QR code, then signs in with a code', async ({ page }, testInfo) => {
  // An expert of their own: two-factor stays on for them, and the demo people must keep
  // signing in with a password alone.
  const expert = await newPersonPastOnboarding(page, 'expert');
  await page.goto('/app/');
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Security' }).click();
  await expect(page).toHaveTitle('Security');

  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'App Store' }).first()).toHaveAttribute('href', /apps\.apple\.com/);
  await expect(page.getByRole('link', { name: 'Google Play' }).first()).toHaveAttribute('href', /play\.google\.com/);
  await keepScreenshot(page, testInfo, 'two-factor-setup');
  await expectAccessible(page, testInfo, 'two-factor-setup');

  const secret = (await page.getByTestId('two-factor-secret').textContent())!.trim();
  await page.getByRole('textbox', { name: '6-digit code', exact: true }).fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Two-factor authentication is on for your account.' })).toBeVisible();

  await signOut(page);
  await signInThroughForm(page, expert);
  const code = page.getByRole('textbox', { name: 'Authentication code', exact: true });
  await expect(code).toBeVisible();
  await expectAccessible(page, testInfo, 'two-factor-prompt');

  await code.fill('000000');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That code is not correct');

  // The enabling code's time step is spent: the next step's code (one step of drift is allowed) signs in.
  await code.fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/app\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Home' })).toBeVisible();
});
