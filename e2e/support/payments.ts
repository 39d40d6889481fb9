import type { Page } from 'playwright-core';

/** The test cards the simulated provider honours, as the add-card dialog labels them. */
export const testCards = {
  visa: 'Visa ending 4242',
  authenticationRequired: 'Visa ending 3184',
  declined: 'Visa ending 0002',
} as const;

/** The header's credits badge (by CSS, so it is found while a dialog hides the header from the accessibility tree). */
export const headerCredits = (page: Page) => page.locator('header [data-testid="credits-badge"]');

/** Opens the add-card dialog from the Payment Methods card, picks a test card and saves it. */
export async function saveTestCard(page: Page, card: string, { screenshotAs }: { screenshotAs?: (page: Page) => Promise<void> } = {}): Promise<void> {
  const paymentCard = page.getByTestId('payment-methods-card');
  await paymentCard.getByRole('button', { name: /Add payment method|Replace card/ }).click();
  const dialog = page.getByTestId('add-payment-method-dialog');
  await dialog.getByText('Test mode', { exact: true }).waitFor();
  await dialog.locator('form[data-ready="true"]').waitFor();
  await dialog.getByText(card, { exact: true }).click();
  if (screenshotAs !== undefined) await screenshotAs(page);
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Chooses a package on /store and confirms it in the confirm-purchase dialog. */
export async function buyPackage(page: Page, credits: number, { screenshotAs }: { screenshotAs?: (page: Page) => Promise<void> } = {}): Promise<void> {
  await page.getByTestId(`package-${credits}`).getByRole('button', { name: `Buy ${credits} credit${credits === 1 ? '' : 's'}` }).click();
  const dialog = page.getByTestId('confirm-purchase-dialog');
  await dialog.getByRole('heading', { name: 'Confirm purchase' }).waitFor();
  if (screenshotAs !== undefined) await screenshotAs(page);
  await dialog.getByRole('button', { name: 'Confirm purchase' }).click();
}

/**
 * A toast's text even while a dialog is open: Radix hides everything outside
 * an open dialog from the accessibility tree, the notifications region too.
 */
export const toastText = (page: Page, text: string) => page.locator('[data-slot="toast"]').getByText(text, { exact: true });
