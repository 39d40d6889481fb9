import { REFUND_NO_CHOICE_REASON, REFUND_REASON, REFUND_UNSEEN_REASON } from '../../domain/bidding/policies';
import type { Mail } from '../port';
import { escapeHtml, mailButton, mailFrame, mailNote, mailParagraph, mailTable } from '../frame';

/*
 * The bidding mails: a refund when a listing is deleted, and the outcome of a
 * selection for the owner, the chosen realtor and the other bidders. Values
 * come from users (names, titles), so every one is escaped in the HTML part;
 * links are absolute.
 */

const PRODUCT = 'BidHome';

export interface Contact {
  name: string;
  email: string;
  phone: string | null;
}

function html(title: string, paragraphs: string[], link: { label: string; url: string }, contact?: Contact): string {
  const card = contact ? mailTable(contactRows(contact)) : '';
  return mailFrame(title, [paragraphs.map((p) => mailParagraph(escapeHtml(p))).join('\n'), card, mailButton(link), mailNote(escapeHtml(link.url))]);
}

function contactRows(contact: Contact): Array<[string, string]> {
  return [
    ['Name', contact.name],
    ['Email', contact.email],
    ['Phone', contact.phone ?? 'not given'],
  ];
}

function text(greeting: string, paragraphs: string[], link: string, contact?: Contact): string {
  const card = contact ? ['', ...contactRows(contact).map(([label, value]) => `${label}: ${value}`)] : [];
  return [greeting, '', ...paragraphs, ...card, '', link].join('\n');
}

const listingLink = (publicUrl: string, propertyId: string) => `${publicUrl}/listing/${encodeURIComponent(propertyId)}`;

export function bidRefundedMail(options: { to: string; name: string; propertyTitle: string; reason?: string; publicUrl: string }): Mail {
  const subject = `Your credit for "${options.propertyTitle}" was refunded`.replace(/[\r\n]+/g, ' ');
  const why = refundExplanation(options.propertyTitle, options.reason ?? REFUND_REASON);
  const paragraphs = [why, 'The credit you spent on your bid is back in your account.'];
  const link = { label: 'Browse listings', url: `${options.publicUrl}/home` };
  return { to: options.to, subject, tag: 'bid-refund', text: text(`Hi ${options.name},`, paragraphs, link.url), html: html(subject, [`Hi ${options.name},`, ...paragraphs], link) };
}

function refundExplanation(propertyTitle: string, reason: string): string {
  if (reason === REFUND_UNSEEN_REASON) return `Bidding on "${propertyTitle}" closed before the homeowner opened your bid. Your bid still stands: they may select it.`;
  if (reason === REFUND_NO_CHOICE_REASON) return `The homeowner of "${propertyTitle}" chose no realtor within 7 days of the close. Your bid still stands: they may select it.`;
  return `The homeowner deleted the listing "${propertyTitle}", together with its bids.`;
}

export function bidSelectedMail(options: { to: string; name: string; propertyTitle: string; propertyId: string; owner: Contact; publicUrl: string }): Mail {
  const subject = `Your bid on "${options.propertyTitle}" was selected`.replace(/[\r\n]+/g, ' ');
  const paragraphs = [`Good news: the homeowner selected your bid on "${options.propertyTitle}".`, 'Here is how to reach them:'];
  const link = { label: 'View the listing', url: listingLink(options.publicUrl, options.propertyId) };
  return {
    to: options.to,
    subject,
    tag: 'bid-selected',
    text: text(`Hi ${options.name},`, paragraphs, link.url, options.owner),
    html: html(subject, [`Hi ${options.name},`, ...paragraphs], link, options.owner),
  };
}

export function selectionConfirmedMail(options: { to: string; name: string; propertyTitle: string; propertyId: string; realtor: Contact; publicUrl: string }): Mail {
  const subject = `You selected ${options.realtor.name} for "${options.propertyTitle}"`.replace(/[\r\n]+/g, ' ');
  const paragraphs = [`You selected ${options.realtor.name}'s bid on "${options.propertyTitle}". They have your contact details too.`, 'Here is how to reach them:'];
  const link = { label: 'View the listing', url: listingLink(options.publicUrl, options.propertyId) };
  return {
    to: options.to,
    subject,
    tag: 'bid-selection',
    text: text(`Hi ${options.name},`, paragraphs, link.url, options.realtor),
    html: html(subject, [`Hi ${options.name},`, ...paragraphs], link, options.realtor),
  };
}

