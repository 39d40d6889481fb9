import { describe, expect, it } from 'vitest';
import { isFiltered, parseListingSearch, toQueryString, withoutEmpty } from './search-params';

describe('/home filters in the address', () => {
  it('keeps every value the server accepts', () => {
    expect(parseListingSearch({ search: ' Lake ', propertyType: 'condo', minBedrooms: 3, minBathrooms: '2', state: 'closing', sort: 'ending' })).toEqual({
      search: 'Lake',
      propertyType: 'condo',
      minBedrooms: 3,
      minBathrooms: 2,
      state: 'closing',
      sort: 'ending',
    });
    expect(parseListingSearch({ search: 12 })).toEqual({ search: '12' });
  });

  it('drops what the server would refuse, and the defaults', () => {
    expect(parseListingSearch({ search: '  ', propertyType: 'castle', minBedrooms: 0, minBathrooms: 'two', state: 'soon', sort: 'newest', emailVerification: 'verified' })).toEqual({});
    expect(parseListingSearch({ minBedrooms: 1.5, minBathrooms: -1 })).toEqual({});
    expect(parseListingSearch({ search: 'a'.repeat(300) }).search).toHaveLength(200);
  });

  it('says whether anything narrows the list, the order aside', () => {
    expect(isFiltered({ sort: 'ending' })).toBe(false);
    expect(isFiltered({ minBathrooms: 1 })).toBe(true);
  });

  it('builds the API query from the set filters only', () => {
    expect(toQueryString({ search: 'a&b', propertyType: undefined, minBedrooms: 2, sort: 'newest' })).toBe('search=a%26b&minBedrooms=2');
    expect(withoutEmpty({ search: '', state: 'open' })).toEqual({ state: 'open' });
  });
});
