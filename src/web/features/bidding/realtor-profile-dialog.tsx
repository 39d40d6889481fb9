import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RealtorProfileDetails } from '../../components/realtor-profile-details';
import { ReviewSummaryLine } from '../../components/star-rating';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { ErrorState } from '../../components/ui/error-state';
import { LockIcon, MailIcon, PhoneIcon } from '../../components/ui/icons';
import { Skeleton } from '../../components/ui/skeleton';
import { ApiError } from '../../lib/api';
import { realtorProfileQuery } from './queries';
import type { RealtorProfileView } from './types';

const AVAILABLE_AFTER_SELECTION = 'Available after selection';
/** One rule on every screen before the owner chooses (the server sends none of these until then). */
export const SHOWN_AFTER_YOU_CHOOSE = 'Name and contact shown after you choose';

/**
 * A bidder's profile (SPEC §2 /listing, §6). The profile is fetched only while
 * the dialog is open (SPEC §7). Email and phone arrive only when the viewer may
 * see them (the owner who selected this realtor after the close, or the
 * realtor themself); otherwise the contact reads 'Available after selection'.
 * The name, brokerage and licence follow the same rule: until then the dialog
 * shows what a homeowner weighs before choosing, and says when the rest comes.
 */
export function RealtorProfileDialog({
  realtorId,
  open,
  onOpenChange,
  reviews,
}: {
  realtorId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The latest reviews, from the route (another feature's component). */
  reviews?: ReactNode;
}) {
  const profile = useQuery(realtorProfileQuery(realtorId, open));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {profile.data !== undefined ? (
          <ProfileDetails profile={profile.data} reviews={reviews} />
        ) : profile.isError ? (
          <>
            <DialogHeader>
              <DialogTitle>Realtor profile</DialogTitle>
              <DialogDescription className="sr-only">The profile could not be loaded.</DialogDescription>
            </DialogHeader>
            {profile.error instanceof ApiError && profile.error.status === 404 ? (
              <p className="text-sm text-muted-foreground">This realtor's profile is no longer available.</p>
            ) : (
              <ErrorState title="Failed to load the profile" error={profile.error} onRetry={() => void profile.refetch()} />
            )}
          </>
        ) : (
          <ProfileSkeleton />
        )}
      </DialogContent>
    </Dialog>
  );
}

function ProfileDetails({ profile, reviews }: { profile: RealtorProfileView; reviews: ReactNode }) {
  const contactShared = profile.email !== undefined;
  const years = profile.yearsOfExperience;
  return (
    <RealtorProfileDetails
      data-testid="realtor-profile-dialog"
      image={profile.profileImageUrl}
      avatarName={contactShared ? profile.name : '?'}
      title={contactShared ? profile.name : 'Realtor profile'}
      description={
        contactShared ? (
          <span className="truncate">{profile.brokerageName || 'Independent realtor'}</span>
        ) : (
          <>
            <LockIcon className="size-3.5 shrink-0" />
            {SHOWN_AFTER_YOU_CHOOSE}
          </>
        )
      }
      facts={[
        { label: 'License', value: contactShared ? profile.licenseNumber || 'Not provided' : 'After you choose' },
        { label: 'Experience', value: years === 1 ? '1 year' : `${years} years` },
        { label: 'Commission', value: profile.commissionRate ? formatCommission(profile.commissionRate) : 'Not provided' },
        { label: 'Licence verified', value: profile.isVerified ? 'Yes' : 'No' },
        { label: 'Listings won', value: String(profile.wins) },
        { label: 'Rating', value: <ReviewSummaryLine summary={profile.reviewSummary} compact /> },
      ]}
      serviceAreas={profile.serviceAreas}
      specialties={profile.specialties}
      additionalServices={profile.additionalServices}
      about={profile.about}
    >
      <section className="grid gap-2" data-testid="realtor-contact" data-shared={contactShared}>
        <h3 className="text-sm font-semibold">Contact</h3>
        <div className="grid gap-2 rounded-lg bg-muted/60 p-3 text-sm">
          <ContactRow icon={<MailIcon />} label="Email">
            {contactShared ? (
              <a className="underline-offset-4 hover:underline" href={`mailto:${profile.email}`}>
                {profile.email}
              </a>
            ) : (
              <Hidden />
            )}
          </ContactRow>
          <ContactRow icon={<PhoneIcon />} label="Phone">
            {!contactShared ? (
              <Hidden />
            ) : profile.phone ? (
              <a className="underline-offset-4 hover:underline" href={`tel:${profile.phone}`}>
                {profile.phone}
              </a>
            ) : (
              'Not provided'
            )}
          </ContactRow>
        </div>
      </section>
      {reviews}
    </RealtorProfileDetails>
  );
}

function Hidden() {
  return (
    <span className="inline-flex items-center gap-1.5 text-muted-foreground">
      <LockIcon className="size-3.5" />
      {AVAILABLE_AFTER_SELECTION}
    </span>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <span className="text-muted-foreground [&_svg]:size-4" aria-hidden="true">
        {icon}
      </span>
      <span className="sr-only">{label}:</span>
      <span className="min-w-0 truncate">{children}</span>
    </div>
  );
}

/** '2.5' and '2.5%' both read as 2.5%. */
function formatCommission(rate: string): string {
  return rate.endsWith('%') ? rate : `${rate}%`;
}

function ProfileSkeleton() {
  return (
    <div role="status" className="grid gap-5">
      <DialogHeader className="sr-only">
        <DialogTitle>Realtor profile</DialogTitle>
        <DialogDescription>Loading the profile</DialogDescription>
      </DialogHeader>
      <div className="flex items-center gap-4">
        <Skeleton className="size-16 rounded-full" />
        <div className="grid flex-1 gap-2">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-28" />
        </div>
      </div>
      <Skeleton className="h-16 w-full" />
      <Skeleton className="h-24 w-full" />
    </div>
  );
}
