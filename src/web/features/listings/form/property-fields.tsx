import { useId, type ChangeEvent } from 'react';
import { PROPERTY_TYPES, VIBE_CATEGORIES } from '../../../../contract/listings/listings';
import { SERVICE_AREAS, serviceAreaOfLocation } from '../../../../contract/service-areas';
import { SelectField, TextField } from '../../../components/ui/form-field';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { propertyTypeLabels, vibeLabels } from '../format';
import type { DetailField, PropertyFormValues } from './property-form-state';

type PropertyFieldsProps = {
  values: PropertyFormValues;
  errors: Partial<Record<string, string>>;
  setField: <K extends keyof PropertyFormValues>(field: K, value: PropertyFormValues[K]) => void;
  setVibe: (category: (typeof VIBE_CATEGORIES)[number], value: string) => void;
};

/** The listing's details, shared by the 'List a property' form and the edit dialog. */
export function PropertyFields({ values, errors, setField, setVibe }: PropertyFieldsProps) {
  const text = (field: DetailField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setField(field, event.target.value),
  });
  return (
    <>
      <TextField label="Title" placeholder="Sunny family home near the park" maxLength={200} {...text('title')} />
      <TextAreaField
        label="Description"
        value={values.description}
        error={errors.description}
        onChange={(value) => setField('description', value)}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Property type" {...text('propertyType')}>
          <option value="" disabled>
            Choose a type
          </option>
          {PROPERTY_TYPES.map((type) => (
            <option key={type} value={type}>
              {propertyTypeLabels[type]}
            </option>
          ))}
        </SelectField>
        <TextField label="Bedrooms" type="number" inputMode="numeric" min={1} step={1} {...text('bedrooms')} />
        <TextField label="Bathrooms" type="number" inputMode="numeric" min={1} step={1} {...text('bathrooms')} />
      </div>
      <TextField label="Address" autoComplete="street-address" placeholder="123 Maple Street" {...text('address')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Location"
          placeholder="Mississauga, ON"
          hint="City, State"
          {...text('location')}
          onChange={(event) => {
            setField('location', event.target.value);
            // Until the owner picks one, the area follows the city when it is a service area.
            if (!values.areaChosen) setField('area', serviceAreaOfLocation(event.target.value) ?? '');
          }}
        />
        <SelectField
          label="Area"
          hint={!values.areaChosen && values.area !== '' ? `Suggested from ${values.location.split(',')[0]?.trim()}` : 'Realtors serving it are told'}
          {...text('area')}
          onChange={(event) => {
            setField('area', event.target.value);
            setField('areaChosen', true);
          }}
        >
          <option value="">No service area</option>
          {SERVICE_AREAS.map((area) => (
            <option key={area} value={area}>
              {area}
            </option>
          ))}
        </SelectField>
      </div>
      <VibeFields values={values} error={errors.vibeMetrics} setField={setField} setVibe={setVibe} />
    </>
  );
}

function TextAreaField({ label, value, error, onChange }: { label: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        name="description"
        rows={5}
        maxLength={5000}
        value={value}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      {error !== undefined && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

/** Optional neighbourhood scores: six sliders from 0 to 100, each with its number. */
function VibeFields({
  values,
  error,
  setField,
  setVibe,
}: {
  values: PropertyFormValues;
  error: string | undefined;
  setField: PropertyFieldsProps['setField'];
  setVibe: PropertyFieldsProps['setVibe'];
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-sm font-medium">Neighbourhood vibe (optional)</legend>
      <label className="flex cursor-pointer items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-[#C2320F]"
          checked={values.vibeEnabled}
          onChange={(event) => setField('vibeEnabled', event.target.checked)}
        />
        Show neighbourhood scores on the listing
      </label>
      {values.vibeEnabled && (
        <div className="grid gap-4 sm:grid-cols-2">
          {VIBE_CATEGORIES.map((category) => (
            <div key={category} className="grid gap-1.5">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={`${id}-${category}`}>{vibeLabels[category]}</Label>
                <input
                  type="number"
                  min={0}
                  max={100}
                  step={1}
                  inputMode="numeric"
                  aria-label={`${vibeLabels[category]} score`}
                  value={values.vibe[category]}
                  onChange={(event) => setVibe(category, event.target.value)}
                  className="h-8 w-16 rounded-md border border-input bg-background px-2 text-right text-sm tabular-nums focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                />
              </div>
              <input
                id={`${id}-${category}`}
                type="range"
                min={0}
                max={100}
                step={1}
                value={Number(values.vibe[category]) || 0}
                onChange={(event) => setVibe(category, event.target.value)}
                className="w-full cursor-pointer accent-[#C2320F]"
              />
            </div>
          ))}
        </div>
      )}
      {error !== undefined && values.vibeEnabled && <p className="text-sm text-destructive">{error}</p>}
    </fieldset>
  );
}
