import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * The mails that follow an event (docs/decisions/0063): a selection's
 * outcome, a verification's outcome, a contact form for support. No request
 * sends them: the `mails_owed` read model lists each one an event owes, and a
 * process that follows the log (src/processes/notifications/mails.ts) sends it and records
 * it here, on a stream per mail, `mail-{mailId}`. A mail sent and not
 * recorded (a crash between the two) is sent again: at least once, never lost.
 */

export const mailStream = streamScheme('mail');
export const mailStreamId = mailStream.of;

export type MailSent = {
  type: 'MailSent';
  data: {
    mailId: string;
    /** What the mail was (`bid-selected`, `verification-rejected`, …). */
    kind: string;
    /** The event that owed it. */
    causationId: string;
    /** Why nothing went out although the mail is paid: its reader was erased, or no address is set. */
    skipped?: string;
    at: string;
  };
};

export type RecordMailSent = { type: 'RecordMailSent'; mailId: string; kind: string; causationId: string; skipped?: string; at: string };

export const mails: Decider<RecordMailSent, { sent: boolean }, MailSent> = {
  initialState: { sent: false },
  evolve: (state, event) => (event.type === 'MailSent' ? { sent: true } : state),
  decide(command, state) {
    // A mail is recorded once, however many nodes or retries report it.
    if (state.sent) return [];
    const { mailId, kind, causationId, skipped, at } = command;
    return [{ type: 'MailSent', data: { mailId, kind, causationId, ...(skipped ? { skipped } : {}), at } }];
  },
};
