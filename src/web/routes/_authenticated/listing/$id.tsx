import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { BidAction } from '../../../features/bidding/bid-action';
import { RealtorProfileDialog } from '../../../features/bidding/realtor-profile-dialog';
import { ListingPage } from '../../../features/listings/detail/listing-page';
import { propertyQueryOptions } from '../../../features/listings/queries';
import { LatestReviews } from '../../../features/reviews/latest-reviews';
import { ReviewChosenRealtor } from '../../../features/reviews/review-chosen-realtor';
import { useSignedInUser } from '../../../features/accounts/queries';

export const Route = createFileRoute('/_authenticated/listing/$id')({
  loader: async ({ context, params }) => {
    try {
      const property = await context.queryClient.ensureQueryData(propertyQueryOptions(params.id));
      return { title: property.title };
    } catch {
      // A missing listing is a state of the page ('Property not found'), not a route error.
      return { title: undefined };
    }
  },
  head: ({ loaderData }) => ({
    meta: [
      { title: loaderData?.title === undefined ? 'Property · BidHome' : `${loaderData.title} · BidHome` },
      { name: 'description', content: 'Photos, details and the bidding window of a property listed on BidHome.' },
    ],
  }),
  component: ListingRoute,
});

function ListingRoute() {
  const { id } = Route.useParams();
  const user = useSignedInUser();
  const navigate = useNavigate();
  return (
    <>
      <ListingPage
        propertyId={id}
        viewerId={user.id}
        bidAction={user.role === 'realtor' ? (property) => <BidAction property={property} /> : undefined}
        renderRealtorProfile={(props) => <RealtorProfileDialog {...props} reviews={<LatestReviews realtorId={props.realtorId} />} />}
        renderReview={(props) => <ReviewChosenRealtor {...props} />}
        onDeleted={() => navigate({ to: '/' })}
      />
    </>
  );
}
