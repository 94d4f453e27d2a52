import { expect, test } from '@playwright/test';
import { keepScreenshot } from './people.ts';

const screens = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 375, height: 812 },
];

for (const screen of screens) {
  test(`a person opens /app/status on a ${screen.width}x${screen.height} ${screen.name} and sees the system is up`, async ({ page }, testInfo) => {
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await page.setViewportSize({ width: screen.width, height: screen.height });

    await page.goto('/app/status');

    await expect(page.getByRole('heading', { level: 1, name: 'System status' })).toBeVisible();
    const status = page.getByRole('region', { name: 'System status' });
    await expect(status).toBeVisible();
    const database = status.locator('dt:text-is("Database") + dd');
    await expect(database.getByText('OK', { exact: true })).toBeVisible();
    await expect(status.getByRole('alert')).toHaveCount(0);

    // Nothing may stick out sideways: the page must fit the screen it is shown on.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await keepScreenshot(page, testInfo, `system-status-${screen.width}x${screen.height}`);
    // A guest's first look asks who they are: that 401 is an answer, not an error on the page.
    expect(consoleErrors.filter((line) => !line.includes('401'))).toEqual([]);
  });
}
