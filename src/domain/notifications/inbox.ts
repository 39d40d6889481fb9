import type { Decider } from '../shared/decider';
import { streamScheme } from '../shared/stream-ids';

/*
 * What a person has read in their inbox (docs/decisions/0060), on a stream of
 * their own, `inbox-{userId}`: the inbox is a read model of the log, so its
 * read marks are events too, and a rebuild finds them. The route passes only
 * entries of the caller's that are unread, so a repeated click appends nothing.
 */

export const inboxStream = streamScheme('inbox');
export const inboxStreamId = inboxStream.of;

export type NotificationsRead = {
  type: 'NotificationsRead';
  /** `ids` null: every entry the inbox held when this was appended (Mark all read). */
  data: { userId: string; ids: string[] | null; at: string };
};

export type MarkNotificationsRead = { type: 'MarkNotificationsRead'; userId: string; ids: string[] | 'all'; at: string };

export const inbox: Decider<MarkNotificationsRead, { reads: number }, NotificationsRead> = {
  initialState: { reads: 0 },
  evolve: (state) => ({ reads: state.reads + 1 }),
  decide(command) {
    if (command.ids !== 'all' && command.ids.length === 0) return [];
    const ids = command.ids === 'all' ? null : [...new Set(command.ids)];
    return [{ type: 'NotificationsRead', data: { userId: command.userId, ids, at: command.at } }];
  },
};

export function isNotificationsRead(event: { type: string; streamId: string }): boolean {
  return event.type === 'NotificationsRead' && inboxStream.owns(event.streamId);
}
