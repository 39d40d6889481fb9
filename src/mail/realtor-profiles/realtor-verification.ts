import type { Mail } from '../port';
import { escapeHtml, mailButton, mailFrame, mailParagraph } from '../frame';

/*
 * Mails about a realtor's licence verification (docs/decisions/0050): why it
 * was not accepted or was revoked, in the administrator's own words, and that
 * it was approved. Words from a person are escaped in the HTML part.
 */

function layout(title: string, paragraphs: Array<{ text: string; preWrap?: boolean }>, link: { label: string; url: string }): string {
  return mailFrame(title, [...paragraphs.map(({ text, preWrap }) => mailParagraph(escapeHtml(text), preWrap)), mailButton(link)]);
}

/** A rejection or a revocation: the administrator's subject and message, and where to update the profile. */
export function realtorVerificationRefusedMail(options: { to: string; name: string; subject: string; message: string; profileUrl: string; revoked: boolean }): Mail {
  const { to, name, subject, message, profileUrl, revoked } = options;
  const lead = revoked ? 'Your licence verification was revoked, so you cannot place bids for now.' : 'We could not verify your realtor licence.';
  const next = 'Update your profile or upload a new licence document; we review it within 1-2 business days.';
  const text = [`Hi ${name},`, '', lead, '', message, '', next, profileUrl].join('\n');
  const html = layout(subject, [{ text: `Hi ${name},` }, { text: lead }, { text: message, preWrap: true }, { text: next }], { label: 'Update your profile', url: profileUrl });
  return { to, subject, text, html, tag: revoked ? 'realtor-verification-revoked' : 'realtor-verification-rejected' };
}

export function realtorVerificationApprovedMail(options: { to: string; name: string; listingsUrl: string }): Mail {
  const { to, name, listingsUrl } = options;
  const subject = 'Your realtor licence is verified';
  const lead = 'Your licence was verified: you can now bid on listings.';
  const text = [`Hi ${name},`, '', lead, listingsUrl].join('\n');
  const html = layout(subject, [{ text: `Hi ${name},` }, { text: lead }], { label: 'Browse listings', url: listingsUrl });
  return { to, subject, text, html, tag: 'realtor-verification-approved' };
}
