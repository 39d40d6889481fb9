import type { FormEvent } from 'react';
import { roomCountFromInput, updatePropertySchema } from '../../../../contract/listings/listing-requests';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ImageUploader } from '../images/image-uploader';
import { useImageUploads } from '../images/use-image-uploads';
import { useUpdateProperty } from '../mutations';
import { PropertyFields } from '../form/property-fields';
import { areaOf, firstErrors, initialPropertyValues, usePropertyFormState, vibeMetricsOf } from '../form/property-form-state';
import type { Property } from '../types';

/** Edit a listing's details and photos (SPEC §5 Property, Edit). The bidding end and minimum bid stay as listed. */
export function EditPropertyDialog({
  open,
  property,
  onOpenChange,
}: {
  open: boolean;
  property: Property | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open && property !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        {/* The content unmounts when the dialog closes, so each opening starts from the saved listing. */}
        {property !== null && <EditPropertyForm property={property} onSaved={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function EditPropertyForm({ property, onSaved }: { property: Property; onSaved: () => void }) {
  const form = usePropertyFormState(initialPropertyValues(property), {});
  const uploads = useImageUploads(property.images);
  const update = useUpdateProperty(property.id);

  const payload = {
    title: form.values.title,
    description: form.values.description,
    propertyType: form.values.propertyType,
    // SPEC §5: whole numbers of at least 1, falling back to 1.
    bedrooms: roomCountFromInput(form.values.bedrooms),
    bathrooms: roomCountFromInput(form.values.bathrooms),
    address: form.values.address,
    location: form.values.location,
    area: areaOf(form.values),
    images: uploads.keys,
    vibeMetrics: vibeMetricsOf(form.values),
  };
  const result = updatePropertySchema.safeParse(payload);
  const errors = form.submitted ? firstErrors(result.error?.issues ?? []) : {};

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    form.markSubmitted();
    if (!result.success || uploads.uploading) return;
    update.mutate(result.data, { onSuccess: onSaved });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-5">
      <DialogHeader>
        <DialogTitle>Edit property</DialogTitle>
        <DialogDescription>Update the details and photos. The bidding end date and minimum bid stay as listed.</DialogDescription>
      </DialogHeader>
      <PropertyFields values={form.values} errors={errors} setField={form.setField} setVibe={form.setVibe} />
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">Photos</h3>
        <ImageUploader uploads={uploads} error={errors.images} />
      </div>
      <DialogFooter className="sticky bottom-0 -mx-6 -mb-6 border-t border-border bg-background px-6 py-4">
        <DialogClose asChild>
          <Button variant="outline">Cancel</Button>
        </DialogClose>
        <Button type="submit" variant="brand" disabled={update.isPending || uploads.uploading}>
          {update.isPending ? 'Saving...' : uploads.uploading ? 'Uploading...' : 'Save changes'}
        </Button>
      </DialogFooter>
    </form>
  );
}
