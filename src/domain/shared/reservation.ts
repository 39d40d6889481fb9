import type { Decider } from './decider';
import { ConflictError } from './errors';
import type { StreamScheme } from './stream-ids';
import { streamScheme } from './stream-ids';

/*
 * A unique name (a username, an email address) held in its own stream, e.g.
 * `username-jane`. The name is unique because the first reservation appends
 * to a stream that must not exist yet: two racing reservations cannot both
 * succeed, whatever any read model says. Accounts and administrators both use it.
 */

export type ReservationCommand =
  | {
      type: 'Reserve';
      ownerId: string;
      at: string;
      /** The refusal when another owner holds the name, e.g. 'Username already exists'. */
      takenMessage: string;
      /**
       * Take the name over from this holder. The caller passes it only after
       * checking that the holder never became an account (a registration that
       * crashed between reserving and registering); the append still fails if
       * the holder changed meanwhile.
       */
      reclaimFrom?: string;
    }
  | { type: 'Release'; ownerId: string; at: string };

export type ReservationEvent =
  | { type: 'NameReserved'; data: { ownerId: string; at: string } }
  | { type: 'NameReleased'; data: { ownerId: string; at: string } };

export type ReservationState = { status: 'free' } | { status: 'held'; ownerId: string; since: string };

type ReservationKind = 'username' | 'email' | 'admin-username' | 'admin-email';
const RESERVATION_STREAMS: Readonly<Record<ReservationKind, StreamScheme>> = {
  username: streamScheme('username'),
  email: streamScheme('email'),
  'admin-username': streamScheme('admin-username'),
  'admin-email': streamScheme('admin-email'),
};
/** A user's username and email reservations: `username-{name}`, `email-{address}`. */
export const usernameStream = RESERVATION_STREAMS.username;
export const emailStream = RESERVATION_STREAMS.email;

/** The stream holding one name; names compare case-insensitively. */
export function reservationStreamId(kind: ReservationKind, name: string): string {
  return RESERVATION_STREAMS[kind].of(name.trim().toLowerCase());
}

export const reservation: Decider<ReservationCommand, ReservationState, ReservationEvent> = {
  initialState: { status: 'free' },

  evolve(_state, event) {
    switch (event.type) {
      case 'NameReserved':
        return { status: 'held', ownerId: event.data.ownerId, since: event.data.at };
      case 'NameReleased':
        return { status: 'free' };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'Reserve': {
        const reserved: ReservationEvent = { type: 'NameReserved', data: { ownerId: command.ownerId, at: command.at } };
        if (state.status === 'free') return [reserved];
        // A retried request must not fail against its own reservation.
        if (state.ownerId === command.ownerId) return [];
        if (command.reclaimFrom !== undefined && command.reclaimFrom === state.ownerId) {
          return [{ type: 'NameReleased', data: { ownerId: state.ownerId, at: command.at } }, reserved];
        }
        throw new ConflictError(command.takenMessage);
      }
      case 'Release':
        // Only the holder frees a name; anything else is a retry or a stale compensation.
        if (state.status === 'held' && state.ownerId === command.ownerId) {
          return [{ type: 'NameReleased', data: { ownerId: command.ownerId, at: command.at } }];
        }
        return [];
    }
  },
};
