import { userStreamId } from '../domain/accounts/commands';
import { account } from '../domain/accounts/decide';
import { propertyStreamId } from '../domain/listings/events';
import type { RealtorProfileEvent, RealtorProfileFields } from '../domain/realtor-profiles/profile';
import { realtorProfile, realtorProfileStreamId } from '../domain/realtor-profiles/profile';
import { foldEvents } from '../domain/shared/decider';
import type { RealtorProfileData } from '../contract/realtor-profiles/realtor-profiles';
import { handleCommand } from '../domain/shared/command-handler';
import type { EventStore, LogPosition, NewEvent } from '../event-store/port';
import { expected } from '../event-store/port';
import type { TestApp } from './test-app';
import { registerUser, sendJson } from './user-session';

/*
 * Bidding fixtures. Listings are the listings context's; these append their
 * agreed events directly (PropertyListed, PropertyActivationToggled,
 * PropertyDeleted), so bidding tests need no verified homeowner or upload.
 */

const DAY = 24 * 60 * 60 * 1000;

/** What the fixtures use of an app: a test app, or a node composed by hand on a shared log. */
export type BiddingApp = Pick<TestApp, 'app' | 'deps' | 'runner'>;

/** A clock the test moves: bidding closes when it passes a listing's end. */
export function testClock(start = '2026-11-22T10:00:00.000Z') {
  let now = Date.parse(start);
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
    set(iso: string) {
      now = Date.parse(iso);
    },
  };
}

/** The full PropertyListed data the listings context writes. */
export function propertyListedData(propertyId: string, ownerId: string, options: { biddingEndsAt: string; minBidAmount?: number; title?: string; listedAt?: string }) {
  return {
    propertyId,
    ownerId,
    title: options.title ?? `Listing ${propertyId}`,
    description: 'A bright home near the park.',
    propertyType: 'house',
    bedrooms: 3,
    bathrooms: 2,
    address: '1 Main St',
    location: 'Toronto, ON',
    images: [],
    vibeMetrics: null,
    biddingEndsAt: options.biddingEndsAt,
    minBidAmount: options.minBidAmount ?? 100,
    listedAt: options.listedAt ?? new Date(Date.parse(options.biddingEndsAt) - 14 * DAY).toISOString(),
  };
}

export async function appendListing(
  store: EventStore,
  ownerId: string,
  options: { propertyId?: string; biddingEndsAt: string; minBidAmount?: number; title?: string },
): Promise<{ propertyId: string; position: LogPosition }> {
  const propertyId = options.propertyId ?? crypto.randomUUID();
  const data = propertyListedData(propertyId, ownerId, options);
  const { position } = await store.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type: 'PropertyListed', data }], expected.noStream);
  return { propertyId, position };
}

export async function listProperty(t: BiddingApp, ownerId: string, options: { propertyId?: string; biddingEndsAt: string; minBidAmount?: number; title?: string }): Promise<string> {
  const { propertyId, position } = await appendListing(t.deps.eventStore, ownerId, options);
  await t.runner.waitFor(position);
  return propertyId;
}

export async function appendPropertyEvent(t: BiddingApp, propertyId: string, type: 'PropertyActivationToggled' | 'PropertyDeleted', data: Record<string, unknown>): Promise<void> {
  const { position } = await t.deps.eventStore.append(propertyStreamId(propertyId), [{ id: crypto.randomUUID(), type, data: { propertyId, ...data } }], expected.streamExists);
  await t.runner.waitFor(position);
}

/** Deletes a listing as the listings context does; its refunds follow through the process manager. */
export async function deleteListing(t: BiddingApp, propertyId: string, ownerId: string, biddingEndsAt: string, title = `Listing ${propertyId}`): Promise<void> {
  await appendPropertyEvent(t, propertyId, 'PropertyDeleted', { ownerId, title, biddingEndsAt, images: [], at: t.deps.clock().toISOString() });
}

export async function setCredits(t: BiddingApp, userId: string, credits: number): Promise<void> {
  const { position } = await handleCommand(t.deps.eventStore, userStreamId(userId), account, {
    type: 'SetCreditsByAdmin',
    credits,
    adminId: 'test-admin',
    reason: 'Set by administrator',
    at: t.deps.clock().toISOString(),
  });
  await t.runner.waitFor(position);
}

/** A complete profile as a realtor sends it, before any licence document. */
export const PROFILE_INPUT = {
  brokerageName: 'Maple Realty',
  licenseNumber: 'L-123',
  yearsOfExperience: 12,
  serviceAreas: ['Downtown'],
  specialties: ['Condos'],
  additionalServices: [],
  commissionRate: '2.5%',
  about: 'Twelve years downtown.',
};

