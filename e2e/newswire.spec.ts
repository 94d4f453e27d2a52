import { expect, test } from '@playwright/test';
import { demo, expectAccessible, signIn } from './people.ts';

test.use({ viewport: { width: 1280, height: 900 } });

test('a journalist reads the newswire: outlets’ items fetched by the app, a media article arriving live behind its bar, and a beat filter', async ({ page, browser }, testInfo) => {
  await signIn(page, demo.journalist);
  await page.goto('/app/newswire');
  await expect(page.getByRole('heading', { level: 1, name: 'Newswire' })).toBeVisible();
  const wire = page.getByRole('region', { name: 'Newswire' });
  // The demo outlets' feeds are served by the app and fetched by its own fetcher within seconds.
  await expect(wire.getByText('Capital Politics Daily').first()).toBeVisible({ timeout: 20_000 });
  await expect(wire.getByRole('heading', { name: 'Press freedom index: the region holds its ground' })).toBeVisible();
  await expectAccessible(page, testInfo, 'newswire');
  await page.screenshot({ path: testInfo.outputPath('newswire.png') });

  // An editor publishes Media news: it waits behind the bar until the reader asks for it.
  const editor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const editorPage = await editor.newPage();
  await signIn(editorPage, demo.admin);
  const title = `Regional papers share a newsroom ${Date.now()}`;
  const published = await editorPage.request.post('/api/v1/news/articles', { headers: { 'X-Requested-With': 'XMLHttpRequest' }, data: { kind: 'media', title, summary: 'Two dailies pool their courts and council reporting.' } });
  expect(published.status()).toBe(201);
  // The demo outlets publish one more item every few minutes, and a long run fetches them meanwhile.
  await page.getByRole('button', { name: /^\d+ new items?$/ }).click();
  await expect(wire.getByRole('heading', { name: title })).toBeVisible();

  // A beat leaves only its items.
  await page.getByRole('combobox', { name: 'Beat' }).selectOption('politics');
  await expect(wire.getByRole('listitem').first()).toContainText('Capital Politics Daily');
  await expect(wire.getByText('Harbour Times')).toHaveCount(0);
  await expect(wire.getByText(title)).toHaveCount(0);

  // The admins' screen lists the demo feeds, fetched.
  await editorPage.goto('/app/admin/news');
  await expect(editorPage.getByRole('heading', { level: 2, name: 'Harbour Times business' })).toBeVisible();
  await expect(editorPage.getByText(/Fetched/).first()).toBeVisible();
  await editorPage.screenshot({ path: testInfo.outputPath('news-sources.png') });
  await page.goto('/app/insider');
  await expect(page.getByRole('heading', { level: 2, name: 'Marcoms News: Harbour PR takes the Coastal Water account' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('insider.png') });
  await editor.close();
});
