import { expect, test, type Page, type TestInfo } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible as judgeAccessible, keepScreenshot } from './people.ts';

// A person of their own, at the demo company's domain, so onboarding can suggest Harbour PR.
const stamp = Date.now();
const email = `ana.lopez.${stamp}@harbourpr.example`;
const password = 'harbour-lights-42';

const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Types into a setting and leaves it with Enter: the field saves on its own. */
async function saveField(page: Page, name: string, value: string, saved = `${name} saved.`) {
  await field(page, name).fill(value);
  await field(page, name).press('Enter');
  await expect(toast(page, saved)).toBeVisible();
}

/**
 * The axe check of the screen itself: the toasts this test raised are closed first. A toast is
 * an <li> with role status inside the toaster's <ol>, which axe's list rule counts as serious
 * (the toaster belongs to the UI kit).
 */
async function expectAccessible(page: Page, testInfo: TestInfo, screen: string) {
  const closes = page.getByRole('region', { name: 'Notifications' }).getByRole('button', { name: 'Dismiss notification' });
  await closes.evaluateAll((buttons) => buttons.forEach((button) => (button as HTMLButtonElement).click()));
  await expect(closes).toHaveCount(0);
  await judgeAccessible(page, testInfo, screen);
}

async function openTab(page: Page, title: string) {
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: title, exact: true }).click();
}

