import { expect, test, type APIRequestContext, type Locator, type Page, type TestInfo } from '@playwright/test';
import { DEMO_PASSWORD, demo, expectAccessible, signIn, signOut } from './people.ts';

// Spec section 4, "Session": authenticated becomes false, a sign-in modal opens after 1 s, and
// signing in through it reloads the user and closes it. An explicit sign-out leads to the
// sign-in page instead (docs/decisions.md).

const xhr = { 'x-requested-with': 'XMLHttpRequest' };

const signInAgain = (page: Page) => page.getByRole('dialog', { name: 'Sign in again' });

/** Marks the document: still marked later means the page was never reloaded. */
async function markDocument(page: Page): Promise<void> {
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
}

async function expectSameDocument(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
}

/** The first post of the home feed, found again by its id whatever its like state becomes. */
async function firstPost(page: Page): Promise<Locator> {
  const first = page.locator('article.post-card').first();
  await expect(first).toBeVisible();
  return page.locator(`article.post-card[data-post-id="${await first.getAttribute('data-post-id')}"]`);
}

async function toggleLike(card: Locator): Promise<void> {
  const like = card.getByRole('button', { name: 'Like', exact: true });
  const before = await like.getAttribute('aria-pressed');
  await like.click();
  await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
}

/** Ends the page's session on the server only, as an admin or another device would: the browser keeps its cookie. */
async function revokeOnServer(page: Page, request: APIRequestContext): Promise<void> {
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'pressroom_session');
  expect(session).toBeDefined();
  const answer = await request.post('/api/v1/auth/sign_out', { headers: { ...xhr, cookie: `pressroom_session=${session!.value}` } });
  expect(answer.status()).toBe(204);
  expect((await request.get('/api/v1/current_user/info', { headers: { ...xhr, cookie: `pressroom_session=${session!.value}` } })).status()).toBe(401);
}

/** The modal over its page at desktop and phone widths, kept as test artifacts. */
async function keepModalScreenshots(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const before = page.viewportSize()!;
  for (const [width, height, size] of [[1280, 800, 'desktop'], [390, 844, 'mobile']] as const) {
    await page.setViewportSize({ width, height });
    // The viewport only: the page behind is a virtual list, blank below the fold in a full-page shot.
    const body = await page.screenshot({ path: testInfo.outputPath(`${name}-${size}.png`) });
    await testInfo.attach(`${name}-${size}.png`, { body, contentType: 'image/png' });
  }
  await page.setViewportSize(before);
}

test('explicit sign-out leads to the sign-in page, and no modal follows', async ({ page }) => {
  await signIn(page, demo.journalist);
  await expect(page.locator('article.post-card').first()).toBeVisible();
  await signOut(page);

  await expect(page).toHaveTitle('Sign in');
  await page.waitForTimeout(1500);
  await expect(signInAgain(page)).toHaveCount(0);
  // Nothing of the person comes back through history.
  await page.goBack();
  await expect(page).toHaveURL(/\/app\/sign_in$/);
  await expect(page.locator('article.post-card')).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demo.journalist);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/?$/);
});

test('a 401 from the API (the session ended on the server) keeps the page, and the sign-in modal opens 1 s later', async ({ page, request }, testInfo) => {
  // Signs in twice, checks accessibility and takes screenshots at two widths.
  test.slow();
  await signIn(page, demo.journalist);
  const card = await firstPost(page);
  const url = page.url();
  await markDocument(page);
  await revokeOnServer(page, request);

  const refused = page.waitForResponse((response) => response.url().includes('/toggleLike') && response.status() === 401);
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  await refused;
  const answeredAt = Date.now();
  await expect(signInAgain(page)).toHaveCount(0);
  await expect(signInAgain(page)).toBeVisible();
  // 1 s after the client read the 401, which Playwright reports a little later than it came.
  expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(700);
  await expect(page).toHaveURL(url);

  const dialog = signInAgain(page);
  await expect(dialog).toContainText('Your session has ended. Sign in to carry on where you were.');
  await expect(dialog.getByRole('textbox', { name: 'Email', exact: true })).toHaveValue(demo.journalist);
  await expect(dialog.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await keepModalScreenshots(page, testInfo, 'session-modal');
  await expectAccessible(page, testInfo, 'session-modal');
  // Focus stays inside the dialog.
  for (let step = 0; step < 6; step += 1) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }

  // A wrong password is a line in the dialog, which stays.
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill('not-the-password');
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Email or password is not correct.');

  // Busy while signing in, then the modal closes on the same page, which works again.
  let releaseSignIn = () => {};
  const held = new Promise<void>((resolve) => (releaseSignIn = resolve));
  await page.route('**/api/v1/auth/sign_in', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(dialog.getByRole('button', { name: 'Sign in', exact: true })).toHaveAttribute('aria-busy', 'true');
  releaseSignIn();
  await expect(signInAgain(page)).toHaveCount(0);
  await expect(page).toHaveURL(url);
  await expectSameDocument(page);
  await expect(page.getByRole('button', { name: /account menu/ })).toBeVisible();
  await toggleLike(card);
});

test('a sign-out in another tab keeps this tab’s page with the sign-in modal; signing in there resumes both tabs', async ({ page }) => {
  // Two tabs, each drawing the feed.
  test.slow();
  await signIn(page, demo.journalist);
  const other = await page.context().newPage();
  await other.goto('/app/');
  const card = await firstPost(other);
  const url = other.url();
  await markDocument(other);

  await signOut(page);

  await other.bringToFront();
  await expect(signInAgain(other)).toBeVisible();
  await expect(signInAgain(other)).toContainText('You signed out in another tab. Sign in to carry on where you were.');
  await expect(other).toHaveURL(url);
  await expect(signInAgain(page)).toHaveCount(0);

  const dialog = signInAgain(other);
  await dialog.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInAgain(other)).toHaveCount(0);
  await expect(other).toHaveURL(url);
  await expectSameDocument(other);
  await toggleLike(card);

  // The first tab, left on the sign-in page, follows the shared cookie home.
  await expect(page).not.toHaveURL(/\/sign_in$/);
});

test('turning the modal down (Escape) on a page that needs a session leads to the sign-in page', async ({ page, request }) => {
  await signIn(page, demo.journalist);
  const card = await firstPost(page);
  await revokeOnServer(page, request);
  await card.getByRole('button', { name: 'Like', exact: true }).click();
  await expect(signInAgain(page)).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/app\/sign_in$/);
  await expect(signInAgain(page)).toHaveCount(0);
  await expect(page.locator('article.post-card')).toHaveCount(0);
});
