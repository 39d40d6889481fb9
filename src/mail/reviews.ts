import type { Mail } from './port';
import { escapeHtml } from './templates';

/*
 * Mails about reviews (docs/decisions/0051, 0063): the realtor hears of a new
 * review, the homeowner of the realtor's reply. A review's and a reply's words
 * are sealed under their author's key, so the mail says the rating and links
 * to the page rather than quoting them. Values from people are escaped in the
 * HTML part; links are absolute.
 */

function layout(title: string, paragraphs: string[], link: { label: string; url: string }): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(link.url)}" style="background:#E43C13;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(link.label)}</a></p>
<p style="margin:0;font-size:13px;color:#6b7280">${escapeHtml(link.url)}</p>
</div></body></html>`;
}

function mail(to: string, subject: string, tag: string, name: string, paragraphs: string[], link: { label: string; url: string }): Mail {
  const oneLine = subject.replace(/[\r\n]+/g, ' ');
  return { to, subject: oneLine, tag, text: [`Hi ${name},`, '', ...paragraphs, '', link.url].join('\n'), html: layout(oneLine, [`Hi ${name},`, ...paragraphs], link) };
}

const stars = (rating: number) => `${rating} out of 5 stars`;

/** To the reviewed realtor: the rating and the listing; the words are on their dashboard, where they can reply. */
export function reviewReceivedMail(options: { to: string; name: string; rating: number; propertyTitle: string; publicUrl: string }): Mail {
  const { to, name, rating, propertyTitle, publicUrl } = options;
  const paragraphs = [`A homeowner you worked with on "${propertyTitle}" reviewed you: ${stars(rating)}.`, 'Read the review, and reply to it once if you wish, on your dashboard.'];
  return mail(to, 'New review from a homeowner', 'review-received', name, paragraphs, { label: 'Read your reviews', url: `${publicUrl}/dashboard` });
}

/** To the review's author: who replied, on which listing; the reply is on the listing's page. */
export function reviewRepliedMail(options: { to: string; name: string; realtorName: string; propertyTitle: string; propertyId: string; publicUrl: string }): Mail {
  const { to, name, realtorName, propertyTitle, propertyId, publicUrl } = options;
  const paragraphs = [`${realtorName} replied to your review of their work on "${propertyTitle}".`];
  return mail(to, `${realtorName} replied to your review`, 'review-replied', name, paragraphs, { label: 'Read the reply', url: `${publicUrl}/listing/${encodeURIComponent(propertyId)}` });
}
