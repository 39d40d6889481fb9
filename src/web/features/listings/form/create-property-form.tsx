import type { FormEvent } from 'react';
import { MIN_BID_AMOUNT } from '../../../../contract/bidding/bidding';
import { createPropertySchema } from '../../../../contract/listings/listing-requests';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/form-field';
import { ImageUploader } from '../images/image-uploader';
import { useImageUploads } from '../images/use-image-uploads';
import { useCreateProperty } from '../mutations';
import { defaultBiddingEnd, fromDateTimeLocal, toDateTimeLocal } from './datetime';
import { PropertyFields } from './property-fields';
import { areaOf, firstErrors, initialPropertyValues, usePropertyFormState, vibeMetricsOf } from './property-form-state';

const BIDDING_END_IN_PAST = 'Bidding end date must be in the future';

/** The 'List a property' form (verified homeowners): the creation rules of SPEC §5, then the new listing. */
export function CreatePropertyForm({ onCreated }: { onCreated: (propertyId: string) => void }) {
  const form = usePropertyFormState(initialPropertyValues(), {
    minBidAmount: String(MIN_BID_AMOUNT),
    biddingEndsAt: defaultBiddingEnd(),
  });
  const uploads = useImageUploads();
  const create = useCreateProperty();

  const biddingEndsAt = fromDateTimeLocal(form.extras.biddingEndsAt);
  const payload = {
    title: form.values.title,
    description: form.values.description,
    propertyType: form.values.propertyType,
    bedrooms: form.values.bedrooms,
    bathrooms: form.values.bathrooms,
    images: uploads.keys,
    address: form.values.address,
    location: form.values.location,
    area: areaOf(form.values),
    biddingEndsAt: biddingEndsAt ?? form.extras.biddingEndsAt,
    minBidAmount: form.extras.minBidAmount,
    vibeMetrics: vibeMetricsOf(form.values),
  };
  const result = createPropertySchema.safeParse(payload);
  const errors = form.submitted ? firstErrors(result.error?.issues ?? []) : {};
  // The server checks against its clock too; this catches the common slip before sending.
  if (form.submitted && errors.biddingEndsAt === undefined && biddingEndsAt !== null && new Date(biddingEndsAt).getTime() <= Date.now()) {
    errors.biddingEndsAt = BIDDING_END_IN_PAST;
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!result.success || uploads.uploading) return;
    if (result.data.biddingEndsAt !== undefined && new Date(result.data.biddingEndsAt).getTime() <= Date.now()) return;
    create.mutate(result.data, { onSuccess: (property) => onCreated(property.id) });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-6">
      <Card>
        <CardContent className="grid gap-5 pt-6">
          <h2 className="text-lg font-semibold">Details</h2>
          <PropertyFields values={form.values} errors={errors} setField={form.setField} setVibe={form.setVibe} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-3 pt-6">
          <h2 className="text-lg font-semibold">Photos</h2>
          <ImageUploader uploads={uploads} error={errors.images} />
        </CardContent>
      </Card>
      <Card>
        <CardContent className="grid gap-5 pt-6">
          <div className="grid gap-1">
            <h2 className="text-lg font-semibold">Bidding</h2>
            <p className="text-sm text-neutral-600">These are the terms realtors bid on, so they cannot change once the property is listed.</p>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Minimum bid amount"
              type="number"
              inputMode="numeric"
              min={MIN_BID_AMOUNT}
              step={1}
              name="minBidAmount"
              value={form.extras.minBidAmount}
              onChange={(event) => form.setExtra('minBidAmount', event.target.value)}
              error={errors.minBidAmount}
              hint={`At least ${MIN_BID_AMOUNT}`}
            />
            <TextField
              label="Bidding ends"
              type="datetime-local"
              name="biddingEndsAt"
              min={toDateTimeLocal(new Date())}
              value={form.extras.biddingEndsAt}
              onChange={(event) => form.setExtra('biddingEndsAt', event.target.value)}
              error={errors.biddingEndsAt}
              hint="Two weeks from now by default"
            />
          </div>
        </CardContent>
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
        {uploads.uploading && <p className="text-sm text-neutral-600">Waiting for the photos to finish uploading…</p>}
        <Button type="submit" variant="brand" size="lg" disabled={create.isPending || uploads.uploading}>
          {create.isPending ? 'Listing...' : 'List property'}
        </Button>
      </div>
    </form>
  );
}
