import { ConfirmDialog } from '../confirm-dialog';
import { formatDateTime } from '../format';
import { documentTypeLabels } from './document-types';
import { useActivateLegalDocument } from './mutations';
import type { AdminLegalDocument } from './types';

/**
 * Activating publishes a version, freezes its text and asks every user of its
 * type to accept it, so it is confirmed first. An effective date to come
 * schedules it: it becomes active by itself then.
 */
export function ActivateDocumentDialog({ target, onClose }: { target: AdminLegalDocument | null; onClose: () => void }) {
  const activate = useActivateLegalDocument();
  return (
    <ConfirmDialog
      target={target}
      onClose={onClose}
      title={(document) => `Activate version ${document.version}?`}
      description={(document) =>
        new Date(document.effectiveDate).getTime() > Date.now() ? (
          <>
            {document.title} is scheduled: on {formatDateTime(document.effectiveDate)} it becomes the published{' '}
            {documentTypeLabels[document.type]} by itself and replaces the active version; from then on users are asked to accept it. Its
            text can no longer change.
          </>
        ) : (
          <>
            {document.title} becomes the published {documentTypeLabels[document.type]} and replaces the active version. New users accept
            it when they register; signed-in users are asked to accept it before they continue. Its text can no longer change.
          </>
        )
      }
      confirmLabel="Activate"
      pendingLabel="Activating"
      variant="brand"
      pending={activate.isPending}
      onConfirm={(document) => activate.mutate(document, { onSuccess: onClose })}
    />
  );
}
