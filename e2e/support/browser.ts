import { mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { expect, onTestFinished } from 'vitest';
import { auditPage, describeViolations } from './a11y';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOT_DIR = join(repoRoot, '.test-data/screenshots');

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/** Debian's Chromium (or CHROMIUM_PATH); a browser is never downloaded. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export type OpenPageOptions = {
  baseURL: string;
  viewport?: { width: number; height: number };
  /** Device pixels per CSS pixel (1 unless given): a phone's 2 or 3 makes `srcset` pick larger images. */
  deviceScaleFactor?: number;
  /** Console errors a test expects; everything else fails it. */
  allowConsoleErrors?: RegExp[];
};

// Chromium logs every 4xx fetch as a console error, but 4xx answers are part of
// the API's protocol (401 for a guest's GET /api/user, 404, 409, validation
// 400s). Server faults still fail the test through the 5xx check below.
const clientErrorResource = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** What each page opened by `openPage` has reported so far; the test fails on any of it when it ends. */
const problemsOf = new WeakMap<Page, string[]>();

/**
 * Runs axe-core's WCAG 2.1 A/AA rules on what the page shows now and notes any
 * violation as a problem of the page (the test fails when it ends). `openPage`
 * calls it on each page before the test navigates away from it and on the last
 * one; `screenshotBoth` calls it at both sizes.
 */
export async function auditA11y(page: Page, where = page.url()): Promise<void> {
  const problems = problemsOf.get(page);
  if (!problems || page.isClosed() || page.url() === 'about:blank') return;
  try {
    problems.push(...describeViolations(where, await auditPage(page)));
  } catch (error) {
    // The page navigated on its own (a redirect, a submit) while axe ran: the next page is audited in turn.
    if (!/Execution context was destroyed|Target page, context or browser has been closed|navigat/i.test(String(error))) throw error;
  }
}

/**
 * A page in a fresh context (own cookies) that fails the current test on an
 * uncaught page error, a console error, a 5xx answer or a violation of
 * axe-core's WCAG 2.1 A/AA rules on any page the test leaves with `goto` (and
 * the last one), and closes itself when the test ends.
 */
export async function openPage(browser: Browser, options: OpenPageOptions): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    viewport: options.viewport ?? viewports.desktop,
    ...(options.deviceScaleFactor === undefined ? {} : { deviceScaleFactor: options.deviceScaleFactor }),
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  const allowed = [clientErrorResource, ...(options.allowConsoleErrors ?? [])];

  page.on('pageerror', (error) => problems.push(`page error: ${error.stack ?? error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    if (allowed.some((pattern) => pattern.test(text))) return;
    problems.push(`console error: ${text} (${message.location().url})`);
  });
  // The page's last calls to the API, printed with what it shows when a test fails (a journey that timed out on a busy
  // machine then says which answer it waited on).
  const apiCalls: string[] = [];
  const noteApiCall = (url: string, what: string) => {
    if (!new URL(url).pathname.startsWith('/api/')) return;
    apiCalls.push(`${new Date().toISOString().slice(11, 23)} ${what} ${url}`);
    if (apiCalls.length > 20) apiCalls.shift();
  };
  page.on('request', (request) => noteApiCall(request.url(), request.method()));
  page.on('response', (response) => {
    if (response.status() >= 500) problems.push(`server answered ${response.status()}: ${response.request().method()} ${response.url()}`);
    noteApiCall(response.url(), `${response.status()} ${response.request().method()}`);
  });

  problemsOf.set(page, problems);
  const goto = page.goto.bind(page);
  page.goto = async (url, gotoOptions) => {
    await auditA11y(page);
    const response = await goto(url, gotoOptions);
    // A guest's / and /market arrive prerendered, and the client renders over that markup once its code ran
    // (docs/decisions/0058): an element found before then is replaced under the test's hand. Tests act on the
    // client's page; e2e/prerendered.test.ts looks at the markup itself.
    await page.locator('#root[data-prerendered]').waitFor({ state: 'detached' });
    return response;
  };

  onTestFinished(async ({ task }) => {
    if (task.result?.state === 'fail') await reportFailedPage(page, task.name, apiCalls);
    await auditA11y(page);
    await context.close();
    if (problems.length > 0) throw new Error(`The page reported problems:\n${problems.join('\n')}`);
  });
  return page;
}

/** What a page showed when its test failed: a screenshot, and its address, text and last API calls on stdout. */
async function reportFailedPage(page: Page, testName: string, apiCalls: string[]): Promise<void> {
  if (page.isClosed()) return;
  try {
    const name = `failed-${testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 60)}`;
    const path = await screenshotViewport(page, name);
    const text = (await page.locator('body').innerText({ timeout: 2000 })).replace(/\s+/g, ' ').slice(0, 1500);
    console.log(`The failed test's page: ${page.url()} (screenshot ${path})\nIt showed: ${text}\nIts last API calls:\n${apiCalls.join('\n')}`);
  } catch (error) {
    console.log(`The failed test's page could not be read: ${String(error)}`);
  }
}

