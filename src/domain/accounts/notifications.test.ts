import { describe, it } from 'vitest';
import { NotFoundError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { ChangeNotificationPreferences } from './commands';
import type { UserId } from './commands';
import { account } from './decide';
import type { AccountEvent } from './events';
import { NOTHING_TO_CHANGE, ONLY_HOMEOWNERS_BID_EMAILS, ONLY_REALTORS_LISTING_EMAILS, ONLY_REALTORS_OUTCOME_EMAILS } from './notifications';
import { BID_EMAILS_RULE, LISTING_EMAILS_RULE, OUTCOME_EMAILS_RULE } from '../../contract/notifications/notifications';

const at = '2026-11-22T10:00:00.000Z';
const later = '2026-11-22T10:30:00.000Z';

const registered = (role: 'homeowner' | 'realtor'): AccountEvent => ({
  type: 'UserRegistered',
  data: { userId: 'u1' as UserId, username: 'jane', email: 'jane@example.com', name: 'Jane Doe', phone: null, role, at },
});
const homeowner = [registered('homeowner')];
const realtor = [registered('realtor')];
const change = (fields: Omit<ChangeNotificationPreferences, 'type' | 'at'>): ChangeNotificationPreferences => ({ type: 'ChangeNotificationPreferences', ...fields, at: later });
type Choice = 'instant' | 'daily' | 'none';
const changed = (bidEmails: Choice, outcomeEmails: boolean, listingEmails: Choice = 'instant'): AccountEvent => ({
  type: 'NotificationPreferencesChanged',
  data: { bidEmails, outcomeEmails, listingEmails, at: later },
});

describe('ChangeNotificationPreferences', () => {
  it("sets a homeowner's bid emails, keeping the defaults' outcome setting", () => {
    given(account, homeowner).when(change({ bidEmails: 'daily' })).then([changed('daily', true)]);
    given(account, homeowner).when(change({ bidEmails: 'none' })).then([changed('none', true)]);
  });

  it("sets a realtor's outcome emails", () => {
    given(account, realtor).when(change({ outcomeEmails: false })).then([changed('instant', false)]);
    given(account, [...realtor, changed('instant', false)]).when(change({ outcomeEmails: true })).then([changed('instant', true)]);
  });

  it("sets a realtor's listing emails, and reads a change from before them as instant", () => {
    given(account, realtor).when(change({ listingEmails: 'daily' })).then([changed('instant', true, 'daily')]);
    const before: AccountEvent = { type: 'NotificationPreferencesChanged', data: { bidEmails: 'instant', outcomeEmails: false, at } };
    given(account, [...realtor, before]).when(change({ listingEmails: 'instant' })).then([]);
    given(account, [...realtor, before]).when(change({ listingEmails: 'none' })).then([changed('instant', false, 'none')]);
  });

  it('decides nothing when the choice is the one held (instant and on by default)', () => {
    given(account, homeowner).when(change({ bidEmails: 'instant' })).then([]);
    given(account, realtor).when(change({ outcomeEmails: true })).then([]);
    given(account, [...homeowner, changed('daily', true)]).when(change({ bidEmails: 'daily' })).then([]);
  });

  it('refuses the other role\'s setting', () => {
    given(account, realtor).when(change({ bidEmails: 'daily' })).thenThrows(ValidationError, ONLY_HOMEOWNERS_BID_EMAILS);
    given(account, homeowner).when(change({ outcomeEmails: false })).thenThrows(ValidationError, ONLY_REALTORS_OUTCOME_EMAILS);
    given(account, homeowner).when(change({ listingEmails: 'daily' })).thenThrows(ValidationError, ONLY_REALTORS_LISTING_EMAILS);
  });

  it('refuses a value outside the choices, and a change of nothing', () => {
    given(account, homeowner).when(change({ bidEmails: 'weekly' as never })).thenThrows(ValidationError, BID_EMAILS_RULE);
    given(account, realtor).when(change({ outcomeEmails: 'yes' as never })).thenThrows(ValidationError, OUTCOME_EMAILS_RULE);
    given(account, realtor).when(change({ listingEmails: 'hourly' as never })).thenThrows(ValidationError, LISTING_EMAILS_RULE);
    given(account, homeowner).when(change({})).thenThrows(ValidationError, NOTHING_TO_CHANGE);
  });

  it('needs a registered account', () => {
    given(account).when(change({ bidEmails: 'daily' })).thenThrows(NotFoundError, 'User not found');
  });
});
