import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, newPersonPastOnboarding, signInThroughForm, signOut } from './people.ts';

test('a person changes their password under Security, then signs in with the new one only', async ({ page }) => {
  const email = await newPersonPastOnboarding(page, 'journo');
  await page.goto('/app/');
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Security' }).click();

  const current = page.getByRole('textbox', { name: 'Current password', exact: true });
  const next = page.getByRole('textbox', { name: 'New password', exact: true });
  await current.fill('not my password');
  await next.fill('a brand new secret');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Current password is not correct' })).toBeVisible();

  await current.fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your password is changed' })).toBeVisible();

  await signOut(page);
  await signInThroughForm(page, email, DEMO_PASSWORD);
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/sign_in$/);
  await signInThroughForm(page, email, 'a brand new secret');
  await expect(page).not.toHaveURL(/\/sign_in$/);
});
