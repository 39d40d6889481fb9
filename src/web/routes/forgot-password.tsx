import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordPage } from '../features/accounts/forgot-password-page';

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
});
