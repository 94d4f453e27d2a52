import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { demo, expectAccessible, keepScreenshot, signIn, signOut } from './people.ts';

/** A media list as a PR person keeps it in a spreadsheet: one row with a broken email, and a tech desk of twenty. */
const csvFor = (width: number) =>
  [
    'Name,Email,Outlet,Beats,Tags',
    `Priya Raman ${width},priya.${width}@wire.example,Tech Wire,tech,import`,
    `Owen Grady ${width},not-an-email,Metro Daily,business,import`,
    `Hana Sato ${width},hana.${width}@gadgets.example,Gadget Weekly,tech;business,import`,
    ...Array.from({ length: 20 }, (_, i) => `Zoe Desk ${i + 1} ${width},desk${i + 1}.${width}@desk.example,Tech Desk,tech,desk-${width}`),
  ].join('\n');

for (const width of [1440, 375] as const) {
  test(`a PR person at ${width} px imports a CSV, filters to a beat, adds people to lists (two by hand, twenty at once) and notes a contact; no serious axe violation`, async ({ page }, testInfo) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: width === 375 ? 760 : 1000 });
    await signIn(page, demo.pr);
    await page.goto('/app/contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible({ timeout: 30_000 });
    const table = page.getByRole('table', { name: 'Contacts' });
    await expect(table.getByRole('link', { name: 'Tom Walker' })).toBeVisible();
    await keepScreenshot(page, testInfo, `contacts-table-${width}`);
    await expectAccessible(page, testInfo, `contacts-table-${width}`);

    // Import: the preview maps the file's headers, consent is asked, the bad row comes back by its line.
    await page.getByRole('button', { name: 'Import CSV' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts from CSV' });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'media-list.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFor(width)) });
    const columns = dialog.getByRole('table', { name: 'Columns of the file' });
    await expect(columns.getByRole('combobox', { name: 'Field for the column Email' })).toHaveValue('emails');
    await expect(columns.getByRole('combobox', { name: 'Field for the column Beats' })).toHaveValue('beats');
    await dialog.getByRole('button', { name: 'Import' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Confirm that you may contact the people in this file');
    await dialog.getByRole('checkbox', { name: /I confirm that my account may contact/ }).check();
    await keepScreenshot(page, testInfo, `contacts-import-preview-${width}`);
    await expectAccessible(page, testInfo, `contacts-import-preview-${width}`);
    await dialog.getByRole('button', { name: 'Import' }).click();
    const results = dialog.getByRole('list', { name: 'Import results' });
    await expect(results).toContainText('22 added');
    await expect(results).toContainText('1 left out');
    await expect(dialog.getByRole('list', { name: 'Rows left out' })).toContainText('Line 3');
    await expect(dialog.getByRole('list', { name: 'Rows left out' })).toContainText('Email is not valid');
    await keepScreenshot(page, testInfo, `contacts-import-report-${width}`);
    await expectAccessible(page, testInfo, `contacts-import-report-${width}`);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(table.getByRole('link', { name: `Priya Raman ${width}` })).toBeVisible();

    // Filter to the tech beat: the address keeps it, business-only people leave the table.
    await page.getByRole('combobox', { name: 'Beat' }).selectOption({ label: 'Tech' });
    await expect(page).toHaveURL(/beat=355/);
    await expect(table.getByRole('link', { name: 'Tom Walker' })).toHaveCount(0);
    await expect(table.getByRole('link', { name: `Hana Sato ${width}` })).toBeVisible();

    // Select the two imported tech journalists and put them on a new list.
    await table.getByRole('checkbox', { name: `Select Priya Raman ${width}` }).check();
    await table.getByRole('checkbox', { name: `Select Hana Sato ${width}` }).check();
    const bulk = page.getByRole('region', { name: 'Selected contacts' });
    await expect(bulk).toContainText('2 selected');
    await keepScreenshot(page, testInfo, `contacts-selected-${width}`);
    // The selection exports as CSV with the import's own columns.
    const download = page.waitForEvent('download');
    await bulk.getByRole('button', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contacts.csv');
    const exported = (await readFile(await file.path())).toString('utf8').trim().split('\n');
    expect(exported[0]).toMatch(/^name,jobTitle,outlets/);
    expect(exported.slice(1).map((line) => line.split(',')[0]).sort()).toEqual([`Hana Sato ${width}`, `Priya Raman ${width}`]);
    // Tag both; each keeps its own tags, and the selection is done with.
    await bulk.getByRole('button', { name: 'Tag' }).click();
    const tagDialog = page.getByRole('dialog', { name: 'Tag contacts' });
    await tagDialog.getByRole('textbox', { name: 'Tag' }).fill('gadgets');
    await tagDialog.getByRole('button', { name: 'Add tag' }).click();
    await expect(page.getByText('Tagged 2 people “gadgets”')).toBeVisible();
    await expect(bulk).toHaveCount(0);
    if (width === 1440) await expect(table.getByRole('row', { name: new RegExp(`Hana Sato ${width}`) })).toContainText('importgadgets');
    await table.getByRole('checkbox', { name: `Select Priya Raman ${width}` }).check();
    await table.getByRole('checkbox', { name: `Select Hana Sato ${width}` }).check();
    await bulk.getByRole('button', { name: 'Add to list' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Add to list' });
    await addDialog.getByRole('combobox', { name: 'List' }).selectOption({ label: 'A new list…' });
    await addDialog.getByRole('textbox', { name: 'Name of the new list' }).fill(`Gadget launch ${width}`);
    await addDialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByText(`2 people added to Gadget launch ${width}`)).toBeVisible();
    await expect(bulk).toHaveCount(0);

    // The list shows both, in the order they were added.
    await page.goto('/app/contacts/lists');
    await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: new RegExp(`Gadget launch ${width}`) }).click();
    const members = page.getByRole('list', { name: `People on Gadget launch ${width}` });
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: new RegExp(`Gadget launch ${width}`) })).toContainText('2 contacts');
    if (width === 1440) {
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Contact lists' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Contacts', exact: true })).not.toHaveAttribute('aria-current', 'page');
    }
    // Someone found by name joins at the end; the order is the person's to change.
    await page.getByRole('searchbox', { name: 'Add people by name' }).fill('Tom');
    await page.getByRole('list', { name: 'People found' }).getByRole('button', { name: 'Add Tom Walker' }).click();
    await expect(members.getByRole('listitem')).toHaveCount(3);
    await expect(members.getByRole('listitem').nth(2)).toContainText('Tom Walker');
    await members.getByRole('button', { name: 'Move Tom Walker up' }).click();
    await expect(members.getByRole('listitem').nth(1)).toContainText('Tom Walker');
    await members.getByRole('button', { name: 'Remove Tom Walker' }).click();
    await expect(members.getByRole('listitem')).toHaveCount(2);
    await keepScreenshot(page, testInfo, `contacts-lists-${width}`);
    await expectAccessible(page, testInfo, `contacts-lists-${width}`);

    // Open a contact and write a note.
    await members.getByRole('link', { name: `Hana Sato ${width}` }).click();
    await expect(page.getByRole('heading', { name: `Hana Sato ${width}`, level: 1 })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Lists' })).toContainText(`Gadget launch ${width}`);
    await page.getByRole('textbox', { name: 'New note' }).fill('Reviews gadgets on Fridays; send samples by Wednesday.');
    await page.getByRole('button', { name: 'Add note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Reviews gadgets on Fridays; send samples by Wednesday.');
    // A note edited keeps its earlier wording.
    await page.getByRole('list', { name: 'Notes' }).getByRole('button', { name: 'Edit this note' }).click();
    await page.getByRole('textbox', { name: 'Edit the note of Pat Publicist' }).fill('Reviews gadgets on Thursdays; send samples by Tuesday.');
    await page.getByRole('button', { name: 'Save note' }).click();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Reviews gadgets on Thursdays');
    await page.getByText('Earlier versions (1)').click();
    await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Reviews gadgets on Fridays');
    // Onto a second list from the contact's own page.
    const lists = page.getByRole('region', { name: 'Lists' });
    await lists.getByRole('button', { name: 'Add to list' }).click();
    const toList = page.getByRole('dialog', { name: 'Add to list' });
    const launch = await toList.getByRole('option', { name: /^Product launch/ }).getAttribute('value');
    await toList.getByRole('combobox', { name: 'List' }).selectOption(launch!);
    await toList.getByRole('button', { name: 'Add to list' }).click();
    await expect(lists.getByRole('link', { name: 'Product launch' })).toBeVisible();
    // Anyone may mark do-not-contact; Pat, an account admin, may take the mark off again.
    await page.getByRole('button', { name: 'Do not contact' }).click();
    await expect(page.getByRole('note')).toContainText('Do not contact.');
    await page.getByRole('button', { name: 'Allow contact again' }).click();
    await expect(page.getByRole('button', { name: 'Do not contact' })).toBeVisible();
    await keepScreenshot(page, testInfo, `contact-page-${width}`);
    await expectAccessible(page, testInfo, `contact-page-${width}`);

    // Twenty at once: everyone the filters match, read or not, onto a list of their own.
    await page.goto(`/app/contacts?beat=355&tag=desk-${width}`);
    await page.getByRole('checkbox', { name: 'Select all 20 contacts' }).check();
    const everyone = page.getByRole('region', { name: 'Selected contacts' });
    await expect(everyone).toContainText('All 20 selected');
    await everyone.getByRole('button', { name: 'Add to list' }).click();
    const deskDialog = page.getByRole('dialog', { name: 'Add to list' });
    await deskDialog.getByRole('combobox', { name: 'List' }).selectOption({ label: 'A new list…' });
    await deskDialog.getByRole('textbox', { name: 'Name of the new list' }).fill(`Tech desk ${width}`);
    await deskDialog.getByRole('button', { name: 'Add to list' }).click();
    await expect(page.getByText(`20 people added to Tech desk ${width}`)).toBeVisible();
  });
}

