import type { RecordedEvent } from '../../event-store/port';
import type { Decider } from '../shared/decider';
import type { InquiryType } from '../../contract/prospects/prospects';
import { streamScheme } from '../shared/stream-ids';

/** One stream per email address (lowercased), so duplicates of one person are decided in one place. */
export const prospectsStream = streamScheme('prospects');
export const prospectStreamId = (email: string) => prospectsStream.of(email.trim().toLowerCase());

/** The same submission again within this window is accepted but recorded once. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;

export type SubmitProspect = {
  type: 'SubmitProspect';
  prospectId: string;
  email: string;
  inquiryType: InquiryType;
  message: string | null;
  page: string;
  ipAddress: string | null;
  userAgent: string | null;
  at: string;
};

export type ProspectSubmitted = {
  type: 'ProspectSubmitted';
  data: {
    prospectId: string;
    email: string;
    inquiryType: InquiryType;
    message: string | null;
    page: string;
    ipAddress: string | null;
    userAgent: string | null;
    at: string;
  };
};

export type ProspectEvent = ProspectSubmitted;

/** The submissions of the last window, newest last; older ones no longer matter. */
export type ProspectState = { recent: ReadonlyArray<{ key: string; at: string }> };

/** What makes two submissions the same, besides the email that names the stream. */
function submissionKey(submission: { inquiryType: string; page: string; message: string | null }): string {
  return JSON.stringify([submission.inquiryType, submission.page, submission.message]);
}

export const prospectDecider: Decider<SubmitProspect, ProspectState, ProspectEvent> = {
  initialState: { recent: [] },

  evolve(state, event) {
    const at = Date.parse(event.data.at);
    const recent = state.recent.filter((r) => at - Date.parse(r.at) < DUPLICATE_WINDOW_MS);
    return { recent: [...recent, { key: submissionKey(event.data), at: event.data.at }] };
  },

  decide(command, state) {
    const key = submissionKey(command);
    const at = Date.parse(command.at);
    // A submission stamped later than ours (another node's clock) counts as within the window.
    if (state.recent.some((r) => r.key === key && at - Date.parse(r.at) < DUPLICATE_WINDOW_MS)) return [];
    const { prospectId, email, inquiryType, message, page, ipAddress, userAgent } = command;
    return [{ type: 'ProspectSubmitted', data: { prospectId, email, inquiryType, message, page, ipAddress, userAgent, at: command.at } }];
  },
};

/** A stored prospect submission, narrowed for projections. */
export function isProspectEvent(event: RecordedEvent): event is RecordedEvent & ProspectEvent {
  return event.type === 'ProspectSubmitted' && prospectsStream.owns(event.streamId);
}
