import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { signInAsAdmin, superAdmin } from './admin';
import { downloadFromNewTab, screenshot, screenshotViewport, toast } from './browser';
import { solidPng } from './listings';
import type { Person } from './marketplace';

/* Steps of the marketplace journey (marketplace-journey.test.ts) long enough to read better by their name. */

export const adminTab = (page: Page, name: string) => page.getByRole('tab', { name });

/** An administrator reviews the homeowner's bill in the portal: the document opens in a new tab, rejection needs both fields, then approve. */
export async function reviewHomeownerBill(admin: Page, homeowner: Person): Promise<void> {
  await admin.goto('/admin');
  await signInAsAdmin(admin, superAdmin);
  await adminTab(admin, 'Homeowners').click();
  const pendingRow = admin.getByRole('row').filter({ hasText: homeowner.email });
  await pendingRow.waitFor();
  await screenshot(admin, 'marketplace-admin-homeowners-pending-desktop');

  const bill = await downloadFromNewTab(admin, () => pendingRow.getByRole('button', { name: `View document of ${homeowner.name}` }).click());
  expect(bill.suggestedFilename()).toMatch(/^document\.(pdf|png|jpg)$/);

  await pendingRow.getByRole('button', { name: `Reject ${homeowner.name}` }).click();
  const rejectDialog = admin.getByRole('dialog', { name: 'Reject verification' });
  await rejectDialog.getByLabel('Subject').fill('Your bill');
  await rejectDialog.getByRole('button', { name: 'Reject and send email' }).click();
  await rejectDialog.getByText('Please fill in both subject and message').waitFor();
  await screenshotViewport(admin, 'marketplace-admin-reject-dialog-desktop');
  await admin.keyboard.press('Escape');
  await rejectDialog.waitFor({ state: 'hidden' });

  await pendingRow.getByRole('button', { name: `Approve ${homeowner.name}` }).click();
  await toast(admin, 'Verification approved successfully').waitFor();
  await admin.getByRole('button', { name: /^Approved/ }).click();
  await admin.getByRole('row').filter({ hasText: homeowner.email }).getByText('Approved').waitFor();
}

/** The realtor fills in the profile homeowners will see: validation first, then a photo, tags, terms and the licence document. */
export async function fillRealtorProfile(agent: Page): Promise<void> {
  await agent.goto('/realtor-profile');
  await agent.getByRole('heading', { name: 'Realtor Profile' }).waitFor();
  await agent.getByRole('button', { name: 'Save Profile' }).click();
  await agent.getByText('At least one service area is required').first().waitFor();
  expect(await agent.getByText('At least one specialty is required').count()).toBeGreaterThan(0);
  await agent.getByText('No bids placed yet').waitFor();
  await agent.evaluate(() => window.scrollTo(0, 0));
  await screenshot(agent, 'marketplace-realtor-profile-empty-desktop');
  await agent.getByLabel('Upload photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: solidPng(600, 400, [228, 60, 19]) });
  await agent.getByText('Not saved yet: press Save Profile to keep it.').waitFor();
  await agent.getByLabel('Brokerage name').fill('Harbour Realty');
  await agent.getByLabel('License number').fill('ON-448812');
  await agent.getByLabel('Years of experience').fill('10');
  await agent.getByLabel('Commission rate').fill('2.5%');
  await agent.getByLabel('About', { exact: true }).fill('I list and sell family homes across the west end.');
  const pick = async (group: string, tags: string[]) => {
    for (const tag of tags) await agent.getByRole('group', { name: group }).getByRole('button', { name: tag, exact: true }).click();
  };
  await pick('Service Areas', ['Etobicoke', 'Mississauga']);
  await pick('Specialties', ['Single-family', 'First-time Buyers']);
  await pick('Additional Services', ['Staging', 'Photography']);
  expect(await agent.getByRole('button', { name: 'Etobicoke', pressed: true }).count()).toBe(1);
  // The licence document, which sends the profile to review with the save (docs/decisions/0050).
  await agent.getByLabel('Licence document').setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: solidPng(60, 80, [230, 236, 250]) });
  await agent.getByText('licence.png: save to send it').waitFor();
  await agent.getByRole('button', { name: 'Save Profile' }).click();
  await toast(agent, 'Profile updated').waitFor();
  await agent.getByRole('heading', { name: 'Verification Pending' }).waitFor();
  await agent.getByText('JPG, PNG or WebP. It is resized to 256 pixels.').waitFor();
}
