import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { formatAdminRole } from './format';
import { useAdminLogout } from './session';
import type { Admin } from './types';
import { Badge } from '../../components/ui/badge';
import { LogOutIcon, ShieldIcon } from '../../components/ui/icons';

/** The portal's own top bar: the site header is hidden on /admin. */
export function PortalHeader({ admin }: { admin: Admin }) {
  const logout = useAdminLogout();
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-3 px-4 sm:px-6 lg:px-8">
        <div className="flex min-w-0 items-center gap-2">
          <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-brand text-brand-foreground" aria-hidden="true">
            <ShieldIcon className="size-4" />
          </span>
          <span className="truncate text-lg font-bold tracking-tight">
            Bid<span className="text-brand-hover">Home</span> <span className="font-medium text-muted-foreground">Admin</span>
          </span>
        </div>
        <div className="flex min-w-0 items-center gap-3">
          <div className="flex min-w-0 flex-col items-end gap-0.5 sm:flex-row sm:items-center sm:gap-2" aria-label="Signed in as">
            <span className="max-w-32 truncate text-sm font-medium sm:max-w-48" data-testid="admin-name">
              {admin.name}
            </span>
            <Badge variant={admin.role === 'super_admin' ? 'brand' : 'neutral'}>{formatAdminRole(admin.role)}</Badge>
          </div>
          <Button variant="outline" size="sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {logout.isPending ? <Spinner size="sm" label="Signing out" className="text-current" /> : <LogOutIcon />}
            <span className="sr-only sm:not-sr-only">Logout</span>
          </Button>
        </div>
      </div>
    </header>
  );
}
