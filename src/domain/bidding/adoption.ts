import type { Decider } from '../shared/decider';

/*
 * The fair-credit rules (docs/decisions/0059: a bid the owner never opened is
 * refunded at the close, a seen one seven days after it if no realtor is
 * chosen, and each close is written to the log) apply from the moment a log
 * adopted them. A log that already held bids when the rules arrived has no
 * seen receipts for them (there were none to write): read back without this
 * mark, every past bid would look unseen and be refunded at the first start,
 * and every listing closed long ago would tell its owner it just closed.
 * The server writes the mark once at start, before the processes run;
 * on a new log it comes first and changes nothing.
 */

export const FAIR_CREDITS_STREAM = 'fair-credits-adopted';

export type AdoptFairCredits = { type: 'AdoptFairCredits'; at: string };

export type FairCreditsAdopted = { type: 'FairCreditsAdopted'; data: { at: string } };

export const fairCreditsAdoption: Decider<AdoptFairCredits, { adopted: boolean }, FairCreditsAdopted> = {
  initialState: { adopted: false },
  evolve: () => ({ adopted: true }),
  decide: (command, state) => (state.adopted ? [] : [{ type: 'FairCreditsAdopted', data: { at: command.at } }]),
};

export function isFairCreditsAdoptedEvent(event: { type: string; streamId: string }): boolean {
  return event.type === 'FairCreditsAdopted' && event.streamId === FAIR_CREDITS_STREAM;
}