test('duplicates: the two Mia Chens (one without an email address) merge into one, keeping the chosen job title and every note', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.pr);
  await page.goto('/app/contacts/duplicates');
  await expect(page.getByRole('heading', { name: 'Duplicate contacts', level: 1 })).toBeVisible({ timeout: 30_000 });
  const pair = page.getByRole('list', { name: 'Possible duplicates' }).getByRole('listitem').filter({ hasText: 'Same name' });
  await expect(pair.getByRole('link', { name: 'Mia Chen' })).toHaveCount(2);
  await keepScreenshot(page, testInfo, 'contacts-duplicates-1440');
  await expectAccessible(page, testInfo, 'contacts-duplicates-1440');

  await pair.getByRole('button', { name: 'Merge Mia Chen and Mia Chen' }).click();
  const merge = page.getByRole('dialog', { name: 'Merge contacts' });
  const jobTitle = merge.getByRole('group', { name: 'Job title' });
  await jobTitle.getByRole('radio', { name: 'Freelance' }).check();
  await keepScreenshot(page, testInfo, 'contacts-merge-1440');
  await expectAccessible(page, testInfo, 'contacts-merge-1440');
  await merge.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText(/Merged into Mia Chen/)).toBeVisible();
  await expect(pair).toHaveCount(0);

  await page.goto('/app/contacts?q=Mia');
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(table.getByRole('link', { name: 'Mia Chen' })).toHaveCount(1);
  await table.getByRole('link', { name: 'Mia Chen' }).click();
  await expect(page.getByRole('heading', { name: 'Mia Chen', level: 1 })).toBeVisible();
  await expect(page.getByText('Freelance · The Harbour Herald')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Notes' })).toContainText('Prefers embargoed briefings by email');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('freelance');
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('launch');
});

