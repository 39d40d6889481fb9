/** A realtor as the Realtors tab lists one: the account, and the saved profile's fields when there is one. */
export interface AdminRealtor {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  credits: number;
  joinedAt: string;
  hasProfile: boolean;
  brokerageName: string;
  licenseNumber: string;
  yearsExperience: number | null;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  profileImage: string | null;
  /** When the profile was first and last saved; null without a profile. */
  createdAt: string | null;
  updatedAt: string | null;
}
