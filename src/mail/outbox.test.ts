import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer } from './outbox';

describe('outbox mailer', () => {
  it('writes one JSON file per mail, in sending order', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'outbox-'));
    const dir = join(parent, 'outbox');
    const mailer = createOutboxMailer({ dir, clock: () => new Date('2026-11-22T10:00:00.000Z') });
    await mailer.send({ to: 'a@example.com', subject: 'First', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'b@example.com', subject: 'Second', text: 'two', html: '<p>two</p>', tag: 'test' });
    const files = (await readdir(dir)).sort();
    expect(files).toHaveLength(2);
    const mails = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as Record<string, unknown>));
    expect(mails.map((m) => m.subject)).toEqual(['First', 'Second']);
    expect(mails[1]).toEqual({ to: 'b@example.com', subject: 'Second', text: 'two', html: '<p>two</p>', tag: 'test', sentAt: '2026-11-22T10:00:00.000Z' });
    await rm(parent, { recursive: true });
  });

  it("forgets a recipient's mails and nobody else's, past a file it cannot read", async () => {
    const parent = await mkdtemp(join(tmpdir(), 'outbox-'));
    const dir = join(parent, 'outbox');
    const mailer = createOutboxMailer({ dir });
    await mailer.send({ to: 'Jane@Example.com', subject: 'Hers', text: 'one', html: '<p>one</p>' });
    await mailer.send({ to: 'b@example.com', subject: 'His', text: 'two', html: '<p>two</p>' });
    await writeFile(join(dir, '0-torn.json'), '{"to": "jane@exa');
    expect(await mailer.forgetRecipient?.('jane@example.com')).toBe(1);
    const left = await Promise.all((await readdir(dir)).filter((f) => !f.startsWith('0-')).map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as { subject: string }));
    expect(left.map((mail) => mail.subject)).toEqual(['His']);
    await rm(parent, { recursive: true });
  });
});
