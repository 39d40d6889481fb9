import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

type MethodAnswer = { success: boolean; hasPaymentMethod: boolean };

function useSetHasPaymentMethod() {
  const queryClient = useQueryClient();
  return (hasPaymentMethod: boolean) => {
    queryClient.setQueryData(queryKeys.user, (user: unknown) =>
      typeof user === 'object' && user !== null ? { ...user, hasPaymentMethod, ...(hasPaymentMethod ? {} : { paymentCard: null }) } : user,
    );
    // The saved card's brand and last four come with the user.
    if (hasPaymentMethod) void queryClient.invalidateQueries({ queryKey: queryKeys.user, exact: true });
  };
}

export function useSavePaymentMethod() {
  const setHasPaymentMethod = useSetHasPaymentMethod();
  return useMutation({
    mutationFn: (paymentMethodId: string) => apiRequest<MethodAnswer>('POST', '/api/payment-method/save', { paymentMethodId }),
    onSuccess: () => {
      setHasPaymentMethod(true);
      toast({ title: 'Payment method added', description: 'Your card is saved for credit purchases.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Setup failed', description: readErrorMessage(error) });
    },
  });
}

export function useRemovePaymentMethod() {
  const setHasPaymentMethod = useSetHasPaymentMethod();
  return useMutation({
    mutationFn: () => apiRequest<MethodAnswer>('DELETE', '/api/payment-method'),
    onSuccess: () => {
      setHasPaymentMethod(false);
      toast({ title: 'Payment method removed', description: 'Add a card again before your next purchase.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Remove failed', description: readErrorMessage(error) });
    },
  });
}
