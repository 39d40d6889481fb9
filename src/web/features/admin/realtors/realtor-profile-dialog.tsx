import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { ControlledDialogContent } from '../../../components/ui/controlled-dialog-content';
import { formatDateTime } from '../format';
import { useLastPresent } from '../use-last-present';
import type { AdminRealtorProfile } from './types';

/** The whole profile, for the fields the table leaves out (about, additional services). */
export function AdminRealtorProfileDialog({ profile, onClose }: { profile: AdminRealtorProfile | null; onClose: () => void }) {
  const shown = useLastPresent(profile);
  return (
    <Dialog open={profile !== null} onOpenChange={(open) => !open && onClose()}>
      <ControlledDialogContent className="max-w-xl">{shown !== null && <Details profile={shown} />}</ControlledDialogContent>
    </Dialog>
  );
}

function Details({ profile }: { profile: AdminRealtorProfile }) {
  return (
    <div className="grid gap-5">
      <DialogHeader className="flex-row items-center gap-4 text-left">
        <Avatar image={profile.profileImage} name={profile.userName} className="size-14 text-lg" />
        <div className="grid min-w-0 gap-1">
          <DialogTitle className="truncate">{profile.userName}</DialogTitle>
          <DialogDescription className="truncate">{profile.userEmail}</DialogDescription>
        </div>
      </DialogHeader>
      <dl className="grid grid-cols-2 gap-4 text-sm">
        <Fact label="Brokerage">{profile.brokerageName || '—'}</Fact>
        <Fact label="License">{profile.licenseNumber || '—'}</Fact>
        <Fact label="Experience">{profile.yearsExperience === null ? '—' : `${profile.yearsExperience} ${profile.yearsExperience === 1 ? 'year' : 'years'}`}</Fact>
        <Fact label="Commission">{profile.commissionRate || '—'}</Fact>
        <Fact label="Joined">{formatDateTime(profile.joinedAt)}</Fact>
        <Fact label="Profile updated">{profile.updatedAt === null ? 'No profile yet' : formatDateTime(profile.updatedAt)}</Fact>
      </dl>
      <Tags title="Service areas" tags={profile.serviceAreas} />
      <Tags title="Specialties" tags={profile.specialties} />
      <Tags title="Additional services" tags={profile.additionalServices} />
      <div className="grid gap-1.5">
        <h3 className="text-sm font-semibold">About</h3>
        <p className="whitespace-pre-line break-words text-sm text-muted-foreground">{profile.about || 'Nothing written yet.'}</p>
      </div>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="truncate font-medium">{children}</dd>
    </div>
  );
}

function Tags({ title, tags }: { title: string; tags: string[] }) {
  return (
    <div className="grid gap-1.5">
      <h3 className="text-sm font-semibold">{title}</h3>
      <TagList label={title} tags={tags} />
    </div>
  );
}

/** Tags as badges; with `limit`, the rest are counted in a last "+n". */
export function TagList({ label, tags, limit }: { label: string; tags: string[]; limit?: number }) {
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  const rest = tags.length - shown.length;
  if (tags.length === 0) return <p className="text-sm text-muted-foreground">None</p>;
  return (
    <ul className="flex flex-wrap gap-1" aria-label={label}>
      {shown.map((tag) => (
        <li key={tag}>
          <Badge>{tag}</Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge variant="muted" title={tags.slice(shown.length).join(', ')}>
            +{rest}
          </Badge>
        </li>
      )}
    </ul>
  );
}
