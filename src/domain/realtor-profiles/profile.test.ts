import { describe, expect, it } from 'vitest';
import { ForbiddenError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { RealtorProfileSaved } from './profile';
import { ONLY_REALTORS_HAVE_PROFILES, realtorProfile } from './profile';
import type { RealtorProfileData } from '../../contract/realtor-profiles';
import {
  ADDITIONAL_SERVICES,
  INVALID_COMMISSION_RATE,
  PROFILE_IMAGE_RULE,
  SERVICE_AREAS,
  SERVICE_AREA_REQUIRED,
  SPECIALTIES,
  SPECIALTY_REQUIRED,
  YEARS_OF_EXPERIENCE_RULE,
  realtorProfileSchema,
} from '../../contract/realtor-profiles';

const at = '2026-11-22T10:00:00.000Z';
const profile: RealtorProfileData = {
  brokerageName: 'Maple Realty',
  licenseNumber: 'L-123',
  serviceAreas: ['Downtown'],
  specialties: ['Condos'],
  additionalServices: [],
  commissionRate: '2.5%',
  about: 'Twenty years downtown.',
  yearsOfExperience: 20,
};
const saved: RealtorProfileSaved = { type: 'RealtorProfileSaved', data: { userId: 'r1', ...profile, profileImageUrl: null, at } };

describe('SaveRealtorProfile', () => {
  it('saves the whole profile, and nothing when it did not change', () => {
    given(realtorProfile).when({ type: 'SaveRealtorProfile', userId: 'r1', role: 'realtor', profile, at }).then([saved]);
    given(realtorProfile, [saved]).when({ type: 'SaveRealtorProfile', userId: 'r1', role: 'realtor', profile, at }).then([]);
  });

  it('refuses a homeowner', () => {
    given(realtorProfile).when({ type: 'SaveRealtorProfile', userId: 'h1', role: 'homeowner', profile, at }).thenThrows(ForbiddenError, ONLY_REALTORS_HAVE_PROFILES);
  });
});

const firstMessage = (value: unknown) => realtorProfileSchema.safeParse(value).error?.issues[0]?.message;

describe('realtorProfileSchema', () => {
  it('has the spec lists: 19 service areas, 10 specialties, 7 additional services', () => {
    expect([SERVICE_AREAS.length, SPECIALTIES.length, ADDITIONAL_SERVICES.length]).toEqual([19, 10, 7]);
  });

  it('fills the defaults and falls back to 0 years', () => {
    expect(realtorProfileSchema.parse({ serviceAreas: ['York', 'York'], specialties: ['Commercial'], commissionRate: '3' })).toEqual({
      brokerageName: '',
      licenseNumber: '',
      serviceAreas: ['York'],
      specialties: ['Commercial'],
      additionalServices: [],
      commissionRate: '3',
      about: '',
      yearsOfExperience: 0,
    });
    const key = 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.jpg';
    expect(realtorProfileSchema.parse({ ...profile, yearsOfExperience: '7', profileImageUrl: key })).toMatchObject({ yearsOfExperience: 7, profileImageUrl: key });
    expect(realtorProfileSchema.parse({ ...profile, yearsOfExperience: 'abc' }).yearsOfExperience).toBe(0);
  });

  it.each([
    [{ serviceAreas: [] }, SERVICE_AREA_REQUIRED],
    [{ serviceAreas: undefined }, SERVICE_AREA_REQUIRED],
    [{ serviceAreas: 'Downtown' }, 'Invalid service area'],
    [{ serviceAreas: ['Atlantis'] }, 'Invalid service area'],
    [{ specialties: [] }, SPECIALTY_REQUIRED],
    [{ specialties: ['Castles'] }, 'Invalid specialty'],
    [{ additionalServices: ['Catering'] }, 'Invalid additional service'],
    [{ commissionRate: '2.555' }, INVALID_COMMISSION_RATE],
    [{ commissionRate: 'two' }, INVALID_COMMISSION_RATE],
    [{ commissionRate: '' }, INVALID_COMMISSION_RATE],
    [{ yearsOfExperience: -1 }, YEARS_OF_EXPERIENCE_RULE],
    [{ yearsOfExperience: 2.5 }, YEARS_OF_EXPERIENCE_RULE],
    [{ profileImageUrl: 5 }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: 'https://tracker.example/pixel.png' }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf' }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: `images/${'a'.repeat(1_000_000)}.png` }, PROFILE_IMAGE_RULE],
  ])('%j → %s', (change, message) => {
    expect(firstMessage({ ...profile, ...change })).toBe(message);
  });

  it('accepts the commission rate forms the spec allows', () => {
    for (const rate of ['2', '2.5', '2.75', '3%', '2.75%']) expect(firstMessage({ ...profile, commissionRate: rate })).toBeUndefined();
  });
});
