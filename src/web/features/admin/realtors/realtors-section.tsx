import { useState } from 'react';
import { REVOKED_SUBJECT } from '../../../../contract/admin/admin-realtors';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { BriefcaseIcon, ExternalLinkIcon } from '../../../components/ui/icons';
import { CheckIcon, XIcon } from '../../../components/ui/shell-icons';
import { Spinner } from '../../../components/ui/spinner';
import { AdminList, type AdminColumn } from '../admin-list';
import { formatCount, formatDate } from '../format';
import { openLicenceDocument, useReviewRealtor } from './mutations';
import { realtorProfilesQuery } from './queries';
import { AdminRealtorProfileDialog, TagList } from './realtor-profile-dialog';
import { RealtorRefusalDialog, type Refusal, type RefusalKind } from './review-dialog';
import { PROFILE_STATES, REALTOR_SORTS, VERIFICATION_STATES, type AdminRealtorProfile, type RealtorFilters } from './types';

type Refuse = (kind: RefusalKind, profile: AdminRealtorProfile) => void;

function columns(onView: (profile: AdminRealtorProfile) => void, onRefuse: Refuse): Array<AdminColumn<AdminRealtorProfile>> {
  return [
    {
      head: 'Realtor',
      cell: (profile) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar image={profile.profileImage} name={profile.userName} className="size-9 text-xs" />
          <div className="min-w-0">
            <div className="truncate font-medium">{profile.userName}</div>
            <div className="max-w-56 truncate text-xs text-muted-foreground" title={profile.userEmail}>
              {profile.userEmail}
            </div>
          </div>
        </div>
      ),
    },
    {
      head: 'Brokerage',
      cellClassName: 'max-w-48 truncate',
      title: (profile) => profile.brokerageName,
      cell: (profile) => (profile.hasProfile ? profile.brokerageName || '—' : <Badge variant="muted">No profile yet</Badge>),
    },
    { head: 'License', cellClassName: 'whitespace-nowrap', cell: (profile) => profile.licenseNumber || '—' },
    { head: 'Licence status', cell: (profile) => <VerificationBadge profile={profile} /> },
    {
      head: 'Experience',
      className: 'text-right',
      cellClassName: 'whitespace-nowrap text-right tabular-nums',
      cell: (profile) => (profile.yearsExperience === null ? '—' : `${profile.yearsExperience} yrs`),
    },
    { head: 'Service areas', cellClassName: 'min-w-48', cell: (profile) => <TagList label={`Service areas of ${profile.userName}`} tags={profile.serviceAreas} limit={2} /> },
    {
      head: 'Specialties',
      className: 'hidden 2xl:table-cell',
      cellClassName: 'hidden min-w-48 2xl:table-cell',
      cell: (profile) => <TagList label={`Specialties of ${profile.userName}`} tags={profile.specialties} limit={2} />,
    },
    {
      head: <span className="sr-only">Actions</span>,
      cellClassName: 'text-right',
      cell: (profile) => (
        <div className="inline-flex flex-wrap justify-end gap-2">
          <ViewButton profile={profile} onView={onView} />
          <ReviewActions profile={profile} onRefuse={onRefuse} />
        </div>
      ),
    },
  ];
}

