import { ConfirmDialog } from '../confirm-dialog';
import { useDeactivateAdmin } from '../mutations';
import type { Admin } from '../types';

export function DeactivateAdminDialog({ target, onClose }: { target: Admin | null; onClose: () => void }) {
  const deactivate = useDeactivateAdmin();
  return (
    <ConfirmDialog
      target={target}
      onClose={onClose}
      title={(admin) => `Deactivate ${admin.name}?`}
      description={(admin) => `@${admin.username} is signed out and can no longer sign in to the admin portal. Their past actions stay in the activity log.`}
      confirmLabel="Deactivate"
      pendingLabel="Deactivating"
      variant="destructive"
      pending={deactivate.isPending}
      onConfirm={(admin) => deactivate.mutate(admin.id, { onSuccess: onClose })}
    />
  );
}
