import type { AccountState } from '../domain/accounts/account';
import { userStreamId } from '../domain/accounts/commands';
import { account } from '../domain/accounts/decide';
import type { AdminState } from '../domain/admin/admin';
import { adminDecider } from '../domain/admin/decide';
import { adminStreamId } from '../domain/admin/events';
import type { PropertyFacts } from '../domain/bidding/property-facts';
import { foldPropertyFacts } from '../domain/bidding/property-facts';
import type { SelectionState } from '../domain/bidding/selection';
import { selection, selectionStreamId } from '../domain/bidding/selection';
import type { UploadsState } from '../domain/files/decide';
import { uploads } from '../domain/files/decide';
import { uploadsStreamId } from '../domain/files/events';
import type { LegalActiveState } from '../domain/legal/active';
import { legalActiveDecider } from '../domain/legal/active';
import type { LegalDocumentState } from '../domain/legal/document';
import { legalDocumentDecider } from '../domain/legal/document';
import { legalActiveStreamId, legalDocumentStreamId } from '../domain/legal/events';
import { listing } from '../domain/listings/decide';
import { propertyStreamId } from '../domain/listings/events';
import type { PropertyState } from '../domain/listings/property';
import { loadState } from '../domain/shared/command-handler';
import { verification } from '../domain/verification/decide';
import { verificationStreamId } from '../domain/verification/events';
import type { VerificationState } from '../domain/verification/verification';
import type { LegalDocumentType } from '../contract/legal/legal';
import type { AppDeps } from './deps';

/*
 * The one way a route reads an aggregate's state: each reader folds one
 * stream with its decider, so a route never names a stream or a decider to read.
 * Writes go through runCommand or appendCommand (commands.ts).
 */
type Store = Pick<AppDeps, 'eventStore'>;

export function readAccount(deps: Store, userId: string): Promise<AccountState> {
  return loadState(deps.eventStore, userStreamId(userId), account);
}

export function readVerification(deps: Store, userId: string): Promise<VerificationState> {
  return loadState(deps.eventStore, verificationStreamId(userId), verification);
}

export function readAdmin(deps: Store, adminId: string): Promise<AdminState> {
  return loadState(deps.eventStore, adminStreamId(adminId), adminDecider);
}

export function readUploads(deps: Store, userId: string): Promise<UploadsState> {
  return loadState(deps.eventStore, uploadsStreamId(userId), uploads);
}

export function readListing(deps: Store, propertyId: string): Promise<PropertyState> {
  return loadState(deps.eventStore, propertyStreamId(propertyId), listing);
}

export function readLegalDocument(deps: Store, documentId: number): Promise<LegalDocumentState> {
  return loadState(deps.eventStore, legalDocumentStreamId(documentId), legalDocumentDecider);
}

/** Which version of a type of legal document is in effect, and which are scheduled. */
export function readLegalActivations(deps: Store, type: LegalDocumentType): Promise<LegalActiveState> {
  return loadState(deps.eventStore, legalActiveStreamId(type), legalActiveDecider);
}

/**
 * The property as its own stream says right now: bid commands decide on this,
 * not on a read model, so a bid never lands on a listing deleted a moment ago
 * that a read model still shows.
 */
export async function readPropertyFacts(deps: Store, propertyId: string): Promise<PropertyFacts> {
  const { eventStore } = deps;
  const streamId = propertyStreamId(propertyId);
  // The facts folded at the revision the log holds now are reused; the revision is asked of the log at every call,
  // so a listing changed by any process on the same log (or any node on KurrentDB) is read and folded again.
  const folded = foldedFacts(eventStore);
  if (folded && eventStore.streamRevision) {
    const revision = await eventStore.streamRevision(streamId);
    const known = folded.get(streamId);
    if (known && known.revision === revision) return known.facts;
  }
  // The facts hold no personal value: the listing's address and its requests' addresses stay sealed, unread.
  const events = await eventStore.readStream(streamId, { personalValues: 'sealed' });
  const facts = Object.freeze(foldPropertyFacts(events));
  if (folded) remember(folded, streamId, { revision: events.at(-1)?.revision ?? -1, facts });
  return facts;
}

/** Listings whose facts are kept, per event store: the ones folded longest ago go first. */
const FOLDED_LISTINGS = 10_000;
type Folded = { revision: number; facts: PropertyFacts };
const foldedByStore = new WeakMap<object, Map<string, Folded>>();

function foldedFacts(eventStore: Store['eventStore']): Map<string, Folded> | undefined {
  if (!eventStore.streamRevision) return undefined;
  let folded = foldedByStore.get(eventStore);
  if (!folded) foldedByStore.set(eventStore, (folded = new Map()));
  return folded;
}

function remember(folded: Map<string, Folded>, streamId: string, entry: Folded): void {
  folded.delete(streamId);
  if (folded.size >= FOLDED_LISTINGS) folded.delete(folded.keys().next().value as string);
  folded.set(streamId, entry);
}

/** Which bid the listing's owner selected, from the listing's selection stream. */
export function readSelection(deps: Store, propertyId: string): Promise<SelectionState> {
  return loadState(deps.eventStore, selectionStreamId(propertyId), selection);
}
