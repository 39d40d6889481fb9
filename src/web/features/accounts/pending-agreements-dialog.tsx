import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import type { LegalDocumentType, PublicLegalDocument } from '../../../contract/legal/legal';
import { pendingAgreementsQuery, useAcceptAgreements } from './agreements';
import { useLogout } from './mutations';

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/**
 * Blocks a signed-in user's pages until they accept the active legal
 * documents they have not accepted yet (a new version, say). The only other
 * way out is to log out. `documentHref` gives each document's public page.
 */
export function PendingAgreementsPrompt({ documentHref }: { documentHref: (type: LegalDocumentType) => string }) {
  const pending = useQuery(pendingAgreementsQuery());
  const documents = pending.data ?? [];
  if (documents.length === 0) return null;
  return <PendingAgreementsDialog documents={documents} documentHref={documentHref} />;
}

function PendingAgreementsDialog({
  documents,
  documentHref,
}: {
  documents: PublicLegalDocument[];
  documentHref: (type: LegalDocumentType) => string;
}) {
  const accept = useAcceptAgreements();
  const logout = useLogout();
  const busy = accept.isPending || logout.isPending;
  const keepOpen = (event: Event) => event.preventDefault();
  return (
    <Dialog open>
      <DialogContent
        showClose={false}
        onEscapeKeyDown={keepOpen}
        onPointerDownOutside={keepOpen}
        onInteractOutside={keepOpen}
        // Focus the dialog itself, not the first document: nothing looks selected, and reading starts at the title.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          if (event.currentTarget instanceof HTMLElement) event.currentTarget.focus();
        }}
        className="focus:outline-none sm:max-w-xl"
      >
        <DialogHeader>
          <DialogTitle>We’ve updated our terms</DialogTitle>
          <DialogDescription>
            Please review and accept the following {documents.length === 1 ? 'document' : 'documents'} to continue using BidHome.
          </DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-3">
          {documents.map((document) => (
            <li key={document.id} className="rounded-lg border border-border">
              <details className="group">
                <summary className="flex cursor-pointer list-none flex-col gap-0.5 rounded-lg px-4 py-3 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
                  <span className="font-medium">{document.title}</span>
                  <span className="text-xs text-muted-foreground">
                    Version {document.version} · effective {formatDate(document.effectiveDate)} ·{' '}
                    <span className="underline underline-offset-2 group-open:hidden">Show the text</span>
                    <span className="hidden underline underline-offset-2 group-open:inline">Hide the text</span>
                  </span>
                </summary>
                <div className="max-h-56 overflow-y-auto whitespace-pre-line border-t border-border px-4 py-3 text-sm leading-6">
                  {document.content}
                </div>
              </details>
              <a
                href={documentHref(document.type)}
                target="_blank"
                rel="noreferrer"
                className="block border-t border-border px-4 py-2 text-xs font-medium text-brand-hover underline-offset-4 hover:underline"
              >
                Open {document.title} in a new tab
              </a>
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="ghost" disabled={busy} onClick={() => logout.mutate()}>
            {logout.isPending ? 'Logging out...' : 'Logout'}
          </Button>
          {/* The darker brand shade: white on #E43C13 is 4.2:1, short of AA for this text size. */}
          <Button
            variant="brand"
            className="bg-brand-hover! hover:bg-[#A12A0C]!"
            disabled={busy}
            onClick={() => accept.mutate(documents.map((document) => document.id))}
          >
            {accept.isPending && (
              <span aria-hidden="true">
                <Spinner size="sm" className="text-current" />
              </span>
            )}
            Accept and continue
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : longDate.format(date);
}
