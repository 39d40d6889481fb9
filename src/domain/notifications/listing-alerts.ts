import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * The mails telling a realtor of listings gone live in their service areas
 * (docs/decisions/0060), one stream per realtor, `listing-alerts-{realtorId}`:
 * each mail is recorded before it is sent, and the append carries the
 * revision read, so of nodes racing one appends and the others, deciding
 * again, find the listings mailed. Only the node whose append wrote the event
 * sends the mail. `digestDay` marks the day's digest, sent once a day.
 */

export const listingAlertsStream = streamScheme('listing-alerts');
export const listingAlertsStreamId = listingAlertsStream.of;

export type ListingAlertsMailed = {
  type: 'ListingAlertsMailed';
  data: {
    realtorId: string;
    propertyIds: string[];
    /** The UTC day (YYYY-MM-DD) of a daily digest; null for an instant mail. */
    digestDay: string | null;
    /** The latest listing time the digest covered: the next one starts after it. Null for an instant mail. */
    upTo: string | null;
    at: string;
  };
};

export type MailListingAlerts = { type: 'MailListingAlerts'; realtorId: string; propertyIds: string[]; digestDay: string | null; upTo: string | null; at: string };

export type ListingAlertsState = { mailed: ReadonlySet<string>; lastDigestDay: string | null; upTo: string | null };

export const listingAlerts: Decider<MailListingAlerts, ListingAlertsState, ListingAlertsMailed> = {
  initialState: { mailed: new Set(), lastDigestDay: null, upTo: null },
  evolve(state, event) {
    const mailed = new Set(state.mailed);
    for (const propertyId of event.data.propertyIds) mailed.add(propertyId);
    if (event.data.digestDay === null) return { ...state, mailed };
    return { mailed, lastDigestDay: event.data.digestDay, upTo: event.data.upTo };
  },
  decide(command, state) {
    // Every node may ask: a day's digest sent, or listings mailed already, decide nothing rather than fail.
    if (command.digestDay !== null && state.lastDigestDay !== null && state.lastDigestDay >= command.digestDay) return [];
    const propertyIds = [...new Set(command.propertyIds)].filter((propertyId) => !state.mailed.has(propertyId));
    if (propertyIds.length === 0) return [];
    const { realtorId, digestDay, upTo, at } = command;
    return [{ type: 'ListingAlertsMailed', data: { realtorId, propertyIds, digestDay, upTo, at } }];
  },
};
