import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { simpleParser } from 'mailparser';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { demo, expectAccessible, keepScreenshot, signIn } from './people.ts';

// The shared e2e servers send no email (they have no SMTP relay), so this spec starts a server of
// its own whose relay is a sink kept here: the test reads the very message a journalist would get.
const mail: { to: string; raw: string }[] = [];
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      for (const rcpt of session.envelope.rcptTo) mail.push({ to: rcpt.address.toLowerCase(), raw: Buffer.concat(chunks).toString() });
      callback();
    });
  },
});

let server: ChildProcess | null = null;
let baseURL = '';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => sink.listen(smtpPort, '127.0.0.1', resolve));
  const port = await freePort();
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['--import', 'tsx', 'e2e/serve.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    // Without Redis: its fan-out would carry this server's pushes to the shared servers' sockets.
    env: { ...process.env, PORT: String(port), PUBLIC_URL: baseURL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, E2E_WITHOUT_REDIS: '1' },
  });
  for (const started = Date.now(); ; ) {
    const ready = await fetch(`${baseURL}/app/`).then((answer) => answer.ok, () => false);
    if (ready) break;
    if (Date.now() - started > 150_000 || server.exitCode !== null) throw new Error('the distribution spec’s server did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await new Promise<void>((resolve) => sink.close(() => resolve()));
});

const xhr = { 'x-requested-with': 'XMLHttpRequest' };

/** A list of the PR person's account with one journalist on it, made as the contacts screens would. */
async function listOf(request: APIRequestContext, name: string, email: string): Promise<void> {
  const contact = await request.post('/api/v1/contacts', { headers: xhr, data: { name: 'Rae Desk', jobTitle: 'Business editor', emails: [email] } });
  expect(contact.status(), await contact.text()).toBe(201);
  const list = await request.post('/api/v1/contact-lists', { headers: xhr, data: { name } });
  expect(list.status(), await list.text()).toBe(201);
  const added = await request.post(`/api/v1/contact-lists/${(await list.json()).id}/contacts`, { headers: xhr, data: { contactIds: [(await contact.json()).id] } });
  expect(added.ok(), await added.text()).toBe(true);
}

/** An email's subject, and the links of its HTML part that lead through the click tracker. */
async function read(raw: string): Promise<{ subject: string; clickLinks: string[] }> {
  const parsed = await simpleParser(raw);
  const links = [...(parsed.html || '').matchAll(/href="([^"]+)"/g)].map((match) => match[1]!.replaceAll('&amp;', '&'));
  return { subject: parsed.subject ?? '', clickLinks: links.filter((href) => href.startsWith(`${baseURL}/m/c/`)) };
}

