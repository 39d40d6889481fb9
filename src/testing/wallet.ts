import type { Decider } from '../domain/shared/decider';
import { ConflictError, ValidationError } from '../domain/shared/errors';

// A tiny decider for testing the platform itself: a balance that never goes negative.
export type WalletCommand =
  | { type: 'Deposit'; amount: number; at: string }
  | { type: 'Spend'; amount: number; at: string };

export type WalletEvent =
  | { type: 'Deposited'; data: { amount: number; at: string } }
  | { type: 'Spent'; data: { amount: number; at: string } };

export interface WalletState {
  balance: number;
}

export const wallet: Decider<WalletCommand, WalletState, WalletEvent> = {
  initialState: { balance: 0 },
  evolve(state, event) {
    switch (event.type) {
      case 'Deposited':
        return { balance: state.balance + event.data.amount };
      case 'Spent':
        return { balance: state.balance - event.data.amount };
    }
  },
  decide(command, state) {
    if (command.amount <= 0) throw new ValidationError('Amount must be positive');
    switch (command.type) {
      case 'Deposit':
        return [{ type: 'Deposited', data: { amount: command.amount, at: command.at } }];
      case 'Spend':
        if (state.balance < command.amount) throw new ConflictError('Insufficient balance');
        return [{ type: 'Spent', data: { amount: command.amount, at: command.at } }];
    }
  },
};
