import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  ADDITIONAL_SERVICES,
  missingForVerification,
  realtorProfileSchema,
  SERVICE_AREAS,
  SPECIALTIES,
  type RealtorProfileInput,
} from '../../../contract/realtor-profiles/realtor-profiles';
import { storedImageKey } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { ErrorState } from '../../components/ui/error-state';
import { TextField } from '../../components/ui/form-field';
import { Skeleton } from '../../components/ui/skeleton';
import { Spinner } from '../../components/ui/spinner';
import { TextareaField } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { useSaveRealtorProfile } from './mutations';
import { LicenceVerificationCard } from './licence-verification-card';
import { ProfilePhotoCard } from './profile-photo-card';
import { ownRealtorProfileQuery } from './queries';
import { TagPickerCard } from './tag-picker';
import type { OwnRealtorProfile } from './types';

type Values = {
  brokerageName: string;
  licenseNumber: string;
  yearsOfExperience: string;
  commissionRate: string;
  about: string;
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  profileImageUrl: string | null;
  /** The licence document's key (docs/decisions/0050); a new upload goes with the next save. */
  verificationDocumentUrl: string | null;
};
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

/**
 * The realtor's professional profile on /realtor-profile (SPEC §2): the photo,
 * Professional Information, About Me, the three tag pickers and Save Profile,
 * checked with the server's own rules (src/contract/realtor-profiles/realtor-profiles.ts).
 */
export function RealtorProfileForm({ name }: { name: string }) {
  const profile = useQuery(ownRealtorProfileQuery());
  if (profile.isError) return <ErrorState title="Failed to load your profile" error={profile.error} onRetry={() => void profile.refetch()} />;
  if (profile.data === undefined) {
    return (
      <div role="status" className="grid gap-6">
        <span className="sr-only">Loading your profile</span>
        <Skeleton className="h-36 w-full rounded-xl" />
        <Skeleton className="h-64 w-full rounded-xl" />
      </div>
    );
  }
  // A save replaces the cached profile; the form then starts again from what was saved.
  return <ProfileFields key={profile.data.updatedAt ?? 'new'} name={name} profile={profile.data} />;
}

