import { useState } from 'react';
import type { AdminReviewView } from '../../../../contract/reviews/reviews';
import { HIDE_REASON_MAX, HIDE_REASON_RULE } from '../../../../contract/reviews/reviews';
import { StarRating } from '../../../components/star-rating';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { StarIcon } from '../../../components/ui/icons';
import { TextareaField } from '../../../components/ui/textarea';
import { AdminList } from '../admin-list';
import { formatDateTime } from '../format';
import { useLastPresent } from '../use-last-present';
import { adminReviewsQuery, useHideReview } from './queries';

/** The Reviews tab: every review, newest first; a visible one can be hidden with a reason, which the activity log keeps (docs/decisions/0051). */
export function ReviewsSection() {
  const [hiding, setHiding] = useState<AdminReviewView | null>(null);
  return (
    <AdminList
      title="Reviews" intro="Reviews homeowners wrote of the realtors they chose" noun={{ one: 'review', many: 'reviews' }}
      query={adminReviewsQuery()}
      rows={3}
      empty={{ icon: <StarIcon />, title: 'No reviews yet', description: 'Reviews homeowners write of the realtor they chose appear here.' }}
      cardTestId="admin-review"
      cardClassName="grid gap-2"
      card={(review) => (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <StarRating value={review.rating} />
              <span className="text-sm font-medium">{review.realtorName || 'Unknown realtor'}</span>
              {review.hidden && <Badge variant="muted">Hidden</Badge>}
            </div>
            <span className="text-xs text-muted-foreground">
              {review.author} · {formatDateTime(review.createdAt)}
            </span>
          </div>
          <p className="whitespace-pre-line break-words text-sm">{review.text || <span className="italic text-muted-foreground">Erased with its author's account</span>}</p>
          {review.reply !== null && <p className="break-words rounded-md bg-muted/60 p-2 text-sm">Reply: {review.reply.text}</p>}
          {review.hidden ? (
            <p className="text-sm text-muted-foreground">
              Hidden {review.hiddenAt === null ? '' : formatDateTime(review.hiddenAt)}: {review.hiddenReason}
            </p>
          ) : (
            <Button size="sm" variant="outline" className="justify-self-start" onClick={() => setHiding(review)}>
              Hide
            </Button>
          )}
        </>
      )}
    >
      <HideReviewDialog review={hiding} onClose={() => setHiding(null)} />
    </AdminList>
  );
}

function HideReviewDialog({ review, onClose }: { review: AdminReviewView | null; onClose: () => void }) {
  const shown = useLastPresent(review);
  const hide = useHideReview();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setReason('');
    setError(undefined);
    onClose();
  };
  const submit = () => {
    const trimmed = reason.trim();
    if (trimmed.length < 1 || trimmed.length > HIDE_REASON_MAX) return setError(HIDE_REASON_RULE);
    if (shown !== null) hide.mutate({ reviewId: shown.id, reason: trimmed }, { onSuccess: close });
  };
  return (
    <Dialog open={review !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Hide this review?</DialogTitle>
          <DialogDescription>It leaves the realtor's profile and rating. The reason goes to the activity log.</DialogDescription>
        </DialogHeader>
        <TextareaField label="Reason" value={reason} onChange={(event) => setReason(event.target.value)} maxLength={HIDE_REASON_MAX} error={error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={hide.isPending} onClick={submit}>
            Hide review
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
