import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** Someone who registers for the marketplace journeys; `phone` so contact details have something to show. */
export type Person = {
  username: string;
  password: string;
  name: string;
  email: string;
  phone: string;
  role: 'homeowner' | 'realtor';
};

/** Registers through the API (a server-side client: no Origin, no cookies kept). */
export async function registerPerson(baseURL: string, person: Person): Promise<void> {
  const response = await fetch(`${baseURL}/api/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(person),
  });
  if (!response.ok) throw new Error(`Registering ${person.username} answered ${response.status}: ${await response.text()}`);
}

/** Signs the page's browser context in, so its pages share the session cookie. */
export async function signInByApi(page: Page, baseURL: string, person: Pick<Person, 'username' | 'password'>): Promise<void> {
  const response = await page.request.post('/api/login', {
    data: { username: person.username, password: person.password },
    headers: { Origin: baseURL },
  });
  if (response.status() !== 200) throw new Error(`Signing in ${person.username} answered ${response.status()}: ${await response.text()}`);
}

/** A JSON call from the page's context (its cookies), failing loudly on a non-OK answer. */
export async function apiCall<T>(page: Page, baseURL: string, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(path, { method, headers: { Origin: baseURL }, ...(data === undefined ? {} : { data }) });
  const text = await response.text();
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

/** A solid-colour PNG of the given size, made here so the tests need no image files. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set([r, g, b], 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length, 0);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body), 0);
  return Buffer.concat([length, body, crc]);
}

/** The toast region's text, exactly. */
export const toast = (page: Page, text: string) => page.getByRole('region', { name: 'Notifications (F8)' }).getByText(text, { exact: true });

export function pageOverflowsHorizontally(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}