export function bidNotSelectedMail(options: { to: string; name: string; propertyTitle: string; propertyId: string; publicUrl: string }): Mail {
  const subject = `Your bid on "${options.propertyTitle}" was not selected`.replace(/[\r\n]+/g, ' ');
  const paragraphs = [`The homeowner of "${options.propertyTitle}" selected another realtor's bid.`, `Thank you for bidding. New listings are waiting on ${PRODUCT}.`];
  const link = { label: 'Browse listings', url: `${options.publicUrl}/home` };
  return { to: options.to, subject, tag: 'bid-not-selected', text: text(`Hi ${options.name},`, paragraphs, link.url), html: html(subject, [`Hi ${options.name},`, ...paragraphs], link) };
}

const dollars = (amount: number) => `$${amount.toLocaleString('en-US')}`;
const bidsWord = (count: number) => `${count} new bid${count === 1 ? '' : 's'}`;

/** To the owner, at each bid when they chose instant mails (docs/decisions/0043). The realtor stays unnamed, as on the bid list. */
export function bidReceivedMail(options: { to: string; name: string; propertyTitle: string; propertyId: string; amount: number; publicUrl: string }): Mail {
  const subject = `New bid on "${options.propertyTitle}"`.replace(/[\r\n]+/g, ' ');
  const paragraphs = [`A realtor placed a bid of ${dollars(options.amount)} on "${options.propertyTitle}".`, 'You can read it and compare it with the others on your listing.'];
  const link = { label: 'View the bids', url: listingLink(options.publicUrl, options.propertyId) };
  return { to: options.to, subject, tag: 'bid-received', text: text(`Hi ${options.name},`, paragraphs, link.url), html: html(subject, [`Hi ${options.name},`, ...paragraphs], link) };
}

export interface DigestListing {
  propertyId: string;
  title: string;
  bids: number;
}

/** To the owner once a day when they chose the digest: how many bids on which listings since the last one. */
export function bidDigestMail(options: { to: string; name: string; listings: DigestListing[]; publicUrl: string }): Mail {
  const total = options.listings.reduce((sum, listing) => sum + listing.bids, 0);
  const subject = `${bidsWord(total)} on your listings`;
  const intro = `Since your last digest, realtors placed ${bidsWord(total)} on ${options.listings.length === 1 ? 'one of your listings' : `${options.listings.length} of your listings`}:`;
  const lines = options.listings.map((listing) => `"${listing.title}": ${bidsWord(listing.bids)}`);
  const first = options.listings[0];
  const link = { label: options.listings.length === 1 ? 'View the bids' : 'View your listings', url: options.listings.length === 1 && first ? listingLink(options.publicUrl, first.propertyId) : `${options.publicUrl}/home` };
  const textLines = options.listings.map((listing, i) => `${lines[i] ?? ''}\n${listingLink(options.publicUrl, listing.propertyId)}`);
  const footer = 'You get this digest once a day because you chose it in Notifications on your profile.';
  return {
    to: options.to,
    subject,
    tag: 'bid-digest',
    text: text(`Hi ${options.name},`, [intro, ...textLines, footer], link.url),
    html: html(subject, [`Hi ${options.name},`, intro, ...lines, footer], link),
  };
}

/** A listing as a realtor's alert names it (docs/decisions/0060). */
export interface AlertListing {
  propertyId: string;
  title: string;
  location: string;
  area: string;
}

/** New listings in the realtor's service areas: one at once, or the day's digest. */
export function listingAlertMail(options: { to: string; name: string; listings: AlertListing[]; digest: boolean; publicUrl: string }): Mail {
  const first = options.listings[0];
  const one = options.listings.length === 1 && first !== undefined;
  const subject = (one ? `New listing in ${first.area}: "${first.title}"` : `${options.listings.length} new listings in your service areas`).replace(/[\r\n]+/g, ' ');
  const intro = options.digest ? 'Since your last digest, these listings went live in your service areas:' : one ? 'A listing went live in one of your service areas:' : 'These listings went live in your service areas:';
  const lines = options.listings.map((listing) => `"${listing.title}" in ${listing.location} (${listing.area})`);
  const link = { label: one ? 'View the listing' : 'Browse listings', url: one ? listingLink(options.publicUrl, first.propertyId) : `${options.publicUrl}/home` };
  const textLines = options.listings.map((listing, i) => `${lines[i] ?? ''}\n${listingLink(options.publicUrl, listing.propertyId)}`);
  const footer = options.digest
    ? 'You get this digest once a day because you chose it in Notifications on your profile.'
    : 'You can choose a daily digest, or no listing emails, in Notifications on your profile.';
  return {
    to: options.to,
    subject,
    tag: options.digest ? 'listing-digest' : 'listing-alert',
    text: text(`Hi ${options.name},`, [intro, ...textLines, footer], link.url),
    html: html(subject, [`Hi ${options.name},`, intro, ...lines, footer], link),
  };
}
