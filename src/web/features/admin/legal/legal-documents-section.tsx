import { useState } from 'react';
import { LEGAL_DOCUMENT_TYPES, type LegalDocumentType } from '../../../../contract/legal/legal';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ClockIcon, FileTextIcon, LockIcon, PencilIcon, PlusIcon, UsersIcon } from '../../../components/ui/icons';
import { CheckIcon, XIcon } from '../../../components/ui/shell-icons';
import { AdminList, type AdminColumn } from '../admin-list';
import { formatCount, formatDateTime } from '../format';
import { ActivateDocumentDialog } from './activate-document-dialog';
import { AgreementsDialog } from './agreements-dialog';
import { DeleteDocumentDialog } from './delete-document-dialog';
import { documentTypeLabels } from './document-types';
import { LegalDocumentDialog, type DocumentEditorTarget } from './legal-document-dialog';
import { legalDocumentsQuery } from './queries';
import type { AdminLegalDocument } from './types';

type Dialogs = {
  editor: DocumentEditorTarget | null;
  activating: AdminLegalDocument | null;
  deleting: AdminLegalDocument | null;
  agreements: AdminLegalDocument | null;
};
const closed: Dialogs = { editor: null, activating: null, deleting: null, agreements: null };
const TYPE_OPTIONS = LEGAL_DOCUMENT_TYPES.map((type) => ({ value: type, label: documentTypeLabels[type] }));

function columns(open: (patch: Partial<Dialogs>) => void): Array<AdminColumn<AdminLegalDocument>> {
  return [
    { head: 'Type', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (document) => documentTypeLabels[document.type] },
    { head: 'Title', cellClassName: 'max-w-72 truncate font-medium', title: (document) => document.title, cell: (document) => document.title },
    { head: 'Version', cellClassName: 'tabular-nums', cell: (document) => document.version },
    { head: 'Effective', cellClassName: 'whitespace-nowrap text-muted-foreground', cell: (document) => formatDateTime(document.effectiveDate) },
    { head: 'Status', cell: (document) => <StatusBadge document={document} /> },
    { head: <span className="sr-only">Actions</span>, cell: (document) => <DocumentActions document={document} open={open} /> },
  ];
}

/**
 * The Legal Documents tab (SPEC §2): create, edit, delete, activate (inactive
 * ones only) and view agreements. An activated version's text is final
 * (docs/decisions/0035): it offers a new version instead of an edit, and no delete.
 */
export function LegalDocumentsSection() {
  const [type, setType] = useState<LegalDocumentType | undefined>(undefined);
  const [dialogs, setDialogs] = useState<Dialogs>(closed);
  const open = (patch: Partial<Dialogs>) => setDialogs({ ...closed, ...patch });
  const close = () => setDialogs(closed);

  return (
    <AdminList
      title="Legal documents" intro="Terms of service and the privacy policy, by version" noun={{ one: 'version', many: 'versions' }}
      describe={(total) => `${formatCount(total)} ${total === 1 ? 'version' : 'versions'}; one active per type; an activated version never changes`}
      what="legal documents"
      query={legalDocumentsQuery(type)}
      rows={3}
      actions={
        <Button variant="brand" size="sm" onClick={() => open({ editor: { mode: 'create' } })}>
          <PlusIcon />
          New document
        </Button>
      }
      filters={{ value: { type }, onChange: (next) => setType(next.type), controls: [{ key: 'type', label: 'Type', options: TYPE_OPTIONS, anyLabel: 'All types' }] }}
      empty={{ icon: <FileTextIcon />, title: type === undefined ? 'No legal documents yet' : `No ${documentTypeLabels[type]} yet`,
        description: 'Until a document of a type is active, nobody is asked to accept one. Create the terms and the privacy policy, then activate them.' }}
      columns={columns(open)}
      rowTestId="legal-document-row"
      cardTestId="legal-document-card"
      cardClassName="flex flex-col gap-3"
      card={(document) => (
        <>
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="truncate font-medium">{document.title}</p>
              <p className="text-sm text-muted-foreground">
                {documentTypeLabels[document.type]} · version {document.version}
              </p>
              <p className="text-xs text-muted-foreground">Effective {formatDateTime(document.effectiveDate)}</p>
            </div>
            <StatusBadge document={document} />
          </div>
          <DocumentActions document={document} open={open} />
        </>
      )}
    >
      <LegalDocumentDialog target={dialogs.editor} onClose={close} />
      <ActivateDocumentDialog target={dialogs.activating} onClose={close} />
      <DeleteDocumentDialog target={dialogs.deleting} onClose={close} />
      <AgreementsDialog target={dialogs.agreements} onClose={close} />
    </AdminList>
  );
}

function StatusBadge({ document }: { document: AdminLegalDocument }) {
  switch (document.status) {
    case 'active':
      return (
        <Badge variant="success">
          <CheckIcon />
          Active
        </Badge>
      );
    case 'scheduled':
      return (
        <Badge variant="brand" title="Becomes active by itself at this time">
          <ClockIcon />
          Scheduled for {document.scheduledFor === null ? '' : formatDateTime(document.scheduledFor)}
        </Badge>
      );
    case 'superseded':
      return (
        <Badge variant="muted" title="Was active; its text stays on record">
          <LockIcon />
          Superseded
        </Badge>
      );
    case 'draft':
      return <Badge variant="muted">{document.locked ? 'Locked' : 'Draft'}</Badge>;
  }
}

/**
 * A draft is edited in place and can be deleted. A version that was ever
 * activated keeps its text: "New version" saves the edit as a new draft, and
 * it is never deleted. Activate is offered on anything not active or scheduled.
 */
function DocumentActions({ document, open }: { document: AdminLegalDocument; open: (patch: Partial<Dialogs>) => void }) {
  const name = `${document.title}, version ${document.version}`;
  const canActivate = document.status === 'draft' || document.status === 'superseded';
  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      {document.locked ? (
        <Button variant="outline" size="sm" aria-label={`New version of ${name}`} onClick={() => open({ editor: { mode: 'edit', document } })}>
          <PlusIcon />
          New version
        </Button>
      ) : (
        <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={() => open({ editor: { mode: 'edit', document } })}>
          <PencilIcon />
          Edit
        </Button>
      )}
      <Button variant="outline" size="sm" aria-label={`View agreements for ${name}`} onClick={() => open({ agreements: document })}>
        <UsersIcon />
        Agreements
      </Button>
      {canActivate && (
        <Button variant="outline" size="sm" aria-label={`Activate ${name}`} onClick={() => open({ activating: document })}>
          <CheckIcon />
          Activate
        </Button>
      )}
      {!document.locked && (
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:text-destructive"
          aria-label={`Delete ${name}`}
          onClick={() => open({ deleting: document })}
        >
          <XIcon />
          Delete
        </Button>
      )}
    </div>
  );
}
