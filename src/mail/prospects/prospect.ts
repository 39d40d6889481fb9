import type { Mail } from '../port';
import { escapeHtml, mailFrame, mailNote, mailParagraph, mailTable } from '../frame';

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
  const html = mailFrame(subject, [
    mailParagraph('A visitor sent the contact form. Support replies within 24 hours.'),
    mailTable(rows, '\n'),
    '<p style="margin:0 0 8px;font-weight:bold">Message</p>',
    mailParagraph(escapeHtml(message), true),
    mailNote(`<a href="${escapeHtml(options.adminUrl)}" style="color:#E43C13">All inquiries in the back office</a>`),
  ], `New ${inquiry.toLowerCase()} inquiry`);
  return { to: options.to, subject, text, html, tag: 'prospect' };
}
