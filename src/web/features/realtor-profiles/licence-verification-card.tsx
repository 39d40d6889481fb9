import { useId, useState } from 'react';
import type { RealtorVerificationStatus } from '../../../contract/realtor-profiles/realtor-profiles';
import { MAX_UPLOAD_BYTES, VERIFICATION_FILE_SIZE_MESSAGE, VERIFICATION_FILE_TYPES_MESSAGE } from '../../../contract/verification/verification';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { AlertCircleIcon, FileTextIcon, ShieldIcon } from '../../components/ui/icons';
import { Progress } from '../../components/ui/progress';
import { CheckIcon } from '../../components/ui/shell-icons';
import { ApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { checkBillFile, uploadDocument } from '../../lib/upload-document';
import { StateMessage } from '../../components/ui/state-message';
import type { OwnRealtorProfile } from './types';

const UPLOAD_FAILED = 'Failed to upload document. Please try again.';
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * The Licence Verification card on /realtor-profile (docs/decisions/0050):
 * where the review stands, what the profile still lacks (from the form as it
 * is being filled in), the administrator's message after a rejection, and the
 * licence document, uploaded here and sent with Save Profile.
 */
export function LicenceVerificationCard({
  profile,
  missing,
  documentKey,
  onDocument,
}: {
  profile: OwnRealtorProfile;
  /** What the form still lacks for review. */
  missing: string[];
  documentKey: string | null;
  onDocument: (key: string) => void;
}) {
  const status = profile.verificationStatus;
  const verification = profile.verification;
  const changedDocument = documentKey !== (verification?.documentUrl ?? null);
  return (
    <Card id="licence-verification" className="scroll-mt-24" data-testid="licence-verification" data-state={status}>
      <CardHeader className="flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <h2 className="flex items-center gap-2 text-lg font-semibold leading-none tracking-tight">
            <ShieldIcon className="size-5 text-brand" />
            Licence Verification
          </h2>
          <p className="text-sm text-neutral-600">Only verified realtors can bid. We check your licence before your first bid.</p>
        </div>
        <StatusBadge status={status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        {status === 'approved' ? (
          <StateMessage tone="success" title="Verified Realtor">
            Your licence is verified: you can bid on listings. Changing your licence number or brokerage sends your profile back to review.
          </StateMessage>
        ) : status === 'pending' ? (
          <StateMessage tone="warning" title="Verification Pending">
            Your licence is being reviewed. This usually takes 1-2 business days.
            {verification?.submittedAt ? <> Submitted {dateFormat.format(new Date(verification.submittedAt))}.</> : null}
          </StateMessage>
        ) : status === 'rejected' ? (
          <StateMessage tone="danger" title={verification?.rejection?.subject ?? 'Verification Required'}>
            {verification?.rejection ? (
              <span className="block whitespace-pre-line break-words" data-testid="licence-rejection">
                {verification.rejection.message}
              </span>
            ) : (
              'Your licence could not be verified.'
            )}
            <span className="mt-2 block">Correct your profile or upload a new licence document, then save to send it for review again.</span>
          </StateMessage>
        ) : (
          <StateMessage tone="neutral" title="Not Submitted">
            Complete your profile and upload your licence: saving sends it for review.
          </StateMessage>
        )}
        {status !== 'pending' && status !== 'approved' && missing.length > 0 && (
          <div className="grid gap-1 text-sm" data-testid="licence-missing">
            <p className="font-medium">Still missing before review:</p>
            <ul className="grid gap-0.5 pl-5 text-neutral-700 [list-style:disc]">
              {missing.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
        )}
        <LicenceUpload documentKey={documentKey} changed={changedDocument} onDocument={onDocument} />
      </CardContent>
    </Card>
  );
}

/** Uploads the licence document at once; its key goes with the next Save Profile. */
function LicenceUpload({ documentKey, changed, onDocument }: { documentKey: string | null; changed: boolean; onDocument: (key: string) => void }) {
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (file === undefined) return;
    const refusal = checkBillFile(file, MAX_UPLOAD_BYTES, { type: VERIFICATION_FILE_TYPES_MESSAGE, size: VERIFICATION_FILE_SIZE_MESSAGE });
    if (refusal !== null) return setProblem(refusal);
    setProgress(0);
    try {
      const key = await uploadDocument(file, setProgress);
      setFileName(file.name);
      onDocument(key);
    } catch (error) {
      setProblem(error instanceof ApiError && error.status === 400 ? error.serverMessage : UPLOAD_FAILED);
    } finally {
      setProgress(null);
    }
  };

  const busy = progress !== null;
  const label = documentKey === null ? 'Upload your licence document' : changed ? `${fileName ?? 'New document'}: save to send it` : 'Licence document on file: replace it';
  return (
    <div className="grid gap-2">
      <label
        htmlFor={inputId}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border-2 border-dashed border-border px-4 py-5 text-center transition-colors',
          'hover:border-brand/60 hover:bg-muted/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
          busy && 'pointer-events-none opacity-60',
        )}
      >
        {documentKey === null ? <FileTextIcon className="size-6 text-brand" /> : <CheckIcon className="size-6 text-emerald-600" />}
        <span className="break-all text-sm font-medium" data-testid="licence-document-state">
          {label}
        </span>
        <span className="text-xs text-neutral-600">Your licence certificate or registration: JPG, PNG or PDF, up to 10MB</span>
        <input
          id={inputId}
          type="file"
          accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
          className="sr-only"
          aria-label="Licence document"
          disabled={busy}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {busy && (
        <div className="grid gap-1">
          <Progress value={progress} aria-label="Uploading your licence document" />
          <span className="text-xs tabular-nums text-neutral-600">Uploading… {progress}%</span>
        </div>
      )}
      {problem !== null && (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {problem}
        </div>
      )}
    </div>
  );
}

function StatusBadge({ status }: { status: RealtorVerificationStatus }) {
  if (status === 'approved') return <Badge variant="success">Verified</Badge>;
  if (status === 'pending') return <Badge variant="warning">Pending</Badge>;
  if (status === 'rejected') return <Badge className="border-transparent bg-red-50 text-red-700">Action needed</Badge>;
  return <Badge variant="muted">Not Submitted</Badge>;
}
