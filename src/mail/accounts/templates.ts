import { escapeHtml, mailButton, mailFrame, mailNote, mailParagraph } from '../frame';
import type { Mail } from '../port';

export { escapeHtml } from '../frame';

/*
 * The account mails. Every value placed in HTML is escaped; links are
 * absolute, built from the public URL, so they work from any mail client.
 */

const PRODUCT = 'BidHome';

function layout(title: string, paragraphs: string[], link: { label: string; url: string }, footer: string): string {
  const parts = paragraphs.map((p) => mailParagraph(p));
  return mailFrame(title, [...parts, mailButton(link), `<p style="margin:0 0 16px;font-size:13px;color:#6b7280">If the button does not work, copy this link into your browser:<br>${escapeHtml(link.url)}</p>`, mailNote(escapeHtml(footer))]);
}

export function verificationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/api/verify-email?token=${encodeURIComponent(token)}`;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

export function verificationMail(options: { to: string; name: string; link: string; validHours: number }): Mail {
  const subject = `Verify your email for ${PRODUCT}`;
  const footer = `This link expires in ${options.validHours} hours. If you did not create an account, you can ignore this email.`;
  return {
    to: options.to,
    subject,
    tag: 'email-verification',
    text: [`Hi ${options.name},`, '', `Please confirm your email address for ${PRODUCT} by opening this link:`, options.link, '', footer].join('\n'),
    html: layout(subject, [`Hi ${escapeHtml(options.name)},`, `Please confirm your email address for ${PRODUCT}.`], { label: 'Verify email', url: options.link }, footer),
  };
}

export function passwordResetMail(options: { to: string; name: string; link: string }): Mail {
  const subject = `Reset your ${PRODUCT} password`;
  const footer = 'This link expires in 1 hour and works once. If you did not ask for a new password, you can ignore this email; your password stays the same.';
  return {
    to: options.to,
    subject,
    tag: 'password-reset',
    text: [`Hi ${options.name},`, '', 'Someone asked to reset the password of your account. To choose a new one, open this link:', options.link, '', footer].join('\n'),
    html: layout(
      subject,
      [`Hi ${escapeHtml(options.name)},`, 'Someone asked to reset the password of your account. To choose a new one, use the button below.'],
      { label: 'Choose a new password', url: options.link },
      footer,
    ),
  };
}
