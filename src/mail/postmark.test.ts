import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostmarkMailer } from './postmark';

interface Received {
  method: string | undefined;
  path: string | undefined;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A stand-in for api.postmarkapp.com that records requests and answers as told. */
async function fakePostmark(answer: { status: number; body: unknown }) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ method: req.method, path: req.url, headers: req.headers, body: JSON.parse(raw) as unknown });
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { received, host: `127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const mail = { to: 'jane@example.com', subject: 'Verify your email', text: 'Open https://x/verify', html: '<p>Open</p>', tag: 'email-verification' };

describe('Postmark mailer', () => {
  it('posts the mail to /email with the server token', async () => {
    const postmark = await fakePostmark({ status: 200, body: { ErrorCode: 0, Message: 'OK', MessageID: 'm-1', To: mail.to, SubmittedAt: '2026-11-22T10:00:00Z' } });
    const mailer = createPostmarkMailer({ serverToken: 'server-token-1', from: 'BidHome <hello@bidhome.example>', requestHost: postmark.host, useHttps: false });
    await mailer.send(mail);
    expect(postmark.received).toHaveLength(1);
    const [request] = postmark.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/email');
    expect(request?.headers['x-postmark-server-token']).toBe('server-token-1');
    expect(request?.body).toEqual({
      From: 'BidHome <hello@bidhome.example>',
      To: 'jane@example.com',
      Subject: 'Verify your email',
      TextBody: 'Open https://x/verify',
      HtmlBody: '<p>Open</p>',
      Tag: 'email-verification',
      MessageStream: 'outbound',
    });
  });

  it('rejects when Postmark refuses the mail', async () => {
    const postmark = await fakePostmark({ status: 422, body: { ErrorCode: 300, Message: 'Invalid email request' } });
    const mailer = createPostmarkMailer({ serverToken: 'server-token-1', from: 'hello@bidhome.example', requestHost: postmark.host, useHttps: false });
    await expect(mailer.send(mail)).rejects.toThrow('Invalid email request');
  });
});
