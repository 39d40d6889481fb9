import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mail, Mailer } from './port';

/**
 * The embedded default: one JSON file per mail in DATA_DIR/outbox, named so
 * that a directory listing is in sending order.
 */
export function createOutboxMailer(options: { dir: string; clock?: () => Date }): Mailer {
  const clock = options.clock ?? (() => new Date());
  let sequence = 0;
  return {
    async send(mail) {
      const sentAt = clock().toISOString();
      sequence = (sequence + 1) % 1_000_000;
      const name = `${sentAt.replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}-${crypto.randomUUID().slice(0, 8)}.json`;
      const body: Mail & { sentAt: string } = { ...mail, sentAt };
      // Written under another name, then renamed: whoever lists the folder reads whole mails only.
      const partial = join(options.dir, `.${name}.partial`);
      const write = () => writeFile(partial, `${JSON.stringify(body, null, 2)}\n`, { flag: 'wx' });
      // The folder is made at the first mail, or again if it was removed: not looked for at every one.
      try {
        await write();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        await mkdir(options.dir, { recursive: true });
        await write();
      }
      await rename(partial, join(options.dir, name));
    },
    async forgetRecipient(to) {
      let names: string[];
      try {
        names = await readdir(options.dir);
      } catch {
        return 0;
      }
      let deleted = 0;
      const wanted = to.toLowerCase();
      for (const name of names.filter((file) => file.endsWith('.json'))) {
        const path = join(options.dir, name);
        const mail = await readMail(path);
        if (typeof mail?.to !== 'string' || mail.to.toLowerCase() !== wanted) continue;
        await rm(path, { force: true });
        deleted += 1;
      }
      return deleted;
    },
  };
}

/** A mail file as written, or null when it is gone or cannot be read: one bad file must not stop an erasure half-way. */
async function readMail(path: string): Promise<Partial<Mail> | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    return typeof parsed === 'object' && parsed !== null ? (parsed as Partial<Mail>) : null;
  } catch {
    return null;
  }
}
