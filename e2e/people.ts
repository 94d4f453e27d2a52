import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';

/** The demo people the server seeds on an empty database (README). */
export const DEMO_PASSWORD = 'pressroom-demo';
export const demo = {
  admin: 'admin@pressroom.local',
  journalist: 'journalist@pressroom.local',
  pr: 'pr@pressroom.local',
  expert: 'expert@pressroom.local',
} as const;

export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens the sign-in page and signs in; ends on the page signing in leads to. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/app/sign_in');
  await signInThroughForm(page, email, password);
  await expect(page).not.toHaveURL(/\/sign_in$/);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/app\/sign_in$/);
}

/** Spec's accessibility bar: no serious or critical axe violation on the screen as it is now. */
export async function expectAccessible(page: Page, testInfo: TestInfo, screen: string): Promise<void> {
  // The loading screen fades for 350 ms after the router is ready: judge the screen, not the fade.
  await expect(page.locator('.loading-screen')).toHaveCount(0);
  // Nor a toast halfway through fading in or out: colours are judged as they settle (spinners
  // never do). A toast may start to fade while axe reads the page: what it finds is judged on a
  // second reading of the settled page, which a real fault fails again.
  const settled = () =>
    page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
  const seriousNow = async () => {
    await settled();
    // A frame that may run no script (the email view's sandbox) cannot take axe in, and axe then
    // waits on it for ever; what it shows is an email, which mail apps judge, not this page.
    const results = await new AxeBuilder({ page }).exclude('iframe[sandbox=""]').analyze();
    return results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  };
  let serious = await seriousNow();
  if (serious.length > 0) serious = await seriousNow();
  if (serious.length > 0) {
    await testInfo.attach(`axe-${screen}.json`, { body: JSON.stringify(serious, null, 2), contentType: 'application/json' });
  }
  expect(
    serious.map((violation) => `${screen}: ${violation.id} (${violation.impact}) at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** A full-page screenshot kept as a test artifact under a stable name. */
export async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
}

/** A person of their own, signed up and past onboarding, signed in on `page`; answers their email. */
export async function newPersonPastOnboarding(page: Page, role: 'journo' | 'pr' | 'expert'): Promise<string> {
  const email = `${role}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.com`;
  const headers = { 'x-requested-with': 'XMLHttpRequest' };
  const signedUp = await page.request.post('/api/v1/auth/sign_up', { headers, data: { email, password: DEMO_PASSWORD, firstname: 'Tess', lastname: 'Tester', role } });
  expect(signedUp.status()).toBe(201);
  const { slug } = await (await page.request.get('/api/v1/current_user/info', { headers })).json();
  expect((await page.request.patch(`/api/v1/u/${slug}/settings/onboarding`, { headers, data: { stage: false } })).ok()).toBe(true);
  return email;
}