/** Full-page PNG in .test-data/screenshots/<name>.png; returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** A PNG of what the viewport shows (dialogs, toasts), in the same folder as `screenshot`'s full pages. */
export async function screenshotViewport(page: Page, name: string): Promise<string> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, animations: 'disabled' });
  return path;
}

export function pageOverflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/**
 * Both viewports of what the page shows now (full pages, or only the viewport
 * for dialogs); the page must not scroll sideways on a phone. It returns to
 * desktop size.
 */
export async function screenshotBoth(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  const shoot = async (suffix: string) => {
    if (!fullPage) return screenshotViewport(page, `${name}-${suffix}`);
    // From the top (the sticky header where a visitor first sees it) and without a focus ring left by a closed dialog.
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      window.scrollTo(0, 0);
    });
    return screenshot(page, `${name}-${suffix}`);
  };
  await shoot('desktop');
  await auditA11y(page, `${page.url()} desktop`);
  await page.setViewportSize(viewports.phone);
  expect(await pageOverflowsHorizontally(page)).toBe(false);
  await shoot('phone');
  await auditA11y(page, `${page.url()} phone`);
  await page.setViewportSize(viewports.desktop);
}

/** Signs the page's browser context in through the API, so its pages share the session cookie. */
export async function signInByApi(page: Page, baseURL: string, person: { username: string; password: string }): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username: person.username, password: person.password },
    headers: { Origin: baseURL },
  });
  if (response.status() !== 200) throw new Error(`Signing in ${person.username} answered ${response.status()}: ${await response.text()}`);
}

/** A page (see `openPage`) whose context is signed in as `person`. */
export async function openSignedInPage(
  browser: Browser,
  baseURL: string,
  person: { username: string; password: string },
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<Page> {
  const page = await openPage(browser, { baseURL, viewport });
  await signInByApi(page, baseURL, person);
  return page;
}

/** A toast's text, exactly, in the notifications region. */
export const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications (F8)' }).getByText(text, { exact: true });

/**
 * Starts noting whether `text` shows anywhere in the page, for states shorter
 * than a busy machine takes between two polls of `waitFor` (the login button's
 * 'Welcome back!' lasts the 100 ms before the client navigates). Wait on what
 * the user waits for (the next page), then ask the returned function whether
 * the text was seen on the way. The page must stay on one document meanwhile
 * (client-side navigation only).
 */
export async function noteTextShown(page: Page, text: string): Promise<() => Promise<boolean>> {
  const key = `noted:${text}`;
  await page.evaluate(
    ({ key, text }) => {
      const notes = ((window as unknown as { textNotes?: Record<string, boolean> }).textNotes ??= {});
      const check = () => {
        if (document.body.textContent?.includes(text)) {
          notes[key] = true;
          observer.disconnect();
        }
      };
      const observer = new MutationObserver(check);
      notes[key] = false;
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      check();
    },
    { key, text },
  );
  return () => page.evaluate((key) => (window as unknown as { textNotes?: Record<string, boolean> }).textNotes?.[key] === true, key);
}

/**
 * Resolves once the page's Socket.IO connection is accepted (its CONNECT
 * packet, '40…', arrives): the server has put the socket in its session's
 * rooms by then, so a push caused afterwards reaches it. Call before the
 * navigation that opens the socket; the socket opens lazily after sign-in.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).startsWith('40')) resolve();
      });
    });
  });
}

/**
 * Clicks what opens a document (a bill, a licence) in a new tab and answers the download it starts: documents only
 * download (docs/decisions/0056), from the signed address of our file route.
 */
export async function downloadFromNewTab(page: Page, click: () => Promise<void>): Promise<Download> {
  const [download] = await Promise.all([page.context().waitForEvent('page').then((tab) => tab.waitForEvent('download')), click()]);
  const url = new URL(download.url());
  expect(url.pathname.startsWith('/api/files/') && url.searchParams.has('signature')).toBe(true);
  await download.page().close();
  return download;
}
