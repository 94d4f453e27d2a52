import { expect, test } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

const tools = ['Multiselect', 'Image selector', 'Image cut', 'Buttons', 'Video recorder', 'Rich text editor', 'Newsroom', 'HLS video', 'Edit community', 'System status'];

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, demo.admin);
});

test('an admin opens /app/development on a 1440 px screen and finds every tool of the showcase', async ({ page }, testInfo) => {
  await page.goto('/app/development');
  const list = page.getByRole('list', { name: 'Tools' });
  await expect(list.getByRole('link')).toHaveCount(tools.length);
  for (const [index, name] of tools.entries()) await expect(list.getByRole('link').nth(index)).toContainText(name);
  await expectAccessible(page, testInfo, 'development');
  await keepScreenshot(page, testInfo, 'development-1440');

  await list.getByRole('link', { name: /Buttons/ }).click();
  await expect(page).toHaveURL(/\/app\/development\/buttons$/);
  await expect(page).toHaveTitle('Buttons');
  await page.getByRole('button', { name: 'Primary', exact: true }).click();
  await expect(page.getByRole('status', { name: 'Clicks' })).toContainText('1');
  await expectAccessible(page, testInfo, 'development-buttons');
});

test('a picture is cut from the keyboard, and the crop stops at 33 px', async ({ page }, testInfo) => {
  await page.goto('/app/development/img/cut');
  const crop = page.getByRole('status', { name: 'Crop' });
  await expect(crop).toContainText('960 × 640 px, from 120, 80');
  await page.getByRole('group', { name: 'Crop area: the arrow keys move it' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Top left corner: the arrow keys resize the crop' })).toBeFocused();
  const rightEdge = page.getByRole('button', { name: 'Right edge: the left and right arrow keys resize the crop' });
  await rightEdge.focus();
  for (let step = 0; step < 12; step += 1) await page.keyboard.press('Control+ArrowLeft');
  await expect(crop).toContainText('33 × 640 px, from 120, 80');
  await page.getByRole('button', { name: 'Cut', exact: true }).click();
  await expect(page.getByRole('img', { name: 'The cut, 33 × 640 px' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'development-img-cut-1440');
  await expectAccessible(page, testInfo, 'development-img-cut');
});

test('an admin renames a community and moves it to a new address from its edit form', async ({ page }, testInfo) => {
  const name = `Court reporters ${Date.now()}`;
  const headers = { 'X-Requested-With': 'XMLHttpRequest' };
  const created = await page.request.post('/api/v1/communities', { headers, data: { name, type: 'public', description: 'Reporters who cover the courts.' } });
  expect(created.status()).toBe(201);
  const { slug } = (await created.json()) as { slug: string };

  await page.goto('/app/development/edit-community');
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('textbox', { name: /Name/ }).fill(`${name} and tribunals`);
  await dialog.getByRole('textbox', { name: /Address/ }).fill(`${slug}-tribunals`);
  await dialog.getByRole('combobox', { name: 'Who may join' }).selectOption('private');
  await expectAccessible(page, testInfo, 'development-edit-community');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Saved' })).toHaveText(`Saved: ${name} and tribunals at /community/${slug}-tribunals, private`);

  const moved = await page.request.get(`/api/v1/communities/${slug}`, { headers });
  expect(await moved.json()).toMatchObject({ slug: `${slug}-tribunals`, name: `${name} and tribunals`, type: 'private' });
});

const showcase = [
  { path: 'multiselect', heading: 'Multiselect' },
  { path: 'img/selector', heading: 'Image selector' },
  { path: 'ckeditor', heading: 'Rich text editor' },
  { path: 'newsroom', heading: 'Newsroom' },
  { path: 'hls', heading: 'HLS video' },
];

for (const { path, heading } of showcase) {
  test(`/app/development/${path} shows its component and passes the accessibility check`, async ({ page }, testInfo) => {
    await page.goto(`/app/development/${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Development' }).first()).toBeVisible();
    await expectAccessible(page, testInfo, `development-${path}`);
    await keepScreenshot(page, testInfo, `development-${path.replace('/', '-')}-1440`);
  });
}
