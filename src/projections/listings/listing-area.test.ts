import { describe, expect, it } from 'vitest';
import { cityOf, servesArea } from './listing-area';

describe('servesArea', () => {
  it.each([
    [['Mississauga'], 'Mississauga, ON', true],
    [['North York'], 'north  york , ON', true],
    [['Downtown', 'Oakville'], 'Oakville, ON', true],
    [['York'], 'North York, ON', true],
    [['York'], 'Yorkville, ON', false],
    [['Mississauga'], 'Toronto, ON', false],
    [[], 'Toronto, ON', false],
  ])('%j serves %s: %s', (areas, location, expected) => {
    expect(servesArea(areas, location)).toBe(expected);
  });
});

describe('cityOf', () => {
  it('is the first part of the location, tidied', () => {
    expect(cityOf(' Mississauga ,  ON')).toBe('Mississauga');
    expect(cityOf('Guelph')).toBe('Guelph');
    expect(cityOf('')).toBe('');
  });
});
