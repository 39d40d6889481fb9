import { mailStreamId, mails } from '../../domain/notifications/mails';
import { REVOKED_SUBJECT } from '../../domain/realtor-profiles/profile';
import { handleCommand, loadState } from '../../domain/shared/command-handler';
import type { EventStore } from '../../event-store/port';
import type { Logger } from '../../http/platform/logger';
import { bidDigestMail, bidNotSelectedMail, bidRefundedMail, bidSelectedMail, listingAlertMail, selectionConfirmedMail } from '../../mail/bidding/bids';
import type { Mail, Mailer } from '../../mail/port';
import { prospectMail } from '../../mail/prospects/prospect';
import { reviewReceivedMail, reviewRepliedMail } from '../../mail/reviews/reviews';
import { realtorVerificationApprovedMail, realtorVerificationRefusedMail } from '../../mail/realtor-profiles/realtor-verification';
import { verificationRejectedMail } from '../../mail/verification/verification';
import type { MailFacts, MailKind, MailOwedDoc } from '../../projections/notifications/mails-owed';
import { MAILS_OWED, owesMails } from '../../projections/notifications/mails-owed';
import { erasedEmail } from '../../personal-data/personal-fields';
import type { Projection } from '../../projections/projection';
import type { ProspectDoc } from '../../projections/prospects/prospects';
import { PROSPECTS } from '../../projections/prospects/prospects';
import type { UserDoc } from '../../projections/accounts/users';
import { USERS } from '../../projections/accounts/users';
import type { ReadStore } from '../../read-store/port';
import { nameToUuid } from '../bidding/bid-refunds';
import { ALERT_FRESH_MS } from './listing-alerts';
import type { LeaseOptions, OwedWork, RetryPolicy } from '../owed-work';
import { createOwedWork, owedWorkOptions } from '../owed-work';

export const MAILS = 'mails';

export interface MailSenderDeps {
  eventStore: EventStore;
  /** Where the mails owed are read (src/projections/notifications/mails-owed.ts), and their readers' addresses. */
  readStore: ReadStore;
  mailer: Mailer;
  logger: Logger;
  publicUrl: string;
  /** Where contact forms are mailed: SUPPORT_EMAIL, else ADMIN_EMAIL; none set, they are recorded unsent. */
  supportEmail: string | undefined;
  lease?: LeaseOptions;
  retry?: RetryPolicy;
  now?: () => number;
}

export type MailSender = Projection & Pick<OwedWork<MailOwedDoc>, 'start' | 'stop' | 'idle' | 'counts' | 'catchUp'>;

type Reader = { email: string; name: string; phone: string | null };
type Lookups = { user(id: string): Promise<Reader | null>; prospect(id: string): Promise<ProspectDoc | null> };

/** Each kind's mail from its facts and its reader; null when there is nobody to mail. */
const RENDER: { [K in MailKind]: (facts: MailFacts[K], to: Reader, lookups: Lookups, url: string) => Promise<Mail | null> } = {
  async 'bid-selected'(facts, to, lookups, publicUrl) {
    const owner = await lookups.user(facts.ownerId);
    return owner ? bidSelectedMail({ to: to.email, name: to.name, propertyTitle: facts.propertyTitle, propertyId: facts.propertyId, owner, publicUrl }) : null;
  },
  async 'selection-confirmed'(facts, to, lookups, publicUrl) {
    const realtor = await lookups.user(facts.realtorId);
    return realtor ? selectionConfirmedMail({ to: to.email, name: to.name, propertyTitle: facts.propertyTitle, propertyId: facts.propertyId, realtor, publicUrl }) : null;
  },
  'bid-not-selected': async (facts, to, _lookups, publicUrl) => bidNotSelectedMail({ to: to.email, name: to.name, propertyTitle: facts.propertyTitle, propertyId: facts.propertyId, publicUrl }),
  'verification-rejected': async (facts, to, _lookups, publicUrl) =>
    verificationRejectedMail({ to: to.email, name: to.name, subject: facts.subject, message: facts.message, profileUrl: `${publicUrl}/homeowner-profile` }),
  'realtor-approved': async (_facts, to, _lookups, publicUrl) => realtorVerificationApprovedMail({ to: to.email, name: to.name, listingsUrl: `${publicUrl}/home` }),
  'realtor-rejected': async (facts, to, _lookups, publicUrl) =>
    realtorVerificationRefusedMail({ to: to.email, name: to.name, subject: facts.subject, message: facts.message, profileUrl: `${publicUrl}/realtor-profile`, revoked: false }),
  'realtor-revoked': async (facts, to, _lookups, publicUrl) =>
    realtorVerificationRefusedMail({ to: to.email, name: to.name, subject: REVOKED_SUBJECT, message: facts.reason, profileUrl: `${publicUrl}/realtor-profile`, revoked: true }),
  'bid-digest': async (facts, to, _lookups, publicUrl) => bidDigestMail({ to: to.email, name: to.name, listings: facts.listings, publicUrl }),
  'listing-alert': async (facts, to, _lookups, publicUrl) => listingAlertMail({ to: to.email, name: to.name, listings: [facts], digest: false, publicUrl }),
  'listing-digest': async (facts, to, _lookups, publicUrl) => listingAlertMail({ to: to.email, name: to.name, listings: facts.listings, digest: true, publicUrl }),
  'review-received': async (facts, to, _lookups, publicUrl) => reviewReceivedMail({ to: to.email, name: to.name, rating: facts.rating, propertyTitle: facts.propertyTitle, publicUrl }),
  async 'review-replied'(facts, to, lookups, publicUrl) {
    const realtor = await lookups.user(facts.realtorId);
    const realtorName = realtor?.name ?? 'The realtor';
    return reviewRepliedMail({ to: to.email, name: to.name, realtorName, propertyTitle: facts.propertyTitle, propertyId: facts.propertyId, publicUrl });
  },
  'bid-refunded': async (facts, to, _lookups, publicUrl) => bidRefundedMail({ to: to.email, name: to.name, propertyTitle: facts.propertyTitle, reason: facts.reason, publicUrl }),
  async prospect(facts, to, lookups, publicUrl) {
    const found = await lookups.prospect(facts.prospectId);
    if (!found) return null;
    const { email, inquiryType, message, page, createdAt } = found;
    return prospectMail({ to: to.email, prospect: { email, inquiryType, message, page, createdAt }, adminUrl: `${publicUrl}/admin` });
  },
};

