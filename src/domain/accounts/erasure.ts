import type { Decider } from '../shared/decider';
import { NotFoundError } from '../shared/errors';
import type { AccountState } from './account';
import { initialAccountState } from './account';
import { evolveAccount } from './decide';
import type { AccountEvent } from './events';

/*
 * A user erases their account (docs/decisions/0042). The stream keeps its
 * events, but their personal values were encrypted under the person's key,
 * which the caller erases after this append; the event itself carries none.
 * Every session ends with it, and no password opens the account again.
 */

export type EraseAccount = { type: 'EraseAccount'; at: string };

export const USER_NOT_FOUND = 'User not found';

/** The account decider's state and evolution, with erasure as its one command. */
export const accountErasure: Decider<EraseAccount, AccountState, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide(command, state) {
    if (state.status !== 'registered' || state.erasedAt !== undefined) throw new NotFoundError(USER_NOT_FOUND);
    return [
      // The sessions' end first, as a password change ends them: the gateway disconnects their sockets on it.
      { type: 'SessionsEnded', data: { sessionVersion: state.sessionVersion + 1, at: command.at } },
      { type: 'AccountErased', data: { at: command.at } },
    ];
  },
};
