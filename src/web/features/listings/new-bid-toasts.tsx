import { useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { queryKeys } from '../../lib/query-keys';
import { useServerEvent } from '../../lib/realtime';
import { formatAmount } from '../../lib/format';
import type { Property } from './types';

/**
 * Tells the owner about each bid as it arrives (bid:placed goes to the owner
 * only). The realtor stays unnamed: names are hidden from the owner until a
 * bid is selected. Renders nothing.
 */
export function NewBidToasts() {
  const queryClient = useQueryClient();
  useServerEvent('bid:placed', ({ propertyId, propertyTitle, amount }) => {
    const title =
      propertyTitle ??
      queryClient.getQueryData<Property>(queryKeys.property(propertyId))?.title ??
      queryClient.getQueryData<Property[]>(queryKeys.ownProperties)?.find((property) => property.id === propertyId)?.title;
    const what = amount === undefined ? 'A realtor placed a bid' : `A realtor bid ${formatAmount(amount)}`;
    toast({ title: 'New bid received', description: title === undefined ? `${what} on your property.` : `${what} on "${title}".` });
  });
  return null;
}
