import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, noteTextShown, openPage, pageOverflowsHorizontally, screenshot, signInByApi, toast, viewports } from './support/browser';
import { linkIn, waitForMail } from './support/outbox';
import { startTestServer, type TestServer } from './support/server';
import { newPerson, registerByApi, siteHeader, verificationBanner, pathOf, waitForPath, fillRegisterForm, logInWithForm } from './support/accounts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});


describe('accounts and sessions in the browser', () => {
  it('registers, verifies the email from the mail, logs out and logs back in with the email', async () => {
    const person = newPerson();
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/auth');

    await fillRegisterForm(page, person);
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'Property Listings' }).waitFor();
    expect(pathOf(page)).toBe('/home');
    await verificationBanner(page).waitFor();
    expect(await page.getByText('No Properties Yet').isVisible()).toBe(true);
    expect(await siteHeader(page).getByText('Homeowner', { exact: true }).isVisible()).toBe(true);

    await verificationBanner(page).getByRole('button', { name: 'Resend email' }).click();
    await toast(page, 'Verification email sent').waitFor();
    expect(await toast(page, 'Check your inbox for the verification link').isVisible()).toBe(true);

    // A refused token comes back to /home, where the banner says so.
    await page.goto('/api/verify-email?token=not-a-real-token');
    await verificationBanner(page).getByText('That verification link is invalid or has expired.', { exact: false }).waitFor();

    const mail = await waitForMail(server.dataDir, (m) => m.to === person.email && m.text.includes('/api/verify-email'));
    await page.goto(linkIn(mail, '/api/verify-email'));
    await page.getByRole('heading', { name: 'Property Listings' }).waitFor();
    // It says it worked, once: the address drops the parameter.
    await toast(page, 'Email verified').waitFor();
    await page.waitForURL((url) => url.pathname === '/home' && url.search === '');
    expect(await verificationBanner(page).count()).toBe(0);

    // Logging out on a signed-in page leads to the sign-in page.
    await siteHeader(page).getByRole('button', { name: 'Logout' }).click();
    await waitForPath(page, '/auth');
    await siteHeader(page).getByRole('link', { name: 'Login' }).waitFor();

    // 'Welcome back!' shows for the 100 ms before the client navigates: a busy
    // machine can miss it between two polls, so it is noted as it appears and
    // the journey waits on what the user waits for, the signed-in home page.
    const welcomeShown = await noteTextShown(page, 'Welcome back!');
    await logInWithForm(page, person.email, person.password);
    await waitForPath(page, '/home');
    await siteHeader(page).getByRole('link', { name: 'Profile' }).waitFor();
    expect(await welcomeShown()).toBe(true);
    expect(await verificationBanner(page).count()).toBe(0);
  });

  it('resets a forgotten password through the mailed link, then logs in with the new one', async () => {
    const person = newPerson();
    await registerByApi(server.url, person);
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/auth');

    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgot-password');
    // The address changes before the page's code is in: until then /auth shows, and its 'Username or email' is a
    // field labelled Email too.
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill(person.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { name: 'Check Your Email' }).waitFor();
    await toast(page, 'Reset email sent').waitFor();

    const mail = await waitForMail(server.dataDir, (m) => m.to === person.email && m.text.includes('/reset-password'));
    await page.goto(linkIn(mail, '/reset-password'));
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();

    const newPassword = 'Brand-New-Door-7';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('heading', { name: 'Password reset complete' }).waitFor();
    await toast(page, 'Password reset successful').waitFor();

    await page.getByRole('link', { name: 'Go to login' }).click();
    await waitForPath(page, '/auth');
    await logInWithForm(page, person.username, person.password);
    await toast(page, 'Login failed').waitFor();
    expect(await toast(page, 'Invalid username or password').isVisible()).toBe(true);

    await page.getByLabel('Password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/home');
    await page.getByRole('heading', { name: 'Property Listings' }).waitFor();
  });

  it('sends a guest to sign in and back to the page asked for; keeps realtor pages from homeowners', async () => {
    const realtor = newPerson('realtor');
    const homeowner = newPerson('homeowner');
    await Promise.all([registerByApi(server.url, realtor), registerByApi(server.url, homeowner)]);

    const page = await openPage(browser, { baseURL: server.url });
    await page.goto('/dashboard');
    await waitForPath(page, '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    await logInWithForm(page, realtor.username, realtor.password);
    await waitForPath(page, '/dashboard');
    await page.getByRole('heading', { name: 'Realtor Dashboard' }).waitFor();
    expect(await page.getByTestId('dashboard-credits').textContent()).toBe('0');
    expect(await siteHeader(page).getByTestId('credits-badge').textContent()).toBe('0 credits');

    // A signed-in user does not see the sign-in page.
    await page.goto('/auth');
    await waitForPath(page, '/home');

    const homeownerPage = await openPage(browser, { baseURL: server.url });
    await signInByApi(homeownerPage, server.url, homeowner);
    await homeownerPage.goto('/realtor-profile');
    await waitForPath(homeownerPage, '/');
  });

  it('edits the name and phone and checks the change-password rules on the profile', async () => {
    const person = newPerson();
    await registerByApi(server.url, person);
    const page = await openPage(browser, { baseURL: server.url });
    await signInByApi(page, server.url, person);
    await page.goto('/homeowner-profile');
    await page.getByRole('heading', { name: 'My Profile' }).waitFor();

    await page.getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Full name').fill('Jamie Rivera-Smith');
    await dialog.getByLabel('Phone').fill('0123');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.getByText('Invalid phone number format. Use international format: +1234567890').waitFor();
    await dialog.getByLabel('Phone').fill('+14165550123');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await toast(page, 'Profile updated').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByRole('heading', { name: 'Jamie Rivera-Smith' }).isVisible()).toBe(true);
    expect(await page.getByText('+14165550123').isVisible()).toBe(true);

    const card = page.locator('form').filter({ has: page.getByLabel('Current password') });
    await card.getByRole('button', { name: 'Update password' }).click();
    await card.getByText('Current password is required').waitFor();

    await card.getByLabel('Current password').fill(person.password);
    await card.getByLabel('New password', { exact: true }).fill('abc');
    await card.getByLabel('Confirm new password').fill('abd');
    await card.getByRole('button', { name: 'Update password' }).click();
    await toast(page, 'Password mismatch').waitFor();
    expect(await toast(page, "New password and confirmation don't match.").isVisible()).toBe(true);

    await card.getByLabel('Confirm new password').fill('abc');
    await card.getByRole('button', { name: 'Update password' }).click();
    await toast(page, 'Password too short').waitFor();

    await card.getByLabel('Current password').fill('Wrong-Password-1');
    await card.getByLabel('New password', { exact: true }).fill('Another-Key-99');
    await card.getByLabel('Confirm new password').fill('Another-Key-99');
    await card.getByRole('button', { name: 'Update password' }).click();
    await toast(page, 'Error changing password').waitFor();

    await card.getByLabel('Current password').fill(person.password);
    await card.getByRole('button', { name: 'Update password' }).click();
    await toast(page, 'Password updated').waitFor();
    expect(await card.getByLabel('Current password').inputValue()).toBe('');
  });

  it('fits phone and desktop: screenshots of the sign-in screens and the header variants', async () => {
    const homeowner = newPerson('homeowner');
    const realtor = newPerson('realtor');
    await Promise.all([registerByApi(server.url, homeowner), registerByApi(server.url, realtor)]);

    for (const [size, viewport] of Object.entries(viewports)) {
      const page = await openPage(browser, { baseURL: server.url, viewport });
      await page.goto('/auth');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.getByText('Username or email is required').waitFor();
      expect(await page.getByText('Password is required').isVisible()).toBe(true);
      expect(await pageOverflowsHorizontally(page)).toBe(false);
      await screenshot(page, `auth-login-errors-${size}`);

      await page.getByRole('tab', { name: 'Register' }).click();
      await page.getByLabel('Username').fill('a!');
      await page.getByLabel('Email').fill('not-an-email');
      await page.getByLabel('Phone').fill('12-34');
      await page.getByLabel('Password', { exact: true }).fill('short');
      await page.getByRole('button', { name: 'Create account' }).click();
      for (const message of [
        'Name must be at least 2 characters',
        'Username must be at least 3 characters',
        'Invalid email format',
        'Invalid phone number format. Use international format: +1234567890',
        'Password must be at least 8 characters',
      ]) {
        await page.getByText(message, { exact: true }).waitFor();
      }
      expect(await pageOverflowsHorizontally(page)).toBe(false);
      await screenshot(page, `auth-register-errors-${size}`);

      await page.goto('/forgot-password');
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      await screenshot(page, `forgot-password-${size}`);

      await page.goto('/reset-password');
      await page.getByRole('heading', { name: 'Invalid Reset Link' }).waitFor();
      expect(await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
      expect(await page.getByRole('link', { name: 'Back to login' }).getAttribute('href')).toBe('/auth');
      await screenshot(page, `reset-password-invalid-${size}`);

      await page.goto('/reset-password?token=not-a-real-token');
      await page.getByLabel('New password', { exact: true }).fill('Brand-New-Door-7');
      await page.getByLabel('Confirm new password').fill('Brand-New-Door-8');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await page.getByText("Passwords don't match").waitFor();
      await screenshot(page, `reset-password-form-${size}`);
      await page.getByLabel('Confirm new password').fill('Brand-New-Door-7');
      await page.getByRole('button', { name: 'Reset password' }).click();
      await toast(page, 'Reset failed').waitFor();

      const homeownerPage = await openPage(browser, { baseURL: server.url, viewport });
      await signInByApi(homeownerPage, server.url, homeowner);
      await homeownerPage.goto('/home');
      await verificationBanner(homeownerPage).waitFor();
      expect(await pageOverflowsHorizontally(homeownerPage)).toBe(false);
      await screenshot(homeownerPage, `home-banner-homeowner-${size}`);
      await verificationBanner(homeownerPage).getByRole('button', { name: 'Dismiss' }).click();
      expect(await verificationBanner(homeownerPage).count()).toBe(0);

      const realtorPage = await openPage(browser, { baseURL: server.url, viewport });
      await signInByApi(realtorPage, server.url, realtor);
      await realtorPage.goto('/realtor-profile');
      await realtorPage.getByRole('heading', { name: 'Realtor Profile' }).waitFor();
      if (size === 'phone') await siteHeader(realtorPage).getByRole('button', { name: 'Open menu' }).click();
      await siteHeader(realtorPage).getByRole('link', { name: 'Store' }).waitFor();
      expect(await siteHeader(realtorPage).getByTestId('credits-badge').isVisible()).toBe(true);
      expect(await pageOverflowsHorizontally(realtorPage)).toBe(false);
      await screenshot(realtorPage, `realtor-profile-header-${size}`);

      await realtorPage.goto('/store');
      await realtorPage.getByRole('heading', { name: 'Buy Credits' }).waitFor();
      await screenshot(realtorPage, `store-${size}`);
    }
  });
});
