import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import { given } from '../shared/given-when-then';
import type { RealtorProfileEvent, RealtorProfileSaved } from './profile';
import { NOT_APPROVED, NOT_PENDING_REVIEW, ONLY_REALTORS_HAVE_PROFILES, REVOKE_REASON_REQUIRED, REVOKED_SUBJECT, realtorProfile } from './profile';
import { REVIEW_FIELDS_MESSAGE } from '../../contract/verification/verification';
import { LICENCE_DOCUMENT_RULE, keepCompleteMessage, missingForVerification } from '../../contract/realtor-profiles/realtor-profiles';
import type { RealtorProfileData } from '../../contract/realtor-profiles/realtor-profiles';
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
} from '../../contract/realtor-profiles/realtor-profiles';

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
const saved: RealtorProfileSaved = { type: 'RealtorProfileSaved', data: { userId: 'r1', ...profile, profileImageUrl: null, verificationDocumentUrl: null, at } };

describe('SaveRealtorProfile', () => {
  it('saves the whole profile, and nothing when it did not change', () => {
    given(realtorProfile).when({ type: 'SaveRealtorProfile', userId: 'r1', role: 'realtor', profile, at }).then([saved]);
    given(realtorProfile, [saved]).when({ type: 'SaveRealtorProfile', userId: 'r1', role: 'realtor', profile, at }).then([]);
  });

  it('refuses a homeowner', () => {
    given(realtorProfile).when({ type: 'SaveRealtorProfile', userId: 'h1', role: 'homeowner', profile, at }).thenThrows(ForbiddenError, ONLY_REALTORS_HAVE_PROFILES);
  });
});

const later = '2026-11-23T09:00:00.000Z';
const licence = 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf';
const complete: RealtorProfileData = { ...profile, verificationDocumentUrl: licence };
const save = (changes: Partial<RealtorProfileData> = {}, when = at) => ({ type: 'SaveRealtorProfile' as const, userId: 'r1', role: 'realtor', profile: { ...complete, ...changes }, at: when });
const savedComplete = (changes: Partial<RealtorProfileData> = {}, when = at): RealtorProfileEvent => ({
  type: 'RealtorProfileSaved',
  data: { userId: 'r1', ...complete, profileImageUrl: null, ...changes, at: when },
});
const submitted = (changes: { licenseNumber?: string; brokerageName?: string } = {}, when = at): RealtorProfileEvent => ({
  type: 'RealtorVerificationSubmitted',
  data: { userId: 'r1', licenseNumber: 'L-123', brokerageName: 'Maple Realty', verificationDocumentUrl: licence, ...changes, at: when },
});
const approved: RealtorProfileEvent = { type: 'RealtorVerificationApproved', data: { userId: 'r1', adminId: 'a1', at: later } };
const rejected: RealtorProfileEvent = {
  type: 'RealtorVerificationRejected',
  data: { userId: 'r1', adminId: 'a1', subject: 'Licence not found', message: 'The registry has no licence L-123.', at: later },
};
const revoked: RealtorProfileEvent = { type: 'RealtorVerificationRevoked', data: { userId: 'r1', adminId: 'a1', reason: 'The licence lapsed in November.', at: later } };
const approve = { type: 'ApproveRealtorVerification' as const, userId: 'r1', adminId: 'a1', at: later };
const reject = (subject = 'Licence not found', message = 'The registry has no licence L-123.') => ({ type: 'RejectRealtorVerification' as const, userId: 'r1', adminId: 'a1', subject, message, at: later });
const revoke = (reason = 'The licence lapsed in November.') => ({ type: 'RevokeRealtorVerification' as const, userId: 'r1', adminId: 'a1', reason, at: later });
const pending = [savedComplete(), submitted()];

