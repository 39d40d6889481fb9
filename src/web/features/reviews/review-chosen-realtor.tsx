import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { REVIEW_TEXT_MAX, REVIEW_TEXT_MIN, REVIEW_TEXT_RULE, RATING_RULE } from '../../../contract/reviews/reviews';
import { Button } from '../../components/ui/button';
import { StarIcon } from '../../components/ui/icons';
import { TextareaField } from '../../components/ui/textarea';
import { cn } from '../../lib/cn';
import { useSubmitReview } from './mutations';
import { realtorReviewsQuery } from './queries';
import { ReviewList } from './review-list';

/**
 * On the owner's listing once they chose a realtor: rate and review them,
 * once (docs/decisions/0051). The review's id is the listing's, so a review
 * already posted is found in the realtor's list.
 */
export function ReviewChosenRealtor({ propertyId, realtorId }: { propertyId: string; realtorId: string }) {
  const reviews = useQuery(realtorReviewsQuery(realtorId, 50));
  const submit = useSubmitReview(propertyId, realtorId);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; text?: string }>({});
  const posted = submit.data ?? reviews.data?.items.find((review) => review.id === propertyId);

  if (reviews.isPending) return null;
  if (posted !== undefined) {
    return (
      <section className="mb-4 grid gap-2 rounded-lg border border-emerald-200 bg-emerald-50/50 p-3" aria-labelledby="your-review-heading" data-testid="your-review">
        <h3 id="your-review-heading" className="text-sm font-semibold">
          Your review of the realtor you chose
        </h3>
        <ReviewList reviews={[posted]} />
      </section>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    const next = {
      ...(rating < 1 ? { rating: RATING_RULE } : {}),
      ...(trimmed.length < REVIEW_TEXT_MIN || trimmed.length > REVIEW_TEXT_MAX ? { text: REVIEW_TEXT_RULE } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length === 0) submit.mutate({ rating, text: trimmed });
  };

  return (
    <form onSubmit={onSubmit} className="mb-4 grid gap-3 rounded-lg border border-border p-3" aria-labelledby="review-heading" noValidate>
      <div className="grid gap-1">
        <h3 id="review-heading" className="font-semibold">
          Review the realtor you chose
        </h3>
        <p className="text-sm text-neutral-600">Only you can review them for this listing, once. Your name is never shown: other homeowners see the listing's city.</p>
      </div>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">Rating</legend>
        <div className="flex gap-1" role="radiogroup" aria-label="Rating">
          {[1, 2, 3, 4, 5].map((star) => (
            <label key={star} className="cursor-pointer rounded-sm p-0.5 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring">
              <input type="radio" name="rating" value={star} className="sr-only" checked={rating === star} onChange={() => {
                  setRating(star);
                  setErrors(({ rating: _cleared, ...rest }) => rest);
                }} aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`} />
              <StarIcon aria-hidden="true" className={cn('size-7', star <= rating ? 'fill-amber-400 text-amber-500' : 'text-neutral-300')} />
            </label>
          ))}
        </div>
        {errors.rating !== undefined && <p className="text-sm text-destructive">{errors.rating}</p>}
      </fieldset>
      <TextareaField
        label="Your review"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setErrors(({ text: _cleared, ...rest }) => rest);
        }}
        maxLength={REVIEW_TEXT_MAX}
        hint={`${REVIEW_TEXT_MIN} to ${REVIEW_TEXT_MAX} characters.`}
        error={errors.text}
      />
      <Button type="submit" variant="brand" className="justify-self-start" disabled={submit.isPending}>
        {submit.isPending ? 'Posting…' : 'Post review'}
      </Button>
    </form>
  );
}
