import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { ShieldIcon } from '../../components/ui/icons';
import { StateMessage } from '../../components/ui/state-message';
import { SkeletonRows } from '../../components/ui/skeleton';
import { BillUpload } from './bill-upload';
import { verificationStatusQueryOptions } from './queries';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * The Verification Status card on /homeowner-profile (SPEC §4 Homeowner
 * verification): Not Verified → 'Verification Pending' on submit → 'Verified
 * Homeowner', or 'Verification Required' with the reason and a new upload.
 * `listAction` (the way to list a property) shows once verified.
 */
export function VerificationCard({ listAction }: { listAction?: ReactNode }) {
  const verification = useQuery(verificationStatusQueryOptions());
  const [started, setStarted] = useState(false);

  return (
    <Card>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold leading-none tracking-tight">
            <ShieldIcon className="size-5 text-brand" />
            Verification Status
          </h2>
          <p className="text-sm text-neutral-600">Homeowners prove ownership before listing a property.</p>
        </div>
        {verification.data !== undefined && <StatusBadge status={verification.data.status} />}
      </CardHeader>
      <CardContent className="grid gap-4">
        {verification.isPending ? (
          <SkeletonRows rows={2} label="Loading verification status" />
        ) : verification.isError ? (
          <ErrorState title="Failed to load verification status" error={verification.error} onRetry={() => void verification.refetch()} />
        ) : verification.data.status === 'approved' ? (
          <>
            <StateMessage tone="success" title="Verified Homeowner">
              Your ownership has been verified. You can now create property listings.
            </StateMessage>
            {listAction}
          </>
        ) : verification.data.status === 'pending' ? (
          <StateMessage tone="warning" title="Verification Pending">
            Your utility bill is being reviewed. This usually takes 1-2 business days.
            {verification.data.submittedAt !== undefined && <> Submitted {dateFormat.format(new Date(verification.data.submittedAt))}.</>}
          </StateMessage>
        ) : (
          <>
            {verification.data.status === 'rejected' ? (
              <StateMessage tone="danger" title="Verification Required">
                Your last document could not be accepted. Please upload a new utility bill.
                {verification.data.rejectionReason !== undefined && verification.data.rejectionReason !== '' && (
                  <span className="mt-2 block rounded-md bg-white/70 px-3 py-2 text-neutral-800">
                    <span className="font-medium">Reason: </span>
                    {verification.data.rejectionReason}
                  </span>
                )}
              </StateMessage>
            ) : (
              <StateMessage tone="neutral" title="Not Verified">
                Verify that you own your property to start listing it and receiving bids from realtors.
              </StateMessage>
            )}
            <BillRules />
            {started ? (
              <BillUpload />
            ) : (
              <Button variant="brand" className="justify-self-start" onClick={() => setStarted(true)}>
                {verification.data.status === 'rejected' ? 'Resubmit Verification' : 'Start Verification'}
              </Button>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function StatusBadge({ status }: { status: 'not_submitted' | 'pending' | 'approved' | 'rejected' }) {
  if (status === 'approved') return <Badge variant="success">Verified</Badge>;
  if (status === 'pending') return <Badge variant="warning">Pending</Badge>;
  if (status === 'rejected') return <Badge className="border-transparent bg-red-50 text-red-700">Action needed</Badge>;
  // The message below says 'Not Verified'; the badge says where the process stands, so the words are not twice on the card.
  return <Badge variant="muted">Not started</Badge>;
}

/** SPEC §5 Verification file: what the bill must show. */
function BillRules() {
  return (
    <div className="grid gap-2 text-sm">
      <p className="font-medium">Upload a recent utility bill. It must show:</p>
      <ul className="grid gap-1 pl-5 text-neutral-700 [list-style:disc]">
        <li>your full name</li>
        <li>the complete property address</li>
        <li>a date within the last 3 months</li>
      </ul>
      <p className="text-neutral-700">Gas, electric, water or internet bills are accepted.</p>
    </div>
  );
}