test('a new person onboards, fills every settings tab and sees it on their public profile at 1440 and 375 px', async ({ page, browser }, testInfo) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Sign up, then onboarding before anything else.
  await page.goto('/app/sign_up');
  await page.getByLabel('PR and marketing').check();
  await field(page, 'First name').fill('Ana');
  await field(page, 'Last name').fill('Lopez');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/app\/onboarding$/);
  await expect(page).toHaveTitle('Set up your profile');

  // Step 1: about you. A photo with its preview, a job, and the spec's words for an empty name.
  await expect(page.getByRole('heading', { level: 1, name: 'About you' })).toBeVisible();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  const photo = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#0b5cad' } }).png().toBuffer();
  await page.locator('input[type=file]').setInputFiles({ name: 'ana.png', mimeType: 'image/png', buffer: photo });
  await expect(toast(page, 'Profile photo saved.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove photo' })).toBeVisible();
  await saveField(page, 'Job title', 'Head of communications');
  await field(page, 'First name').fill('');
  await field(page, 'First name').press('Enter');
  await expect(page.getByText('First name is required', { exact: true })).toBeVisible();
  await expect(field(page, 'First name')).toHaveAttribute('aria-invalid', 'true');
  await field(page, 'First name').press('Escape');
  await expect(field(page, 'First name')).toHaveValue('Ana');
  await expectAccessible(page, testInfo, 'onboarding-about-you');
  await keepScreenshot(page, testInfo, 'onboarding-about-you-1440');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the company of the email's domain is suggested and joined in one click.
  await expect(page.getByRole('heading', { level: 1, name: 'Where you work' })).toBeVisible();
  await page.getByRole('button', { name: 'Join Harbour PR' }).click();
  await expect(toast(page, 'You joined Harbour PR.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Harbour PR' })).toBeVisible();
  await expectAccessible(page, testInfo, 'onboarding-where-you-work');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 3: beats and an outlet.
  await expect(page.getByRole('heading', { level: 1, name: 'What you cover' })).toBeVisible();
  await page.getByRole('group', { name: 'Beats', exact: true }).getByRole('button', { name: 'Business' }).click();
  await expect(toast(page, 'Beats saved.')).toBeVisible();
  await expect(page.getByRole('group', { name: 'Beats', exact: true }).getByRole('button', { name: 'Business' })).toHaveAttribute('aria-pressed', 'true');
  await field(page, 'Outlet website').fill('not a web address');
  await page.getByRole('button', { name: 'Add outlet' }).click();
  await expect(page.getByText('Url is not valid', { exact: true })).toBeVisible();
  await field(page, 'Outlet website').fill(`planet${stamp}.example`);
  await page.getByRole('button', { name: 'Add outlet' }).click();
  await expect(toast(page, `planet${stamp}.example added to your outlets.`)).toBeVisible();
  await keepScreenshot(page, testInfo, 'onboarding-what-you-cover-1440');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 4: follows, then the welcome page; settings are now there.
  await expect(page.getByRole('heading', { level: 1, name: 'What you follow' })).toBeVisible();
  await page.getByRole('switch', { name: 'Climate Desk' }).check();
  await expect(toast(page, 'You follow Climate Desk.')).toBeVisible();
  await expectAccessible(page, testInfo, 'onboarding-what-you-follow');
  await page.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/welcome$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Pressroom, Ana' })).toBeVisible();

  await page.getByRole('button', { name: /account menu/ }).click();
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings\/basic$/);
  await expect(page.getByRole('heading', { level: 1, name: 'User Settings' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

  // Basic details.
  await expect(field(page, 'Job title')).toHaveValue('Head of communications');
  await page.getByRole('combobox', { name: 'Country' }).selectOption('AU');
  await expect(toast(page, 'Country saved.')).toBeVisible();
  await saveField(page, 'Organization', 'Harbour PR');
  await expectAccessible(page, testInfo, 'settings-basic');
  await keepScreenshot(page, testInfo, 'settings-basic-1440');

  await openTab(page, 'Security');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-security');

  // Profile information: section 5's phone rule in its words, then a good number and an office.
  await openTab(page, 'Profile information');
  await field(page, 'Work phone (direct)').fill('call me maybe');
  await field(page, 'Work phone (direct)').press('Enter');
  await expect(page.getByText('Phone is not valid', { exact: true })).toBeVisible();
  await saveField(page, 'Work phone (direct)', '+61 2 5550 1234');
  await expect(page.getByText('Phone is not valid', { exact: true })).toHaveCount(0);
  await saveField(page, 'Mobile phone', '0400 000 000');
  const office = page.getByRole('region', { name: 'Office address' });
  await office.getByRole('textbox', { name: 'City' }).fill('Sydney');
  await office.getByRole('textbox', { name: 'City' }).press('Enter');
  await expect(toast(page, 'City saved.')).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-contacts');

  // Social media profiles: the spec's message for a link of the wrong network.
  await openTab(page, 'Social media profiles');
  await field(page, 'X (Twitter)').fill('facebook.com/analopez');
  await field(page, 'X (Twitter)').press('Enter');
  await expect(page.getByText('This is not a Twitter url', { exact: true })).toBeVisible();
  await keepScreenshot(page, testInfo, 'settings-social-error-1440');
  await saveField(page, 'X (Twitter)', 'x.com/analopez');
  await expect(field(page, 'X (Twitter)')).toHaveValue('https://x.com/analopez');
  await saveField(page, 'LinkedIn', 'linkedin.com/in/analopez');
  await expectAccessible(page, testInfo, 'settings-social');

  await openTab(page, 'Newsletter subscriptions');
  await page.getByRole('switch', { name: 'Weekly roundup' }).check();
  await expect(toast(page, 'Subscribed to Weekly roundup.')).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-subscriptions');

  await openTab(page, 'Notifications');
  await page.getByRole('switch', { name: 'Someone likes your post' }).uncheck();
  await expect(toast(page, 'Someone likes your post: notifications off.')).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-notifications');

  // My follows: ending onboarding followed the feeds of a PR person; Climate Desk stays followed.
  await openTab(page, 'My follows');
  await expect(page.getByRole('switch', { name: 'PR and marketing' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Climate Desk' })).toBeChecked();
  await page.getByRole('switch', { name: 'Epitome' }).check();
  await expect(toast(page, 'You follow Epitome.')).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-follows');

  // Companies and responsibilities.
  await openTab(page, 'Companies and responsibilities');
  await page.getByRole('group', { name: 'Roles at Harbour PR' }).getByRole('button', { name: 'Communications' }).click();
  await expect(toast(page, 'Roles at Harbour PR saved.')).toBeVisible();
  await saveField(page, 'Role title at Harbour PR', 'Head of communications');
  await page.getByRole('switch', { name: 'Media contact' }).check();
  await expect(toast(page, 'You are a media contact for Harbour PR.')).toBeVisible();
  await page.getByRole('combobox', { name: 'I speak for' }).selectOption({ label: 'Harbour PR' });
  await expect(toast(page, 'Spokesperson saved.')).toBeVisible();
  await page.getByRole('group', { name: 'Beats as spokesperson' }).getByRole('button', { name: 'Tech' }).click();
  await expect(toast(page, 'Beats as spokesperson saved.')).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-companies');
  await keepScreenshot(page, testInfo, 'settings-companies-1440');

  // Beats and outlets.
  await openTab(page, 'Beats and outlets');
  const outletName = `planet${stamp}.example`;
  await page.getByRole('group', { name: 'Beats', exact: true }).getByRole('button', { name: 'Politics' }).click();
  await expect(toast(page, 'Beats saved.')).toBeVisible();
  await page.getByRole('group', { name: `Roles at ${outletName}` }).getByRole('button', { name: 'Contributor' }).click();
  await expect(toast(page, `Roles at ${outletName} saved.`)).toBeVisible();
  await expectAccessible(page, testInfo, 'settings-beats-outlets');
  await keepScreenshot(page, testInfo, 'settings-beats-outlets-1440');

  // The public profile shows it all.
  await page.getByRole('link', { name: 'View your public profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Lopez' })).toBeVisible();
  const profileUrl = page.url();
  await expectProfile(page);
  await keepScreenshot(page, testInfo, 'profile-1440');
  await expectAccessible(page, testInfo, 'profile-desktop');
  await page.getByRole('link', { name: 'Harbour PR' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Harbour PR' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Spokespersons' }).getByRole('link', { name: 'Ana Lopez' })).toBeVisible();
  await keepScreenshot(page, testInfo, 'company-1440');
  await expectAccessible(page, testInfo, 'company');

  // On a phone.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(profileUrl);
  await expectProfile(page);
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'profile-375');
  await expectAccessible(page, testInfo, 'profile-mobile');
  await page.goto(`${profileUrl}/settings/companies`);
  await expect(page.getByRole('link', { name: 'Harbour PR' })).toBeVisible();
  expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
  await keepScreenshot(page, testInfo, 'settings-companies-375');
  await expectAccessible(page, testInfo, 'settings-companies-mobile');

  // Private: a guest sees only the name and the photo.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${profileUrl}/settings/basic`);
  await page.getByRole('radio', { name: /Private/ }).check();
  await expect(toast(page, 'Your profile is private.')).toBeVisible();
  const guest = await browser.newPage();
  await guest.goto(profileUrl);
  await expect(guest.getByRole('heading', { level: 1, name: 'Ana Lopez' })).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'This profile is private' })).toBeVisible();
  await expect(guest.getByText('Head of communications')).toHaveCount(0);
  await keepScreenshot(guest, testInfo, 'profile-private-guest-1440');
  await guest.close();

  // Leaving the company ends the spokesperson role too.
  await openTab(page, 'Companies and responsibilities');
  await page.getByRole('button', { name: 'Leave Harbour PR' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Leave' }).click();
  await expect(toast(page, 'You left Harbour PR.')).toBeVisible();
  await expect(page.getByText('No companies yet')).toBeVisible();
});

