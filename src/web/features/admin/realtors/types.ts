/** GET /api/admin/realtor-profiles (SPEC §3 realtor_profiles, admin view). */
export type AdminRealtorProfile = {
  id: string;
  userId: string;
  userName: string;
  userEmail: string;
  brokerageName: string;
  licenseNumber: string;
  yearsExperience: number;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  commissionRate: string;
  about: string;
  profileImage: string | null;
  createdAt: string;
  updatedAt: string;
};