/** The Realtors tab: every realtor account, with the profile they saved if any, and the licence review (docs/decisions/0050). */
export function RealtorsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: RealtorFilters; onFiltersChange?: (next: RealtorFilters) => void }) {
  const [viewing, setViewing] = useState<AdminRealtorProfile | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const filtered = search !== '' || filters.hasProfile !== undefined || filters.verificationStatus !== undefined;
  const refuse: Refuse = (kind, realtor) => setRefusal({ kind, realtor });
  // Realtors in review are ordered by when they went to review, the queue oldest first (the server's defaults).
  const inReview = filters.verificationStatus !== undefined && filters.verificationStatus !== 'not_submitted';
  const defaultSort = filters.verificationStatus === 'pending' ? 'oldest' : 'newest';

  return (
    <AdminList
      title="Realtors" intro="Every realtor, with brokerage, license and service areas once saved" noun={{ one: 'realtor', many: 'realtors' }}
      query={realtorProfilesQuery(search, filters)}
      describe={(total) => `${formatCount(total)} ${total === 1 ? 'realtor' : 'realtors'}`}
      filters={{
        value: filters,
        onChange: onFiltersChange,
        controls: [
          { key: 'verificationStatus', label: 'Licence', options: VERIFICATION_STATES, anyLabel: 'Any', resets: ['sort'] },
          { key: 'hasProfile', label: 'Profile', options: PROFILE_STATES, anyLabel: 'Any' },
          { key: 'sort', label: 'Order', options: inReview ? REALTOR_SORTS.filter((option) => option.value !== 'name') : REALTOR_SORTS, fallback: defaultSort },
        ],
      }}
      empty={{ icon: <BriefcaseIcon />, title: filtered ? 'No realtors match your search' : 'No realtors yet',
        description: filtered ? 'Nobody matches this search and these filters.' : 'Realtors appear here once they register; brokerage, license number and service areas once they save a profile.' }}
      columns={columns(setViewing, refuse)}
      cardClassName="grid gap-3"
      card={(profile) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              <Avatar image={profile.profileImage} name={profile.userName} className="size-10 text-sm" />
              <div className="min-w-0">
                <p className="truncate font-medium">{profile.userName}</p>
                <p className="truncate text-sm text-muted-foreground">{profile.brokerageName || profile.userEmail}</p>
              </div>
            </div>
            <ViewButton profile={profile} onView={setViewing} />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <VerificationBadge profile={profile} />
            <ReviewActions profile={profile} onRefuse={refuse} />
          </div>
          <p className="text-xs text-muted-foreground">
            {profile.updatedAt === null
              ? `No profile yet · joined ${formatDate(profile.joinedAt)}`
              : `License ${profile.licenseNumber || '—'} · ${profile.yearsExperience ?? 0} yrs · updated ${formatDate(profile.updatedAt)}`}
          </p>
          <TagList label={`Service areas of ${profile.userName}`} tags={profile.serviceAreas} limit={3} />
        </>
      )}
    >
      <AdminRealtorProfileDialog profile={viewing} onClose={() => setViewing(null)} />
      <RealtorRefusalDialog refusal={refusal} onClose={() => setRefusal(null)} />
    </AdminList>
  );
}

function ViewButton({ profile, onView }: { profile: AdminRealtorProfile; onView: (profile: AdminRealtorProfile) => void }) {
  return (
    <Button variant="outline" size="sm" onClick={() => onView(profile)} aria-label={`View profile of ${profile.userName}`}>
      View
    </Button>
  );
}

function VerificationBadge({ profile }: { profile: AdminRealtorProfile }) {
  switch (profile.verificationStatus) {
    case 'approved':
      return (
        <Badge variant="success">
          <CheckIcon />
          Verified
        </Badge>
      );
    case 'pending':
      return <Badge variant="warning" title={profile.submittedAt === null ? undefined : `Submitted ${formatDate(profile.submittedAt)}`}>Pending review</Badge>;
    case 'rejected':
      return (
        <Badge variant="danger" title={profile.rejectionMessage ?? undefined}>
          {profile.rejectionSubject === REVOKED_SUBJECT ? 'Revoked' : 'Rejected'}
        </Badge>
      );
    case 'not_submitted':
      return <Badge variant="muted">Not submitted</Badge>;
  }
}

/** The licence document, in a new tab; Approve and Reject while pending; Revoke once approved. */
function ReviewActions({ profile, onRefuse }: { profile: AdminRealtorProfile; onRefuse: Refuse }) {
  const review = useReviewRealtor();
  const document = profile.verificationDocumentUrl;
  const status = profile.verificationStatus;
  return (
    <>
      {document !== null && status !== 'not_submitted' && (
        <Button variant="outline" size="sm" onClick={() => void openLicenceDocument(document)} aria-label={`View licence of ${profile.userName}`}>
          <ExternalLinkIcon />
          Licence
        </Button>
      )}
      {status === 'pending' && (
        <>
          <Button
            variant="brand"
            size="sm"
            disabled={review.isPending}
            onClick={() => review.mutate({ action: 'approve', userId: profile.userId })}
            aria-label={`Approve licence of ${profile.userName}`}
          >
            {review.isPending ? <Spinner size="sm" label="Approving" className="text-current" /> : <CheckIcon />}
            Approve
          </Button>
          <Button variant="outline" size="sm" onClick={() => onRefuse('reject', profile)} aria-label={`Reject licence of ${profile.userName}`}>
            <XIcon />
            Reject
          </Button>
        </>
      )}
      {status === 'approved' && (
        <Button variant="outline" size="sm" onClick={() => onRefuse('revoke', profile)} aria-label={`Revoke licence of ${profile.userName}`}>
          <XIcon />
          Revoke
        </Button>
      )}
    </>
  );
}
