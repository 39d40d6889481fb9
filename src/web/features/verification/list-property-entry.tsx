import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../components/ui/button';
import { PlusIcon, ShieldIcon } from '../../components/ui/icons';
import { verificationStatusQueryOptions } from './queries';

/** The way in to 'List a property' for a verified homeowner. */
export function ListPropertyButton({ className }: { className?: string }) {
  return (
    <Link to="/list-property" className={buttonVariants({ variant: 'brand', className })}>
      <PlusIcon />
      List a property
    </Link>
  );
}

/**
 * On /home: the button for a verified homeowner; for one not verified yet, a
 * hint saying where to verify (or that the review is under way).
 */
export function ListPropertyEntry() {
  const { data } = useQuery(verificationStatusQueryOptions());
  if (data === undefined) return null;
  if (data.status === 'approved') return <ListPropertyButton />;
  return (
    <p className="flex items-center gap-2 rounded-lg border border-border bg-muted/50 px-3 py-2 text-sm text-neutral-700">
      <ShieldIcon className="size-4 shrink-0 text-brand-hover" />
      {data.status === 'pending' ? (
        <span>Your ownership verification is being reviewed. You can list properties once it is approved.</span>
      ) : (
        <span>
          <Link to="/homeowner-profile" className="font-medium text-brand-hover underline underline-offset-2">
            Verify your ownership
          </Link>{' '}
          to list a property.
        </span>
      )}
    </p>
  );
}

/** 'List a property' only once the homeowner is verified (My Properties' header); nothing otherwise. */
export function ListPropertyButtonWhenVerified() {
  const { data } = useQuery(verificationStatusQueryOptions());
  return data?.status === 'approved' ? <ListPropertyButton /> : null;
}
