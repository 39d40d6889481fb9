import type { Mail } from './port';
import { escapeHtml } from './templates';

/**
 * Tells a homeowner why their utility bill was not accepted, in the
 * administrator's own words, and where to send a new one. The subject and
 * message come from a person, so both are escaped in the HTML part.
 */
export function verificationRejectedMail(options: { to: string; name: string; subject: string; message: string; profileUrl: string }): Mail {
  const { to, name, subject, message, profileUrl } = options;
  const next = 'You can upload a new utility bill from your profile; we review it within 1-2 business days.';
  const text = [`Hi ${name},`, '', 'We could not verify your ownership with the utility bill you sent.', '', message, '', next, profileUrl].join('\n');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(subject)}</h1>
<p style="margin:0 0 16px">Hi ${escapeHtml(name)},</p>
<p style="margin:0 0 16px">We could not verify your ownership with the utility bill you sent.</p>
<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(message)}</p>
<p style="margin:0 0 16px">${escapeHtml(next)}</p>
<p style="margin:24px 0"><a href="${escapeHtml(profileUrl)}" style="background:#E43C13;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">Upload a new bill</a></p>
</div></body></html>`;
  return { to, subject, text, html, tag: 'verification-rejected' };
}
