import { ConfirmDialog } from '../confirm-dialog';
import { documentTypeLabels } from './document-types';
import { useActivateLegalDocument } from './mutations';
import type { AdminLegalDocument } from './types';

/** Activating publishes a version and asks every user of its type to accept it, so it is confirmed first. */
export function ActivateDocumentDialog({ target, onClose }: { target: AdminLegalDocument | null; onClose: () => void }) {
  const activate = useActivateLegalDocument();
  return (
    <ConfirmDialog
      target={target}
      onClose={onClose}
      title={(document) => `Activate version ${document.version}?`}
      description={(document) => (
        <>
          {document.title} becomes the published {documentTypeLabels[document.type]} and replaces the active version. New users accept it
          when they register; signed-in users are asked to accept it before they continue.
        </>
      )}
      confirmLabel="Activate"
      pendingLabel="Activating"
      variant="brand"
      pending={activate.isPending}
      onConfirm={(document) => activate.mutate(document, { onSuccess: onClose })}
    />
  );
}
