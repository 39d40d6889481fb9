import type { Mail } from './port';
import { escapeHtml } from './templates';

/*
 * Mails about a realtor's licence verification (docs/decisions/0050): why it
 * was not accepted or was revoked, in the administrator's own words, and that
 * it was approved. Words from a person are escaped in the HTML part.
 */

function layout(title: string, paragraphs: Array<{ text: string; preWrap?: boolean }>, link: { label: string; url: string }): string {
  const body = paragraphs.map(({ text, preWrap }) => `<p style="margin:0 0 16px${preWrap ? ';white-space:pre-wrap' : ''}">${escapeHtml(text)}</p>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#E43C13;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
</div></body></html>`;
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
