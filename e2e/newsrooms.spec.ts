import { expect, test } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

for (const width of [1440, 375] as const) {
  test(`a PR person at ${width} px creates a newsroom, writes an announcement, publishes it and its public page shows the headline; a draft reaches a guest through its secret link; no serious axe violation`, async ({ browser, page }, testInfo) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 375 ? 760 : 1000 };
    await page.setViewportSize(viewport);
    await signIn(page, demo.pr);
    const run = `${width}-${Date.now().toString(36)}`;

    // Our newsrooms: Pat's account has the seeded one; Pat creates another.
    await page.goto('/app/newsrooms/our');
    await expect(page.getByRole('heading', { name: 'Our newsrooms', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('list', { name: 'Our newsrooms' })).toBeVisible();
    await page.getByRole('button', { name: 'Create newsroom' }).first().click();
    const form = page.getByRole('dialog', { name: 'Create newsroom' });
    await expect(form.getByRole('combobox', { name: 'Company' })).toHaveValue(/\d+/);

    // A bad link comes back from the server under its field.
    const name = `Harbour Labs ${run}`;
    await form.getByRole('textbox', { name: 'Name' }).fill(name);
    await expect(form.getByRole('textbox', { name: 'Address' })).toHaveValue(`harbour-labs-${run}`);
    await form.getByRole('textbox', { name: 'X (Twitter)' }).fill('https://facebook.com/harbour');
    await form.getByRole('button', { name: 'Create newsroom' }).click();
    await expect(form.getByRole('textbox', { name: 'X (Twitter)' })).toHaveAccessibleDescription(/not a Twitter url/);
    await keepScreenshot(page, testInfo, `newsroom-form-${width}`);
    await expectAccessible(page, testInfo, `newsroom-form-${width}`);
    await form.getByRole('textbox', { name: 'X (Twitter)' }).fill('https://twitter.com/harbourlabs');
    await form.getByRole('textbox', { name: 'About' }).fill('Harbour Labs builds quiet ferries for busy harbours.');
    await form.getByRole('button', { name: 'Create newsroom' }).click();

    // Created: the list has it, and the next step is offered.
    const offer = page.getByRole('dialog', { name: 'Your newsroom is ready' });
    await expect(offer).toBeVisible();
    await expect(page.getByRole('list', { name: 'Our newsrooms' }).getByRole('link', { name })).toBeVisible();
    await offer.getByRole('button', { name: 'Create an announcement' }).click();

    // The announcement, written in the editor and published.
    const editor = page.getByRole('dialog', { name: 'Create announcement' });
    await expect(editor.getByRole('combobox', { name: 'Newsroom' })).toHaveValue(/\d+/);
    await expect(editor.getByRole('combobox', { name: 'Newsroom' }).locator('option:checked')).toHaveText(name);
    const headline = `Harbour Labs launches a silent ferry (${run})`;
    await editor.getByRole('textbox', { name: 'Headline' }).fill(headline);
    await editor.getByRole('textbox', { name: 'Subtitle' }).fill('Electric, quiet, and on the water this spring.');
    await editor.getByRole('textbox', { name: 'Body' }).fill('The ferry carries 120 people.\n\nIt charges at each end of the crossing.');
    await editor.getByRole('checkbox', { name: 'tech' }).check();
    await keepScreenshot(page, testInfo, `announcement-editor-${width}`);
    await expectAccessible(page, testInfo, `announcement-editor-${width}`);
    await editor.getByRole('button', { name: 'Publish' }).click();

    // The hub: its status and who did what.
    await expect(page).toHaveURL(/\/app\/announcements\/\d+\/hub$/);
    const id = /announcements\/(\d+)\/hub/.exec(page.url())![1];
    await expect(page.getByRole('heading', { name: headline, level: 1 })).toBeVisible();
    await expect(page.locator('.hub-panel__status').getByText('Published', { exact: true })).toBeVisible();
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByText(/^Published by Pat/)).toBeVisible();
    await expect(history.getByText(/^Drafted by Pat/)).toBeVisible();
    await keepScreenshot(page, testInfo, `announcement-hub-${width}`);
    await expectAccessible(page, testInfo, `announcement-hub-${width}`);

    // Our announcements lists it, published.
    await page.goto('/app/announcements/our');
    const ours = page.getByRole('list', { name: 'Our announcements' });
    const card = ours.getByRole('listitem').filter({ hasText: headline });
    await expect(card).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText('Published', { exact: true })).toBeVisible();
    await keepScreenshot(page, testInfo, `announcements-our-${width}`);
    await expectAccessible(page, testInfo, `announcements-our-${width}`);

    // The newsroom is edited in its modal.
    await page.goto('/app/newsrooms/our');
    const ourNewsrooms = page.getByRole('list', { name: 'Our newsrooms' });
    await expect(ourNewsrooms.getByRole('link', { name })).toBeVisible({ timeout: 30_000 });
    await keepScreenshot(page, testInfo, `newsrooms-our-${width}`);
    await expectAccessible(page, testInfo, `newsrooms-our-${width}`);
    await ourNewsrooms.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit newsroom' });
    await expect(edit.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
    await expect(edit.getByRole('textbox', { name: 'X (Twitter)' })).toHaveValue('https://twitter.com/harbourlabs');
    await edit.getByRole('textbox', { name: 'About' }).fill('Harbour Labs builds quiet ferries for busy harbours. Founded in Hobart.');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(page.getByText('Newsroom saved')).toBeVisible();

    // Its public page, for someone not signed in: the headline in the server's HTML and on screen.
    const guest = await browser.newContext({ baseURL: testInfo.project.use.baseURL, viewport });
    const reader = await guest.newPage();
    const html = await (await reader.request.get(`/app/announcements/${id}`)).text();
    expect(html).toContain(headline);
    await reader.goto(`/app/announcements/${id}`);
    await expect(reader.getByRole('heading', { name: headline, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByText('It charges at each end of the crossing.')).toBeVisible();
    await keepScreenshot(reader, testInfo, `announcement-public-${width}`);
    await expectAccessible(reader, testInfo, `announcement-public-${width}`);

    // Its newsroom's public page lists it.
    await reader.getByRole('link', { name }).click();
    await expect(reader.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByRole('list', { name: `Announcements of ${name}` }).getByRole('link', { name: headline })).toBeVisible();
    await expect(reader.getByText('Harbour Labs builds quiet ferries for busy harbours. Founded in Hobart.')).toBeVisible();
    await keepScreenshot(reader, testInfo, `newsroom-public-${width}`);
    await expectAccessible(reader, testInfo, `newsroom-public-${width}`);

    // A draft, shared before it is public through the hub's secret link.
    await page.goto('/app/announcements/our');
    await page.getByRole('button', { name: 'Create announcement' }).first().click();
    const second = page.getByRole('dialog', { name: 'Create announcement' });
    await second.getByRole('combobox', { name: 'Newsroom' }).selectOption({ label: name });
    const draftHeadline = `Harbour Labs names its first captain (${run})`;
    await second.getByRole('textbox', { name: 'Headline' }).fill(draftHeadline);
    await second.getByRole('textbox', { name: 'Body' }).fill('She has sailed the harbour for twenty years.');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByRole('heading', { name: draftHeadline, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.hub-panel__status').getByText('Draft', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Make a secret preview link' }).click();
    const secret = await page.getByRole('textbox', { name: 'Secret preview link' }).inputValue();
    expect(secret).toMatch(/\/app\/announcements\/\d+\/web\?preview=1&token=/);
    await reader.goto(secret.replace(/^https?:\/\/[^/]+/, ''));
    await expect(reader.getByRole('heading', { name: draftHeadline, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByText('Preview: this is how the announcement will read once it is public.')).toBeVisible();
    await guest.close();
  });
}