/** A kind of mail that is no longer news after this long: recorded skipped, not sent (docs/decisions/0060). */
const FRESH_FOR_MS: Partial<Record<MailKind, number>> = { 'listing-alert': ALERT_FRESH_MS };

/**
 * The mails that follow an event (docs/decisions/0063), out of the request
 * that appended it: the request answers at once, and a crash between its
 * append and the mail loses nothing, since the mail is owed in `mails_owed`
 * until its MailSent is in the log. The worker (src/processes/owed-work.ts)
 * takes each owed mail under its lease, so one node of N sends it; reads the
 * mail's stream first, so a mail recorded sent is never sent again; sends it;
 * then records it with an event id derived from the mailId. A crash between
 * the send and the record sends it again after the lease: at least once.
 * A mail the provider refused is tried again with capped backoff. As a
 * projection after the read models, it hands each new debt to the worker at
 * once.
 */
export function createMailSender(deps: MailSenderDeps): MailSender {
  const now = deps.now ?? Date.now;
  const lookups: Lookups = {
    user: (id) => deps.readStore.collection<UserDoc>(USERS).findOne({ _id: id }, { projection: { email: 1, name: 1, phone: 1 } }),
    prospect: (id) => deps.readStore.collection<ProspectDoc>(PROSPECTS).findOne({ _id: id }),
  };

  const reader = async (item: MailOwedDoc): Promise<Reader | null> => {
    if ('support' in item.to) return deps.supportEmail ? { email: deps.supportEmail, name: 'Support', phone: null } : null;
    const user = await lookups.user(item.to.userId);
    // An erased user's document keeps a stand-in address (docs/decisions/0042): nobody to mail.
    return user && user.email !== erasedEmail(item.to.userId) ? user : null;
  };

  const render = (item: MailOwedDoc, to: Reader): Promise<Mail | null> => (RENDER[item.kind] as (facts: unknown, to: Reader, lookups: Lookups, url: string) => Promise<Mail | null>)(item.facts, to, lookups, deps.publicUrl);

  // Sent by this node and not recorded yet (the record failed): recorded on the retry, not sent again.
  const unrecorded = new Map<string, string | undefined>();

  const send = async (item: MailOwedDoc) => {
    const streamId = mailStreamId(item._id);
    // Recorded already (by this node before a restart, or another): the read model has yet to show it.
    if ((await loadState(deps.eventStore, streamId, mails)).sent) return;
    let skipped = unrecorded.get(item._id);
    if (!unrecorded.has(item._id)) {
      const stale = now() - Date.parse(item.since) > (FRESH_FOR_MS[item.kind] ?? Number.POSITIVE_INFINITY);
      const to = stale ? null : await reader(item);
      const mail = to ? await render(item, to) : null;
      // Nobody to mail (the reader erased, no support address), or no longer news: paid all the same, with the reason.
      skipped = mail ? undefined : stale ? 'no longer news' : to ? 'nothing left to mail about' : 'support' in item.to ? 'neither SUPPORT_EMAIL nor ADMIN_EMAIL is set' : 'the reader was erased';
      if (mail) await deps.mailer.send(mail);
      else deps.logger.info(`${item.kind} mail skipped: ${skipped}`, { processManager: MAILS, mailId: item._id, causationId: item.causationId });
      unrecorded.set(item._id, skipped);
    }
    await handleCommand(
      deps.eventStore,
      streamId,
      mails,
      { type: 'RecordMailSent', mailId: item._id, kind: item.kind, causationId: item.causationId, ...(skipped ? { skipped } : {}), at: new Date(now()).toISOString() },
      { eventId: () => nameToUuid(`mail-sent:${item._id}`), metadata: { processManager: MAILS, causationId: item.causationId } },
    );
    unrecorded.delete(item._id);
  };

  const work = createOwedWork<MailOwedDoc>({
    name: 'mail',
    owed: () => deps.readStore.collection<MailOwedDoc>(MAILS_OWED),
    complete: send,
    describe: (item) => ({ processManager: MAILS, mailId: item._id, kind: item.kind, causationId: item.causationId }),
    ...owedWorkOptions(deps),
  });

  return {
    name: MAILS,
    collections: [],
    async apply(event, store, context) {
      // Mails owed from before this start are the worker's (it reads them all at start).
      if (context?.replaying || !owesMails(event)) return;
      for (const item of await store.collection<MailOwedDoc>(MAILS_OWED).find({ causationId: event.id, doneAt: null })) work.kick(item);
    },
    start: work.start,
    stop: work.stop,
    idle: work.idle,
    counts: work.counts,
    catchUp: work.catchUp,
  };
}
