import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * The owners' instant mails about new bids (docs/decisions/0043, 0052): sent
 * by a process that follows the log (src/processes/notifications/bid-mails.ts), not by the
 * bid's request. Each batch it sent is recorded on a stream of its own,
 * `bid-mails-{batchId}`, so that a start, or another node, knows those bids
 * were mailed; a batch sent and not recorded (a crash between the two) is
 * sent again: at least once.
 */

export const bidMailsStream = streamScheme('bid-mails');
export const bidMailsStreamId = bidMailsStream.of;

export type BidMailsSent = {
  type: 'BidMailsSent';
  data: {
    /** The bids whose owner's mail went out in this batch. */
    bidIds: string[];
    at: string;
  };
};

export type RecordBidMailsSent = { type: 'RecordBidMailsSent'; bidIds: string[]; at: string };

export const bidMails: Decider<RecordBidMailsSent, { recorded: boolean }, BidMailsSent> = {
  initialState: { recorded: false },
  evolve: () => ({ recorded: true }),
  decide(command, state) {
    // A batch is recorded once; an empty batch is nothing to record.
    if (state.recorded || command.bidIds.length === 0) return [];
    return [{ type: 'BidMailsSent', data: { bidIds: command.bidIds, at: command.at } }];
  },
};
