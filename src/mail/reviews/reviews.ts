import type { Mail } from '../port';
import { escapeHtml, mailButton, mailFrame, mailNote, mailParagraph } from '../frame';

/*
 * Mails about reviews (docs/decisions/0051, 0063): the realtor hears of a new
 * review, the homeowner of the realtor's reply. A review's and a reply's words
 * are sealed under their author's key, so the mail says the rating and links
 * to the page rather than quoting them. Values from people are escaped in the
 * HTML part; links are absolute.
 */

function layout(title: string, paragraphs: string[], link: { label: string; url: string }): string {
  return mailFrame(title, [...paragraphs.map((p) => mailParagraph(escapeHtml(p))), mailButton(link), mailNote(escapeHtml(link.url))]);
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
