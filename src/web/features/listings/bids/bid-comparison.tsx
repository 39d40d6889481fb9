import type { ReactNode } from 'react';
import { ReviewSummaryLine } from '../../../components/star-rating';
import { Button } from '../../../components/ui/button';
import { formatAmount, formatDateTime } from '../../../lib/format';
import type { PropertyBid } from '../types';

type Row = { label: string; value: (bid: PropertyBid) => ReactNode };

const list = (items: string[]) => (items.length === 0 ? <span className="text-muted-foreground">None listed</span> : items.join(', '));
const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** What the owner compares, in the order of a decision: price, trust, fit, then the pitch. Nothing that names the realtor. */
const ROWS: Row[] = [
  { label: 'Amount', value: (bid) => <span className="font-semibold tabular-nums">{formatAmount(bid.amount)}</span> },
  { label: 'Licence verified', value: (bid) => yesNo(bid.realtorVerified) },
  { label: 'Experience', value: (bid) => (bid.yearsOfExperience === 1 ? '1 year' : `${bid.yearsOfExperience} years`) },
  { label: 'Reviews', value: (bid) => <ReviewSummaryLine summary={bid.reviewSummary} /> },
  { label: 'Listings won', value: (bid) => <span className="tabular-nums">{bid.wins}</span> },
  { label: 'Serves your area', value: (bid) => yesNo(bid.servesListingArea) },
  { label: 'Service areas', value: (bid) => list(bid.serviceAreas) },
  { label: 'Specialties', value: (bid) => list(bid.specialties) },
  { label: 'Message', value: (bid) => (bid.message === '' ? <span className="text-muted-foreground">No message</span> : <span className="whitespace-pre-line break-words">{bid.message}</span>) },
  { label: 'Placed', value: (bid) => formatDateTime(bid.createdAt) },
];

/**
 * The ticked bids side by side (issue: "Compare them side by side, then
 * choose the one who fits"): a table on a wide screen, one card per bid on a
 * phone. With `onSelect`, each bid can be chosen from here.
 */
export function BidComparison({
  bids,
  labels,
  onSelect,
  onClose,
}: {
  bids: PropertyBid[];
  labels: ReadonlyMap<string, string>;
  onSelect: ((bid: PropertyBid) => void) | undefined;
  onClose: () => void;
}) {
  const name = (bid: PropertyBid) => labels.get(bid.id) ?? 'Bid';
  return (
    <section aria-labelledby="bid-comparison-heading" className="grid gap-3 rounded-lg border border-brand/30 bg-brand-soft/30 p-3 sm:p-4" data-testid="bid-comparison">
      <div className="flex items-center justify-between gap-3">
        <h3 id="bid-comparison-heading" className="font-semibold">
          Comparing {bids.length} bids
        </h3>
        <Button size="sm" variant="outline" onClick={onClose}>
          Close comparison
        </Button>
      </div>

      {/* Wide screens: one column per bid. */}
      <div className="hidden overflow-x-auto rounded-md border border-border bg-card md:block">
        <table className="w-full table-fixed border-collapse text-left text-sm">
          <caption className="sr-only">The chosen bids side by side</caption>
          <thead>
            <tr className="border-b border-border bg-muted/50">
              <th scope="col" className="w-36 p-3 font-medium text-muted-foreground">
                <span className="sr-only">Fact</span>
              </th>
              {bids.map((bid) => (
                <th key={bid.id} scope="col" className="p-3 font-semibold">
                  {name(bid)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {ROWS.map((row) => (
              <tr key={row.label} className="border-b border-border last:border-b-0 align-top">
                <th scope="row" className="p-3 font-medium text-muted-foreground">
                  {row.label}
                </th>
                {bids.map((bid) => (
                  <td key={bid.id} className="p-3">
                    {row.value(bid)}
                  </td>
                ))}
              </tr>
            ))}
            {onSelect !== undefined && (
              <tr>
                <td className="p-3" />
                {bids.map((bid) => (
                  <td key={bid.id} className="p-3">
                    <Button size="sm" variant="brand" onClick={() => onSelect(bid)} aria-label={`Select ${name(bid)}`}>
                      Select
                    </Button>
                  </td>
                ))}
              </tr>
            )}
          </tbody>
        </table>
      </div>

      {/* Phones: one card per bid, stacked. */}
      <ul className="grid gap-3 md:hidden" aria-label="Compared bids">
        {bids.map((bid) => (
          <li key={bid.id} className="grid gap-3 rounded-md border border-border bg-card p-3" data-testid="compared-bid">
            <h4 className="font-semibold">{name(bid)}</h4>
            <dl className="grid grid-cols-[8rem_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
              {ROWS.map((row) => (
                <div key={row.label} className="contents">
                  <dt className="text-muted-foreground">{row.label}</dt>
                  <dd className="min-w-0 break-words">{row.value(bid)}</dd>
                </div>
              ))}
            </dl>
            {onSelect !== undefined && (
              <Button size="sm" variant="brand" onClick={() => onSelect(bid)} aria-label={`Select ${name(bid)}`}>
                Select
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
