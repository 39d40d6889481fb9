import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, signInByApi } from './support/browser';
import { startTestServer, type TestServer } from './support/server';
import { newPerson, registerByApi, pathOf, waitForPath, fillRegisterForm, logInWithForm } from './support/accounts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("the sign-in page's redirect parameter (issue 11)", () => {
  const otherSite = 'evil.example';
  const hostile = ['https://evil.example/', '//evil.example/', '/%2F%2Fevil.example/', '/\\evil.example/', 'javascript:alert(1)'];

  /** Answers every request to the other site with a page, and records it: a navigation there would show. */
  async function watchOtherSite(page: Page): Promise<string[]> {
    const visits: string[] = [];
    await page.context().route(
      (url) => url.hostname === otherSite,
      (route) => {
        visits.push(route.request().url());
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Another site</h1>' });
      },
    );
    return visits;
  }

  /** Waits until the page has left the sign-in page, for another site or a page of ours. */
  async function settle(page: Page): Promise<void> {
    await page.waitForURL((url) => url.hostname === otherSite || url.pathname !== '/auth');
    // Longer than the login's redirect delay, so a late navigation would be caught too.
    await page.waitForTimeout(500);
  }

  const authWith = (target: string) => `/auth?redirect=${encodeURIComponent(target)}`;

  it('keeps a signed-in user on our site', async () => {
    const person = newPerson();
    await registerByApi(server.url, person);
    const page = await openPage(browser, { baseURL: server.url });
    const visits = await watchOtherSite(page);
    await signInByApi(page, server.url, person);
    await page.goto(authWith('https://evil.example/'));
    await settle(page);
    expect(visits).toEqual([]);
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(pathOf(page)).toBe('/home');
    await page.getByRole('heading', { name: 'Property Listings' }).waitFor();
  });

  it.each(hostile)('lands on /home after logging in or registering from redirect=%s', async (target) => {
    const person = newPerson();
    await registerByApi(server.url, person);
    const page = await openPage(browser, { baseURL: server.url });
    const visits = await watchOtherSite(page);
    await page.goto(authWith(target));
    await logInWithForm(page, person.username, person.password);
    await settle(page);
    expect(visits).toEqual([]);
    expect(new URL(page.url()).origin).toBe(server.url);
    expect(pathOf(page)).toBe('/home');

    const newcomer = newPerson();
    const registerPage = await openPage(browser, { baseURL: server.url });
    const registerVisits = await watchOtherSite(registerPage);
    await registerPage.goto(authWith(target));
    await fillRegisterForm(registerPage, newcomer);
    await registerPage.getByRole('button', { name: 'Create account' }).click();
    await settle(registerPage);
    expect(registerVisits).toEqual([]);
    expect(pathOf(registerPage)).toBe('/home');
  });

  it('still follows a redirect to a page of ours, /store', async () => {
    const realtor = newPerson('realtor');
    await registerByApi(server.url, realtor);
    const page = await openPage(browser, { baseURL: server.url });
    await page.goto(authWith('/store'));
    await logInWithForm(page, realtor.username, realtor.password);
    await waitForPath(page, '/store');
    await page.getByRole('heading', { name: 'Buy Credits' }).waitFor();
  });
});
