import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordData, ResetPasswordData } from '../../../contract/accounts/accounts';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, readErrorMessage } from '../../lib/api';

type MessageAnswer = { message?: string } | undefined;

export function useForgotPassword() {
  return useMutation({
    mutationFn: (data: ForgotPasswordData) => apiRequest<MessageAnswer>('POST', '/api/forgot-password', data),
    onSuccess: (answer) => {
      toast({ title: 'Reset email sent', description: answer?.message ?? 'Check your inbox for the reset link.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Error', description: readErrorMessage(error) });
    },
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (data: ResetPasswordData) => apiRequest<MessageAnswer>('POST', '/api/reset-password', data),
    onSuccess: (answer) => {
      toast({ title: 'Password reset successful', description: answer?.message ?? 'You can now log in with your new password.' });
    },
    onError: (error) => {
      toast({ variant: 'destructive', title: 'Reset failed', description: readErrorMessage(error) });
    },
  });
}
