import type { Decider } from '../shared/decider';
import { NotFoundError } from '../shared/errors';
import type { AccountState } from './account';
import { initialAccountState } from './account';
import { decideBid, evolveBids } from './bids';
import { decideBilling, evolveBilling } from './billing';
import type { AccountCommand } from './commands';
import type { AccountEvent } from './events';
import { decideIdentity, decideRegister, evolveIdentity } from './identity';
import { decideNotifications, evolveNotifications } from './notifications';

/**
 * The user account stream `user-{userId}`: registration, password, email,
 * info, and the credits ledger with the bids it pays for. Bids are decided
 * here (bids.ts), not in src/domain/bidding, because a bid spends a credit.
 * This is the one place the parts are composed.
 */
export const account: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide(command, state) {
    if (command.type === 'Register') return decideRegister(command, state);
    if (state.status !== 'registered') throw new NotFoundError('User not found');
    switch (command.type) {
      case 'PlaceBid':
      case 'EditBidMessage':
      case 'RefundBid':
      case 'GrantReward':
        return decideBid(command, state);
      case 'RecordPaymentCustomer':
      case 'SavePaymentMethod':
      case 'RemovePaymentMethod':
      case 'PurchaseCredits':
        return decideBilling(command, state);
      case 'ChangeNotificationPreferences':
        return decideNotifications(command, state);
      default:
        return decideIdentity(command, state);
    }
  },
};

/** Every event of the stream, folded by the part it belongs to; only registration comes before an account. */
export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'BidPlaced':
    case 'BidMessageEdited':
    case 'BidRefunded':
    case 'RewardGranted':
    case 'RewardWithdrawn':
      return state.status === 'registered' ? evolveBids(state, event) : state;
    case 'PaymentCustomerCreated':
    case 'PaymentMethodSaved':
    case 'PaymentMethodRemoved':
    case 'CreditsPurchased':
      return state.status === 'registered' ? evolveBilling(state, event) : state;
    case 'NotificationPreferencesChanged':
      return state.status === 'registered' ? evolveNotifications(state, event) : state;
    default:
      return evolveIdentity(state, event);
  }
}
