import { Link } from '@tanstack/react-router';
import { buttonVariants } from '../../components/ui/button';
import { ShieldIcon } from '../../components/ui/icons';
import type { VerificationStatusJson } from '../../../contract/verification/verification';

const reasons: Record<Exclude<VerificationStatusJson['status'], 'approved'>, string> = {
  not_submitted: 'Only verified homeowners can list properties. Upload a recent utility bill to verify that you own your property.',
  pending: 'Your utility bill is being reviewed, which usually takes 1-2 business days. You can list properties once it is approved.',
  rejected: 'Your last verification document was not accepted. Upload a new utility bill to verify your ownership.',
};

/** Why 'List a property' is not open to this homeowner yet, and the way to verification. */
export function VerificationRequired({ status }: { status: Exclude<VerificationStatusJson['status'], 'approved'> }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-border bg-card px-6 py-12 text-center shadow-sm">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand" aria-hidden="true">
        <ShieldIcon className="size-7" />
      </span>
      <h2 className="text-xl font-semibold">{status === 'pending' ? 'Verification Pending' : 'Verification Required'}</h2>
      <p className="max-w-md text-sm text-neutral-700">{reasons[status]}</p>
      <Link to="/homeowner-profile" className={buttonVariants({ variant: status === 'pending' ? 'outline' : 'brand' })}>
        {status === 'pending' ? 'View verification status' : 'Verify ownership'}
      </Link>
    </div>
  );
}
