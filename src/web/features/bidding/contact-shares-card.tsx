import { queryOptions, useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { SkeletonRows } from '../../components/ui/skeleton';
import type { ContactShareView } from '../../../contract/bidding/bidding';
import { apiFetch } from '../../lib/api';
import { loadContactSharesAnswer } from '../../lib/answer-schemas';
import { queryKeys } from '../../lib/query-keys';
import { formatLongDate } from '../../lib/format';

/** One entry of GET /api/contact-shares (docs/decisions/0038). */
export type ContactShare = ContactShareView;

export function contactSharesQuery() {
  return queryOptions({
    queryKey: queryKeys.contactShares,
    queryFn: async () => (await apiFetch<{ shares: ContactShare[] }>('/api/contact-shares', {}, loadContactSharesAnswer)).shares,
  });
}

/**
 * Contact shared, on both profile pages: every selection that showed this
 * user's email and phone to someone (and theirs to the user). Selection is
 * the only way contact details leave the server, so the list is complete.
 */
export function ContactSharesCard() {
  const shares = useQuery(contactSharesQuery());
  return (
    <Card>
      <CardHeader>
        <CardTitle>Contact shared</CardTitle>
        <CardDescription>Your email and phone are shown to someone only when a homeowner selects a realtor’s bid; each time is listed here.</CardDescription>
      </CardHeader>
      <CardContent>
        {shares.isError ? (
          <ErrorState title="Failed to load who saw your contact details" error={shares.error} onRetry={() => void shares.refetch()} />
        ) : shares.data === undefined ? (
          <SkeletonRows rows={2} label="Loading who saw your contact details" />
        ) : shares.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border px-6 py-8 text-center text-sm text-muted-foreground">Nobody has seen your contact details yet.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Contact shared">
            {shares.data.map((share) => (
              <li key={share.propertyId} className="rounded-lg border border-border p-3 text-sm">
                <p>
                  You and <span className="font-semibold">{share.otherName}</span> were shown each other’s email and phone
                  {share.role === 'owner' ? ' when you selected their bid' : ' when they selected your bid'} on “{share.propertyTitle}”.
                </p>
                <p className="text-muted-foreground">
                  <time dateTime={share.at}>{formatLongDate(share.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