async function expectProfile(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Ana Lopez' })).toBeVisible();
  await expect(page.getByText('Head of communications at Harbour PR')).toBeVisible();
  await expect(page.getByText('Australia', { exact: true })).toBeVisible();
  const beats = page.getByRole('list', { name: 'Beats', exact: true });
  await expect(beats.getByRole('listitem')).toHaveText(['Business', 'Politics']);
  // The spec's colours: business blue, politics green.
  await expect(beats.getByText('Business')).toHaveClass(/beat--blue/);
  await expect(beats.getByText('Politics')).toHaveClass(/beat--green/);
  const outlets = page.getByRole('region', { name: 'Outlets' });
  await expect(outlets.getByRole('link', { name: `planet${stamp}.example` })).toBeVisible();
  await expect(outlets.getByText('Contributor')).toBeVisible();
  const companies = page.getByRole('region', { name: 'Companies and responsibilities' });
  await expect(companies.getByRole('link', { name: 'Harbour PR' })).toBeVisible();
  await expect(companies.getByText('Media contact', { exact: true })).toBeVisible();
  await expect(companies.getByRole('heading', { name: 'Spokesperson for Harbour PR' })).toBeVisible();
  const contact = page.getByRole('region', { name: 'Contact' });
  await expect(contact.getByRole('link', { name: 'x.com/analopez' })).toHaveAttribute('href', 'https://x.com/analopez');
  await expect(contact.getByRole('link', { name: '+61 2 5550 1234' })).toBeVisible();
  await expect(contact.getByText('Sydney')).toBeVisible();
  // Mobile numbers never appear publicly.
  await expect(page.getByText('0400 000 000')).toHaveCount(0);
}
