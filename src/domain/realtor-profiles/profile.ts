import type { Decider } from '../shared/decider';
import { ForbiddenError } from '../shared/errors';
import type { RealtorProfileData } from '../../contract/realtor-profiles';

/*
 * A realtor's professional profile, one stream per realtor
 * (`realtor-profile-{userId}`). Saving replaces the whole profile; the
 * role comes from the session, because the account is another context.
 */

export const realtorProfileStreamId = (userId: string) => `realtor-profile-${userId}`;

export type RealtorProfileFields = {
  brokerageName: string;
  licenseNumber: string;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  yearsOfExperience: number;
  profileImageUrl: string | null;
};

export type SaveRealtorProfile = { type: 'SaveRealtorProfile'; userId: string; role: string; profile: RealtorProfileData; at: string };

export type RealtorProfileSaved = { type: 'RealtorProfileSaved'; data: RealtorProfileFields & { userId: string; at: string } };

export type RealtorProfileState = { status: 'none' } | { status: 'saved'; profile: RealtorProfileFields; createdAt: string; updatedAt: string };

export const ONLY_REALTORS_HAVE_PROFILES = 'Only realtors have a realtor profile';

export const realtorProfile: Decider<SaveRealtorProfile, RealtorProfileState, RealtorProfileSaved> = {
  initialState: { status: 'none' },
  evolve(state, event) {
    const { userId: _userId, at, ...profile } = event.data;
    return { status: 'saved', profile, createdAt: state.status === 'saved' ? state.createdAt : at, updatedAt: at };
  },
  decide(command, state) {
    if (command.role !== 'realtor') throw new ForbiddenError(ONLY_REALTORS_HAVE_PROFILES);
    const profile: RealtorProfileFields = { ...command.profile, profileImageUrl: command.profile.profileImageUrl ?? null };
    if (state.status === 'saved' && sameProfile(state.profile, profile)) return [];
    return [{ type: 'RealtorProfileSaved', data: { userId: command.userId, ...profile, at: command.at } }];
  },
};

function sameProfile(a: RealtorProfileFields, b: RealtorProfileFields): boolean {
  return (Object.keys(a) as Array<keyof RealtorProfileFields>).every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));
}

export function isRealtorProfileEvent(event: { type: string; streamId: string }): boolean {
  return event.type === 'RealtorProfileSaved' && event.streamId.startsWith('realtor-profile-');
}
