import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage } from './support/browser';
import { startTestServer, type TestServer } from './support/server';

// The JavaScript a visitor's first page may cost, gzipped: 129.7 kB when this was set, of which React DOM alone is 63 kB
// (docs/decisions/0044-first-load.md says what is left between here and 120 kB). Raised from 132 to 133 kB for the
// retried creates' Idempotency-Keys and the credits kept in the phone header (132.2 kB; docs/decisions/0058).
const FIRST_LOAD_BUDGET_BYTES = 133 * 1024;

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Every script the page fetches until it is idle, by URL, with its gzipped size. */
async function scriptsOf(page: Page, path: string): Promise<{ scripts: Map<string, number>; sockets: string[] }> {
  const scripts = new Map<string, number>();
  const sockets: string[] = [];
  const reading: Array<Promise<void>> = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reading.push(response.body().then((body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length)));
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await Promise.all(reading);
  return { scripts, sockets };
}

function report(scripts: Map<string, number>): string {
  const rows = [...scripts].sort((a, b) => b[1] - a[1]).map(([url, bytes]) => `${(bytes / 1024).toFixed(1).padStart(7)} kB  ${new URL(url).pathname}`);
  return rows.join('\n');
}

describe('first load', () => {
  it('costs a visitor of / at most the budget of JavaScript gzipped, and opens no socket', async () => {
    const page = await openPage(browser, { baseURL: server.url });
    const { scripts, sockets } = await scriptsOf(page, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);

    const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
    console.log(`first load of /: ${(total / 1024).toFixed(1)} kB gzip in ${scripts.size} scripts\n${report(scripts)}`);
    expect(total, report(scripts)).toBeLessThanOrEqual(FIRST_LOAD_BUDGET_BYTES);
    expect(sockets).toEqual([]);
  });
});