test('the contact form shows the server’s words beside the field they are about', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.pr);
  await page.goto('/app/contacts');
  await page.getByRole('button', { name: 'Add contact' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Add contact' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill('Nina Field');
  await dialog.getByRole('textbox', { name: 'LinkedIn' }).fill('https://example.com/nina');
  await dialog.getByRole('textbox', { name: 'Work (direct)' }).fill('12-');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(dialog.getByRole('textbox', { name: 'LinkedIn' })).toHaveAccessibleDescription('This is not a LinkedIn url');
  await expect(dialog.getByRole('textbox', { name: 'Work (direct)' })).toHaveAccessibleDescription('Phone is not valid');
  await keepScreenshot(page, testInfo, 'contact-form-errors-1440');
  await expectAccessible(page, testInfo, 'contact-form-errors-1440');
  await dialog.getByRole('textbox', { name: 'LinkedIn' }).fill('https://www.linkedin.com/in/ninafield');
  await dialog.getByRole('textbox', { name: 'Work (direct)' }).fill('+61 2 9000 4321');
  await dialog.getByRole('button', { name: 'Add contact' }).click();
  await expect(page.getByRole('heading', { name: 'Nina Field', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Details' })).toContainText('+61 2 9000 4321');
});

test('the table reads only the rows in view: 1,500 contacts scroll with a few dozen rows in the page', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.pr);
  const rows = Array.from({ length: 1500 }, (_, index) => `Bulk Person ${String(index + 1).padStart(4, '0')},bulk${index + 1}@example.com,tech`);
  const imported = await page.request.post('/api/v1/contacts/import', {
    headers: { 'X-Requested-With': 'XMLHttpRequest' },
    multipart: {
      consent: 'true',
      mapping: JSON.stringify({ name: 'name', email: 'emails', beats: 'beats' }),
      file: { name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(['name,email,beats', ...rows].join('\n')) },
    },
  });
  expect(imported.ok(), await imported.text()).toBe(true);

  // contacts/all is the spec's old address: it keeps its query.
  await page.goto('/app/contacts/all?q=Bulk');
  await expect(page).toHaveURL(/\/app\/contacts\?q=Bulk$/);
  const table = page.getByRole('table', { name: 'Contacts' });
  await expect(page.getByText('1,500 contacts')).toBeVisible({ timeout: 30_000 });
  await expect(table).toHaveAttribute('aria-rowcount', '1501');
  await expect(table.getByRole('link', { name: 'Bulk Person 0001' })).toBeVisible();
  await page.locator('.contact-table__scroll').evaluate((scroller) => scroller.scrollTo({ top: scroller.scrollHeight }));
  await expect(table.getByRole('link', { name: 'Bulk Person 1500' })).toBeVisible();
  expect(await table.getByRole('row').count()).toBeLessThan(60);
});

test('work lists show the account’s lists in the work area', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, demo.pr);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Content' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Work lists' }).click();
  await expect(page.getByRole('heading', { name: 'Work lists', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveTitle('Work lists');
  await page.getByRole('navigation', { name: 'Lists' }).getByRole('link', { name: /Politics desk/ }).click();
  await expect(page).toHaveURL(/\/app\/work_lists\?list=\d+$/);
  await expect(page.getByRole('list', { name: 'People on Politics desk' })).toContainText('Aroha Ngata');
  await expectAccessible(page, testInfo, 'work-lists-1440');
});

test('call-outs under Contacts: a journalist’s open callout is listed, kept by their beat, and opens in the post modal', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, demo.journalist);
  const title = `Sources on harbour dredging ${Date.now()}`;
  const posted = await page.request.post('/api/v1/callouts', { headers: { 'x-requested-with': 'XMLHttpRequest' }, data: { title, content: '<p>Looking for <b>engineers</b> who have worked on the bay</p>', deadline: new Date(Date.now() + 3 * 86_400_000).toISOString() } });
  expect(posted.status(), await posted.text()).toBe(201);
  await signOut(page);

  await signIn(page, demo.pr);
  for (const width of [1440, 375] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 760 : 1000 });
    await page.goto('/app/contacts/callouts');
    await expect(page.getByRole('heading', { name: 'Call-outs', level: 1 })).toBeVisible({ timeout: 30_000 });
    const list = page.getByRole('list', { name: 'Call-outs' });
    await expect(list.getByRole('link', { name: title })).toBeVisible();
    await page.getByRole('combobox', { name: 'Beat' }).selectOption('62');
    await expect(list.getByRole('link', { name: title })).toBeVisible();
    await keepScreenshot(page, testInfo, `contacts-callouts-${width}`);
    await expectAccessible(page, testInfo, `contacts-callouts-${width}`);
  }
  await page.getByRole('list', { name: 'Call-outs' }).getByRole('link', { name: title }).click();
  await expect(page.getByRole('dialog').getByText('engineers')).toBeVisible();
  await expect(page).toHaveURL(/callout=\d+/);
});
