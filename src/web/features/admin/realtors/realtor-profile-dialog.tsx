import { RealtorProfileDetails } from '../../../components/realtor-profile-details';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { formatDateTime } from '../format';
import { useLastPresent } from '../use-last-present';
import type { AdminRealtorProfile } from './types';
import { VERIFICATION_STATES } from './types';

/** The whole profile, for the fields the table leaves out (about, additional services), laid out as a homeowner sees a bidder's. */
export function AdminRealtorProfileDialog({ profile, onClose }: { profile: AdminRealtorProfile | null; onClose: () => void }) {
  const shown = useLastPresent(profile);
  return (
    <Dialog open={profile !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">{shown !== null && <Details profile={shown} />}</DialogContent>
    </Dialog>
  );
}

function Details({ profile }: { profile: AdminRealtorProfile }) {
  const years = profile.yearsExperience;
  return (
    <RealtorProfileDetails
      image={profile.profileImage}
      avatarName={profile.userName}
      title={profile.userName}
      description={<span className="truncate">{profile.userEmail}</span>}
      facts={[
        { label: 'Brokerage', value: profile.brokerageName || '—' },
        { label: 'License', value: profile.licenseNumber || '—' },
        { label: 'Experience', value: years === null ? '—' : `${years} ${years === 1 ? 'year' : 'years'}` },
        { label: 'Commission', value: profile.commissionRate || '—' },
        { label: 'Joined', value: formatDateTime(profile.joinedAt) },
        { label: 'Profile updated', value: profile.updatedAt === null ? 'No profile yet' : formatDateTime(profile.updatedAt) },
        { label: 'Licence review', value: VERIFICATION_STATES.find((state) => state.value === profile.verificationStatus)?.label ?? profile.verificationStatus },
        { label: 'Sent for review', value: profile.submittedAt === null ? '—' : formatDateTime(profile.submittedAt) },
      ]}
      serviceAreas={profile.serviceAreas}
      specialties={profile.specialties}
      additionalServices={profile.additionalServices}
      about={profile.about}
    />
  );
}

/** Tags as badges; with `limit`, the rest are counted in a last "+n". */
export function TagList({ label, tags, limit }: { label: string; tags: string[]; limit?: number }) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  const rest = tags.length - shown.length;
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">None</p>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge>{tag}</Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge variant="muted" title={tags.slice(shown.length).join(', ')}>
            +{rest}
          </Badge>
        </li>
      )}
    </ul>
  );
}
