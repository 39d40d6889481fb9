import { legalDocumentPaths, type ActiveLegalDocument } from './legal-documents';

/**
 * The registration form's required agreement: shown only when documents are
 * active for the chosen role. The label stays plain text (links inside a
 * label are hard to use); the documents are linked below it and open in a new
 * tab, so the form keeps what was typed.
 */
export function TermsAcceptance({
  documents,
  checked,
  onCheckedChange,
  error,
}: {
  documents: ActiveLegalDocument[];
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <div className="flex items-start gap-3">
        <input
          id="accept-terms"
          type="checkbox"
          className="mt-0.5 size-4 shrink-0 cursor-pointer accent-brand-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          checked={checked}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? 'accept-terms-documents' : 'accept-terms-error accept-terms-documents'}
          onChange={(event) => onCheckedChange(event.target.checked)}
        />
        <label htmlFor="accept-terms" className="cursor-pointer text-sm font-medium leading-5">
          I agree to the Terms of Service and Privacy Policy
        </label>
      </div>
      <ul id="accept-terms-documents" className="flex flex-col gap-1 pl-7 text-xs" aria-label="Documents to read">
        {documents.map((document) => (
          <li key={document.id}>
            <a
              href={legalDocumentPaths[document.type]}
              target="_blank"
              rel="noreferrer"
              className="font-medium text-brand-hover underline underline-offset-2 hover:text-foreground"
            >
              {document.title}
            </a>{' '}
            <span className="text-muted-foreground">(version {document.version}, opens in a new tab)</span>
          </li>
        ))}
      </ul>
      {error !== undefined && (
        <p id="accept-terms-error" className="pl-7 text-xs font-medium text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
