/**
 * Outgoing mail. Adapters: Postmark (POSTMARK_SERVER_TOKEN) and the outbox
 * folder (the embedded default). Both pass the same shape: every mail has a
 * plain-text and an HTML part, and links in it are absolute.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A label for the kind of mail (Postmark's Tag), e.g. 'email-verification'. */
  tag?: string;
}

export interface Mailer {
  /** Resolves once the mail is accepted for delivery; rejects when it was not. */
  send(mail: Mail): Promise<void>;
  /**
   * Deletes the mails still held for `to` (an erased person's, docs/decisions/0042)
   * and answers how many; absent where sent mail is the provider's to keep.
   */
  forgetRecipient?(to: string): Promise<number>;
}
