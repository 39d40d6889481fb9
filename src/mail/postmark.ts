import { ServerClient } from 'postmark';
import type { Mailer } from './port';

export interface PostmarkOptions {
  serverToken: string;
  /** The sender, an address or "Name <address>" confirmed in Postmark. */
  from: string;
  /** Tests point the client at a local server, e.g. '127.0.0.1:4100'. */
  requestHost?: string;
  useHttps?: boolean;
  timeoutSeconds?: number;
}

/** Sends through Postmark's API; rejects when Postmark does not accept the mail. */
export function createPostmarkMailer(options: PostmarkOptions): Mailer {
  const client = new ServerClient(options.serverToken, {
    useHttps: options.useHttps ?? true,
    timeout: options.timeoutSeconds ?? 10,
    ...(options.requestHost ? { requestHost: options.requestHost } : {}),
  });
  return {
    async send(mail) {
      await client.sendEmail({
        From: options.from,
        To: mail.to,
        Subject: mail.subject,
        TextBody: mail.text,
        HtmlBody: mail.html,
        ...(mail.tag ? { Tag: mail.tag } : {}),
        MessageStream: 'outbound',
      });
    },
  };
}
