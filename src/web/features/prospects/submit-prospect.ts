import { useMutation } from '@tanstack/react-query';
import type { ProspectData } from '../../../contract/prospects/prospect-requests';
import { apiRequest } from '../../lib/api';

/** POST /api/prospects. Each form shows its own toasts, as the catalogue words them per page (SPEC §8). */
export function useSubmitProspect() {
  return useMutation({
    mutationFn: (prospect: ProspectData) => apiRequest<{ success: true }>('POST', '/api/prospects', prospect),
  });
}
