import type { Mail } from '../port';
import { escapeHtml, mailButton, mailFrame, mailParagraph } from '../frame';

/**
 * Tells a homeowner why their utility bill was not accepted, in the
 * administrator's own words, and where to send a new one. The subject and
 * message come from a person, so both are escaped in the HTML part.
 */
export function verificationRejectedMail(options: { to: string; name: string; subject: string; message: string; profileUrl: string }): Mail {
  const { to, name, subject, message, profileUrl } = options;
  const next = 'You can upload a new utility bill from your profile; we review it within 1-2 business days.';
  const text = [`Hi ${name},`, '', 'We could not verify your ownership with the utility bill you sent.', '', message, '', next, profileUrl].join('\n');
  const html = mailFrame(subject, [
    mailParagraph(`Hi ${escapeHtml(name)},`),
    mailParagraph('We could not verify your ownership with the utility bill you sent.'),
    mailParagraph(escapeHtml(message), true),
    mailParagraph(escapeHtml(next)),
    mailButton({ label: 'Upload a new bill', url: profileUrl }),
  ]);
  return { to, subject, text, html, tag: 'verification-rejected' };
}
