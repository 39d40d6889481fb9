import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { REVOKED_SUBJECT } from '../../../../contract/admin-realtors';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { BriefcaseIcon, ExternalLinkIcon } from '../../../components/ui/icons';
import { CheckIcon, XIcon } from '../../../components/ui/shell-icons';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate } from '../format';
import { FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
import { openLicenceDocument, useReviewRealtor } from './mutations';
import { realtorProfilesQuery } from './queries';
import { AdminRealtorProfileDialog, TagList } from './realtor-profile-dialog';
import { RealtorRefusalDialog, type Refusal, type RefusalKind } from './review-dialog';
import { PROFILE_STATES, REALTOR_SORTS, VERIFICATION_STATES, type AdminRealtorProfile, type RealtorFilters } from './types';
import { QueryStates } from '../../../components/ui/query-states';

const NOUN = { one: 'realtor', many: 'realtors' };

/** The Realtors tab: every realtor account, with the profile they saved if any, and the licence review (docs/decisions/0050). */
export function RealtorsSection({ search = '', filters = {}, onFiltersChange }: { search?: string; filters?: RealtorFilters; onFiltersChange?: (next: RealtorFilters) => void }) {
  const profiles = useInfiniteQuery(realtorProfilesQuery(search, filters));
  const [viewing, setViewing] = useState<AdminRealtorProfile | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const list = listItems(profiles.data);
  const total = listTotal(profiles.data);
  const filtered = search !== '' || filters.hasProfile !== undefined || filters.verificationStatus !== undefined;
  const refuse = (kind: RefusalKind, realtor: AdminRealtorProfile) => setRefusal({ kind, realtor });
  // Realtors in review are ordered by when they went to review, the queue oldest first (the server's defaults).
  const inReview = filters.verificationStatus !== undefined && filters.verificationStatus !== 'not_submitted';
  const defaultSort = filters.verificationStatus === 'pending' ? 'oldest' : 'newest';

  return (
    <SectionCard
      title="Realtors"
      description={list === undefined ? 'Every realtor, with brokerage, license and service areas once saved' : `${formatCount(total)} ${total === 1 ? 'realtor' : 'realtors'}`}
      actions={profiles.isFetching && !profiles.isFetchingNextPage && list !== undefined ? <Spinner size="sm" label="Updating realtors" /> : undefined}
    >
      {onFiltersChange !== undefined && (
        <ListFilters label="Filter realtors">
          <FilterSelect
            label="Licence"
            value={filters.verificationStatus}
            options={VERIFICATION_STATES}
            anyLabel="Any"
            onChange={(verificationStatus) => onFiltersChange({ ...filters, verificationStatus, sort: undefined })}
          />
          <FilterSelect label="Profile" value={filters.hasProfile} options={PROFILE_STATES} anyLabel="Any" onChange={(hasProfile) => onFiltersChange({ ...filters, hasProfile })} />
          <FilterSelect
            label="Order"
            value={filters.sort ?? defaultSort}
            options={inReview ? REALTOR_SORTS.filter((option) => option.value !== 'name') : REALTOR_SORTS}
            onChange={(sort) => onFiltersChange({ ...filters, sort: sort === defaultSort ? undefined : sort })}
          />
        </ListFilters>
      )}
      <QueryStates query={profiles} list={list} what="realtors" rows={4} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<BriefcaseIcon />}
          title={filtered ? 'No realtors match your search' : 'No realtors yet'}
          description={filtered ? 'Nobody matches this search and these filters.' : 'Realtors appear here once they register; brokerage, license number and service areas once they save a profile.'}
        />
      }>
        {(list) => (
          <>
            <ProfileTable profiles={list} onView={setViewing} onRefuse={refuse} />
            <ProfileCards profiles={list} onView={setViewing} onRefuse={refuse} />
            <PagedListFooter query={profiles} noun={NOUN} />
          </>
        )}
      </QueryStates>
      <AdminRealtorProfileDialog profile={viewing} onClose={() => setViewing(null)} />
      <RealtorRefusalDialog refusal={refusal} onClose={() => setRefusal(null)} />
    </SectionCard>
  );
}

