import { ConfirmDialog } from '../confirm-dialog';
import { documentTypeLabels } from './document-types';
import { useDeleteLegalDocument } from './mutations';
import type { AdminLegalDocument } from './types';

export function DeleteDocumentDialog({ target, onClose }: { target: AdminLegalDocument | null; onClose: () => void }) {
  const remove = useDeleteLegalDocument();
  return (
    <ConfirmDialog
      target={target}
      onClose={onClose}
      title={() => 'Delete this document?'}
      description={(document) => (
        <>
          {document.title}, version {document.version} ({documentTypeLabels[document.type]}) is a draft nobody was asked to accept; it
          will no longer be listed.
        </>
      )}
      confirmLabel="Delete"
      pendingLabel="Deleting"
      variant="destructive"
      pending={remove.isPending}
      onConfirm={(document) => remove.mutate(document, { onSuccess: onClose })}
    />
  );
}