for (const width of [1440, 375] as const) {
  test(`a PR person at ${width} px writes an announcement with an image, previews its web and email versions, sends it to a contact list and watches the hub's sent and click numbers rise live; it reaches a journalist's feed live; no serious axe violation`, async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const viewport = { width, height: width === 375 ? 760 : 1000 };
    const context = await browser.newContext({ baseURL, viewport });
    const page = await context.newPage();
    const run = `${width}-${Date.now().toString(36)}`;
    const journalist = `rae-${run}@desk.example`;
    await signIn(page, demo.pr);
    await listOf(page.request, `Business desk ${run}`, journalist);

    // A journalist who follows announcements has the home feed open all along.
    const reader = await browser.newContext({ baseURL, viewport });
    const home = await reader.newPage();
    await signIn(home, demo.journalist);
    const slug = (await (await home.request.get('/api/v1/current_user/info', { headers: xhr })).json()).slug;
    expect((await home.request.patch(`/api/v1/u/${slug}/settings/follows/feeds/types/announcement`, { headers: xhr })).ok()).toBe(true);
    await home.goto('/app/');
    await expect(home.getByRole('region', { name: 'Feed' })).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });

    // Written in the editor, in the seeded newsroom, with a header image, and saved as a draft.
    await page.goto('/app/announcements/our');
    await page.getByRole('button', { name: 'Create announcement' }).first().click({ timeout: 30_000 });
    const editor = page.getByRole('dialog', { name: 'Create announcement' });
    await expect(editor.getByRole('combobox', { name: 'Newsroom' })).toHaveValue(/\d+/);
    const headline = `Harbour PR opens a ferry desk (${run})`;
    await editor.getByRole('textbox', { name: 'Headline' }).fill(headline);
    await editor.getByRole('textbox', { name: 'Subtitle' }).fill('Six people, one timetable, every crossing covered.');
    await editor.getByRole('textbox', { name: 'Body' }).fill('The desk opens on Monday.\n\nIt answers questions about every crossing.');
    const picture = await sharp({ create: { width: 1200, height: 600, channels: 3, background: '#0f766e' } }).png().toBuffer();
    await editor.locator('input[type="file"]').setInputFiles({ name: 'ferry.png', mimeType: 'image/png', buffer: picture });
    await expect(editor.getByRole('img', { name: 'Header image preview' })).toBeVisible();
    await keepScreenshot(page, testInfo, `distribution-editor-${width}`);
    await expectAccessible(page, testInfo, `distribution-editor-${width}`);
    await editor.getByRole('button', { name: 'Save draft' }).click();
    await expect(page).toHaveURL(/\/app\/announcements\/\d+\/hub$/, { timeout: 30_000 });
    const id = /announcements\/(\d+)\/hub/.exec(page.url())![1];
    await expect(page.getByRole('heading', { name: headline, level: 1 })).toBeVisible();

    // The web version: the page as readers will see it, header image and all.
    await page.getByRole('navigation', { name: 'Announcement views' }).getByRole('link', { name: 'Web version' }).click();
    await expect(page.getByRole('heading', { name: headline, level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.announcement-web__image')).toHaveAttribute('src', /^\/uploads\//);
    await expect(page.getByText('It answers questions about every crossing.')).toBeVisible();
    await keepScreenshot(page, testInfo, `distribution-web-${width}`);
    await expectAccessible(page, testInfo, `distribution-web-${width}`);

    // The email version: its subject, and the HTML part with the headline and the picture.
    await page.goto(`/app/announcements/${id}/email`);
    await expect(page.getByRole('heading', { name: 'Email version', level: 1 })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText(headline).first()).toBeVisible();
    const frame = page.frameLocator('iframe.email-view__frame');
    await expect(frame.getByText(headline).first()).toBeVisible();
    await expect(frame.locator('img[src*="/uploads/"]').first()).toBeAttached();
    await keepScreenshot(page, testInfo, `distribution-email-${width}`);
    await expectAccessible(page, testInfo, `distribution-email-${width}`);

    // The hub: the list chosen as recipients, then published; the sent count rises without a reload.
    await page.getByRole('navigation', { name: 'Announcement views' }).getByRole('link', { name: 'Hub' }).click();
    await expect(page.getByRole('heading', { name: headline, level: 1 })).toBeVisible({ timeout: 30_000 });
    const numbers = page.getByRole('region', { name: 'Numbers' });
    const tile = (label: string) => numbers.locator('.numbers-tiles__tile').filter({ has: page.getByRole('term').filter({ hasText: new RegExp(`^${label}$`) }) }).locator('.numbers-tiles__value');
    await expect(tile('Sent')).toHaveText('0');
    await expect(tile('Clicked')).toHaveText('0');
    await expect(numbers.getByText(/Tracking is off/)).toHaveCount(0);
    await page.getByRole('region', { name: 'Recipients' }).getByRole('checkbox', { name: new RegExp(`Business desk ${run}`) }).check();
    await page.getByRole('button', { name: 'Save recipients' }).click();
    await expect(page.getByText('Recipients saved: they are sent it when it is published')).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.locator('.hub-panel__status').getByText('Published', { exact: true })).toBeVisible();
    await expect(tile('Sent')).toHaveText('1', { timeout: 30_000 });
    await expect(page.getByRole('region', { name: 'Sending' }).getByText('1 of 1 sent, 0 waiting, 0 bounced, 0 not sent.')).toBeVisible();

    // The journalist's email came through the relay; a click on its link is counted, live.
    const message = mail.find((sent) => sent.to === journalist);
    expect(message).toBeDefined();
    const email = await read(message!.raw);
    expect(email.subject).toContain(headline);
    expect(email.clickLinks.length).toBeGreaterThan(0);
    const click = await page.request.get(email.clickLinks[0]!, { maxRedirects: 0 });
    expect([302, 303]).toContain(click.status());
    await expect(tile('Clicked')).toHaveText('1', { timeout: 30_000 });
    await expect(numbers.getByText(journalist)).toBeVisible();
    await keepScreenshot(page, testInfo, `distribution-hub-${width}`);
    await expectAccessible(page, testInfo, `distribution-hub-${width}`);

    // The published announcement reached the journalist's feed live, as a card that opens its page.
    await home.getByRole('button', { name: /^\d+ new posts?$/ }).click();
    const card = home.getByRole('article', { name: `Announcement: ${headline}` });
    await expect(card).toBeVisible();
    await expect(card.getByText('Six people, one timetable, every crossing covered.')).toBeVisible();
    await expect(card.locator('img[src^="/uploads/"]').first()).toBeAttached();
    await keepScreenshot(home, testInfo, `distribution-feed-${width}`);
    await expectAccessible(home, testInfo, `distribution-feed-${width}`);
    await card.getByRole('link', { name: headline }).click();
    await expect(home).toHaveURL(new RegExp(`/app/announcements/${id}$`));
    await expect(home.getByRole('heading', { name: headline, level: 1 })).toBeVisible({ timeout: 30_000 });
    await reader.close();
    await context.close();
  });
}
