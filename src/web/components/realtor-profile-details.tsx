import type { ReactNode } from 'react';
import { Avatar } from './ui/avatar';
import { Badge } from './ui/badge';
import { DialogDescription, DialogHeader, DialogTitle } from './ui/dialog';

export type ProfileFact = { label: string; value: ReactNode };

/**
 * A realtor's profile inside a dialog, as a homeowner and the back office both
 * see it: who (photo, name or a stand-in, a line under it), the facts, the tag
 * lists and the About text. What each may see differs, so each dialog decides
 * the title, facts and extra sections (a bidder's contact) it passes in.
 */
export function RealtorProfileDetails({
  image,
  avatarName,
  title,
  description,
  facts,
  serviceAreas,
  specialties,
  additionalServices,
  about,
  children,
  ...rest
}: {
  image: string | null;
  avatarName: string;
  title: ReactNode;
  description: ReactNode;
  facts: ProfileFact[];
  serviceAreas: string[];
  specialties: string[];
  additionalServices: string[];
  about: string;
  children?: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className="grid gap-5" {...rest}>
      <DialogHeader className="flex-row items-center gap-4 text-left">
        <Avatar image={image} name={avatarName} className="size-16 text-xl" />
        <div className="grid min-w-0 gap-1">
          <DialogTitle className="truncate text-xl">{title}</DialogTitle>
          <DialogDescription className="flex min-w-0 items-center gap-1.5">{description}</DialogDescription>
        </div>
      </DialogHeader>

      <dl className="grid grid-cols-2 gap-4 rounded-lg border border-border p-4 text-sm sm:grid-cols-3">
        {facts.map(({ label, value }) => (
          <div key={label} className="grid min-w-0 gap-0.5">
            <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
            <dd className="truncate font-medium">{value}</dd>
          </div>
        ))}
      </dl>

      <TagSection title="Service Areas" tags={serviceAreas} />
      <TagSection title="Specialties" tags={specialties} />
      <TagSection title="Additional Services" tags={additionalServices} />

      <section className="grid gap-2">
        <h3 className="text-sm font-semibold">About</h3>
        <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{about || 'No description yet.'}</p>
      </section>

      {children}
    </div>
  );
}

function TagSection({ title, tags }: { title: string; tags: string[] }) {
  return (
    <section className="grid gap-2">
      <h3 className="text-sm font-semibold">{title}</h3>
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">None listed</p>
      ) : (
        <ul className="flex flex-wrap gap-1.5" aria-label={title}>
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="neutral">{tag}</Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