describe('licence verification on save', () => {
  it('sends a complete profile with its licence document to review, in the same append', () => {
    given(realtorProfile).when(save()).then([savedComplete(), submitted()]);
  });

  it('keeps a profile that lacks something out of review, and names what is missing', () => {
    given(realtorProfile).when(save({ verificationDocumentUrl: undefined })).then([{ ...savedComplete(), data: { ...savedComplete().data, verificationDocumentUrl: null } } as RealtorProfileEvent]);
    given(realtorProfile).when(save({ yearsOfExperience: 0 })).then([savedComplete({ yearsOfExperience: 0 })]);
    expect(missingForVerification({ licenseNumber: '', brokerageName: ' ', yearsOfExperience: 0, serviceAreas: [], specialties: [], verificationDocumentUrl: null })).toEqual([
      'Licence number',
      'Brokerage name',
      'Years of experience',
      'At least one service area',
      'At least one specialty',
      'Licence document',
    ]);
  });

  it('keeps the licence document when a later save sends none, and goes to review once the rest is there', () => {
    given(realtorProfile, [savedComplete({ licenseNumber: '' })]).when(save({ verificationDocumentUrl: undefined })).then([savedComplete(), submitted()]);
  });

  it('stays pending through a save, and an approved one stays approved through a change that is not the licence or brokerage', () => {
    given(realtorProfile, pending).when(save({ about: 'Condos since 2006.' }, later)).then([savedComplete({ about: 'Condos since 2006.' }, later)]);
    given(realtorProfile, [...pending, approved]).when(save({ commissionRate: '3%' }, later)).then([savedComplete({ commissionRate: '3%' }, later)]);
  });

  it('sends an approved profile back to review when its licence number or brokerage changes', () => {
    given(realtorProfile, [...pending, approved]).when(save({ licenseNumber: 'L-999' }, later)).then([savedComplete({ licenseNumber: 'L-999' }, later), submitted({ licenseNumber: 'L-999' }, later)]);
    given(realtorProfile, [...pending, approved]).when(save({ brokerageName: 'Oak Homes' }, later)).then([savedComplete({ brokerageName: 'Oak Homes' }, later), submitted({ brokerageName: 'Oak Homes' }, later)]);
  });

  it('refuses to take away what is under review or approved', () => {
    given(realtorProfile, pending).when(save({ licenseNumber: '' })).thenThrows(ValidationError, keepCompleteMessage(['Licence number']));
    given(realtorProfile, [...pending, approved]).when(save({ yearsOfExperience: 0, brokerageName: '' })).thenThrows(ValidationError, keepCompleteMessage(['Brokerage name', 'Years of experience']));
  });

  it('sends a rejected or revoked profile back to review when it changes', () => {
    given(realtorProfile, [...pending, rejected]).when(save({ verificationDocumentUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.png' }, later)).then([
      savedComplete({ verificationDocumentUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.png' }, later),
      { type: 'RealtorVerificationSubmitted', data: { userId: 'r1', licenseNumber: 'L-123', brokerageName: 'Maple Realty', verificationDocumentUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e02.png', at: later } },
    ]);
    given(realtorProfile, [...pending, approved, revoked]).when(save({ yearsOfExperience: 21 }, later)).then([savedComplete({ yearsOfExperience: 21 }, later), submitted({}, later)]);
    // Saved again unchanged: nothing new to review.
    given(realtorProfile, [...pending, rejected]).when(save()).then([]);
  });
});

describe('ApproveRealtorVerification', () => {
  it('approves a pending profile, once', () => {
    given(realtorProfile, pending).when(approve).then([approved]);
    given(realtorProfile, [...pending, approved]).when(approve).then([]);
  });

  it('refuses a profile that is not pending review', () => {
    given(realtorProfile).when(approve).thenThrows(ConflictError, NOT_PENDING_REVIEW);
    given(realtorProfile, [savedComplete({ licenseNumber: '' })]).when(approve).thenThrows(ConflictError, NOT_PENDING_REVIEW);
    given(realtorProfile, [...pending, rejected]).when(approve).thenThrows(ConflictError, NOT_PENDING_REVIEW);
  });
});

describe('RejectRealtorVerification', () => {
  it('rejects a pending profile with the subject and message, trimmed', () => {
    given(realtorProfile, pending).when(reject(' Licence not found ', '\nThe registry has no licence L-123.  ')).then([rejected]);
  });

  it('needs both subject and message', () => {
    given(realtorProfile, pending).when(reject(' ', 'Message')).thenThrows(ValidationError, REVIEW_FIELDS_MESSAGE);
    given(realtorProfile, pending).when(reject('Subject', '')).thenThrows(ValidationError, REVIEW_FIELDS_MESSAGE);
  });

  it('refuses a profile that is not pending review', () => {
    given(realtorProfile).when(reject()).thenThrows(ConflictError, NOT_PENDING_REVIEW);
    given(realtorProfile, [...pending, approved]).when(reject()).thenThrows(ConflictError, NOT_PENDING_REVIEW);
    given(realtorProfile, [...pending, rejected]).when(reject()).thenThrows(ConflictError, NOT_PENDING_REVIEW);
  });
});

describe('RevokeRealtorVerification', () => {
  it('revokes an approved licence with the reason, which reads as a rejection', () => {
    given(realtorProfile, [...pending, approved]).when(revoke('  The licence lapsed in November. ')).then([revoked]);
    expect(realtorProfile.evolve(realtorProfile.evolve(realtorProfile.initialState, approved), revoked).verification).toMatchObject({
      status: 'rejected',
      rejection: { subject: REVOKED_SUBJECT, message: 'The licence lapsed in November.' },
    });
  });

  it('needs a reason', () => {
    given(realtorProfile, [...pending, approved]).when(revoke('  ')).thenThrows(ValidationError, REVOKE_REASON_REQUIRED);
  });

  it('refuses a licence that is not approved', () => {
    given(realtorProfile, pending).when(revoke()).thenThrows(ConflictError, NOT_APPROVED);
    given(realtorProfile, [...pending, approved, revoked]).when(revoke()).thenThrows(ConflictError, NOT_APPROVED);
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

  it('accepts an empty commission rate: the field is optional (issue 27, item 6)', () => {
    expect(realtorProfileSchema.parse({ ...profile, commissionRate: '' }).commissionRate).toBe('');
    expect(realtorProfileSchema.parse({ ...profile, commissionRate: '  ' }).commissionRate).toBe('');
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
    [{ yearsOfExperience: -1 }, YEARS_OF_EXPERIENCE_RULE],
    [{ yearsOfExperience: 2.5 }, YEARS_OF_EXPERIENCE_RULE],
    [{ profileImageUrl: 5 }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: 'https://tracker.example/pixel.png' }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: 'data:image/png;base64,iVBORw0KGgo=' }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: 'bills/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.pdf' }, PROFILE_IMAGE_RULE],
    [{ profileImageUrl: `images/${'a'.repeat(1_000_000)}.png` }, PROFILE_IMAGE_RULE],
    [{ verificationDocumentUrl: 'images/0b7f0c1e-6f57-4a4e-9d7e-2f0a5c1d9e01.jpg' }, LICENCE_DOCUMENT_RULE],
    [{ verificationDocumentUrl: 'https://example.com/licence.pdf' }, LICENCE_DOCUMENT_RULE],
    [{ verificationDocumentUrl: 7 }, LICENCE_DOCUMENT_RULE],
  ])('%j → %s', (change, message) => {
    expect(firstMessage({ ...profile, ...change })).toBe(message);
  });

  it('accepts the commission rate forms the spec allows', () => {
    for (const rate of ['2', '2.5', '2.75', '3%', '2.75%']) expect(firstMessage({ ...profile, commissionRate: rate })).toBeUndefined();
  });
});
