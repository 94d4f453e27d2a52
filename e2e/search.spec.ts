import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { demo, expectAccessible, signIn } from './people.ts';

const XHR = { 'X-Requested-With': 'XMLHttpRequest' };

/** The screen as it is seen (the results popup floats over the page). */
async function keepView(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(`${name}.png`, { body, contentType: 'image/png' });
}

test('a person types in the header search, walks the results with the keyboard and opens a callout; on a phone, /search with filters', async ({ page }, testInfo) => {
  // Two widths, a keyboard walk and two accessibility scans on a shared 2-core machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demo.journalist);
  const word = `quokka${Date.now().toString(36)}`;
  const created = await page.request.post('/api/v1/callouts', { headers: XHR, data: { title: `Sources on the ${word} census`, content: `<p>Who has counted the ${word} colonies this year?</p>` } });
  expect(created.ok()).toBe(true);
  const callout = (await created.json()) as { id: number };
  await page.goto('/app/');

  const box = page.getByRole('banner').getByRole('combobox');
  await expect(box).toHaveAttribute('placeholder', 'Input your search term');
  await box.click();
  await box.pressSequentially(word.slice(0, 6));
  const results = page.getByRole('listbox', { name: 'Search results' });
  const posts = results.getByRole('group', { name: 'Posts' });
  await expect(posts.getByRole('option', { name: new RegExp(`Sources on the ${word} census`) })).toBeVisible();
  await expect(posts.locator('mark').first()).toContainText(word.slice(0, 6));
  await box.pressSequentially(word.slice(6));
  await expect(posts.getByRole('option')).toHaveCount(1);
  await keepView(page, testInfo, 'search-header-1440');
  await expectAccessible(page, testInfo, 'search-header');

  await box.press('ArrowDown');
  await expect(posts.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]callout=${callout.id}(&|$)`));
  await expect(page.getByRole('dialog').getByText(`Sources on the ${word} census`).first()).toBeVisible();

  // Remembered: the empty box offers it again.
  await page.goto('/app/');
  await box.click();
  await expect(page.getByRole('listbox', { name: 'Recent searches' }).getByRole('option', { name: word })).toBeVisible();

  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`/app/search?q=${encodeURIComponent('Eve Exprt')}`);
  await expect(page.getByRole('banner').getByRole('combobox')).toHaveCount(0);
  const people = page.getByRole('group', { name: 'People' });
  await expect(people.getByRole('option', { name: /Eve Expert/ })).toBeVisible();
  await page.getByRole('radio', { name: 'Posts' }).click();
  await expect(page).toHaveURL(/kind=posts/);
  await expect(page.getByText('Nothing found for “Eve Exprt”.', { exact: false })).toBeVisible();
  await page.getByRole('combobox', { name: 'Search' }).fill(word);
  await expect(page.getByRole('group', { name: 'Posts' }).getByRole('option')).toHaveCount(1);
  await keepView(page, testInfo, 'search-page-375');
  await expectAccessible(page, testInfo, 'search-page');
});
