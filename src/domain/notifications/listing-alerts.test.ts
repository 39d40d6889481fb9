import { describe, it } from 'vitest';
import { given } from '../shared/given-when-then';
import type { ListingAlertsMailed, MailListingAlerts } from './listing-alerts';
import { listingAlerts } from './listing-alerts';

const at = '2026-11-22T10:00:00.000Z';
const instant = (propertyIds: string[]): MailListingAlerts => ({ type: 'MailListingAlerts', realtorId: 'r1', propertyIds, digestDay: null, upTo: null, at });
const mailed = (propertyIds: string[], digestDay: string | null = null, upTo: string | null = null): ListingAlertsMailed => ({
  type: 'ListingAlertsMailed',
  data: { realtorId: 'r1', propertyIds, digestDay, upTo, at },
});

describe('MailListingAlerts', () => {
  it('records the listings not mailed yet, each once', () => {
    given(listingAlerts).when(instant(['p1', 'p1'])).then([mailed(['p1'])]);
    given(listingAlerts, [mailed(['p1'])]).when(instant(['p1', 'p2'])).then([mailed(['p2'])]);
  });

  it('records nothing when every listing was mailed: a racing node finds its work done', () => {
    given(listingAlerts, [mailed(['p1'])]).when(instant(['p1'])).then([]);
    given(listingAlerts).when(instant([])).then([]);
  });

  it('sends a day\'s digest once, and a later day\'s again', () => {
    const digest = (day: string, propertyIds: string[]): MailListingAlerts => ({ ...instant(propertyIds), digestDay: day, upTo: at });
    given(listingAlerts).when(digest('2026-11-22', ['p1'])).then([mailed(['p1'], '2026-11-22', at)]);
    given(listingAlerts, [mailed(['p1'], '2026-11-22', at)]).when(digest('2026-11-22', ['p2'])).then([]);
    given(listingAlerts, [mailed(['p1'], '2026-11-22', at)]).when(digest('2026-11-23', ['p2'])).then([mailed(['p2'], '2026-11-23', at)]);
  });
});