function ProfileFields({ name, profile }: { name: string; profile: OwnRealtorProfile }) {
  const save = useSaveRealtorProfile();
  const [values, setValues] = useState<Values>(() => valuesOf(profile));
  const [submitted, setSubmitted] = useState(false);

  function change<F extends Field>(field: F, value: Values[F]) {
    setValues((current) => ({ ...current, [field]: value }));
  }

  // After the first attempt, messages follow the fields as they are corrected.
  const shownErrors: Errors = submitted ? validate(values).errors : {};

  function toggleTag(field: 'serviceAreas' | 'specialties' | 'additionalServices', options: readonly string[], tag: string) {
    setValues((current) => {
      const chosen = new Set(current[field]);
      if (chosen.has(tag)) chosen.delete(tag);
      else chosen.add(tag);
      // Kept in the list's order, whatever order they were picked in.
      return { ...current, [field]: options.filter((option) => chosen.has(option)) };
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const result = validate(values);
    if (result.data === undefined) {
      const first = Object.values(result.errors)[0];
      toast({ variant: 'destructive', title: 'Update failed', description: first });
      return;
    }
    save.mutate(result.data);
  }

  const text = (field: 'brokerageName' | 'licenseNumber' | 'yearsOfExperience' | 'commissionRate') => ({
    name: field,
    value: values[field],
    error: shownErrors[field],
    onChange: (event: { target: { value: string } }) => change(field, event.target.value),
  });

  return (
    <form className="grid gap-6" noValidate onSubmit={submit} aria-label="Realtor profile">
      <LicenceVerificationCard
        profile={profile}
        missing={missingForVerification({ ...values, yearsOfExperience: Number(values.yearsOfExperience) || 0 })}
        documentKey={values.verificationDocumentUrl}
        onDocument={(key) => change('verificationDocumentUrl', key)}
      />
      <ProfilePhotoCard
        name={name}
        image={values.profileImageUrl}
        saved={values.profileImageUrl === savedImageOf(profile)}
        onChange={(image) => change('profileImageUrl', image)}
      />

      <Card>
        <CardHeader>
          <CardTitle>Professional Information</CardTitle>
          <CardDescription>Your brokerage, license and terms, as homeowners see them on your bids.</CardDescription>
        </CardHeader>
        <CardContent className="grid items-start gap-4 sm:grid-cols-2">
          <TextField label="Brokerage name" autoComplete="organization" {...text('brokerageName')} />
          <TextField label="License number" autoComplete="off" {...text('licenseNumber')} />
          <TextField label="Years of experience" type="number" inputMode="numeric" min={0} step={1} {...text('yearsOfExperience')} />
          <TextField label="Commission rate" placeholder="2.5%" hint="A number with up to 2 decimals, e.g. 2.5%" {...text('commissionRate')} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>About Me</CardTitle>
          <CardDescription>How you work and what sets you apart.</CardDescription>
        </CardHeader>
        <CardContent>
          <TextareaField
            label="About"
            name="about"
            className="min-h-32"
            maxLength={5000}
            value={values.about}
            error={shownErrors.about}
            onChange={(event) => change('about', event.target.value)}
          />
        </CardContent>
      </Card>

      <TagPickerCard
        title="Service Areas"
        description="Where you take listings. Choose at least one."
        options={SERVICE_AREAS}
        selected={values.serviceAreas}
        error={shownErrors.serviceAreas}
        onToggle={(tag) => toggleTag('serviceAreas', SERVICE_AREAS, tag)}
      />
      <TagPickerCard
        title="Specialties"
        description="The kinds of homes you know best. Choose at least one."
        options={SPECIALTIES}
        selected={values.specialties}
        error={shownErrors.specialties}
        onToggle={(tag) => toggleTag('specialties', SPECIALTIES, tag)}
      />
      <TagPickerCard
        title="Additional Services"
        description="What you offer beyond the sale."
        options={ADDITIONAL_SERVICES}
        selected={values.additionalServices}
        error={shownErrors.additionalServices}
        onToggle={(tag) => toggleTag('additionalServices', ADDITIONAL_SERVICES, tag)}
      />

      <div className="flex justify-end">
        <Button type="submit" variant="brand" size="lg" className="w-full sm:w-auto" disabled={save.isPending}>
          {save.isPending && <Spinner size="sm" label="Saving" className="text-current" />}
          Save Profile
        </Button>
      </div>
    </form>
  );
}

function valuesOf(profile: OwnRealtorProfile): Values {
  return {
    brokerageName: profile.brokerageName,
    licenseNumber: profile.licenseNumber,
    yearsOfExperience: String(profile.yearsOfExperience),
    commissionRate: profile.commissionRate,
    about: profile.about,
    serviceAreas: profile.serviceAreas,
    specialties: profile.specialties,
    additionalServices: profile.additionalServices,
    profileImageUrl: savedImageOf(profile),
    verificationDocumentUrl: profile.verification?.documentUrl ?? null,
  };
}

/** The saved picture's key; a value saved before decision 0024 (an address, a data URL) is no picture, and saving drops it. */
function savedImageOf(profile: OwnRealtorProfile): string | null {
  return storedImageKey(profile.profileImageUrl) ?? null;
}

function validate(values: Values) {
  const input: RealtorProfileInput = { ...values, profileImageUrl: values.profileImageUrl ?? undefined, verificationDocumentUrl: values.verificationDocumentUrl ?? undefined };
  const result = realtorProfileSchema.safeParse(input);
  if (result.success) return { data: result.data, errors: {} as Errors };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field | undefined;
    if (field !== undefined && errors[field] === undefined) errors[field] = issue.message;
  }
  return { data: undefined, errors };
}
