import type { ActivityEntry } from './admin/activity';
import type { BidView } from './bidding/bidding';
import type { CreditChangeReason } from './payments/credits';
import type { NotificationItem } from './notifications/inbox';
import type { RealtorVerificationStatus } from './realtor-profiles/realtor-profiles';

/*
 * The Socket.IO contract (ARCHITECTURE "socket events"): what the server
 * pushes, what a client may send, and the rooms pushes go to. The server is
 * `Server<ClientToServerEvents, ServerToClientEvents>`, the browser's socket
 * `Socket<ServerToClientEvents, ClientToServerEvents>`, and the projections'
 * pushes are typed by `PushPayloads`, so a renamed field fails to compile on
 * both sides.
 */

/** What each push carries, as the projection that causes it builds it. */
export interface PushPayloads {
  /** To the user's sockets, after every ledger entry; `reason` only for a change the user did not make themselves. */
  'credits:changed': { credits: number; reason?: CreditChangeReason };
  /** To the listing's watchers and its owner: the live bid count. */
  'property:bids': { propertyId: string; bidCount: number };
  /** To the owner: the new bid as they may see it (no contact details while bidding is open), with the listing's title. */
  'bid:placed': BidView & { propertyTitle: string };
  /** To the owner, every bidder on the listing and its watchers, once the owner selects a bid after the close. */
  'bid:selected': { propertyId: string; bidId: string; realtorId: string; selectedAt: string };
  /** To the bid's realtor, the first time the owner loads it (docs/decisions/0059). */
  'bid:seen': { propertyId: string; bidId: string; seenAt: string };
  /** To the realtor, when their licence goes to review, is approved, rejected or revoked (docs/decisions/0050). */
  'realtor:verification': { verificationStatus: RealtorVerificationStatus };
  /** To the user's sockets: a new entry of their inbox (docs/decisions/0060). */
  'notification:new': NotificationItem;
  /** To the homeowner, when an administrator approves or rejects their ownership verification. */
  'homeowner:verification': { status: 'approved' | 'rejected' };
  /** To administrators: each new entry of the activity log. */
  activity: ActivityEntry;
}
export type PushEvent = keyof PushPayloads;

/** A push as delivered: with the log position of the event that caused it. */
export type Positioned<Payload> = Payload & { position: number };
export type PushOf<E extends PushEvent> = Positioned<PushPayloads[E]>;

export type ServerToClientEvents = { [E in PushEvent]: (payload: PushOf<E>) => void };

/** Follow (or stop following) a listing's live bid count; the server checks the listing may be watched. */
export type WatchRequest = { propertyId: string };
export type WatchAnswer = { ok: boolean; message?: string };

export interface ClientToServerEvents {
  'property:watch': (request: WatchRequest, ack?: (answer: WatchAnswer) => void) => void;
  'property:unwatch': (request: WatchRequest, ack?: (answer: WatchAnswer) => void) => void;
}

/** The room of every socket of one person's sessions of a kind, assigned from the session at the handshake. */
export const personRoom = (kind: 'user' | 'admin', subject: string) => `${kind}:${subject}`;
export const userRoom = (userId: string) => personRoom('user', userId);
/** Joined on `property:watch`, named from the stored listing id, never from what the client sent. */
export const propertyRoom = (propertyId: string) => `property:${propertyId}`;
export const ADMINS_ROOM = 'admins';