type ListProps = { profiles: AdminRealtorProfile[]; onView: (profile: AdminRealtorProfile) => void; onRefuse: (kind: RefusalKind, profile: AdminRealtorProfile) => void };

function ProfileTable({ profiles, onView, onRefuse }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Realtor</TableHead>
            <TableHead>Brokerage</TableHead>
            <TableHead>License</TableHead>
            <TableHead>Licence status</TableHead>
            <TableHead className="text-right">Experience</TableHead>
            <TableHead>Service areas</TableHead>
            <TableHead className="hidden 2xl:table-cell">Specialties</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </thead>
        <tbody>
          {profiles.map((profile) => (
            <TableRow key={profile.id}>
              <TableCell>
                <div className="flex min-w-0 items-center gap-3">
                  <Avatar image={profile.profileImage} name={profile.userName} className="size-9 text-xs" />
                  <div className="min-w-0">
                    <div className="truncate font-medium">{profile.userName}</div>
                    <div className="max-w-56 truncate text-xs text-muted-foreground" title={profile.userEmail}>
                      {profile.userEmail}
                    </div>
                  </div>
                </div>
              </TableCell>
              <TableCell className="max-w-48 truncate" title={profile.brokerageName}>
                {profile.hasProfile ? profile.brokerageName || '—' : <Badge variant="muted">No profile yet</Badge>}
              </TableCell>
              <TableCell className="whitespace-nowrap">{profile.licenseNumber || '—'}</TableCell>
              <TableCell>
                <VerificationBadge profile={profile} />
              </TableCell>
              <TableCell className="whitespace-nowrap text-right tabular-nums">{profile.yearsExperience === null ? '—' : `${profile.yearsExperience} yrs`}</TableCell>
              <TableCell className="min-w-48">
                <TagList label={`Service areas of ${profile.userName}`} tags={profile.serviceAreas} limit={2} />
              </TableCell>
              <TableCell className="hidden min-w-48 2xl:table-cell">
                <TagList label={`Specialties of ${profile.userName}`} tags={profile.specialties} limit={2} />
              </TableCell>
              <TableCell className="text-right">
                <div className="inline-flex flex-wrap justify-end gap-2">
                  <Button variant="outline" size="sm" onClick={() => onView(profile)} aria-label={`View profile of ${profile.userName}`}>
                    View
                  </Button>
                  <ReviewActions profile={profile} onRefuse={onRefuse} />
                </div>
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function ProfileCards({ profiles, onView, onRefuse }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {profiles.map((profile) => (
        <li key={profile.id} className="grid gap-3 py-4 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-3">
            <div className="flex min-w-0 items-center gap-3">
              <Avatar image={profile.profileImage} name={profile.userName} className="size-10 text-sm" />
              <div className="min-w-0">
                <p className="truncate font-medium">{profile.userName}</p>
                <p className="truncate text-sm text-muted-foreground">{profile.brokerageName || profile.userEmail}</p>
              </div>
            </div>
            <Button variant="outline" size="sm" onClick={() => onView(profile)} aria-label={`View profile of ${profile.userName}`}>
              View
            </Button>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <VerificationBadge profile={profile} />
            <ReviewActions profile={profile} onRefuse={onRefuse} />
          </div>
          <p className="text-xs text-muted-foreground">
            {profile.updatedAt === null
              ? `No profile yet · joined ${formatDate(profile.joinedAt)}`
              : `License ${profile.licenseNumber || '—'} · ${profile.yearsExperience ?? 0} yrs · updated ${formatDate(profile.updatedAt)}`}
          </p>
          <TagList label={`Service areas of ${profile.userName}`} tags={profile.serviceAreas} limit={3} />
        </li>
      ))}
    </ul>
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
function ReviewActions({ profile, onRefuse }: { profile: AdminRealtorProfile; onRefuse: (kind: RefusalKind, profile: AdminRealtorProfile) => void }) {
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