/** A profile that carries everything licence verification asks for; its document key is the fixture's own. */
export const VETTED_PROFILE: RealtorProfileData = {
  brokerageName: 'Maple Realty',
  licenseNumber: 'L-100200',
  serviceAreas: ['Downtown'],
  specialties: ['Condos'],
  additionalServices: [],
  commissionRate: '2.5%',
  about: '',
  yearsOfExperience: 8,
  verificationDocumentUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e99.pdf',
};

/** The realtor-profile events of a realtor whose VETTED_PROFILE an administrator approved, to append to a fresh stream. */
export function vettedProfileEvents(userId: string, at: string): NewEvent[] {
  const save = realtorProfile.decide({ type: 'SaveRealtorProfile', userId, role: 'realtor', profile: VETTED_PROFILE, at }, realtorProfile.initialState);
  const approve = realtorProfile.decide({ type: 'ApproveRealtorVerification', userId, adminId: 'seed', at }, foldEvents(realtorProfile, save));
  return [...save, ...approve].map((event) => ({ id: crypto.randomUUID(), type: event.type, data: event.data }));
}

/**
 * Approves the realtor's licence as the realtor-profile stream records it (docs/decisions/0050): what a
 * saved profile lacks for review is filled from VETTED_PROFILE (the rest stays the realtor's), then an
 * administrator approves it.
 */
export async function approveRealtor(t: BiddingApp, userId: string): Promise<void> {
  const streamId = realtorProfileStreamId(userId);
  const at = t.deps.clock().toISOString();
  const before = foldEvents(realtorProfile, (await t.deps.eventStore.readStream(streamId)) as unknown as RealtorProfileEvent[]);
  if (before.verification.status === 'approved') return;
  const own = before.status === 'saved' ? before.profile : null;
  const profile: RealtorProfileData = own === null ? VETTED_PROFILE : { ...VETTED_PROFILE, ...filledFields(own), profileImageUrl: own.profileImageUrl ?? undefined };
  const saved = await handleCommand(t.deps.eventStore, streamId, realtorProfile, { type: 'SaveRealtorProfile', userId, role: 'realtor', profile, at });
  if (saved.state.verification.status !== 'pending') throw new Error(`the fixture profile did not go to review: ${saved.state.verification.status}`);
  const { position } = await handleCommand(t.deps.eventStore, streamId, realtorProfile, { type: 'ApproveRealtorVerification', userId, adminId: 'test-admin', at });
  if (position !== undefined) await t.runner.waitFor(position);
}

/** The fields of a saved profile that are filled in. */
function filledFields(profile: RealtorProfileFields): Partial<RealtorProfileData> {
  return Object.fromEntries(
    Object.entries(profile).filter(([key, value]) => key !== 'profileImageUrl' && value !== null && value !== '' && value !== 0 && !(Array.isArray(value) && value.length === 0)),
  );
}

/**
 * A realtor who may bid: registered, licence approved (the landing page's promise, docs/decisions/0050),
 * and `credits` to spend. `{ vetted: false }` leaves the licence unreviewed, for the refusals.
 */
export async function registerRealtor(t: BiddingApp, credits = 0, overrides: Record<string, unknown> = {}, options: { vetted?: boolean } = {}) {
  const realtor = await registerUser(t.app, { role: 'realtor', phone: '+14165550199', ...overrides });
  if (options.vetted ?? true) await approveRealtor(t, realtor.user.id);
  if (credits > 0) await setCredits(t, realtor.user.id, credits);
  return realtor;
}

/** A realtor who never filled in a profile: bids are refused until their licence is approved. */
export const registerUnvettedRealtor = (t: BiddingApp, credits = 0, overrides: Record<string, unknown> = {}) => registerRealtor(t, credits, overrides, { vetted: false });

export const registerHomeowner = (t: BiddingApp, overrides: Record<string, unknown> = {}) => registerUser(t.app, { role: 'homeowner', ...overrides });

export function placeBid(t: BiddingApp, cookie: string, propertyId: string, body: Record<string, unknown> = { amount: 150 }) {
  return sendJson(t.app, 'POST', `/api/properties/${propertyId}/bid`, { propertyId, ...body }, cookie);
}

export function get(t: BiddingApp, path: string, cookie?: string) {
  return sendJson(t.app, 'GET', path, undefined, cookie);
}
