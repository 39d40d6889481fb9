import { describe, expect, it } from 'vitest';
import type { RealtorProfileDoc } from '../realtor-profiles/realtor-profiles';
import { isVerifiedRealtor } from './realtor-standing';

const profile: RealtorProfileDoc = {
  _id: 'r1', brokerageName: '', licenseNumber: '', serviceAreas: [], specialties: [], additionalServices: [], commissionRate: '2', about: '', yearsOfExperience: 0,
  profileImageUrl: null, createdAt: 'x', updatedAt: 'x',
};

describe('isVerifiedRealtor', () => {
  it("is true only when the licence vetting's status on the profile is approved", () => {
    const withStatus = (verificationStatus: string) => ({ ...profile, verificationStatus }) as RealtorProfileDoc;
    expect(isVerifiedRealtor(withStatus('approved'))).toBe(true);
    expect(isVerifiedRealtor(withStatus('pending'))).toBe(false);
    expect(isVerifiedRealtor(withStatus('rejected'))).toBe(false);
    expect(isVerifiedRealtor(profile)).toBe(false);
    expect(isVerifiedRealtor(null)).toBe(false);
  });
});
