import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_UPLOAD_BYTES, VERIFICATION_FILE_SIZE_MESSAGE, VERIFICATION_FILE_TYPES_MESSAGE } from '../../../contract/verification/verification';
import { Button } from '../../components/ui/button';
import { AlertCircleIcon, FileTextIcon } from '../../components/ui/icons';
import { Progress } from '../../components/ui/progress';
import { ApiError, apiRequest } from '../../lib/api';
import { cn } from '../../lib/cn';
import { queryKeys } from '../../lib/query-keys';
import { checkBillFile, uploadDocument } from '../../lib/upload-document';
import type { VerificationStatusJson } from '../../../contract/verification/verification';

const UPLOAD_FAILED = 'Failed to upload document. Please try again.';
const PROCESS_FAILED = 'Failed to process file. Please try again.';

type Stage = { step: 'choosing' } | { step: 'uploading'; progress: number } | { step: 'submitting' };

/** Choose a bill, upload it with a progress bar, then submit it for review (the status becomes pending). */
export function BillUpload() {
  const inputId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'choosing' });
  const [problem, setProblem] = useState<string | null>(null);
  const busy = stage.step !== 'choosing';

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    setFile(null);
    if (chosen === undefined) return;
    const refusal = checkBillFile(chosen, MAX_UPLOAD_BYTES, { type: VERIFICATION_FILE_TYPES_MESSAGE, size: VERIFICATION_FILE_SIZE_MESSAGE });
    if (refusal !== null) setProblem(refusal);
    else setFile(chosen);
  };

  const submit = async () => {
    if (file === null) return;
    setProblem(null);
    setStage({ step: 'uploading', progress: 0 });
    let documentUrl: string;
    try {
      documentUrl = await uploadDocument(file, (progress) => setStage({ step: 'uploading', progress }));
    } catch (error) {
      // A 400 names what is wrong with the file (its type or size); anything else is worth another try.
      setProblem(error instanceof ApiError && error.status === 400 ? error.serverMessage : UPLOAD_FAILED);
      setStage({ step: 'choosing' });
      return;
    }
    setStage({ step: 'submitting' });
    try {
      const status = await apiRequest<VerificationStatusJson>('POST', '/api/verification/submit', { documentUrl });
      queryClient.setQueryData(queryKeys.verificationStatus, status);
    } catch {
      setProblem(PROCESS_FAILED);
      setStage({ step: 'choosing' });
    }
  };

  return (
    <div className="grid gap-3">
      <label
        htmlFor={inputId}
        className={cn(
          'flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border px-4 py-6 text-center transition-colors',
          'hover:border-brand/60 hover:bg-muted/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
          busy && 'pointer-events-none opacity-60',
        )}
      >
        <FileTextIcon className="size-6 text-brand" />
        <span className="text-sm font-medium">{file === null ? 'Choose your utility bill' : file.name}</span>
        <span className="text-xs text-neutral-600">JPG, PNG or PDF, up to 10MB</span>
        <input
          id={inputId}
          type="file"
          accept=".jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf"
          className="sr-only"
          aria-label="Utility bill"
          disabled={busy}
          onChange={(event) => {
            choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      {problem !== null && (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
          <AlertCircleIcon className="mt-0.5 size-4 shrink-0" />
          {problem}
        </div>
      )}
      {stage.step === 'uploading' && (
        <div className="grid gap-1">
          <Progress value={stage.progress} aria-label="Uploading your utility bill" />
          <span className="text-xs tabular-nums text-neutral-600">Uploading… {stage.progress}%</span>
        </div>
      )}
      <Button variant="brand" disabled={file === null || busy} onClick={() => void submit()}>
        {stage.step === 'uploading' ? 'Uploading...' : stage.step === 'submitting' ? 'Submitting...' : 'Submit for verification'}
      </Button>
    </div>
  );
}
