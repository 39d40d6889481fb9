import { toast } from '../../components/ui/use-toast';
import { useServerEvent } from '../../lib/realtime';

/**
 * Tells a realtor, on whichever page is open, of a listing that went live in
 * one of their service areas (issue 27 item 3). The realtime layer has already
 * refetched /home's grid and the bell. Renders nothing.
 */
export function NewListingToasts() {
  useServerEvent('notification:new', ({ kind, title, body }) => {
    if (kind === 'listing-in-area') toast({ title, description: body });
  });
  return null;
}
