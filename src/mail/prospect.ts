import type { Mail } from './port';
import { escapeHtml } from './templates';

export interface ProspectMailFields {
  email: string;
  inquiryType: string;
  message: string | null;
  page: string;
  createdAt: string;
}

const INQUIRY_LABELS: Record<string, string> = { realtor: 'Realtor', homeowner: 'Homeowner', general: 'General' };

/**
 * Tells support about a new contact-form prospect. Every value comes from a
 * stranger's form, so each is escaped in the HTML part, and the subject holds
 * no line breaks.
 */
export function prospectMail(options: { to: string; prospect: ProspectMailFields; adminUrl: string }): Mail {
  const { prospect } = options;
  const inquiry = INQUIRY_LABELS[prospect.inquiryType] ?? prospect.inquiryType;
  const subject = `New ${inquiry.toLowerCase()} inquiry from ${prospect.email}`.replace(/[\r\n]+/g, ' ');
  const rows: Array<[string, string]> = [
    ['Email', prospect.email],
    ['Inquiry type', inquiry],
    ['Page', prospect.page],
    ['Received', prospect.createdAt],
  ];
  const message = prospect.message ?? '(no message)';
  const text = [
    'A visitor sent the contact form. Support replies within 24 hours.',
    '',
    ...rows.map(([label, value]) => `${label}: ${value}`),
    '',
    'Message:',
    message,
    '',
    `All inquiries: ${options.adminUrl}`,
  ].join('\n');
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0;color:#6b7280">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join('\n');
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">New ${escapeHtml(inquiry.toLowerCase())} inquiry</h1>
<p style="margin:0 0 16px">A visitor sent the contact form. Support replies within 24 hours.</p>
<table style="border-collapse:collapse;margin:0 0 16px">
${cells}
</table>
<p style="margin:0 0 8px;font-weight:bold">Message</p>
<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(message)}</p>
<p style="margin:0;font-size:13px;color:#6b7280"><a href="${escapeHtml(options.adminUrl)}" style="color:#E43C13">All inquiries in the back office</a></p>
</div></body></html>`;
  return { to: options.to, subject, text, html, tag: 'prospect' };
}
