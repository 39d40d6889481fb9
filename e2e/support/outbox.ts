import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mail } from '../../src/mail/port';

export type OutboxMail = Mail & { sentAt: string };

/** Mails the embedded mailer wrote to DATA_DIR/outbox, in sending order. */
export async function readOutbox(dataDir: string): Promise<OutboxMail[]> {
  const dir = join(dataDir, 'outbox');
  let names: string[];
  try {
    names = (await readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8')) as OutboxMail));
}

/** The newest mail matching `predicate`, waiting for it to arrive (mail is sent after the answer, sometimes). */
export async function waitForMail(
  dataDir: string,
  predicate: (mail: OutboxMail) => boolean,
  { timeoutMs = 10_000 }: { timeoutMs?: number } = {},
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(dataDir)).filter(predicate).at(-1);
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`No mail in ${join(dataDir, 'outbox')} matched within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The path and query of the first link in the mail whose path is `pathname`,
 * so a test can open it on its own server whatever origin the mail was given.
 */
export function linkIn(mail: OutboxMail, pathname: string): string {
  for (const match of mail.text.matchAll(/https?:\/\/[^\s"'<>)]+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === pathname) return `${url.pathname}${url.search}`;
  }
  throw new Error(`The mail "${mail.subject}" to ${mail.to} has no link to ${pathname}:\n${mail.text}`);
}
