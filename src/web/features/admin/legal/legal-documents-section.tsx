import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { LEGAL_DOCUMENT_TYPES, type LegalDocumentType } from '../../../../contract/legal';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Table, TableCell, TableHead, TableRow } from '../../../components/ui/data-table';
import { EmptyState } from '../../../components/ui/empty-state';
import { ClockIcon, FileTextIcon, LockIcon, PencilIcon, PlusIcon, UsersIcon } from '../../../components/ui/icons';
import { CheckIcon, XIcon } from '../../../components/ui/shell-icons';
import { SectionCard } from '../../../components/ui/section-card';
import { Spinner } from '../../../components/ui/spinner';
import { QueryStates } from '../../../components/ui/query-states';
import { formatCount, formatDateTime } from '../format';
import { FilterSelect, ListFilters } from '../list-filters';
import { listItems, listTotal } from '../paged-list';
import { PagedListFooter } from '../paged-list-footer';
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
const NOUN = { one: 'version', many: 'versions' };
const TYPE_OPTIONS = LEGAL_DOCUMENT_TYPES.map((type) => ({ value: type, label: documentTypeLabels[type] }));

/**
 * The Legal Documents tab (SPEC §2): create, edit, delete, activate (inactive
 * ones only) and view agreements. An activated version's text is final
 * (docs/decisions/0035): it offers a new version instead of an edit, and no delete.
 */
export function LegalDocumentsSection() {
  const [type, setType] = useState<LegalDocumentType | undefined>(undefined);
  const documents = useInfiniteQuery(legalDocumentsQuery(type));
  const [dialogs, setDialogs] = useState<Dialogs>(closed);
  const open = (patch: Partial<Dialogs>) => setDialogs({ ...closed, ...patch });
  const close = () => setDialogs(closed);
  const list = listItems(documents.data);
  const total = listTotal(documents.data);

  return (
    <SectionCard
      title="Legal documents"
      description={
        list === undefined
          ? 'Terms of service and the privacy policy, by version'
          : `${formatCount(total)} ${total === 1 ? 'version' : 'versions'}; one active per type; an activated version never changes`
      }
      actions={
        <div className="flex items-center gap-3">
          {documents.isFetching && !documents.isFetchingNextPage && list !== undefined && <Spinner size="sm" label="Updating documents" />}
          <Button variant="brand" size="sm" onClick={() => open({ editor: { mode: 'create' } })}>
            <PlusIcon />
            New document
          </Button>
        </div>
      }
    >
      <ListFilters label="Filter legal documents">
        <FilterSelect label="Type" value={type} options={TYPE_OPTIONS} anyLabel="All types" onChange={setType} />
      </ListFilters>
      <QueryStates query={documents} list={list} what="legal documents" rows={3} empty={
        <EmptyState
          className="border-0 py-10"
          icon={<FileTextIcon />}
          title={type === undefined ? 'No legal documents yet' : `No ${documentTypeLabels[type]} yet`}
          description="Until a document of a type is active, nobody is asked to accept one. Create the terms and the privacy policy, then activate them."
        />
      }>
        {(list) => (
          <>
            <DocumentTable documents={list} open={open} />
            <DocumentCards documents={list} open={open} />
            <PagedListFooter query={documents} noun={NOUN} />
          </>
        )}
      </QueryStates>
      <LegalDocumentDialog target={dialogs.editor} onClose={close} />
      <ActivateDocumentDialog target={dialogs.activating} onClose={close} />
      <DeleteDocumentDialog target={dialogs.deleting} onClose={close} />
      <AgreementsDialog target={dialogs.agreements} onClose={close} />
    </SectionCard>
  );
}

type ListProps = { documents: AdminLegalDocument[]; open: (patch: Partial<Dialogs>) => void };

function DocumentTable({ documents, open }: ListProps) {
  return (
    <div className="hidden md:block">
      <Table>
        <thead>
          <tr>
            <TableHead>Type</TableHead>
            <TableHead>Title</TableHead>
            <TableHead>Version</TableHead>
            <TableHead>Effective</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <TableRow key={document.id} data-testid="legal-document-row">
              <TableCell className="whitespace-nowrap text-muted-foreground">{documentTypeLabels[document.type]}</TableCell>
              <TableCell className="max-w-72 truncate font-medium" title={document.title}>
                {document.title}
              </TableCell>
              <TableCell className="tabular-nums">{document.version}</TableCell>
              <TableCell className="whitespace-nowrap text-muted-foreground">{formatDateTime(document.effectiveDate)}</TableCell>
              <TableCell>
                <StatusBadge document={document} />
              </TableCell>
              <TableCell>
                <DocumentActions document={document} open={open} />
              </TableCell>
            </TableRow>
          ))}
        </tbody>
      </Table>
    </div>
  );
}

function DocumentCards({ documents, open }: ListProps) {
  return (
    <ul className="divide-y divide-border md:hidden">
      {documents.map((document) => (
        <li key={document.id} className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0" data-testid="legal-document-card">
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
        </li>
      ))}
    </ul>
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
